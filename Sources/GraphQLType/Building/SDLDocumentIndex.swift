import GraphQLLanguage

/// The type system definitions of one or more SDL documents, sorted by kind,
/// in source order (spec §3 "Type System", §3.1 "Type System Extensions").
/// Executable definitions are ignored, as graphql-js's `buildASTSchema` does.
struct SDLDocumentIndex {
    var schemaDefinitions: [SchemaDefinitionNode] = []
    var schemaExtensions: [SchemaExtensionNode] = []
    var typeDefinitions: [TypeDefinitionNode] = []
    var typeExtensions: [TypeExtensionNode] = []
    var directiveDefinitions: [DirectiveDefinitionNode] = []

    init(documents: [DocumentNode]) {
        for document in documents {
            for definition in document.definitions {
                switch definition {
                case .schema(let node): schemaDefinitions.append(node)
                case .schemaExtension(let node): schemaExtensions.append(node)
                case .type(let node): typeDefinitions.append(node)
                case .typeExtension(let node): typeExtensions.append(node)
                case .directive(let node): directiveDefinitions.append(node)
                case .operation, .fragment: continue
                }
            }
        }
    }

    /// The extensions of the type named `name`, in source order.
    func extensions(of name: String) -> [TypeExtensionNode] {
        typeExtensions.filter { $0.name.value == name }
    }

    /// The first definition of each type name (duplicates are reported by the SDL checks).
    var definitionsByName: [String: TypeDefinitionNode] {
        var byName: [String: TypeDefinitionNode] = [:]
        for definition in typeDefinitions where byName[definition.name.value] == nil {
            byName[definition.name.value] = definition
        }
        return byName
    }
}
