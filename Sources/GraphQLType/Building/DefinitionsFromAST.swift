import GraphQLLanguage

/// Converts SDL (definitions plus their extensions, spec §3.1) into the name-based
/// ``SchemaDefinitions`` the assembler resolves. Extensions append their fields,
/// values, members, interfaces and directives to the extended definition.
struct DefinitionsFromAST {
    let index: SDLDocumentIndex

    func convert() -> SchemaDefinitions {
        var definitions = SchemaDefinitions()
        definitions.description = index.schemaDefinitions.first?.description?.value
        definitions.node = index.schemaDefinitions.first
        let operationTypes = (index.schemaDefinitions.first?.operationTypes ?? [])
            + index.schemaExtensions.flatMap(\.operationTypes)
        for operationType in operationTypes {
            let name = operationType.type.name.value
            switch operationType.operation {
            case .query: definitions.queryTypeName = definitions.queryTypeName ?? name
            case .mutation: definitions.mutationTypeName = definitions.mutationTypeName ?? name
            case .subscription: definitions.subscriptionTypeName = definitions.subscriptionTypeName ?? name
            }
        }
        definitions.schemaDirectives = ((index.schemaDefinitions.first?.directives ?? [])
            + index.schemaExtensions.flatMap(\.directives)).map(applied)
        var seen: Set<String> = []
        for node in index.typeDefinitions where seen.insert(node.name.value).inserted {
            definitions.types.append(namedType(node, extensions: index.extensions(of: node.name.value)))
        }
        definitions.directives = index.directiveDefinitions.map(directive)
        return definitions
    }

    private func namedType(_ node: TypeDefinitionNode, extensions: [TypeExtensionNode]) -> NamedTypeDefinition {
        let directives = (node.directives + extensions.flatMap(\.directives)).map(applied)
        let kind: NamedTypeDefinition.Kind
        switch node {
        case .scalar:
            kind = .scalar(nil)
        case .object(let object):
            var fields = object.fields
            var interfaces = object.interfaces
            for case .object(let ext) in extensions {
                fields += ext.fields
                interfaces += ext.interfaces
            }
            kind = .object(fields: fields.map(field), interfaces: interfaces.map(\.name.value))
        case .interface(let interface):
            var fields = interface.fields
            var interfaces = interface.interfaces
            for case .interface(let ext) in extensions {
                fields += ext.fields
                interfaces += ext.interfaces
            }
            kind = .interface(fields: fields.map(field), interfaces: interfaces.map(\.name.value))
        case .union(let union):
            var members = union.types
            for case .union(let ext) in extensions { members += ext.types }
            kind = .union(members: members.map(\.name.value))
        case .enum(let enumNode):
            var values = enumNode.values
            for case .enum(let ext) in extensions { values += ext.values }
            kind = .enumeration(values.map {
                EnumValueDefinition(
                    name: $0.name.value, description: $0.description?.value, directives: $0.directives.map(applied),
                    node: $0)
            })
        case .inputObject(let input):
            var fields = input.fields
            for case .inputObject(let ext) in extensions { fields += ext.fields }
            kind = .inputObject(fields.map(inputValue))
        }
        return NamedTypeDefinition(
            name: node.name.value, description: node.description?.value, kind: kind, directives: directives,
            node: node, extensionNodes: extensions)
    }

    private func field(_ node: FieldDefinitionNode) -> FieldDefinition {
        FieldDefinition(
            name: node.name.value, description: node.description?.value, arguments: node.arguments.map(inputValue),
            type: typeExpression(node.type), directives: node.directives.map(applied), node: node)
    }

    private func inputValue(_ node: InputValueDefinitionNode) -> InputValueDefinition {
        InputValueDefinition(
            name: node.name.value, description: node.description?.value, type: typeExpression(node.type),
            defaultValue: node.defaultValue.map { .literal($0) }, directives: node.directives.map(applied), node: node)
    }

    private func directive(_ node: DirectiveDefinitionNode) -> DirectiveDefinition {
        DirectiveDefinition(
            name: node.name.value, description: node.description?.value, arguments: node.arguments.map(inputValue),
            isRepeatable: node.repeatable, locations: node.locations.compactMap { DirectiveLocation(rawValue: $0.value) },
            node: node)
    }

    private func applied(_ node: DirectiveNode) -> AppliedDirectiveDefinition {
        AppliedDirectiveDefinition(
            name: node.name.value, arguments: node.arguments.map { (name: $0.name.value, value: .literal($0.value)) },
            node: node)
    }

    private func typeExpression(_ node: TypeNode) -> TypeExpression {
        switch node {
        case .named(let named): .named(named.name.value)
        case .list(let list): .list(typeExpression(list.type))
        case .nonNull(let nonNull): .nonNull(typeExpression(nonNull.type))
        }
    }
}
