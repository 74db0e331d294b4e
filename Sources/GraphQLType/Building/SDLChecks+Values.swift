import GraphQLLanguage

extension SDLChecks {
    /// UniqueArgumentNames (for applied directives) and UniqueInputFieldNames (for
    /// object literals in default values and directive arguments) over the SDL.
    mutating func checkUniqueArgumentsAndInputFields() {
        var directives: [DirectiveNode] = []
        var values: [ValueNode] = []
        func addInputValues(_ inputValues: [InputValueDefinitionNode]) {
            for inputValue in inputValues {
                directives += inputValue.directives
                if let defaultValue = inputValue.defaultValue { values.append(defaultValue) }
            }
        }
        func addFields(_ fields: [FieldDefinitionNode]) {
            for field in fields {
                directives += field.directives
                addInputValues(field.arguments)
            }
        }
        directives += index.schemaDefinitions.flatMap(\.directives) + index.schemaExtensions.flatMap(\.directives)
        for definition in index.typeDefinitions {
            directives += definition.directives
            switch definition {
            case .object(let node): addFields(node.fields)
            case .interface(let node): addFields(node.fields)
            case .inputObject(let node): addInputValues(node.fields)
            case .enum(let node): directives += node.values.flatMap(\.directives)
            case .scalar, .union: continue
            }
        }
        for ext in index.typeExtensions {
            directives += ext.directives
            switch ext {
            case .object(let node): addFields(node.fields)
            case .interface(let node): addFields(node.fields)
            case .inputObject(let node): addInputValues(node.fields)
            case .enum(let node): directives += node.values.flatMap(\.directives)
            case .scalar, .union: continue
            }
        }
        for directive in index.directiveDefinitions { addInputValues(directive.arguments) }
        for directive in directives {
            var first: [String: NameNode] = [:]
            for argument in directive.arguments {
                if let existing = first[argument.name.value] {
                    errors.append(
                        GraphQLError(
                            "There can be only one argument named \"\(argument.name.value)\".",
                            nodes: [existing, argument.name]))
                } else {
                    first[argument.name.value] = argument.name
                }
                values.append(argument.value)
            }
        }
        for value in values { checkUniqueInputFields(value) }
    }

    private mutating func checkUniqueInputFields(_ value: ValueNode) {
        switch value {
        case .list(let list):
            for item in list.values { checkUniqueInputFields(item) }
        case .object(let object):
            var first: [String: NameNode] = [:]
            for field in object.fields {
                if let existing = first[field.name.value] {
                    errors.append(
                        GraphQLError(
                            "There can be only one input field named \"\(field.name.value)\".",
                            nodes: [existing, field.name]))
                } else {
                    first[field.name.value] = field.name
                }
                checkUniqueInputFields(field.value)
            }
        default:
            return
        }
    }
}
