import Foundation
import Testing

@testable import Postgres

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

    @Test func byteaHex() throws {
        #expect(try Data(postgresText: #"\x00ff10"#, type: .bytea) == Data([0, 255, 16]))
        #expect(throws: PostgresError.self) { try Data(postgresText: "00ff", type: .bytea) }
    }
}
