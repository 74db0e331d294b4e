import App
import AppCore
import Foundation
import Postgres
import QuarryTestSupport
import TestDatabaseSupport
import Testing

/// `quarry seed-demo`'s administration data (issue 13 "Demo data": a blocked
/// user, pending selfies, a week of events), loaded twice to show it is idempotent.
@Suite("seed-demo: the admin dashboard's data")
struct DemoAdministrationTests {
    @Test("erin is blocked with a reason, dan's selfie waits for review, and the log holds a week of events, once")
    func adminDemo() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "quarry_demo_admin")
        defer { pool.shutdown() }
        let store = FileSystemMediaStore(directory: MediaTestImages.temporaryPath("media"))
        for _ in 0..<2 { _ = try await DemoData.load(database: pool, accounts: testAccountServices(), media: store) }
        let h = TestService(service: try GraphQLService(
            schema: try TestService.schema(), database: pool, accounts: testAccountServices(), options: .shipped
        ))

        let admin = try await h.post(
            "mutation($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }",
            ["e": "admin@demo.quarry.dev", "p": DemoData.password]
        )
        let token = try #require(admin.string("data.logIn.token"), "\(admin)")
        let blocked = try await h.post(
            "{ users(blocked: true) { edges { node { nickname blockReason } } } }", token: token
        )
        #expect(blocked.string("data.users.edges.0.node.nickname") == "erin_deals", "\(blocked)")
        #expect(blocked.string("data.users.edges.0.node.blockReason") == "Sent the same advert to 40 people.")
        #expect((blocked["data.users.edges"] as? [Any])?.count == 1)
        let erin = try await h.post(
            "mutation($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }",
            ["e": "erin@demo.quarry.dev", "p": DemoData.password]
        )
        #expect(erin.codes == ["ACCOUNT_BLOCKED"])

        let pending = try await h.post(
            "{ pendingSelfieVerifications { edges { node { user { nickname } challenge { id } imageUrl } } } }", token: token
        )
        #expect((pending["data.pendingSelfieVerifications.edges"] as? [Any])?.count == 1, "\(pending)")
        #expect(pending.string("data.pendingSelfieVerifications.edges.0.node.user.nickname") == "dan")
        let media = try #require(pending.string("data.pendingSelfieVerifications.edges.0.node.imageUrl"))
        let sha = try await pool.query("""
            SELECT m.sha256 FROM media m WHERE m.id = \(try #require(UUID(uuidString: String(media.suffix(36)))))
            """)[0].decode("sha256", as: String.self)
        #expect(FileManager.default.fileExists(atPath: store.path(of: sha)))

        let week = try await h.post(
            "{ eventLogs(first: 100) { edges { node { type at user { nickname } } } } }", token: token
        )
        let types = (week["data.eventLogs.edges"] as? [[String: Any]] ?? []).compactMap { ($0["node"] as? [String: Any])?["type"] as? String }
        #expect(types.count == 13 + 1, "the demo week, and the admin's login above: \(types)")
        #expect(Set(types) == ["SIGN_UP", "LOGIN", "LOGIN_FAILED", "ROLE_CHANGED", "USER_BLOCKED"])
    }
}
