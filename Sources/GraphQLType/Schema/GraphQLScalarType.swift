import GraphQLLanguage

/// A failure of a scalar's coercion hook; its message becomes the GraphQL error's.
public struct ScalarCoercionError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// The behaviour of a custom scalar, supplied by the application (spec §3.5):
/// result coercion (`serialize`), input coercion of variable values (`parseValue`)
/// and of literals (`parseLiteral`).
///
/// Hooks throw ``ScalarCoercionError`` (any other error's description is used as
/// the message). Without a `parseLiteral`, a literal is converted to a value
/// (variables inside it substituted) and given to `parseValue`, as graphql-js's
/// default `parseLiteral` does.
public struct GraphQLScalarCoercion: Sendable {
    public let serialize: @Sendable (any Sendable) throws -> GraphQLValue
    public let parseValue: @Sendable (GraphQLValue) throws -> GraphQLValue
    public let parseLiteral: (@Sendable (ValueNode, [String: GraphQLValue]?) throws -> GraphQLValue)?

    public init(
        serialize: @escaping @Sendable (any Sendable) throws -> GraphQLValue,
        parseValue: @escaping @Sendable (GraphQLValue) throws -> GraphQLValue,
        parseLiteral: (@Sendable (ValueNode, [String: GraphQLValue]?) throws -> GraphQLValue)? = nil
    ) {
        self.serialize = serialize
        self.parseValue = parseValue
        self.parseLiteral = parseLiteral
    }

    /// graphql-js's default for a custom scalar without hooks: values pass through.
    public static let passThrough = GraphQLScalarCoercion(
        serialize: { value in
            guard let converted = GraphQLValue(converting: value) else {
                throw ScalarCoercionError("Cannot represent value: \(value)")
            }
            return converted
        },
        parseValue: { $0 }
    )
}

/// The scalars the spec defines (§3.5.1-§3.5.5).
public enum SpecifiedScalar: String, Sendable, CaseIterable {
    case int = "Int"
    case float = "Float"
    case string = "String"
    case boolean = "Boolean"
    case id = "ID"
}

/// A scalar type (spec §3.5).
public final class GraphQLScalarType: Sendable {
    public let id: TypeID
    public let name: String
    public let description: String?
    /// The `@specifiedBy(url:)` of the definition.
    public let specifiedByURL: String?
    public let directives: [GraphQLAppliedDirective]
    /// The SDL definition and extensions it was built from (for error locations).
    public let astNode: TypeDefinitionNode?
    public let extensionASTNodes: [TypeExtensionNode]
    /// Which built-in scalar this is, `nil` for a custom one; lets the executor take
    /// a fast path for the common leaves.
    public let specified: SpecifiedScalar?
    let coercion: GraphQLScalarCoercion

    init(
        id: TypeID,
        name: String,
        description: String?,
        specifiedByURL: String?,
        directives: [GraphQLAppliedDirective],
        specified: SpecifiedScalar?,
        coercion: GraphQLScalarCoercion,
        astNode: TypeDefinitionNode? = nil,
        extensionASTNodes: [TypeExtensionNode] = []
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.specifiedByURL = specifiedByURL
        self.directives = directives
        self.specified = specified
        self.coercion = coercion
        self.astNode = astNode
        self.extensionASTNodes = extensionASTNodes
    }

    /// Result coercion (spec §3.5, "Result Coercion"): a resolver's value to its response form.
    public func serialize(_ value: any Sendable) throws(ScalarCoercionError) -> GraphQLValue {
        if let specified { return try specified.serialize(value) }
        do {
            return try coercion.serialize(value)
        } catch {
            throw ScalarCoercionError(message(of: error))
        }
    }

    /// Input coercion of a variable value (spec §3.5, "Input Coercion").
    public func parseValue(_ value: GraphQLValue) throws(ScalarCoercionError) -> GraphQLValue {
        if let specified { return try specified.parseValue(value) }
        do {
            return try coercion.parseValue(value)
        } catch let error as ScalarCoercionError {
            throw error
        } catch {
            // graphql-js wraps errors that are not GraphQL errors this way.
            throw ScalarCoercionError("Expected type \"\(name)\". \(error)")
        }
    }

    private func message(of error: any Error) -> String {
        (error as? ScalarCoercionError)?.message ?? String(describing: error)
    }
}
