import Foundation
import TestDatabaseSupport
import Testing

@testable import Postgres

/// A prepared statement's results come in binary when every column has a binary decoder. The
/// oracle for the binary decoders is PostgreSQL's text form of the same values (each type's
/// output function, through `format('%s', …)`), read by the text decoders (tested against
/// literals in `ValueFormatTests`).
@Suite("Binary results")
struct BinaryResultTests {
    /// Every type the decoders read in binary, with its edge values: (expression, name).
    static let everyType: [(String, String)] = [
        ("'héllo ✓'::text", "text"), ("'v'::varchar", "varchar"), ("'ab'::char(4)", "bpchar"),
        ("'pg_class'::name", "name"), (#"'{"a": [1, 2]}'::json"#, "json"),
        (#"'{"b": 1, "a": [1, 2.50]}'::jsonb"#, "jsonb"), ("true", "yes"), ("false", "no"),
        ("(-32768)::int2", "int2"), ("2147483647::int4", "int4"), ("(-9223372036854775808)::int8", "int8"),
        ("(-1.5e300)::float8", "float8"), ("0.1::float8", "tenth"), ("'-Infinity'::float8", "minus_infinity"),
        ("'NaN'::float8", "nan"), ("'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid", "id"),
        ("'2024-05-06 07:08:09.123456+00'::timestamptz", "at"),
        ("'1969-12-31 23:59:57.000021+00'::timestamptz", "before_1970"),
        ("'1900-02-28 23:00:00.000001+00'::timestamptz", "long_ago"),
        ("'infinity'::timestamptz", "forever"), ("'-infinity'::timestamptz", "never"),
        (#"'\x00017f80ff'::bytea"#, "blob"), (#"ARRAY['a', NULL, 'b,c"', '']::text[]"#, "words"),
        ("ARRAY[1, NULL, -3]::int8[]", "numbers"), ("'{}'::int4[]", "no_numbers"), ("ARRAY[7]::int2[]", "smalls"),
        ("ARRAY['x', 'y z']::varchar[]", "names"), ("ARRAY['a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11']::uuid[]", "ids"),
        ("ARRAY[true, false]::bool[]", "flags"), ("ARRAY[0.5, -2]::float8[]", "doubles"),
        ("ARRAY['2024-01-01 00:00:00.25+00']::timestamptz[]", "times"), ("NULL::text", "nothing"),
    ]

    /// The row of `columns` as the statement returns it, and the same cells in PostgreSQL's text form.
    static func binaryAndText(_ columns: [(String, String)]) async throws -> (binary: PostgresRow, text: PostgresRow) {
        let pool = try TestDatabases.pool(poolSize: 1)
        defer { pool.shutdown() }
        let list = columns.map { "\($0.0) AS \($0.1)" }.joined(separator: ", ")
        let binary = try #require(try await pool.query(SQL(unsafeSQL: "SELECT \(list)")).first)
        let asText = columns.map { "CASE WHEN (\($0.0)) IS NULL THEN NULL ELSE format('%s', \($0.0)) END AS \($0.1)" }
        let texts = try #require(try await pool.query(SQL(unsafeSQL: "SELECT \(asText.joined(separator: ", "))")).first)
        let cells = try columns.indices.map { try texts.decode(String?.self, at: $0) }
        let text = PostgresRow(columns: PostgresColumns(names: binary.columns.names, types: binary.columns.types), cells: cells)
        return (binary, text)
    }

    @Test func eachTypeDecodesInBinaryAsInText() async throws {
        let (binary, text) = try await Self.binaryAndText(Self.everyType)
        #expect(binary.columns.binary)
        func same<Value: PostgresDecodable & Equatable>(_ column: String, as type: Value.Type) throws {
            let fromText = try text.decode(column, as: type)
            let fromBinary = try binary.decode(column, as: type)
            #expect(fromText == fromBinary, "\(column) as \(type): text \(fromText), binary \(fromBinary)")
        }
        for column in ["text", "varchar", "bpchar", "name", "json", "jsonb", "id", "yes", "no", "int2", "int4", "int8"] {
            try same(column, as: String.self)
        }
        try same("nothing", as: String?.self)
        try same("yes", as: Bool.self)
        try same("no", as: Bool.self)
        for column in ["int2", "int4", "int8"] {
            try same(column, as: Int.self)
            try same(column, as: Int64.self)
            try same(column, as: Double.self)
        }
        try same("int2", as: Int16.self)
        try same("int2", as: Int32.self)
        try same("int4", as: Int32.self)
        for column in ["float8", "tenth", "minus_infinity"] {
            try same(column, as: Double.self)
        }
        #expect(try text.decode("nan", as: Double.self).isNaN && binary.decode("nan", as: Double.self).isNaN)
        try same("id", as: UUID.self)
        for column in ["at", "before_1970", "long_ago", "forever", "never"] {
            try same(column, as: Date.self)
        }
        try same("blob", as: Data.self)
        try same("words", as: [String?].self)
        try same("numbers", as: [Int?].self)
        try same("no_numbers", as: [Int].self)
        try same("smalls", as: [Int16].self)
        try same("names", as: [String].self)
        try same("ids", as: [UUID].self)
        try same("flags", as: [Bool].self)
        try same("doubles", as: [Double].self)
        try same("times", as: [Date].self)
        // What the text form holds, so that agreeing with it is not agreeing with a wrong decoder.
        #expect(try text.decode("yes", as: String.self) == "t")
        #expect(try binary.decode("bpchar", as: String.self) == "ab  ")
        #expect(try binary.decode("jsonb", as: String.self) == #"{"a": [1, 2.50], "b": 1}"#)
        #expect(try binary.decode("int8", as: Int.self) == Int.min)
        #expect(try binary.decode("before_1970", as: Date.self) == Date(timeIntervalSince1970: -2.999979))
        #expect(try binary.decode("words", as: [String?].self) == ["a", nil, "b,c\"", ""])
    }

    @Test func aValueThatDoesNotFitFailsAsInText() async throws {
        let (binary, text) = try await Self.binaryAndText([("70000::int4", "n")])
        #expect(binary.columns.binary)
        let fromText = try #require(throws: PostgresError.self) { try text.decode("n", as: Int16.self) }
        let fromBinary = try #require(throws: PostgresError.self) { try binary.decode("n", as: Int16.self) }
        #expect(fromBinary.code == .decodingFailed)
        #expect(fromBinary.message == fromText.message)
    }

    @Test func aColumnWithoutBinaryDecodingKeepsTheStatementInText() async throws {
        // numeric, date and float4 have no binary decoder: the statement's results come in text.
        let (mixed, _) = try await Self.binaryAndText([("1.50::numeric", "price"), ("1", "n"), ("current_date", "day")])
        #expect(!mixed.columns.binary)
        #expect(try mixed.decode("price", as: String.self) == "1.50")
        #expect(try mixed.decode("n", as: Int.self) == 1)
        let (float4, _) = try await Self.binaryAndText([("0.1::float4", "x")])
        #expect(!float4.columns.binary)
        #expect(try float4.decode("x", as: Double.self) == 0.1)
    }

    @Test func binaryCellsOfTheWrongShapeAreRefused() throws {
        func cell(_ type: PostgresDataType, _ bytes: [UInt8]) -> PostgresRow {
            PostgresRow(columns: PostgresColumns(names: ["c"], types: [type], binary: true), cells: [bytes])
        }
        #expect(try cell(.int4, [0, 0, 1, 0]).decode(Int.self, at: 0) == 256)
        for (row, decode) in [
            (cell(.int4, [0, 0, 1]), { (row: PostgresRow) in _ = try row.decode(Int.self, at: 0) }),
            (cell(.uuid, [1, 2, 3]), { _ = try $0.decode(UUID.self, at: 0) }),
            (cell(.timestamptz, [0, 0, 0, 0, 0, 0, 0, 0]), { _ = try $0.decode(String.self, at: 0) }),
            (cell(.text, [0x61]), { _ = try $0.decode(Int.self, at: 0) }),
            (cell(.jsonb, [2, 0x7B, 0x7D]), { _ = try $0.decode(String.self, at: 0) }),
            (cell(.int4Array, [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 23, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0]),
             { _ = try $0.decode([Int].self, at: 0) }),
            // A count of 2^30 elements in a 20-byte cell.
            (cell(.int4Array, [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 23, 64, 0, 0, 0, 0, 0, 0, 1]),
             { _ = try $0.decode([Int].self, at: 0) }),
        ] {
            let error = try #require(throws: PostgresError.self) { try decode(row) }
            #expect(error.code == .decodingFailed)
            #expect(error.message.hasPrefix("column 'c'"))
        }
    }
}
