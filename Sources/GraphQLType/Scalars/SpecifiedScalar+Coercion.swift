/// The built-in scalars' coercion rules (spec §3.5.1-§3.5.5), with graphql-js's messages.
extension SpecifiedScalar {
    /// The largest and smallest values of `Int`: a signed 32-bit integer (spec §3.5.1).
    static let intRange = Int(Int32.min)...Int(Int32.max)

    /// Result coercion of a resolver's value.
    func serialize(_ raw: any Sendable) throws(ScalarCoercionError) -> GraphQLValue {
        // The values resolvers return most often, without the general conversion.
        switch (self, raw) {
        case (.string, let string as String), (.id, let string as String): return .string(string)
        case (.boolean, let bool as Bool): return .bool(bool)
        case (.int, let int as Int) where Self.intRange.contains(int): return .int(int)
        case (.float, let double as Double) where double.isFinite: return .float(double)
        default: break
        }
        let value = GraphQLValue(converting: raw)
        // Only failures print the value; the common path does not pay for it.
        var shown: String { value?.inspected ?? String(describing: raw) }
        switch self {
        case .int:
            let number: Double?
            switch value {
            case .int(let int):
                guard Self.intRange.contains(int) else {
                    throw ScalarCoercionError("Int cannot represent non 32-bit signed integer value: \(shown)")
                }
                return .int(int)
            case .bool(let bool): return .int(bool ? 1 : 0)
            case .float(let double): number = double
            case .string(let string) where !string.isEmpty: number = javaScriptNumber(string)
            default: number = nil
            }
            guard let number, number.isFinite, number == number.rounded() else {
                throw ScalarCoercionError("Int cannot represent non-integer value: \(shown)")
            }
            guard number >= Double(Int32.min), number <= Double(Int32.max) else {
                throw ScalarCoercionError("Int cannot represent non 32-bit signed integer value: \(shown)")
            }
            return .int(Int(number))
        case .float:
            let number: Double?
            switch value {
            case .int(let int): number = Double(int)
            case .float(let double): number = double
            case .bool(let bool): number = bool ? 1 : 0
            case .string(let string) where !string.isEmpty: number = javaScriptNumber(string)
            default: number = nil
            }
            guard let number, number.isFinite else {
                throw ScalarCoercionError("Float cannot represent non numeric value: \(shown)")
            }
            return .float(number)
        case .string:
            switch value {
            case .string: return value!
            case .bool(let bool): return .string(bool ? "true" : "false")
            case .int(let int): return .string(String(int))
            case .float(let double) where double.isFinite: return .string(formatJavaScriptNumber(double))
            default: throw ScalarCoercionError("String cannot represent value: \(shown)")
            }
        case .boolean:
            switch value {
            case .bool: return value!
            case .int(let int): return .bool(int != 0)
            case .float(let double) where double.isFinite: return .bool(double != 0)
            default: throw ScalarCoercionError("Boolean cannot represent a non boolean value: \(shown)")
            }
        case .id:
            switch value {
            case .string: return value!
            case .int(let int): return .string(String(int))
            case .float(let double) where double.isFinite && double == double.rounded():
                return .string(formatJavaScriptNumber(double))
            default: throw ScalarCoercionError("ID cannot represent value: \(shown)")
            }
        }
    }

    /// Input coercion of a variable value (JSON).
    func parseValue(_ value: GraphQLValue) throws(ScalarCoercionError) -> GraphQLValue {
        switch self {
        case .int:
            switch value {
            case .int(let int):
                guard Self.intRange.contains(int) else {
                    throw ScalarCoercionError("Int cannot represent non 32-bit signed integer value: \(int)")
                }
                return value
            case .float(let double) where double.isFinite && double == double.rounded():
                guard double >= Double(Int32.min), double <= Double(Int32.max) else {
                    throw ScalarCoercionError(
                        "Int cannot represent non 32-bit signed integer value: \(formatJavaScriptNumber(double))")
                }
                return .int(Int(double))
            default:
                throw ScalarCoercionError("Int cannot represent non-integer value: \(value.inspected)")
            }
        case .float:
            switch value {
            case .int(let int): return .float(Double(int))
            case .float(let double) where double.isFinite: return value
            default: throw ScalarCoercionError("Float cannot represent non numeric value: \(value.inspected)")
            }
        case .string:
            guard case .string = value else {
                throw ScalarCoercionError("String cannot represent a non string value: \(value.inspected)")
            }
            return value
        case .boolean:
            guard case .bool = value else {
                throw ScalarCoercionError("Boolean cannot represent a non boolean value: \(value.inspected)")
            }
            return value
        case .id:
            switch value {
            case .string: return value
            case .int(let int): return .string(String(int))
            case .float(let double) where double.isFinite && double == double.rounded():
                return .string(formatJavaScriptNumber(double))
            default: throw ScalarCoercionError("ID cannot represent value: \(value.inspected)")
            }
        }
    }
}

/// JavaScript's `Number(string)` for the strings a resolver might hand a numeric
/// scalar: decimal literals with optional surrounding whitespace; `nil` for anything
/// `Number` would turn into `NaN`.
func javaScriptNumber(_ string: String) -> Double? {
    let trimmed = string.trimmingWhitespace()
    if trimmed.isEmpty { return 0 }
    if trimmed == "Infinity" || trimmed == "+Infinity" { return .infinity }
    if trimmed == "-Infinity" { return -.infinity }
    guard trimmed.utf8.allSatisfy({ byte in
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-")
    }) else { return nil }
    return Double(trimmed)
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }
}
