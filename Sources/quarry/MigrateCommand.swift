import ArgumentParser
import Server

/// `quarry migrate`: apply pending migrations of `QUARRY_MIGRATIONS_DIR`, then exit.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: "Apply pending database migrations and exit."
    )

    func run() async throws {
        let server = try configuredServer()
        let applied = try await withDatabase(of: server, migrate: false) { try await server.migrate(pool: $0) }
        print(applied.isEmpty ? "No pending migrations." : "Applied: " + applied.joined(separator: ", "))
    }
}
