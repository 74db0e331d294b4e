/// What coercion needs from a schema: a named type for each ``TypeID``.
///
/// ``GraphQLSchema`` is one; while a schema is being assembled, default values are
/// coerced against the types built so far, which is the other.
protocol TypeTable {
    subscript(id: TypeID) -> GraphQLNamedType { get }
}

extension GraphQLSchema: TypeTable {}

extension TypeTable {
    /// A type reference as GraphQL writes it: `[String!]!`.
    func typeString(_ ref: GraphQLTypeRef) -> String {
        switch ref.shape {
        case .named(let id): self[id].name
        case .list(let inner): "[" + typeString(inner) + "]"
        case .nonNull(let inner): typeString(inner) + "!"
        }
    }
}

extension GraphQLSchema {
    /// A type reference as GraphQL writes it: `[String!]!` (graphql-js `String(type)`).
    public func typeString(_ ref: GraphQLTypeRef) -> String {
        (self as any TypeTable).typeString(ref)
    }
}
