import ArgumentParser
import Testing

@testable import quarry

@Suite("quarry create-super-admin and seed-demo: arguments")
struct AccountCommandsTests {
    @Test("create-super-admin takes --email and an optional --nickname, and no password argument")
    func createSuperAdminArguments() throws {
        let command = try CreateSuperAdminCommand.parse(["--email", "root@example.com", "--nickname", "root"])
        #expect(command.email == "root@example.com")
        #expect(command.nickname == "root")
        #expect(throws: (any Error).self) { try CreateSuperAdminCommand.parse([]) }
        #expect(throws: (any Error).self) { try CreateSuperAdminCommand.parse(["--email", "a@b.co", "--password", "x"]) }
    }

    @Test("both commands are subcommands of quarry")
    func registered() throws {
        let names = QuarryCommand.configuration.subcommands.map { $0.configuration.commandName }
        #expect(names.contains("create-super-admin"))
        #expect(names.contains("seed-demo"))
    }
}
