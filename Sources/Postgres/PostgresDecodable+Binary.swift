import Foundation

/// The binary forms of the types ``PostgresDataType/hasBinaryDecoding`` lists, as the
/// server's `*_send` functions write them (PostgreSQL's `src/backend/utils/adt`): integers
/// and floats in network byte order, `bool` as one byte, `uuid` as its 16 bytes, `timestamptz`
/// as microseconds since 2000-01-01 UTC, text types as their UTF-8 bytes, `jsonb` as a
/// version byte and its text, arrays as `array_send`'s header and elements.
///
/// Why: the friends query's uuids and timestamps cost PostgreSQL 9% of its CPU to print
/// (`uuid_out`, `timestamptz_out`) and Quarry about 5% of its own to parse back (issue 17).
/// Each decoder gives the value the text form of the same cell gives.
enum BinaryCell {
    /// The big-endian integer that fills `cell`.
    static func integer<Value: FixedWidthInteger>(
        _ cell: UnsafeBufferPointer<UInt8>, as: Value.Type, type: PostgresDataType
    ) throws(PostgresError) -> Value {
        guard cell.count == MemoryLayout<Value>.size else {
            throw .decoding("a binary \(type) cell of \(cell.count) bytes (expected \(MemoryLayout<Value>.size))")
        }
        return Value(bigEndian: UnsafeRawBufferPointer(cell).loadUnaligned(as: Value.self))
    }

    /// The value of an `int2`, `int4` or `int8` cell, or `nil` for other types.
    static func anyInteger(_ cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) -> Int64? {
        switch type {
        case .int2: Int64(try integer(cell, as: Int16.self, type: type))
        case .int4: Int64(try integer(cell, as: Int32.self, type: type))
        case .int8: try integer(cell, as: Int64.self, type: type)
        default: nil
        }
    }

    /// An integer column's value in `Value`, with the text decoder's error when it does not fit.
    static func integer<Value: FixedWidthInteger>(
        fromIntegerCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType
    ) throws(PostgresError) -> Value {
        guard let wide = try anyInteger(cell, type: type) else {
            throw .decoding("cannot decode \(Value.self) from a binary \(type) cell")
        }
        guard let value = Value(exactly: wide) else { throw .decoding("cannot decode \(Value.self) from '\(wide)'") }
        return value
    }

    /// Microseconds from the Unix epoch to PostgreSQL's (2000-01-01 00:00 UTC).
    static let postgresEpochMicroseconds: Int64 = 946_684_800_000_000
}

extension String {
    public init(postgresBinaryCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) {
        switch type {
        case .text, .varchar, .bpchar, .name, .json:
            self = String(decoding: cell, as: UTF8.self)
        case .jsonb:
            guard cell.first == 1 else { throw .decoding("a binary jsonb cell of an unknown version") }
            self = String(decoding: UnsafeBufferPointer(rebasing: cell.dropFirst()), as: UTF8.self)
        case .uuid:
            self = try UUID(postgresBinaryCell: cell, type: type).lowercasedText
        case .bool:
            self = try Bool(postgresBinaryCell: cell, type: type) ? "t" : "f"
        case .int2, .int4, .int8:
            self = String(try Int64(postgresBinaryCell: cell, type: type))
        default:
            throw .decoding("cannot decode String from a binary \(type) cell")
        }
    }
}

extension PostgresDecodable where Self: FixedWidthInteger {
    /// `Int`, `Int64`, `Int32` and `Int16` from any integer column.
    public init(postgresBinaryCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) {
        self = try BinaryCell.integer(fromIntegerCell: cell, type: type)
    }
}

extension Double {
    /// `float8` and the integer types (`float4` stays in text: its shortest digits, parsed as a
    /// `Double`, are not the widened `Float`).
    public init(postgresBinaryCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) {
        switch type {
        case .float8: self = Double(bitPattern: try BinaryCell.integer(cell, as: UInt64.self, type: type))
        default:
            guard let integer = try BinaryCell.anyInteger(cell, type: type) else {
                throw .decoding("cannot decode Double from a binary \(type) cell")
            }
            self = Double(integer)
        }
    }
}

extension Bool {
    public init(postgresBinaryCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) {
        guard type == .bool, cell.count == 1 else { throw .decoding("cannot decode Bool from a binary \(type) cell") }
        self = cell[0] != 0
    }
}

extension UUID {
    public init(postgresBinaryCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) {
        guard type == .uuid, cell.count == 16 else { throw .decoding("cannot decode UUID from a binary \(type) cell") }
        self = UUID(uuid: UnsafeRawBufferPointer(cell).loadUnaligned(as: uuid_t.self))
    }
}

extension Date {
    /// PostgreSQL's infinities are its extreme values.
    public init(postgresBinaryCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) {
        guard type == .timestamptz else {
            throw .decoding("cannot decode Date from a binary \(type) cell (expected timestamptz)")
        }
        let microseconds = try BinaryCell.integer(cell, as: Int64.self, type: type)
        switch microseconds {
        case .max: self = .distantFuture
        case .min: self = .distantPast
        default:
            let sinceUnixEpoch = microseconds + BinaryCell.postgresEpochMicroseconds
            let (seconds, fraction) = sinceUnixEpoch.quotientAndRemainder(dividingBy: 1_000_000)
            self = Date(timeIntervalSince1970: Double(seconds) + Double(fraction) / 1_000_000)
        }
    }
}

extension Data {
    public init(postgresBinaryCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) {
        guard type == .bytea else { throw .decoding("cannot decode Data from a binary \(type) cell") }
        self = Data(cell)
    }
}

extension Array where Element: PostgresDecodable {
    /// `array_send`'s form: dimensions, a has-nulls flag, the element type, each dimension's
    /// length and lower bound, then each element as a length (-1 for NULL) and its bytes.
    public init(postgresBinaryCell cell: UnsafeBufferPointer<UInt8>, type: PostgresDataType) throws(PostgresError) {
        var position = 0
        /// The next `count` bytes, which must be there.
        func bytes(_ count: Int) throws(PostgresError) -> UnsafeBufferPointer<UInt8> {
            guard position + count <= cell.count else { throw .decoding("a binary \(type) cell ends early") }
            defer { position += count }
            return UnsafeBufferPointer(rebasing: cell[position..<position + count])
        }
        func next() throws(PostgresError) -> Int32 {
            try BinaryCell.integer(bytes(4), as: Int32.self, type: type)
        }
        let dimensions = try next()
        _ = try next()
        let elementType = PostgresDataType(rawValue: UInt32(bitPattern: try next()))
        guard dimensions <= 1 else { throw .decoding("multi-dimensional arrays are not supported") }
        var count = 0
        if dimensions == 1 {
            count = Int(try next())
            _ = try next()
        }
        // Each element takes at least its 4-byte length: a larger count is a malformed cell.
        guard (0...(cell.count - position) / 4).contains(count) else { throw .decoding("a binary \(type) cell ends early") }
        var result: [Element] = []
        result.reserveCapacity(count)
        for _ in 0..<count {
            let length = Int(try next())
            guard length >= 0 else {
                result.append(try Element.postgresNull())
                continue
            }
            result.append(try Element(postgresBinaryCell: try bytes(length), type: elementType))
        }
        self = result
    }
}
