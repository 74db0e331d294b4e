import App
import ArgumentParser
import Logging
import Postgres
import Server

/// `quarry seed-demo`: migrates, then loads the demo data of every area
/// (`DemoData`) that is not there yet, and prints how to sign in.
struct SeedDemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed-demo", abstract: "Load realistic demo data (idempotent) and print the demo logins."
    )

    func run() async throws {
        let configuration = try loadConfiguration()
        QuarryLogging.bootstrap(level: configuration.logLevel, format: configuration.logFormat)
        let server = QuarryServer(configuration: configuration, logger: Logger(label: "quarry"))
        let pool = PostgresPool(configuration: try server.postgresConfiguration(), logger: server.logger)
        let accounts = server.makeAccountServices()
        defer { pool.shutdown() }
        _ = try await server.migrate(pool: pool)
        let created = try await DemoData.load(database: pool, accounts: accounts)
        await accounts.shutdown()
        print(created.isEmpty ? "Demo data already loaded." : "Demo accounts created: " + created.joined(separator: ", "))
        print("Every demo account signs in with the password \"\(DemoData.password)\".")
    }
}
