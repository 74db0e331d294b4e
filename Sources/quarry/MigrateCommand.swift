import ArgumentParser
import Logging
import Postgres
import Server

/// `quarry migrate`: apply pending migrations of `QUARRY_MIGRATIONS_DIR`, then exit.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: "Apply pending database migrations and exit."
    )

    func run() async throws {
        let configuration = try loadConfiguration()
        QuarryLogging.bootstrap(level: configuration.logLevel, format: configuration.logFormat)
        let server = QuarryServer(configuration: configuration, logger: Logger(label: "quarry"))
        let pool = PostgresPool(configuration: try server.postgresConfiguration(), logger: server.logger)
        do {
            let applied = try await server.migrate(pool: pool)
            print(applied.isEmpty ? "No pending migrations." : "Applied: " + applied.joined(separator: ", "))
            pool.shutdown()
        } catch {
            pool.shutdown()
            throw error
        }
    }
}
