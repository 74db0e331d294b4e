import GraphQLLanguage

extension GraphQLScalarType {
    /// Input coercion of a literal (spec §3.5 "Input Coercion"). Built-in scalars
    /// accept only their literal kinds; a custom scalar uses its `parseLiteral` hook,
    /// or else gets the literal as a value (variables inside it substituted) through
    /// its `parseValue`, like graphql-js's default `parseLiteral`.
    public func parseLiteral(_ node: ValueNode, variables: [String: GraphQLValue]? = nil)
        throws(ScalarCoercionError) -> GraphQLValue
    {
        if let specified { return try specified.parseLiteral(node) }
        guard let hook = coercion.parseLiteral else {
            return try parseValue(valueFromASTUntyped(node, variables: variables))
        }
        do {
            return try hook(node, variables)
        } catch let error as ScalarCoercionError {
            throw error
        } catch {
            throw ScalarCoercionError("Expected type \"\(name)\". \(error)")
        }
    }
}

extension SpecifiedScalar {
    func parseLiteral(_ node: ValueNode) throws(ScalarCoercionError) -> GraphQLValue {
        switch self {
        case .int:
            guard case .int(let literal) = node else {
                throw ScalarCoercionError("Int cannot represent non-integer value: \(printValue(node))")
            }
            guard let int = Int(literal.value), Self.intRange.contains(int) else {
                throw ScalarCoercionError("Int cannot represent non 32-bit signed integer value: \(literal.value)")
            }
            return .int(int)
        case .float:
            let text: String
            switch node {
            case .int(let literal): text = literal.value
            case .float(let literal): text = literal.value
            default: throw ScalarCoercionError("Float cannot represent non numeric value: \(printValue(node))")
            }
            guard let double = Double(text), double.isFinite else {
                throw ScalarCoercionError("Float cannot represent non numeric value: \(text)")
            }
            return .float(double)
        case .string:
            guard case .string(let literal) = node else {
                throw ScalarCoercionError("String cannot represent a non string value: \(printValue(node))")
            }
            return .string(literal.value)
        case .boolean:
            guard case .boolean(let literal) = node else {
                throw ScalarCoercionError("Boolean cannot represent a non boolean value: \(printValue(node))")
            }
            return .bool(literal.value)
        case .id:
            switch node {
            case .string(let literal): return .string(literal.value)
            case .int(let literal): return .string(literal.value)
            default:
                throw ScalarCoercionError("ID cannot represent a non-string and non-integer value: \(printValue(node))")
            }
        }
    }
}

/// A literal as a value without a type to guide it (graphql-js `valueFromASTUntyped`):
/// enum literals become strings, variables take their values (`null` when missing).
public func valueFromASTUntyped(_ node: ValueNode, variables: [String: GraphQLValue]? = nil) -> GraphQLValue {
    switch node {
    case .null: return .null
    case .int(let literal):
        if let int = Int(literal.value) { return .int(int) }
        return .float(Double(literal.value) ?? .nan)
    case .float(let literal): return .float(Double(literal.value) ?? .nan)
    case .string(let literal): return .string(literal.value)
    case .enum(let literal): return .string(literal.value)
    case .boolean(let literal): return .bool(literal.value)
    case .list(let list): return .list(list.values.map { valueFromASTUntyped($0, variables: variables) })
    case .object(let object):
        var fields = GraphQLObjectValue()
        for field in object.fields {
            fields[field.name.value] = valueFromASTUntyped(field.value, variables: variables)
        }
        return .object(fields)
    case .variable(let variable): return variables?[variable.name.value] ?? .null
    }
}
