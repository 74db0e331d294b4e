import App
import ArgumentParser
import GraphQLType

/// `quarry print-schema`: the whole schema, merged from `schema/*.graphql`
/// and printed as SDL (graphql-js `printSchema` format).
struct PrintSchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print-schema", abstract: "Print Quarry's GraphQL schema (SDL)."
    )

    func run() throws {
        let configuration = try loadConfiguration()
        let schema = try QuarrySchema.build(directory: configuration.schemaDirectory)
        print(printSchema(schema))
    }
}
