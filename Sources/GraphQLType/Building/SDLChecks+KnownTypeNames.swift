import GraphQLLanguage

extension SDLChecks {
    /// KnownTypeNames: every named type the SDL refers to is defined in it or built in.
    mutating func checkKnownTypeNames() {
        let defined = Set(index.typeDefinitions.map(\.name.value))
        let known = defined.union(Self.standardTypeNames)
        let suggestionsPool = Self.standardTypeNames + index.typeDefinitions.map(\.name.value)
        for reference in typeReferences() where !known.contains(reference.name.value) {
            errors.append(
                GraphQLError(
                    "Unknown type \"\(reference.name.value)\"."
                        + didYouMean(suggestionList(reference.name.value, options: suggestionsPool)),
                    nodes: [reference]))
        }
    }

    /// Every named type reference of the SDL, in source order by definition kind.
    private func typeReferences() -> [NamedTypeNode] {
        var references: [NamedTypeNode] = []
        func add(_ type: TypeNode) { references.append(type.namedType) }
        func addFields(_ fields: [FieldDefinitionNode]) {
            for field in fields {
                for argument in field.arguments { add(argument.type) }
                add(field.type)
            }
        }
        references += index.schemaDefinitions.flatMap(\.operationTypes).map(\.type)
        references += index.schemaExtensions.flatMap(\.operationTypes).map(\.type)
        for definition in index.typeDefinitions {
            switch definition {
            case .object(let node):
                references += node.interfaces
                addFields(node.fields)
            case .interface(let node):
                references += node.interfaces
                addFields(node.fields)
            case .union(let node): references += node.types
            case .inputObject(let node): node.fields.forEach { add($0.type) }
            case .scalar, .enum: continue
            }
        }
        for ext in index.typeExtensions {
            switch ext {
            case .object(let node):
                references += node.interfaces
                addFields(node.fields)
            case .interface(let node):
                references += node.interfaces
                addFields(node.fields)
            case .union(let node): references += node.types
            case .inputObject(let node): node.fields.forEach { add($0.type) }
            case .scalar, .enum: continue
            }
        }
        for directive in index.directiveDefinitions {
            directive.arguments.forEach { add($0.type) }
        }
        return references
    }
}
