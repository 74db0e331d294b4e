import Foundation

/// One bound parameter: its type OID and its value in PostgreSQL's text format
/// (or raw bytes in binary format for `bytea`, which avoids hex-escaping blobs).
public struct PostgresBind: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case null
        case text(String)
        case binary([UInt8])
    }

    public var type: PostgresDataType
    public var value: Value

    public init(type: PostgresDataType, value: Value) {
        self.type = type
        self.value = value
    }
}

/// A Swift value that can be sent as a statement parameter. Conformances choose the
/// PostgreSQL type, so `\(id)` in an `SQL` literal binds a `uuid`, `\(count)` an `int8`.
public protocol PostgresEncodable: Sendable {
    /// The parameter type, also used when the value is `nil` (an `Int?` binds `int8` NULL).
    static var postgresType: PostgresDataType { get }
    func postgresBindValue() -> PostgresBind.Value
}

extension String: PostgresEncodable {
    public static var postgresType: PostgresDataType { .text }
    public func postgresBindValue() -> PostgresBind.Value { .text(self) }
}

extension Substring: PostgresEncodable {
    public static var postgresType: PostgresDataType { .text }
    public func postgresBindValue() -> PostgresBind.Value { .text(String(self)) }
}

extension Int: PostgresEncodable {
    public static var postgresType: PostgresDataType { .int8 }
    public func postgresBindValue() -> PostgresBind.Value { .text(String(self)) }
}

extension Int64: PostgresEncodable {
    public static var postgresType: PostgresDataType { .int8 }
    public func postgresBindValue() -> PostgresBind.Value { .text(String(self)) }
}

extension Int32: PostgresEncodable {
    public static var postgresType: PostgresDataType { .int4 }
    public func postgresBindValue() -> PostgresBind.Value { .text(String(self)) }
}

extension Int16: PostgresEncodable {
    public static var postgresType: PostgresDataType { .int2 }
    public func postgresBindValue() -> PostgresBind.Value { .text(String(self)) }
}

extension Double: PostgresEncodable {
    public static var postgresType: PostgresDataType { .float8 }
    public func postgresBindValue() -> PostgresBind.Value {
        if isNaN { return .text("NaN") }
        if isInfinite { return .text(self < 0 ? "-Infinity" : "Infinity") }
        return .text(description)
    }
}

extension Bool: PostgresEncodable {
    public static var postgresType: PostgresDataType { .bool }
    public func postgresBindValue() -> PostgresBind.Value { .text(self ? "t" : "f") }
}

extension UUID: PostgresEncodable {
    public static var postgresType: PostgresDataType { .uuid }
    public func postgresBindValue() -> PostgresBind.Value { .text(lowercasedText) }
}

extension Date: PostgresEncodable {
    public static var postgresType: PostgresDataType { .timestamptz }
    public func postgresBindValue() -> PostgresBind.Value { .text(PostgresTimestamp.format(self)) }
}

extension Data: PostgresEncodable {
    public static var postgresType: PostgresDataType { .bytea }
    public func postgresBindValue() -> PostgresBind.Value { .binary([UInt8](self)) }
}

/// An element of a one-dimensional array parameter (`text[]`, `int8[]`, `int4[]`, `uuid[]`).
public protocol PostgresArrayElement: PostgresEncodable {
    static var postgresArrayType: PostgresDataType { get }
    /// The element's text form inside an array literal.
    var postgresArrayElementText: String { get }
}

extension String: PostgresArrayElement {
    public static var postgresArrayType: PostgresDataType { .textArray }
    public var postgresArrayElementText: String { self }
}

extension Int: PostgresArrayElement {
    public static var postgresArrayType: PostgresDataType { .int8Array }
    public var postgresArrayElementText: String { String(self) }
}

extension Int32: PostgresArrayElement {
    public static var postgresArrayType: PostgresDataType { .int4Array }
    public var postgresArrayElementText: String { String(self) }
}

extension UUID: PostgresArrayElement {
    public static var postgresArrayType: PostgresDataType { .uuidArray }
    public var postgresArrayElementText: String { lowercasedText }
}

extension Array: PostgresEncodable where Element: PostgresArrayElement {
    public static var postgresType: PostgresDataType { Element.postgresArrayType }
    public func postgresBindValue() -> PostgresBind.Value {
        .text(PostgresArrayLiteral.format(map { $0.postgresArrayElementText }))
    }
}

extension Optional: PostgresEncodable where Wrapped: PostgresEncodable {
    public static var postgresType: PostgresDataType { Wrapped.postgresType }
    public func postgresBindValue() -> PostgresBind.Value {
        switch self {
        case .none: .null
        case .some(let value): value.postgresBindValue()
        }
    }
}
