import Foundation
import Testing

@testable import Postgres

extension PostgresTimestamp {
    /// ``parse(utf8:)`` on a string, as the tests write timestamps.
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }
}

@Suite("Text formats")
struct ValueFormatTests {
    @Test func arrayLiteralRoundTrip() throws {
        let values: [String?] = ["plain", "with,comma", #"quote " and \ backslash"#, nil, "NULL", "", "{braces}"]
        #expect(try PostgresArrayLiteral.parse(PostgresArrayLiteral.format(values)) == values)
    }

    @Test func arrayLiteralAsPostgresPrintsIt() throws {
        #expect(try PostgresArrayLiteral.parse(#"{a,"b c",NULL,"NULL"}"#) == ["a", "b c", nil, "NULL"])
        #expect(try PostgresArrayLiteral.parse("{}") == [])
        #expect(try PostgresArrayLiteral.parse("[0:1]={1,2}") == ["1", "2"])
        #expect(throws: PostgresError.self) { try PostgresArrayLiteral.parse("{{1,2},{3,4}}") }
        #expect(throws: PostgresError.self) { try PostgresArrayLiteral.parse("1,2") }
    }

    @Test func timestampsParseAllOffsets() throws {
        let base = try #require(PostgresTimestamp.parse("2024-05-06 07:08:09+00"))
        #expect(base.timeIntervalSince1970 == 1_714_979_289)
        #expect(PostgresTimestamp.parse("2024-05-06 07:08:09.5+00")?.timeIntervalSince1970 == 1_714_979_289.5)
        #expect(PostgresTimestamp.parse("2024-05-06 09:08:09+02")?.timeIntervalSince1970 == 1_714_979_289)
        #expect(PostgresTimestamp.parse("2024-05-06 02:38:09-04:30")?.timeIntervalSince1970 == 1_714_979_289)
        #expect(PostgresTimestamp.parse("2024-05-06 07:08:09")?.timeIntervalSince1970 == 1_714_979_289)
        #expect(PostgresTimestamp.parse("infinity") == .distantFuture)
        #expect(PostgresTimestamp.parse("-infinity") == .distantPast)
        #expect(PostgresTimestamp.parse("infinity ") == nil)
        #expect(PostgresTimestamp.parse("-2024-05-06 07:08:09+00") == nil)
        #expect(PostgresTimestamp.parse("yesterday") == nil)
    }

    @Test func timestampFormatKeepsMicroseconds() {
        let date = Date(timeIntervalSince1970: 1_714_979_289.123456)
        #expect(PostgresTimestamp.format(date) == "2024-05-06T07:08:09.123456Z")
        #expect(PostgresTimestamp.parse(PostgresTimestamp.format(date)).map { abs($0.timeIntervalSince(date)) < 1e-6 } == true)
    }

    @Test func decodingErrorsNameTheColumn() throws {
        let columns = PostgresColumns(names: ["age", "name"], types: [.int4, .text])
        let row = PostgresRow(columns: columns, cells: ["forty", nil])
        let error = try #require(throws: PostgresError.self) { try row.decode("age", as: Int.self) }
        #expect(error.code == .decodingFailed)
        #expect(error.message.contains("column 'age'"))
        let null = try #require(throws: PostgresError.self) { try row.decode("name", as: String.self) }
        #expect(null.message.contains("unexpected NULL"))
        #expect(try row.decode("name", as: String?.self) == nil)
        #expect(throws: PostgresError.self) { try row.decode("missing", as: Int.self) }
        #expect(throws: PostgresError.self) { try row.decode(Int.self, at: 5) }
    }

    /// Dates across eras, leap days and both sides of 1970 read back as `gmtime_r` printed them
    /// (`PostgresTimestamp.format`), with and without an offset.
    @Test func timestampsAcrossTheCalendar() throws {
        var generator = SystemRandomNumberGenerator()
        let samples = [-62_135_596_800.0, -1.0, 0, 951_782_400, 951_868_799.5, 4_107_542_400, 253_402_300_799]
            + (0..<2_000).map { _ in Double(Int64.random(in: -62_135_596_800...253_402_300_799, using: &generator)) }
        for seconds in samples {
            let date = Date(timeIntervalSince1970: seconds)
            let text = PostgresTimestamp.format(date)
            #expect(PostgresTimestamp.parse(text) == date, "\(text)")
            let shifted = text.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "+00")
            #expect(PostgresTimestamp.parse(shifted) == date, "\(shifted)")
        }
        #expect(PostgresTimestamp.parse("2024-13-06 07:08:09+00") == nil)
        #expect(PostgresTimestamp.parse("2024-05-06 07:08:09+00 ") == nil)
    }

    @Test func rowsDecodeTheirOwnCells() throws {
        let columns = PostgresColumns(names: ["id", "at", "n"], types: [.uuid, .timestamptz, .int4])
        let id = UUID()
        let row = PostgresRow(columns: columns, cells: [id.lowercasedText, "2024-05-06 07:08:09.5+00", nil])
        #expect(try row.decode("id", as: UUID.self) == id)
        #expect(try row.decode("at", as: Date.self).timeIntervalSince1970 == 1_714_979_289.5)
        #expect(row.isNull("n"))
        #expect(try row.decode("n", as: Int?.self) == nil)
        #expect(try Self.cell("{1,NULL,3}", as: [Int?].self) == [1, nil, 3])
    }

    @Test func cellsCompareAcrossRows() {
        let columns = PostgresColumns(names: ["parent", "note"], types: [.uuid, .text])
        let id = UUID().lowercasedText
        let first = PostgresRow(columns: columns, cells: [id, "a"])
        let second = PostgresRow(columns: columns, cells: [id, nil])
        let third = PostgresRow(columns: columns, cells: [UUID().lowercasedText, nil])
        let empty = PostgresRow(columns: columns, cells: [id, ""])
        #expect(first.cell(0, equalsCellOf: second))
        #expect(!second.cell(0, equalsCellOf: third))
        #expect(!first.cell(1, equalsCellOf: second))
        #expect(second.cell(1, equalsCellOf: third))
        #expect(!second.cell(1, equalsCellOf: empty))
        #expect(!first.cell(1, equalsCellOf: empty))
    }

    /// Decodes `text` as a cell of PostgreSQL's text format.
    private static func cell<Value: PostgresDecodable>(_ text: String, as type: Value.Type) throws -> Value {
        try PostgresRow(columns: PostgresColumns(names: ["cell"], types: [.unspecified]), cells: [text]).decode(at: 0)
    }

    @Test func byteaHex() throws {
        #expect(try Self.cell(#"\x00ff10"#, as: Data.self) == Data([0, 255, 16]))
        #expect(throws: PostgresError.self) { try Self.cell("00ff", as: Data.self) }
    }
}
