import GraphQLLanguage

extension GraphQLSchema {
    /// The schema's type for a written type reference, e.g. a variable's
    /// `[ID!]!` (graphql-js `typeFromAST`); `nil` when the named type is unknown or the
    /// nesting exceeds ``GraphQLTypeRef/maxWrapperDepth``.
    public func typeFromAST(_ node: TypeNode) -> GraphQLTypeRef? {
        switch node {
        case .named(let named): typeID(named: named.name.value).map(GraphQLTypeRef.named)
        case .list(let list): typeFromAST(list.type).flatMap(GraphQLTypeRef.list)
        case .nonNull(let nonNull): typeFromAST(nonNull.type).flatMap(GraphQLTypeRef.nonNull)
        }
    }
}
