@testable import AppCore
import Foundation
import GraphQLLanguage
import GraphQLType
import Postgres
import QuarryTestSupport
import TestDatabaseSupport
import Testing

/// Keyset pagination (Sources/AppCore/Pagination): cursors, the arguments'
/// checks, and pages read from PostgreSQL that neither skip nor repeat rows,
/// forward and backward, in both list orders.
@Suite("Cursor connections")
struct PaginationTests {
    @Test("a cursor survives the round trip at microsecond precision; foreign strings are refused")
    func cursorRoundTrip() throws {
        let id = UUID()
        let time = Date(timeIntervalSince1970: 1_763_700_000.123456)
        let cursor = Cursor(time: time, id: id)
        let decoded = try #require(Cursor(cursor.text))
        #expect(decoded == cursor)
        #expect(decoded.microseconds == 1_763_700_000_123_456)
        #expect(Cursor("nonsense") == nil)
        #expect(Cursor(GlobalID(typeName: "User", id: id).text) == nil)
        #expect(throws: GraphQLError.self) { try Cursor.argument("after", "nonsense") }
        #expect(try Cursor.argument("after", nil) == nil)
    }

    @Test("a tiered cursor (the newsfeed's) keeps its tier; tier 0 is the plain form, a tier written 0 or junk is refused")
    func tieredCursor() throws {
        let id = UUID()
        let time = Date(timeIntervalSince1970: 1_763_700_000.123456)
        let tiered = Cursor(tier: 2, time: time, id: id)
        #expect(try #require(Cursor(tiered.text)) == tiered)
        #expect(try #require(Cursor(tiered.text)).tier == 2)
        #expect(Cursor(tier: 0, time: time, id: id).text == Cursor(time: time, id: id).text)
        #expect(Cursor(Base64URL.encode("t1:0:1763700000123456:\(id.lowercasedText)")) == nil)
        #expect(Cursor(Base64URL.encode("t1:x:1763700000123456:\(id.lowercasedText)")) == nil)
        #expect(Cursor(Base64URL.encode("t1:1763700000123456:\(id.lowercasedText)")) == nil)
    }

    @Test("first/last out of range, or both, are BAD_USER_INPUT naming the argument")
    func argumentChecks() throws {
        func error(_ fields: [(key: String, value: GraphQLValue)]) -> GraphQLError? {
            do {
                _ = try PageRequest(arguments: GraphQLObjectValue(fields), order: .newestFirst)
                return nil
            } catch {
                return error
            }
        }
        #expect(error([("first", .int(-1))])?.extensions["code"] == .string("BAD_USER_INPUT"))
        #expect(error([("first", .int(101))])?.message == "first must be between 0 and 100.")
        #expect(error([("last", .int(500))])?.message == "last must be between 0 and 100.")
        #expect(error([("first", .int(1)), ("last", .int(1))]) != nil)
        #expect(error([("after", .string("x"))])?.message == "This cursor is not valid; use one from a previous page.")
        let request = try PageRequest(arguments: GraphQLObjectValue(), order: .newestFirst)
        #expect(request.size == PageRequest.defaultSize && !request.fromEnd)
    }

    @Test("pages over rows sharing timestamps cover the list once, forward and backward, in both orders")
    func pagesFromPostgres() async throws {
        let pool = try await TestDatabases.sharedPool()
        try await pool.withConnection { connection in
            _ = try await connection.execute("CREATE TEMP TABLE items (id uuid PRIMARY KEY, created_at timestamptz NOT NULL)")
            // Seven rows over three distinct times: ties are broken by id.
            _ = try await connection.execute("""
                INSERT INTO items SELECT gen_random_uuid(), timestamptz '2026-01-01 00:00:00.000001+00' + (n % 3) * interval '1 second'
                FROM generate_series(1, 7) AS n
                """)
            let all = try await connection.query("SELECT id, created_at FROM items ORDER BY created_at, id")
                .map { try Row(id: $0.decode("id", as: UUID.self), time: $0.decode("created_at", as: Date.self)) }

            for order in [PageRequest.Order.oldestFirst, .newestFirst] {
                let expected = order == .oldestFirst ? all : all.reversed()
                // Forward with first/after, three at a time.
                var seen: [Row] = []
                var after: Cursor?
                var hasNext = true
                while hasNext {
                    let page = try await read(PageRequest(order: order, size: 3, after: after), on: connection)
                    seen += page.edges.map(\.node)
                    hasNext = page.pageInfo.hasNextPage
                    after = page.edges.last.flatMap { Cursor($0.cursor) }
                    #expect(!page.pageInfo.hasPreviousPage)
                }
                #expect(seen == Array(expected))
                // Backward with last/before, three at a time.
                var reversed: [Row] = []
                var before: Cursor?
                var hasPrevious = true
                while hasPrevious {
                    let page = try await read(PageRequest(order: order, size: 3, fromEnd: true, before: before), on: connection)
                    reversed = page.edges.map(\.node) + reversed
                    hasPrevious = page.pageInfo.hasPreviousPage
                    before = page.edges.first.flatMap { Cursor($0.cursor) }
                    #expect(!page.pageInfo.hasNextPage)
                }
                #expect(reversed == Array(expected))
                // Between two cursors.
                let between = try await read(
                    PageRequest(order: order, size: 10, after: Cursor(time: expected[1].time, id: expected[1].id),
                                before: Cursor(time: expected[5].time, id: expected[5].id)),
                    on: connection)
                #expect(between.edges.map(\.node) == Array(expected[2...4]))
                #expect(between.pageInfo.start?.text == Cursor(time: expected[2].time, id: expected[2].id).text)
            }
            _ = try await connection.execute("DROP TABLE items")
        }
    }

    struct Row: Sendable, Equatable {
        let id: UUID
        let time: Date
    }

    func read(_ request: PageRequest, on connection: PostgresConnection) async throws -> Connection<Row> {
        let rows = try await connection.query("""
            SELECT id, created_at FROM items WHERE \(request.condition(time: "created_at", id: "id"))
            ORDER BY \(request.ordering(time: "created_at", id: "id")) LIMIT \(request.limit)
            """).map { try Row(id: $0.decode("id", as: UUID.self), time: $0.decode("created_at", as: Date.self)) }
        return Connection(rows: rows.map { ($0, Cursor(time: $0.time, id: $0.id)) }, request: request)
    }
}
