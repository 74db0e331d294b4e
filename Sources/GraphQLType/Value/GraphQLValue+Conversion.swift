extension GraphQLValue {
    /// Converts a resolver's value of a common Swift type to a `GraphQLValue`:
    /// `GraphQLValue` itself, strings, booleans, integers, floating-point numbers,
    /// `String`-backed enums, `nil` optionals and arrays of those. `nil` for anything else.
    public init?(converting value: any Sendable) {
        switch value {
        case let value as GraphQLValue: self = value
        case let string as String: self = .string(string)
        case let int as Int: self = .int(int)
        case let bool as Bool: self = .bool(bool)
        case let double as Double: self = .float(double)
        case let substring as Substring: self = .string(String(substring))
        case let float as Float: self = .float(Double(float))
        case let integer as any BinaryInteger:
            guard let int = Int(exactly: integer) else { return nil }
            self = .int(int)
        case let raw as any RawRepresentable<String>: self = .string(raw.rawValue)
        case let items as [any Sendable]:
            var converted: [GraphQLValue] = []
            converted.reserveCapacity(items.count)
            for item in items {
                guard let value = GraphQLValue(converting: item) else { return nil }
                converted.append(value)
            }
            self = .list(converted)
        case let optional as any OptionalValue where optional.isNil:
            self = .null
        default:
            return nil
        }
    }
}

/// Lets ``GraphQLValue/init(converting:)`` recognise a boxed `nil`; casts already see
/// through a non-nil `Optional` to its payload.
private protocol OptionalValue {
    var isNil: Bool { get }
}

extension Optional: OptionalValue {
    fileprivate var isNil: Bool { self == nil }
}
