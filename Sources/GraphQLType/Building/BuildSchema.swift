import GraphQLLanguage

/// Why a schema could not be built: syntax errors, SDL errors (unknown or duplicated
/// names, misplaced directives) or type system validation errors, all at once.
public struct SchemaBuildError: Error, Sendable, CustomStringConvertible {
    public let errors: [GraphQLError]

    public init(errors: [GraphQLError]) {
        self.errors = errors
    }

    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}

/// Builds a schema from SDL texts, merged as one document (spec §3; graphql-js
/// `buildSchema`), then validates it (spec §3, graphql-js `validateSchema`) unless
/// `validate` is false.
///
/// - Parameters:
///   - sources: SDL documents (e.g. one file per area); extensions in any of them apply
///     to definitions in any other.
///   - scalars: coercion of custom scalars by name; scalars without an entry pass
///     values through unchanged, as in graphql-js.
public func buildSchema(
    sources: [Source], scalars: [String: GraphQLScalarCoercion] = [:], validate: Bool = true
) throws(SchemaBuildError) -> GraphQLSchema {
    var documents: [DocumentNode] = []
    var syntaxErrors: [GraphQLError] = []
    for source in sources {
        do {
            documents.append(try Parser.parse(source: source))
        } catch {
            syntaxErrors.append(error)
        }
    }
    guard syntaxErrors.isEmpty else { throw SchemaBuildError(errors: syntaxErrors) }
    return try buildSchema(documents: documents, scalars: scalars, validate: validate)
}

/// Builds a schema from one SDL text; see ``buildSchema(sources:scalars:validate:)``.
public func buildSchema(
    sdl: String, scalars: [String: GraphQLScalarCoercion] = [:], validate: Bool = true
) throws(SchemaBuildError) -> GraphQLSchema {
    try buildSchema(sources: [Source(body: sdl)], scalars: scalars, validate: validate)
}

/// Builds a schema from parsed SDL documents; see ``buildSchema(sources:scalars:validate:)``.
public func buildSchema(
    documents: [DocumentNode], scalars: [String: GraphQLScalarCoercion] = [:], validate: Bool = true
) throws(SchemaBuildError) -> GraphQLSchema {
    let index = SDLDocumentIndex(documents: documents)
    var checks = SDLChecks(index: index)
    let sdlErrors = checks.run()
    guard sdlErrors.isEmpty else { throw SchemaBuildError(errors: sdlErrors) }
    var assembler = SchemaAssembler(definitions: DefinitionsFromAST(index: index).convert(), scalarCoercions: scalars)
    guard let schema = assembler.assemble() else { throw SchemaBuildError(errors: assembler.errors) }
    if validate {
        let errors = validateSchema(schema)
        guard errors.isEmpty else { throw SchemaBuildError(errors: errors) }
    }
    return schema
}
