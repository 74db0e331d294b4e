import ArgumentParser
import Logging
import Server

/// `quarry serve`: migrate (unless `--no-migrate`), then serve HTTP until SIGTERM/SIGINT.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Apply pending migrations, then serve the GraphQL API over HTTP."
    )

    @Flag(name: .customLong("no-migrate"), help: "Serve without applying pending migrations first.")
    var noMigrate = false

    func run() async throws {
        let configuration = try loadConfiguration()
        // Requests log through a writer thread: the cooperative pool never waits on standard output.
        let writer = BatchedLineWriter()
        QuarryLogging.bootstrap(level: configuration.logLevel, format: configuration.logFormat, writer: writer)
        let logger = Logger(label: "quarry")
        do {
            try await QuarryServer(configuration: configuration, logger: logger).serve(migrate: !noMigrate)
        } catch {
            await writer.finish()
            throw error
        }
        await writer.finish()
    }
}
