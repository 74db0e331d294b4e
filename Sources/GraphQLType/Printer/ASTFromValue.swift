import GraphQLLanguage

extension GraphQLSchema {
    /// The literal for an internal value of `type` (graphql-js `astFromValue`): used to
    /// print default values in SDL and introspection. `nil` for a missing value or one
    /// the type cannot represent; a null for a non-null type is `nil` too.
    public func astFromValue(_ value: GraphQLValue, type: GraphQLTypeRef) -> ValueNode? {
        switch type.shape {
        case .nonNull(let inner):
            let node = astFromValue(value, type: inner)
            if case .null = node { return nil }
            return node
        case .list(let itemType):
            if case .null = value { return .null(NullValueNode()) }
            guard case .list(let items) = value else { return astFromValue(value, type: itemType) }
            return .list(ListValueNode(values: items.compactMap { astFromValue($0, type: itemType) }))
        case .named(let id):
            if case .null = value { return .null(NullValueNode()) }
            switch self[id] {
            case .inputObject(let inputObject):
                guard case .object(let object) = value else { return nil }
                var fields: [ObjectFieldNode] = []
                for field in inputObject.fields {
                    guard let fieldValue = object[field.name], let node = astFromValue(fieldValue, type: field.type)
                    else { continue }
                    fields.append(ObjectFieldNode(name: NameNode(value: field.name), value: node))
                }
                return .object(ObjectValueNode(fields: fields))
            case .enumeration(let enumType):
                guard let serialized = try? enumType.serialize(value), case .string(let name) = serialized else {
                    return nil
                }
                return .enum(EnumValueNode(value: name))
            case .scalar(let scalar):
                // A custom scalar's internal value is what its `parseValue` returned, already
                // a value in input form; its `serialize` is for resolvers' values (a `Date`).
                guard scalar.specified != nil else { return literal(value, isID: false) }
                guard let serialized = try? scalar.serialize(value) else { return nil }
                return literal(serialized, isID: scalar.specified == .id)
            case .object, .interface, .union:
                return nil
            }
        }
    }

    /// The printed default value of an argument or input field, as
    /// `__InputValue.defaultValue` gives it (spec §4.2.5); `nil` without a default.
    public func printDefaultValue(of inputValue: GraphQLInputValue) -> String? {
        guard let defaultValue = inputValue.defaultValue,
            let node = astFromValue(defaultValue, type: inputValue.type)
        else { return nil }
        return printValue(node)
    }

    /// A serialized leaf as a literal: numbers that print as integers become Int
    /// literals, as do ID strings that look like integers.
    private func literal(_ serialized: GraphQLValue, isID: Bool) -> ValueNode? {
        switch serialized {
        case .null: return nil
        case .bool(let bool): return .boolean(BooleanValueNode(value: bool))
        case .int(let int): return .int(IntValueNode(value: String(int)))
        case .float(let double):
            guard double.isFinite else { return nil }
            let text = formatJavaScriptNumber(double)
            return isIntegerString(text) ? .int(IntValueNode(value: text)) : .float(FloatValueNode(value: text))
        case .string(let string):
            if isID, isIntegerString(string) { return .int(IntValueNode(value: string)) }
            return .string(StringValueNode(value: string))
        case .list(let items):
            return .list(ListValueNode(values: items.compactMap { literal($0, isID: false) }))
        case .object(let object):
            return .object(
                ObjectValueNode(
                    fields: object.compactMap { field in
                        literal(field.value, isID: false).map { ObjectFieldNode(name: NameNode(value: field.key), value: $0) }
                    }))
        }
    }

    /// `/^-?(?:0|[1-9][0-9]*)$/`
    private func isIntegerString(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" { digits = digits.dropFirst() }
        guard let first = digits.first, first.isASCII, first.isNumber else { return false }
        if first == "0" { return digits.count == 1 }
        return digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
