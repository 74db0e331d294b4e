import Foundation
import TestDatabaseSupport
import Testing

@testable import Postgres

@Suite("Queries against PostgreSQL")
struct QueryTests {
    @Test func eachTypeRoundTripsIncludingNull() async throws {
        let pool = try TestDatabases.pool()
        defer { pool.shutdown() }
        let id = UUID()
        let date = Date(timeIntervalSince1970: 1_714_979_289.123456)
        let bytes = Data([0, 1, 2, 254, 255])
        let row = try #require(
            try await pool.query(
                """
                SELECT \("héllo ✓") AS text, \(Int.max) AS big, \(Int32.min) AS small, \(2.5) AS double,
                       \(true) AS flag, \(id) AS id, \(date) AS at, \(["a", "b,c", "d\"e"]) AS words,
                       \([1, -2, 3]) AS numbers, \(bytes) AS blob, \(String?.none) AS nothing,
                       \(Int?.none) AS no_int, \(Date?.none) AS no_date, \([String]()) AS empty,
                       \([id, UUID(uuid: (255, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 254))]) AS ids,
                       \([Int32.min, 0, Int32.max]) AS smalls, \([UUID]()) AS no_ids, \([Int]()) AS no_numbers,
                       \([Int.min]) AS extreme
                """
            ).first
        )
        #expect(try row.decode("text", as: String.self) == "héllo ✓")
        #expect(try row.decode("big", as: Int.self) == Int.max)
        #expect(try row.decode("small", as: Int32.self) == Int32.min)
        #expect(try row.decode("double", as: Double.self) == 2.5)
        #expect(try row.decode("flag", as: Bool.self) == true)
        #expect(try row.decode("id", as: UUID.self) == id)
        #expect(abs(try row.decode("at", as: Date.self).timeIntervalSince(date)) < 1e-6)
        #expect(try row.decode("words", as: [String].self) == ["a", "b,c", "d\"e"])
        #expect(try row.decode("numbers", as: [Int].self) == [1, -2, 3])
        #expect(try row.decode("blob", as: Data.self) == bytes)
        #expect(try row.decode("nothing", as: String?.self) == nil)
        #expect(try row.decode("no_int", as: Int?.self) == nil)
        #expect(try row.decode("no_date", as: Date?.self) == nil)
        #expect(try row.decode("empty", as: [String].self) == [])
        #expect(try row.decode("ids", as: [UUID].self) == [id, UUID(uuid: (255, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 254))])
        #expect(try row.decode("smalls", as: [Int32].self) == [Int32.min, 0, Int32.max])
        #expect(try row.decode("no_ids", as: [UUID].self) == [])
        #expect(try row.decode("no_numbers", as: [Int].self) == [])
        #expect(try row.decode("extreme", as: [Int].self) == [Int.min])
        #expect(row.columns.types[14] == .uuidArray)
        #expect(try row.decode(String.self, at: 0) == "héllo ✓")
        #expect(row.columns.types[1] == .int8)
        let error = try #require(throws: PostgresError.self) { try row.decode("nothing", as: String.self) }
        #expect(error.code == .decodingFailed)
    }

    @Test func arrayElementsStayWholeWhenAQuoteStartsAGraphemeCluster() async throws {
        let pool = try TestDatabases.pool()
        defer { pool.shutdown() }
        // A quote or backslash followed by a combining accent is one `Character` in Swift, but PostgreSQL reads
        // bytes: each must still be escaped, or the element would end early (or the literal be malformed).
        let words = ["\"\u{301}", "\\\u{301}", "a\"\u{301},b", "\u{1F44D}\u{1F3FD}"]
        let row = try #require(try await pool.query("SELECT \(words) AS words, cardinality(\(words)) AS n").first)
        #expect(try row.decode("words", as: [String].self) == words)
        #expect(try row.decode("n", as: Int.self) == 4)
    }

    @Test func injectionAttemptsStayData() async throws {
        let pool = try TestDatabases.pool()
        defer { pool.shutdown() }
        let table = TestDatabases.uniqueName("injection")
        _ = try await pool.execute("CREATE TABLE \(identifier: table) (name text)")
        let hostile = "x'); DROP TABLE \(table); --"
        let inserted = try await pool.execute("INSERT INTO \(identifier: table) (name) VALUES (\(hostile))")
        #expect(inserted.affectedRows == 1)
        let names = try await pool.query("SELECT name FROM \(identifier: table)").map { try $0.decode("name", as: String.self) }
        #expect(names == [hostile])
        let quote = "' OR '1'='1"
        #expect(try await pool.query("SELECT name FROM \(identifier: table) WHERE name = \(quote)").isEmpty)
    }

    @Test func nulInTextIsAClearErrorNotTruncation() async throws {
        let pool = try TestDatabases.pool()
        defer { pool.shutdown() }
        let error = try await #require(throws: PostgresError.self) { try await pool.query("SELECT \("a\u{0}b")") }
        #expect(error.code == .invalidParameter)
    }

    @Test func serverErrorsAreReadableAndRedacted() async throws {
        let pool = try TestDatabases.pool()
        defer { pool.shutdown() }
        let table = TestDatabases.uniqueName("users")
        let constraint = "\(table)_email_key"
        _ = try await pool.execute("CREATE TABLE \(identifier: table) (email text CONSTRAINT \(identifier: constraint) UNIQUE)")
        let email = "secret-person@example.com"
        _ = try await pool.execute("INSERT INTO \(identifier: table) VALUES (\(email))")
        let error = try await #require(throws: PostgresError.self) {
            try await pool.execute("INSERT INTO \(identifier: table) VALUES (\(email))")
        }
        #expect(error.sqlState == "23505")
        #expect(error.isUniqueViolation())
        #expect(error.isUniqueViolation(constraint: constraint))
        #expect(!error.isUniqueViolation(constraint: "other"))
        #expect(!error.description.contains(email))
        #expect(error.debugDescription.contains(email))
        #expect(error.debugDescription.contains("INSERT INTO"))

        let syntax = try await #require(throws: PostgresError.self) { try await pool.execute("SELEC 1") }
        #expect(syntax.kind == .syntaxError)
        // The connection stays usable after a statement error.
        #expect(try await pool.query("SELECT 1 AS one").first?.decode("one", as: Int.self) == 1)
    }

    @Test func preparedStatementsAreReusedPerConnection() async throws {
        let pool = try TestDatabases.pool(poolSize: 1)
        defer { pool.shutdown() }
        try await pool.withConnection { connection in
            for value in 1...5 {
                let rows = try await connection.query("SELECT \(value)::int8 * 2 AS doubled")
                #expect(try rows[0].decode("doubled", as: Int.self) == value * 2)
            }
            let prepared = try await connection.query(
                "SELECT count(*) AS n FROM pg_prepared_statements WHERE statement = \("SELECT $1::int8 * 2 AS doubled")"
            )
            #expect(try prepared[0].decode("n", as: Int.self) == 1)
            // After the server forgets them, statements are prepared again transparently.
            try await connection.executeScript(unsafeSQL: "DEALLOCATE ALL")
            #expect(try await connection.query("SELECT \(21)::int8 * 2 AS doubled")[0].decode("doubled", as: Int.self) == 42)
        }
    }

    @Test func statementCounterCountsWithinAScope() async throws {
        let pool = try TestDatabases.pool()
        defer { pool.shutdown() }
        let before = pool.metrics.statementsExecuted
        let (_, statements) = try await StatementCounter.counting {
            _ = try await pool.query("SELECT 1")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<3 { group.addTask { _ = try await pool.query("SELECT 2") } }
                try await group.waitForAll()
            }
            try await pool.withTransaction { tx in _ = try await tx.query("SELECT 3") }
            let (_, inner) = try await StatementCounter.counting { _ = try await pool.query("SELECT 4") }
            #expect(inner == 1)
        }
        #expect(statements == 6)
        #expect(pool.metrics.statementsExecuted - before == 6)
    }

    @Test func connectionFailsFastWhenNothingListens() async throws {
        var configuration = try TestDatabases.configuration()
        configuration.host = "127.0.0.1"
        configuration.port = 1  // nothing listens on port 1
        configuration.connectTimeout = .seconds(60)
        let error = try await #require(throws: PostgresError.self) {
            try await PostgresConnection.connect(configuration: configuration)
        }
        #expect(error.code == .databaseUnavailable)
        // Refused at once, not after waiting out the (60 s) connect timeout. Wall-clock
        // bounds are not asserted: other suites may hold the cooperative pool meanwhile.
        #expect(error.message.contains("Connection refused"))
        #expect(!error.message.contains("timed out"))
    }
}
