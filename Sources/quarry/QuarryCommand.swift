import ArgumentParser
import Server

/// `quarry`: the executable. Each subcommand lives in its own file
/// (`<Name>Command.swift`); adding one means adding its type to `subcommands`.
@main
struct QuarryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quarry",
        abstract: "Quarry: a GraphQL API server over PostgreSQL.",
        discussion: "Configuration comes from QUARRY_* environment variables (see README.md).",
        version: QuarryVersion.current,
        subcommands: [
            ServeCommand.self, MigrateCommand.self, CreateSuperAdminCommand.self, SeedDemoCommand.self,
            PrintSchemaCommand.self, GraphQLCommand.self,
        ]
    )
}
