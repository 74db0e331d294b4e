import Accounts
import App
import Foundation
import Postgres
import QuarryTestSupport
import TestDatabaseSupport
import Testing

@Suite("create-super-admin and seed-demo (issue 3's commands, on the accounts tables)")
struct SuperAdminAndDemoTests {
    @Test("create-super-admin creates a verified SUPER_ADMIN that can log in, or promotes an existing account")
    func superAdmin() async throws {
        let h = try await TestService.start()
        let (email, nickname) = TestService.uniqueUser("root")
        let services = testAccountServices()
        let created = try await SuperAdmins.createOrPromote(
            email: email, nickname: nickname, password: TestService.strongPassword, database: h.pool, accounts: services
        )
        #expect(created == .created)
        let login = try await h.post(LogInTests.logIn, ["e": email, "p": TestService.strongPassword])
        let token = try #require(login.string("data.logIn.token"), "\(login.json)")
        #expect(try await h.post("{ viewer { role } }", token: token).string("data.viewer.role") == "SUPER_ADMIN")
        let user = try await h.signUp()
        let promoted = try await SuperAdmins.createOrPromote(
            email: user.email.uppercased(), nickname: nil, password: "", database: h.pool, accounts: services
        )
        #expect(promoted == .promoted)
        #expect(try await h.post("{ viewer { role } }", token: user.token).string("data.viewer.role") == "SUPER_ADMIN")
        await #expect(throws: SuperAdminError.self) {
            try await SuperAdmins.createOrPromote(email: "nope", nickname: nil, password: "x", database: h.pool, accounts: services)
        }
        await #expect(throws: SuperAdminError.self) {
            try await SuperAdmins.createOrPromote(
                email: TestService.uniqueUser().email, nickname: nil, password: "password", database: h.pool, accounts: services
            )
        }
    }

    @Test("seed-demo creates accounts of every role once, and they log in with the printed password")
    func demo() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "quarry_demo")
        defer { pool.shutdown() }
        let services = testAccountServices()
        let first = try await DemoData.load(database: pool, accounts: services)
        #expect(first.count >= 5)
        #expect(try await DemoData.load(database: pool, accounts: services).isEmpty)
        let roles = try await pool.query("SELECT DISTINCT role FROM users ORDER BY role").map { try $0.decode("role", as: String.self) }
        #expect(roles == ["ADMIN", "USER"])
        let h = try await TestService.start(database: pool)
        let login = try await h.post(LogInTests.logIn, ["e": first[0], "p": DemoData.password])
        #expect(login.string("data.logIn.token") != nil, "\(login.json)")
    }
}
