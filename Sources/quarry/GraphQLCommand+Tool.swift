import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import GraphQLValidation

/// What `quarry graphql` computes, apart from files and the process: text out and an
/// exit status, so tests can call it directly.
enum GraphQLTool {
    struct Outcome: Equatable {
        var output: String
        var exitCode: Int32
        var toStandardError = false
    }

    /// The canonical print of the document (spec §2; graphql-js `print`), or its
    /// syntax error as `{"message","locations"}` with exit status 1.
    static func parse(_ source: Source) -> Outcome {
        do {
            return Outcome(output: printAST(try Parser.parse(source: source)), exitCode: 0)
        } catch {
            var writer = JSONWriter(capacity: 256)
            writer.error(error)
            return Outcome(output: String(decoding: writer.bytes, as: UTF8.self), exitCode: 1)
        }
    }

    /// The validation errors (spec §5) of the document against the schema built from
    /// the SDL sources, as a JSON array (`[]` when valid); exit status 1 when invalid,
    /// 2 when the schema cannot be built (its errors then go to standard error).
    static func validate(schema sources: [Source], document: Source) -> Outcome {
        let schema: GraphQLSchema
        switch build(sources) {
        case .success(let built): schema = built
        case .failure(let failure): return failure.outcome
        }
        let errors: [GraphQLError]
        do {
            errors = GraphQLValidation.validate(schema: schema, document: try Parser.parse(source: document))
        } catch {
            errors = [error]
        }
        var writer = JSONWriter(capacity: 256)
        writer.errors(errors)
        return Outcome(output: String(decoding: writer.bytes, as: UTF8.self), exitCode: errors.isEmpty ? 0 : 1)
    }

    /// The schema built from the SDL sources, printed as graphql-js `printSchema` does.
    static func printSchema(_ sources: [Source]) -> Outcome {
        switch build(sources) {
        case .success(let schema): Outcome(output: GraphQLType.printSchema(schema), exitCode: 0)
        case .failure(let failure): failure.outcome
        }
    }

    private static func build(_ sources: [Source]) -> Result<GraphQLSchema, SchemaFailure> {
        do {
            return .success(try buildSchema(sources: sources))
        } catch {
            var writer = JSONWriter(capacity: 256)
            writer.errors(error.errors)
            return .failure(
                SchemaFailure(
                    outcome: Outcome(
                        output: "Invalid schema: " + String(decoding: writer.bytes, as: UTF8.self), exitCode: 2,
                        toStandardError: true)))
        }
    }

    private struct SchemaFailure: Error {
        let outcome: Outcome
    }
}
