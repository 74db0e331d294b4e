import GraphQLLanguage

/// Enum coercion (spec §3.9): values travel by name, with graphql-js's messages.
extension GraphQLEnumType {
    /// Result coercion: a resolver's value (a `String` name, a `String`-backed Swift
    /// enum or a `.string` value) to the value's name.
    public func serialize(_ raw: any Sendable) throws(ScalarCoercionError) -> GraphQLValue {
        let name: String?
        switch raw {
        case let string as String: name = string
        case let value as GraphQLValue: name = value.stringValue
        case let representable as any RawRepresentable<String>: name = representable.rawValue
        default: name = nil
        }
        guard let name, value(named: name) != nil else {
            let shown = GraphQLValue(converting: raw)?.inspected ?? String(describing: raw)
            throw ScalarCoercionError("Enum \"\(self.name)\" cannot represent value: \(shown)")
        }
        return .string(name)
    }

    /// Input coercion of a variable value: the name as a string.
    public func parseValue(_ value: GraphQLValue) throws(ScalarCoercionError) -> GraphQLValue {
        guard case .string(let name) = value else {
            let shown = value.inspected
            throw ScalarCoercionError(
                "Enum \"\(self.name)\" cannot represent non-string value: \(shown)." + suggestions(for: shown))
        }
        guard self.value(named: name) != nil else {
            throw ScalarCoercionError(
                "Value \"\(name)\" does not exist in \"\(self.name)\" enum." + suggestions(for: name))
        }
        return value
    }

    /// Input coercion of a literal: an enum value literal naming one of the values.
    public func parseLiteral(_ node: ValueNode) throws(ScalarCoercionError) -> GraphQLValue {
        guard case .enum(let literal) = node else {
            let shown = printValue(node)
            throw ScalarCoercionError(
                "Enum \"\(name)\" cannot represent non-enum value: \(shown)." + suggestions(for: shown))
        }
        guard value(named: literal.value) != nil else {
            throw ScalarCoercionError(
                "Value \"\(literal.value)\" does not exist in \"\(name)\" enum." + suggestions(for: literal.value))
        }
        return .string(literal.value)
    }

    private func suggestions(for input: String) -> String {
        didYouMean("the enum value", suggestionList(input, options: values.map(\.name)))
    }
}
