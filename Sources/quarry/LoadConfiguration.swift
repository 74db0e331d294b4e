import ArgumentParser
import Logging
import Postgres
import Server

import Foundation

/// The configuration from the process environment. An invalid value ends the
/// command with a message naming the variable and exit status 78 (EX_CONFIG).
func loadConfiguration() throws -> ServerConfiguration {
    do {
        return try ServerConfiguration(environment: ProcessInfo.processInfo.environment)
    } catch let error as ConfigurationError {
        FileHandle.standardError.write(Data("quarry: configuration error: \(error)\n".utf8))
        throw ExitCode(78)
    }
}

/// The server of the configured environment, with logging set up as configured.
func configuredServer() throws -> QuarryServer {
    let configuration = try loadConfiguration()
    QuarryLogging.bootstrap(level: configuration.logLevel, format: configuration.logFormat)
    return QuarryServer(configuration: configuration, logger: Logger(label: "quarry"))
}

/// Runs `body` with a pool on the configured database, migrated first unless
/// `migrate` is false, and closes the pool afterwards, whatever happens.
func withDatabase<Result>(
    of server: QuarryServer, migrate: Bool = true, _ body: (PostgresPool) async throws -> Result
) async throws -> Result {
    let pool = PostgresPool(configuration: try server.postgresConfiguration(), logger: server.logger)
    defer { pool.shutdown() }
    if migrate { _ = try await server.migrate(pool: pool) }
    return try await body(pool)
}
