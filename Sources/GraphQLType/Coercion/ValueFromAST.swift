import GraphQLLanguage

extension GraphQLSchema {
    /// The value of a literal of type `type`, variables substituted from already
    /// coerced `variables` (spec §3.10, §6.4.1 "CoerceArgumentValues", graphql-js
    /// `valueFromAST`). `nil` when the literal is invalid for the type; validation
    /// reports why (ValuesOfCorrectType), so no message is made here.
    ///
    /// A variable that is absent gives `nil`, for the caller to apply the argument's
    /// default; inside lists it becomes `null`, inside input objects the field's default.
    public func valueFromAST(
        _ node: ValueNode, type: GraphQLTypeRef, variables: [String: GraphQLValue]? = nil
    ) -> GraphQLValue? {
        LiteralCoercer(types: self, variables: variables).coerce(node, to: type)
    }

    /// ``valueFromAST(_:type:variables:)`` with the coerced variables as the ordered
    /// object the executor keeps them in (no dictionary to build per call).
    public func valueFromAST(
        _ node: ValueNode, type: GraphQLTypeRef, variableValues: GraphQLObjectValue
    ) -> GraphQLValue? {
        LiteralCoercer(types: self, variables: variableValues).coerce(node, to: type)
    }
}

/// Where ``LiteralCoercer`` finds variables' values.
protocol VariableValues {
    func value(of name: String) -> GraphQLValue?
    /// All of them, for a custom scalar's literal (rare, so built on demand).
    var dictionary: [String: GraphQLValue]? { get }
}

extension Dictionary: VariableValues where Key == String, Value == GraphQLValue {
    func value(of name: String) -> GraphQLValue? { self[name] }
    var dictionary: [String: GraphQLValue]? { self }
}

extension Optional: VariableValues where Wrapped: VariableValues {
    func value(of name: String) -> GraphQLValue? { self?.value(of: name) }
    var dictionary: [String: GraphQLValue]? { self?.dictionary }
}

extension GraphQLObjectValue: VariableValues {
    func value(of name: String) -> GraphQLValue? { self[name] }
    var dictionary: [String: GraphQLValue]? {
        Dictionary(map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}

/// graphql-js `valueFromAST` over a ``TypeTable``.
struct LiteralCoercer<Types: TypeTable, Variables: VariableValues> {
    let types: Types
    let variables: Variables

    func coerce(_ node: ValueNode, to type: GraphQLTypeRef) -> GraphQLValue? {
        if case .variable(let variable) = node {
            guard let value = variables.value(of: variable.name.value) else { return nil }
            if case .null = value, type.isNonNull { return nil }
            return value
        }
        switch type.shape {
        case .nonNull(let inner):
            if case .null = node { return nil }
            return coerce(node, to: inner)
        case .list(let itemType):
            if case .null = node { return .null }
            guard case .list(let list) = node else {
                return coerce(node, to: itemType).map { .list([$0]) }
            }
            var items: [GraphQLValue] = []
            items.reserveCapacity(list.values.count)
            for item in list.values {
                if isMissingVariable(item) {
                    if itemType.isNonNull { return nil }
                    items.append(.null)
                } else {
                    guard let value = coerce(item, to: itemType) else { return nil }
                    items.append(value)
                }
            }
            return .list(items)
        case .named(let id):
            if case .null = node { return .null }
            switch types[id] {
            case .inputObject(let inputObject): return coerceObject(node, to: inputObject)
            case .scalar(let scalar): return try? scalar.parseLiteral(node, variables: variables.dictionary)
            case .enumeration(let enumType): return try? enumType.parseLiteral(node)
            case .object, .interface, .union: return nil
            }
        }
    }

    private func coerceObject(_ node: ValueNode, to type: GraphQLInputObjectType) -> GraphQLValue? {
        guard case .object(let object) = node else { return nil }
        var coerced = GraphQLObjectValue()
        for field in type.fields {
            // The last of duplicated fields wins, as in graphql-js's keyMap.
            let fieldNode = object.fields.last { $0.name.value == field.name }
            guard let fieldNode, !isMissingVariable(fieldNode.value) else {
                if let defaultValue = field.defaultValue {
                    coerced.append(key: field.name, value: defaultValue)
                } else if field.type.isNonNull {
                    return nil
                }
                continue
            }
            guard let value = coerce(fieldNode.value, to: field.type) else { return nil }
            coerced.append(key: field.name, value: value)
        }
        if type.isOneOf {
            guard coerced.count == 1, let only = coerced.first, !only.value.isNull else { return nil }
        }
        return .object(coerced)
    }

    private func isMissingVariable(_ node: ValueNode) -> Bool {
        guard case .variable(let variable) = node else { return false }
        return variables.value(of: variable.name.value) == nil
    }
}
