import GraphQLLanguage
import GraphQLType

/// GraphQL errors written as the response's `errors` list (spec §7.1.2
/// "Errors"): `message`, then `locations`, `path` and `extensions` when present.
enum GraphQLErrorJSON {
    /// `{"errors":[…]}`: the whole body of a response without `data`.
    static func response(_ errors: [GraphQLError]) -> String {
        "{\"errors\":" + list(errors) + "}"
    }

    static func list(_ errors: [GraphQLError]) -> String {
        "[" + errors.map(error).joined(separator: ",") + "]"
    }

    static func error(_ error: GraphQLError) -> String {
        var out = "{\"message\":" + JSONText.quoted(error.message)
        if !error.locations.isEmpty {
            out += ",\"locations\":["
            out += error.locations.map { "{\"line\":\($0.line),\"column\":\($0.column)}" }.joined(separator: ",")
            out += "]"
        }
        if !error.path.isEmpty {
            out += ",\"path\":["
            out += error.path.map { component in
                switch component {
                case .key(let key): JSONText.quoted(key)
                case .index(let index): String(index)
                }
            }.joined(separator: ",")
            out += "]"
        }
        if !error.extensions.isEmpty { out += ",\"extensions\":" + object(error.extensions) }
        return out + "}"
    }

    private static func object(_ extensions: ErrorExtensions) -> String {
        "{" + extensions.entries.map { JSONText.quoted($0.key) + ":" + value($0.value) }.joined(separator: ",") + "}"
    }

    private static func value(_ value: ErrorExtensionValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): bool ? "true" : "false"
        case .int(let int): String(int)
        case .double(let double): double.isFinite ? formatJavaScriptNumber(double) : "null"
        case .string(let string): JSONText.quoted(string)
        case .list(let items): "[" + items.map(Self.value).joined(separator: ",") + "]"
        case .object(let entries): object(entries)
        }
    }
}
