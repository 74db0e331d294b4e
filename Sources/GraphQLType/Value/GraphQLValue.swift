/// A runtime input value: a variable from request JSON, a coerced argument, a default value.
///
/// The executor hands coerced arguments to resolvers in this form, so it is a plain
/// `Sendable` value tree. Objects keep their field order (``GraphQLObjectValue``)
/// because the spec orders input object fields (§3.10) and clients read error
/// messages that echo them. Enum values are carried by name as `.string`: the schema
/// knows which positions are enums, and request JSON cannot tell them apart either.
public enum GraphQLValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
    case list([GraphQLValue])
    case object(GraphQLObjectValue)
}

extension GraphQLValue {
    /// Whether this is `.null`.
    @inlinable public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The object's fields, when this is an object.
    public var objectValue: GraphQLObjectValue? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The elements, when this is a list.
    public var listValue: [GraphQLValue]? {
        if case .list(let items) = self { return items }
        return nil
    }

    /// The string, when this is a string (or an enum value carried by name).
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The integer, when this is an int.
    public var intValue: Int? {
        if case .int(let int) = self { return int }
        return nil
    }

    /// The number, when this is an int or a float.
    public var doubleValue: Double? {
        switch self {
        case .int(let int): Double(int)
        case .float(let double): double
        default: nil
        }
    }

    /// The boolean, when this is a bool.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The value of an object's field; `nil` when absent or when this is not an object.
    public subscript(key: String) -> GraphQLValue? {
        objectValue?[key]
    }
}

extension GraphQLValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .float(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: GraphQLValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, GraphQLValue)...) {
        self = .object(GraphQLObjectValue(elements.map { (key: $0.0, value: $0.1) }))
    }
}
