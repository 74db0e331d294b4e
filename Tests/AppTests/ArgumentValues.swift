import GraphQLType

/// Syntactically valid argument values and sub-selections generated from a
/// field's definition, so a test can query any field of the schema.
enum ArgumentValues {
    /// `(a: …, b: …)` for the field's required arguments, or "".
    static func arguments(for field: GraphQLField, schema: GraphQLSchema) -> String {
        let required = field.arguments.filter(\.isRequired)
        guard !required.isEmpty else { return "" }
        return "(" + required.map { "\($0.name): \(literal(for: $0.type, schema: schema))" }.joined(separator: ", ") + ")"
    }

    /// A literal of the given input type.
    static func literal(for type: GraphQLTypeRef, schema: GraphQLSchema) -> String {
        var outer = type
        if case .nonNull(let inner) = outer.shape { outer = inner }
        if case .list = outer.shape { return "[]" }
        let named = schema[type]
        if let input = named.asInputObject {
            let fields = input.fields.filter { $0.isRequired }
            return "{" + fields.map { "\($0.name): \(literal(for: $0.type, schema: schema))" }.joined(separator: ", ") + "}"
        }
        if let enumType = named.asEnum { return enumType.values.first?.name ?? "" }
        switch named.name {
        case "Int": return "1"
        case "Float": return "1.5"
        case "Boolean": return "false"
        // A file can only be a variable (the request's `$upload`).
        case "Upload": return "$upload"
        // A well-formed UUID that names nothing.
        case "UUID": return "\"00000000-0000-4000-8000-000000000000\""
        // An RFC 3339 date-time (the scalar refuses anything else before execution).
        case "DateTime": return "\"2026-01-01T00:00:00Z\""
        default: return "\"x\""
        }
    }

    /// ` { __typename }` for composite types, "" for leaves.
    static func subselection(_ type: GraphQLTypeRef, schema: GraphQLSchema) -> String {
        schema[type].isLeafType ? "" : " { __typename }"
    }
}
