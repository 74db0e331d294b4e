import Foundation

/// A Swift type a column can be decoded into. Results arrive in PostgreSQL's text format,
/// or in its binary format when a prepared statement's every column has a type whose binary
/// form is read here (``PostgresDataType/hasBinaryDecoding``); each type reads both.
public protocol PostgresDecodable: Sendable {
    /// Decodes a non-NULL cell from its text's UTF-8 bytes, as libpq holds them: types
    /// that are not strings (uuid, timestamptz, numbers) parse them without a `String`.
    /// `type` is the column's type OID, for types that accept several.
    init(postgresCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError)
    /// Decodes a non-NULL cell from its binary form (the type's `*_send` function's output:
    /// network byte order integers, a uuid's 16 bytes, microseconds since 2000 for a
    /// timestamptz), giving the value the text form of the same cell would give.
    init(postgresBinaryCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError)
    /// The value for a NULL cell; non-optional types throw.
    static func postgresNull() throws(PostgresError) -> Self
}

extension PostgresDecodable {
    public static func postgresNull() throws(PostgresError) -> Self {
        throw .decoding("unexpected NULL for non-optional \(Self.self)")
    }
}

extension Optional: PostgresDecodable where Wrapped: PostgresDecodable {
    public init(postgresCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) {
        self = .some(try Wrapped(postgresCell: cell, type: type))
    }

    public init(postgresBinaryCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) {
        self = .some(try Wrapped(postgresBinaryCell: cell, type: type))
    }

    public static func postgresNull() throws(PostgresError) -> Self { .none }
}

extension String: PostgresDecodable {
    public init(postgresCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) {
        self = String(decoding: cell, as: UTF8.self)
    }
}

/// The start of a cell that failed to decode, for the error message.
private func cellPrefix(_ cell: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: cell.prefix(40), as: UTF8.self)
}

/// Integers parse from any integer column (and `numeric` without a fraction), with a
/// clear error when the value does not fit the requested width.
private func parseInteger<Value: FixedWidthInteger>(_ text: String, as: Value.Type) throws(PostgresError) -> Value {
    guard let value = Value(text) else {
        throw .decoding("cannot decode \(Value.self) from '\(text.prefix(40))'")
    }
    return value
}

extension PostgresDecodable where Self: FixedWidthInteger {
    public init(postgresCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) {
        self = try parseInteger(String(decoding: cell, as: UTF8.self), as: Self.self)
    }
}

extension Int: PostgresDecodable {}
extension Int64: PostgresDecodable {}
extension Int32: PostgresDecodable {}
extension Int16: PostgresDecodable {}

extension Double: PostgresDecodable {
    public init(postgresCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) {
        let text = String(decoding: cell, as: UTF8.self)
        switch text {
        case "NaN": self = .nan
        case "Infinity": self = .infinity
        case "-Infinity": self = -.infinity
        default:
            guard let value = Double(text) else { throw .decoding("cannot decode Double from '\(text.prefix(40))'") }
            self = value
        }
    }
}

extension Bool: PostgresDecodable {
    public init(postgresCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) {
        let text = String(decoding: cell, as: UTF8.self)
        switch text {
        case "t", "true": self = true
        case "f", "false": self = false
        default: throw .decoding("cannot decode Bool from '\(text.prefix(40))'")
        }
    }
}

extension UUID: PostgresDecodable {
    public init(postgresCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) {
        guard let value = UUID(canonicalUTF8: cell) else { throw .decoding("cannot decode UUID from '\(cellPrefix(cell))'") }
        self = value
    }
}

extension Date: PostgresDecodable {
    public init(postgresCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) {
        guard let value = PostgresTimestamp.parse(utf8: cell) else {
            throw .decoding("cannot decode Date from '\(cellPrefix(cell))' (expected timestamptz)")
        }
        self = value
    }
}

extension Data: PostgresDecodable {
    /// `bytea` in its text output form `\x0a1b…` (the default `bytea_output = hex`).
    public init(postgresCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) {
        let hex = cell
        guard hex.count >= 2, hex[0] == UInt8(ascii: "\\"), hex[1] == UInt8(ascii: "x"), hex.count % 2 == 0 else {
            throw .decoding("cannot decode Data: expected bytea in hex format")
        }
        func nibble(_ byte: UInt8) throws(PostgresError) -> UInt8 {
            switch byte {
            case 48...57: return byte - 48
            case 97...102: return byte - 87
            case 65...70: return byte - 55
            default: throw .decoding("cannot decode Data: invalid hex digit")
            }
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity((hex.count - 2) / 2)
        var index = 2
        while index < hex.count {
            bytes.append(try nibble(hex[index]) << 4 | nibble(hex[index + 1]))
            index += 2
        }
        self = Data(bytes)
    }
}

extension Array: PostgresDecodable where Element: PostgresDecodable {
    /// One-dimensional arrays of any decodable element (`text[]`, `int8[]`, `uuid[]`, …).
    public init(postgresCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) {
        var result: [Element] = []
        for element in try PostgresArrayLiteral.parse(String(decoding: cell, as: UTF8.self)) {
            if var element {
                let decoded = element.withUTF8 { bytes in
                    Result { () throws(PostgresError) in try Element(postgresCell: bytes, type: .unspecified) }
                }
                result.append(try decoded.get())
            } else {
                result.append(try Element.postgresNull())
            }
        }
        self = result
    }
}
