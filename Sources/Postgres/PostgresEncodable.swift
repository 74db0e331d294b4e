import Foundation

/// One bound parameter: its type OID and its value in PostgreSQL's text format, or in its
/// binary format for `bytea` (no hex-escaping of blobs), `uuid` and arrays of uuids and
/// integers (the server's `array_in` and `uuid_in` parsed a friends page's 50 ids from text
/// on every level: 2.4% of PostgreSQL's samples, and 1.8% of Quarry's to format them; issue 17).
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
    public func postgresBindValue() -> PostgresBind.Value { .binary(withUnsafeBytes(of: uuid) { Array($0) }) }
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
    /// The bind value of an array of elements.
    static func postgresArrayBindValue(_ elements: [Self]) -> PostgresBind.Value
}

/// A one-dimensional array of `count` fixed-width elements in `array_recv`'s form: one dimension
/// (none when empty), no NULLs, the element type, the length and lower bound 1, then each element
/// as its length and the `width` bytes `write` stores for the element at `index` at `offset`.
private func binaryArray(
    count: Int, of elementType: PostgresDataType, width: Int,
    write: (UnsafeMutableRawBufferPointer, _ index: Int, _ offset: Int) -> Void
) -> PostgresBind.Value {
    let header = count == 0 ? 12 : 20
    let bytes = [UInt8](unsafeUninitializedCapacity: header + count * (4 + width)) { buffer, initialized in
        let raw = UnsafeMutableRawBufferPointer(buffer)
        func store(_ value: Int32, at offset: Int) { raw.storeBytes(of: value.bigEndian, toByteOffset: offset, as: Int32.self) }
        store(count == 0 ? 0 : 1, at: 0)
        store(0, at: 4)
        store(Int32(bitPattern: elementType.rawValue), at: 8)
        if count > 0 {
            store(Int32(count), at: 12)
            store(1, at: 16)
        }
        for index in 0..<count {
            let offset = header + index * (4 + width)
            store(Int32(width), at: offset)
            write(raw, index, offset + 4)
        }
        initialized = buffer.count
    }
    return .binary(bytes)
}

extension String: PostgresArrayElement {
    public static var postgresArrayType: PostgresDataType { .textArray }
    /// In text: a NUL inside an element is then refused before anything is sent
    /// (``PostgresError/Code/invalidParameter``), as for a single text parameter.
    public static func postgresArrayBindValue(_ elements: [String]) -> PostgresBind.Value {
        .text(PostgresArrayLiteral.format(elements))
    }
}

extension Int: PostgresArrayElement {
    public static var postgresArrayType: PostgresDataType { .int8Array }
    public static func postgresArrayBindValue(_ elements: [Int]) -> PostgresBind.Value {
        binaryArray(count: elements.count, of: .int8, width: 8) { raw, index, offset in
            raw.storeBytes(of: Int64(elements[index]).bigEndian, toByteOffset: offset, as: Int64.self)
        }
    }
}

extension Int32: PostgresArrayElement {
    public static var postgresArrayType: PostgresDataType { .int4Array }
    public static func postgresArrayBindValue(_ elements: [Int32]) -> PostgresBind.Value {
        binaryArray(count: elements.count, of: .int4, width: 4) { raw, index, offset in
            raw.storeBytes(of: elements[index].bigEndian, toByteOffset: offset, as: Int32.self)
        }
    }
}

extension UUID: PostgresArrayElement {
    public static var postgresArrayType: PostgresDataType { .uuidArray }
    public static func postgresArrayBindValue(_ elements: [UUID]) -> PostgresBind.Value {
        binaryArray(count: elements.count, of: .uuid, width: 16) { raw, index, offset in
            raw.storeBytes(of: elements[index].uuid, toByteOffset: offset, as: uuid_t.self)
        }
    }
}

extension Array: PostgresEncodable where Element: PostgresArrayElement {
    public static var postgresType: PostgresDataType { Element.postgresArrayType }
    public func postgresBindValue() -> PostgresBind.Value { Element.postgresArrayBindValue(self) }
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
