import GraphQLLanguage

/// The SDL nodes graphql-js's `validateSchema` attaches to each kind of error, so
/// messages point at the definition, extension or reference concerned.
extension SchemaValidator {
    func definitionNodes(_ type: GraphQLNamedType) -> [any ASTNode] {
        var nodes: [any ASTNode] = []
        if let node = type.astNode { nodes.append(node) }
        nodes += type.extensionASTNodes.map { $0 as any ASTNode }
        return nodes
    }

    /// The `implements` entries of `type` (definition and extensions) naming `interfaceName`.
    func implementsNodes(_ type: GraphQLNamedType, _ interfaceName: String) -> [any ASTNode] {
        var named: [NamedTypeNode] = []
        switch type.astNode {
        case .object(let node): named += node.interfaces
        case .interface(let node): named += node.interfaces
        default: break
        }
        for ext in type.extensionASTNodes {
            switch ext {
            case .object(let node): named += node.interfaces
            case .interface(let node): named += node.interfaces
            default: continue
            }
        }
        return named.filter { $0.name.value == interfaceName }
    }

    /// The member entries of a union (definition and extensions) naming `memberName`.
    func unionMemberNodes(_ union: GraphQLUnionType, _ memberName: String) -> [any ASTNode] {
        var named: [NamedTypeNode] = []
        if case .union(let node) = union.astNode { named += node.types }
        for case .union(let ext) in union.extensionASTNodes { named += ext.types }
        return named.filter { $0.name.value == memberName }
    }

    /// The `@deprecated` of an argument or input field and its type, for the
    /// "cannot be deprecated" errors.
    func deprecationNodes(_ value: GraphQLInputValue) -> [any ASTNode] {
        guard let node = value.astNode else { return [] }
        var nodes: [any ASTNode] = []
        if let deprecated = node.directives.first(where: { $0.name.value == "deprecated" }) { nodes.append(deprecated) }
        nodes.append(node.type)
        return nodes
    }
}

extension Optional where Wrapped: ASTNode {
    /// The node as a list of zero or one, for `GraphQLError(_:nodes:)`.
    var asNodes: [any ASTNode] { map { [$0] } ?? [] }
}
