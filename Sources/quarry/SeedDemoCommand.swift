import App
import ArgumentParser
import Server

/// `quarry seed-demo`: migrates, then loads the demo data of every area
/// (`DemoData`) that is not there yet, and prints how to sign in.
struct SeedDemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed-demo", abstract: "Load realistic demo data (idempotent) and print the demo logins."
    )

    func run() async throws {
        let server = try configuredServer()
        let accounts = server.makeAccountServices()
        let store = server.configuration.media.services.store
        let created = try await withDatabase(of: server) { try await DemoData.load(database: $0, accounts: accounts, media: store) }
        await accounts.shutdown()
        print(created.isEmpty ? "Demo data already loaded." : "Demo accounts created: " + created.joined(separator: ", "))
        print("Every demo account signs in with the password \"\(DemoData.password)\".")
    }
}
