extension GraphQLValue {
    /// The value as graphql-js's `inspect` prints it in error messages: strings in JSON
    /// quotes, numbers as JavaScript prints them, `{ a: 1 }` objects, `[1, 2]` lists,
    /// nesting cut off below two levels and lists after ten items.
    public var inspected: String {
        var out = ""
        inspect(into: &out, depth: 0)
        return out
    }

    private static let maxListLength = 10
    private static let maxDepth = 2

    private func inspect(into out: inout String, depth: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let bool): out += bool ? "true" : "false"
        case .int(let int): out += String(int)
        case .float(let double): out += formatJavaScriptNumber(double)
        case .string(let string): out += jsonQuoted(string)
        case .list(let items):
            if items.isEmpty { out += "[]"; return }
            if depth >= Self.maxDepth { out += "[Array]"; return }
            out += "["
            for (index, item) in items.prefix(Self.maxListLength).enumerated() {
                if index > 0 { out += ", " }
                item.inspect(into: &out, depth: depth + 1)
            }
            let remaining = items.count - Self.maxListLength
            if remaining == 1 { out += ", ... 1 more item" }
            if remaining > 1 { out += ", ... \(remaining) more items" }
            out += "]"
        case .object(let object):
            if object.isEmpty { out += "{}"; return }
            if depth >= Self.maxDepth { out += "[Object]"; return }
            out += "{ "
            for (index, field) in object.enumerated() {
                if index > 0 { out += ", " }
                out += field.key + ": "
                field.value.inspect(into: &out, depth: depth + 1)
            }
            out += " }"
        }
    }
}

/// `JSON.stringify` of a string: quotes, backslash escapes for `"` `\` and control
/// characters (short forms for \b \f \n \r \t), lone surrogates cannot occur in Swift strings.
public func jsonQuoted(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\u{08}": out += "\\b"
        case "\u{0C}": out += "\\f"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{00}"..."\u{1F}":
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default:
            out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
