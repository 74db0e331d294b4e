import Foundation
import Testing

@testable import Postgres

@Suite("SQL interpolation")
struct SQLInterpolationTests {
    @Test func valuesBecomeNumberedParameters() {
        let email = "a@b.c"
        let age = 42
        let sql: SQL = "SELECT id FROM users WHERE email = \(email) AND age > \(age)"
        #expect(sql.text == "SELECT id FROM users WHERE email = $1 AND age > $2")
        #expect(sql.binds == [
            PostgresBind(type: .text, value: .text("a@b.c")),
            PostgresBind(type: .int8, value: .text("42")),
        ])
    }

    @Test func injectionAttemptStaysAParameter() {
        let hostile = "x'; DROP TABLE users; --"
        let sql: SQL = "SELECT * FROM users WHERE name = \(hostile)"
        #expect(sql.text == "SELECT * FROM users WHERE name = $1")
        #expect(sql.binds.first?.value == .text(hostile))
    }

    @Test func optionalsBindNullWithTheWrappedType() {
        let missing: Int? = nil
        let present: UUID? = UUID(uuidString: "6F1E2B1C-0000-4000-8000-000000000001")
        let sql: SQL = "VALUES (\(missing), \(present))"
        #expect(sql.binds == [
            PostgresBind(type: .int8, value: .null),
            // uuid_send's form: the 16 bytes.
            PostgresBind(type: .uuid, value: .binary([0x6F, 0x1E, 0x2B, 0x1C, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1])),
        ])
    }

    @Test func typedEncodings() {
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        let sql: SQL = "\(Int32(7)) \(1.5) \(true) \(date) \(["a", "b\"c", "d\\e"]) \([1, 2]) \(Data([0, 255]))"
        #expect(sql.binds.map(\.type) == [.int4, .float8, .bool, .timestamptz, .textArray, .int8Array, .bytea])
        #expect(sql.binds[1].value == .text("1.5"))
        #expect(sql.binds[2].value == .text("t"))
        #expect(sql.binds[3].value == .text("2023-11-14T22:13:20.250000Z"))
        #expect(sql.binds[4].value == .text(#"{"a","b\"c","d\\e"}"#))
        // array_send's form: 1 dimension, no NULLs, int8 (OID 20), 2 elements from index 1, each 8 bytes.
        #expect(sql.binds[5].value == .binary(
            [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 20, 0, 0, 0, 2, 0, 0, 0, 1]
                + [0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 2]
        ))
        #expect(sql.binds[6].value == .binary([0, 255]))
    }

    @Test func specialDoubles() {
        let sql: SQL = "\(Double.nan) \(Double.infinity) \(-Double.infinity)"
        #expect(sql.binds.map(\.value) == [.text("NaN"), .text("Infinity"), .text("-Infinity")])
    }

    @Test func fragmentsComposeAndRenumber() {
        let filter: SQL = "status = \("open") AND owner = \(5)"
        let sql: SQL = "SELECT * FROM t WHERE id > \(1) AND \(filter) LIMIT \(10)"
        #expect(sql.text == "SELECT * FROM t WHERE id > $1 AND status = $2 AND owner = $3 LIMIT $4")
        #expect(sql.binds.map(\.value) == [.text("1"), .text("open"), .text("5"), .text("10")])
        let joined = ("SELECT \(1)" as SQL) + " UNION SELECT \(2)"
        #expect(joined.text == "SELECT $1 UNION SELECT $2")
    }

    @Test func unsafeSQLAndIdentifiersAreTextNotParameters() {
        let column = "created_at"
        let table = #"odd "name""#
        let sql: SQL = "SELECT \(unsafeSQL: column) FROM \(identifier: table)"
        #expect(sql.text == #"SELECT created_at FROM "odd ""name""""#)
        #expect(sql.binds.isEmpty)
    }

    @Test func descriptionNeverShowsValues() {
        let secret = "hunter2"
        let sql: SQL = "UPDATE users SET password = \(secret)"
        #expect(!"\(sql)".contains(secret))
    }
}
