import GraphQLLanguage

/// The schema as SDL, exactly as graphql-js's `printSchema` writes it: the schema
/// definition when root names are not the defaults (or there is a description),
/// then the non-specified directives, then the types in type-table order without
/// the specified scalars and introspection types.
public func printSchema(_ schema: GraphQLSchema) -> String {
    SchemaPrinter(schema: schema).print()
}

struct SchemaPrinter {
    let schema: GraphQLSchema

    func print() -> String {
        var parts: [String] = []
        if let definition = schemaDefinition() { parts.append(definition) }
        for directive in schema.directives where !directive.isSpecified {
            parts.append(printDirective(directive))
        }
        for type in schema.types where !type.isIntrospectionType && !type.isSpecifiedScalar {
            parts.append(printType(type))
        }
        return parts.joined(separator: "\n\n")
    }

    private func schemaDefinition() -> String? {
        let commonNames = (schema.queryType.map { $0.name == "Query" } ?? true)
            && (schema.mutationType.map { $0.name == "Mutation" } ?? true)
            && (schema.subscriptionType.map { $0.name == "Subscription" } ?? true)
        if schema.description == nil, commonNames { return nil }
        var operations: [String] = []
        if let query = schema.queryType { operations.append("  query: \(query.name)") }
        if let mutation = schema.mutationType { operations.append("  mutation: \(mutation.name)") }
        if let subscription = schema.subscriptionType { operations.append("  subscription: \(subscription.name)") }
        return description(schema.description) + "schema {\n" + operations.joined(separator: "\n") + "\n}"
    }

    private func printDirective(_ directive: GraphQLDirective) -> String {
        description(directive.description) + "directive @" + directive.name + arguments(directive.arguments)
            + (directive.isRepeatable ? " repeatable" : "") + " on "
            + directive.locations.map(\.rawValue).joined(separator: " | ")
    }

    private func printType(_ type: GraphQLNamedType) -> String {
        let head = description(type.description)
        switch type {
        case .scalar(let scalar):
            let specifiedBy = scalar.specifiedByURL.map { " @specifiedBy(url: \(printString($0)))" } ?? ""
            return head + "scalar \(scalar.name)" + specifiedBy
        case .object(let object):
            return head + "type \(object.name)" + implements(object.interfaces) + fields(object.fields)
        case .interface(let interface):
            return head + "interface \(interface.name)" + implements(interface.interfaces) + fields(interface.fields)
        case .union(let union):
            let members = union.members.isEmpty
                ? "" : " = " + union.members.map { schema[$0].name }.joined(separator: " | ")
            return head + "union \(union.name)" + members
        case .enumeration(let enumType):
            let values = enumType.values.enumerated().map { index, value in
                description(value.description, indentation: "  ", firstInBlock: index == 0) + "  " + value.name
                    + deprecated(value.deprecationReason)
            }
            return head + "enum \(enumType.name)" + block(values)
        case .inputObject(let inputObject):
            let fields = inputObject.fields.enumerated().map { index, field in
                description(field.description, indentation: "  ", firstInBlock: index == 0) + "  " + inputValue(field)
            }
            return head + "input \(inputObject.name)" + (inputObject.isOneOf ? " @oneOf" : "") + block(fields)
        }
    }

    private func implements(_ interfaces: [TypeID]) -> String {
        interfaces.isEmpty ? "" : " implements " + interfaces.map { schema[$0].name }.joined(separator: " & ")
    }

    private func fields(_ fields: [GraphQLField]) -> String {
        block(
            fields.enumerated().map { index, field in
                description(field.description, indentation: "  ", firstInBlock: index == 0) + "  " + field.name
                    + arguments(field.arguments, indentation: "  ") + ": " + schema.typeString(field.type)
                    + deprecated(field.deprecationReason)
            })
    }

    private func block(_ items: [String]) -> String {
        items.isEmpty ? "" : " {\n" + items.joined(separator: "\n") + "\n}"
    }

    /// On one line when no argument has a description, else one per line.
    private func arguments(_ arguments: [GraphQLInputValue], indentation: String = "") -> String {
        if arguments.isEmpty { return "" }
        if arguments.allSatisfy({ $0.description == nil }) {
            return "(" + arguments.map(inputValue).joined(separator: ", ") + ")"
        }
        let lines = arguments.enumerated().map { index, argument in
            description(argument.description, indentation: "  " + indentation, firstInBlock: index == 0) + "  "
                + indentation + inputValue(argument)
        }
        return "(\n" + lines.joined(separator: "\n") + "\n" + indentation + ")"
    }

    private func inputValue(_ value: GraphQLInputValue) -> String {
        var declaration = value.name + ": " + schema.typeString(value.type)
        if let defaultValue = schema.printDefaultValue(of: value) { declaration += " = " + defaultValue }
        return declaration + deprecated(value.deprecationReason)
    }

    private func deprecated(_ reason: String?) -> String {
        guard let reason else { return "" }
        if reason == "No longer supported" { return " @deprecated" }
        return " @deprecated(reason: \(printString(reason)))"
    }

    private func description(_ text: String?, indentation: String = "", firstInBlock: Bool = true) -> String {
        guard let text else { return "" }
        let literal = isPrintableAsBlockString(text) ? printBlockString(text) : printString(text)
        let prefix = !indentation.isEmpty && !firstInBlock ? "\n" + indentation : indentation
        return prefix + literal.replacing("\n", with: "\n" + indentation) + "\n"
    }
}
