import GraphQLLanguage

/// A value literal as graphql-js's `print` writes it, for error messages
/// (`Int cannot represent non-integer value: "1"`) and printed default values.
func printLiteral(_ node: ValueNode) -> String {
    switch node {
    case .variable(let variable): "$" + variable.name.value
    case .int(let int): int.value
    case .float(let float): float.value
    case .string(let string): string.block ? printBlockStringLiteral(string.value) : printStringLiteral(string.value)
    case .boolean(let boolean): boolean.value ? "true" : "false"
    case .null: "null"
    case .enum(let enumValue): enumValue.value
    case .list(let list): "[" + list.values.map(printLiteral).joined(separator: ", ") + "]"
    case .object(let object):
        "{" + object.fields.map { $0.name.value + ": " + printLiteral($0.value) }.joined(separator: ", ") + "}"
    }
}

/// graphql-js `printString`: `"` quotes, `\"` `\\`, short escapes for `\b \t \n \f \r`,
/// `\uXXXX` (upper-case hex) for other C0 and C1 control characters.
func printStringLiteral(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
        switch scalar.value {
        case 0x22: out += "\\\""
        case 0x5C: out += "\\\\"
        case 0x08: out += "\\b"
        case 0x09: out += "\\t"
        case 0x0A: out += "\\n"
        case 0x0C: out += "\\f"
        case 0x0D: out += "\\r"
        case 0x00...0x1F, 0x7F...0x9F:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default:
            out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// A block string literal, `"""` escaped inside.
func printBlockStringLiteral(_ value: String) -> String {
    "\"\"\"" + value.replacingOccurrences(of: "\"\"\"", with: "\\\"\"\"") + "\"\"\""
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
