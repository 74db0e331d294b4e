import CommonTestSupport
import Logging
import TestDatabaseSupport
import Testing

@testable import Postgres

@Suite("Reply poll: a lone statement's reply read on the sending task")
struct ReplyPollTests {
    /// A pool with a count of exchanges of its own, not the process's, which the tests running
    /// beside these share: what is in flight is then these tests' statements only.
    static func pool(poolSize: Int, adjust: (inout PostgresConfiguration) -> Void) throws -> PostgresPool {
        var configuration = try TestDatabases.configuration(poolSize: poolSize)
        adjust(&configuration)
        return PostgresPool(configuration: configuration, logger: Logger(label: "quarry.test"), replyPoll: ReplyPoll())
    }

    @Test("pools count their exchanges in one count for the process")
    func oneCountForTheProcess() throws {
        let (first, second) = (try TestDatabases.pool(), try TestDatabases.pool())
        defer { first.shutdown(); second.shutdown() }
        #expect(first.replyPoll === ReplyPoll.process && second.replyPoll === ReplyPoll.process)
    }

    @Test("the gate: only an exchange that begins with none other in flight polls")
    func gate() {
        let poll = ReplyPoll()
        #expect(poll.begin())
        #expect(!poll.begin())
        poll.end()
        #expect(!poll.begin())
        poll.end()
        poll.end()
        #expect(poll.begin())
        poll.end()
    }

    @Test("a lone statement's reply is caught by the poll, rows intact, also across many reads")
    func loneRepliesCaught() async throws {
        // A window far beyond any reply's time, so that on a loaded machine the poll still catches it.
        let pool = try Self.pool(poolSize: 1) { $0.replyPollWindow = .seconds(5) }
        defer { pool.shutdown() }
        for _ in 0..<3 {
            let before = pool.replyPoll.caught.load(ordering: .relaxed)
            #expect(try await pool.query("SELECT 41 + 1 AS answer")[0].decode("answer", as: Int.self) == 42)
            #expect(pool.replyPoll.caught.load(ordering: .relaxed) > before)
        }
        // About 600 KB: the reply arrives in many reads, each advancing the exchange during the poll.
        let rows = try await pool.query("SELECT g, repeat('x', 100) AS filler FROM generate_series(1, 5000) AS g")
        #expect(rows.count == 5000)
        #expect(try rows.last?.decode("g", as: Int.self) == 5000)
        #expect(try rows.allSatisfy { try $0.decode("filler", as: String.self).utf8.count == 100 })
    }

    /// Runs `SELECT pg_sleep(seconds)` and, `delay` after it is under way, another statement beside
    /// it; returns the pool's count of caught replies from then on: before the other statement and
    /// after both. The delay counts from the sleeper's exchange being in flight, not from its task's
    /// start, which a loaded machine may hold back. The count starts after the delay: should the
    /// sleeper land on a connection that has not prepared its statement, the preparing exchanges,
    /// alone in flight, are polled for (and caught) before its execution.
    static func sleeper(
        in pool: PostgresPool, sleeping seconds: Double, anotherAfter delay: Duration
    ) async throws -> (before: Int, after: Int) {
        let sleep: @Sendable (Double) async throws -> Void = { seconds in _ = try await pool.query("SELECT pg_sleep(\(seconds))") }
        try await sleep(0)
        let sleeper = Task { try await sleep(seconds) }
        try await waitUntil { pool.replyPoll.inFlightCount == 1 }
        try await Task.sleep(for: delay)
        let before = pool.replyPoll.caught.load(ordering: .relaxed)
        #expect(try await pool.query("SELECT 2 AS two")[0].decode("two", as: Int.self) == 2)
        _ = try await sleeper.value
        return (before, pool.replyPoll.caught.load(ordering: .relaxed))
    }

    @Test("a poll ends when another statement begins, and the reply comes through the loop")
    func pollEndsWhenAnotherBegins() async throws {
        // A 10 s window: the sleeper's reply (after 3 s) would be caught if its poll went on; the
        // statement begun beside it 300 ms in ends the poll, so the loop reads the reply.
        let pool = try Self.pool(poolSize: 2) { $0.replyPollWindow = .seconds(10) }
        defer { pool.shutdown() }
        let caught = try await Self.sleeper(in: pool, sleeping: 3, anotherAfter: .milliseconds(300))
        #expect(caught.after == caught.before)
    }

    @Test("no poll while another statement of the pool is in flight")
    func noPollBesideAnother() async throws {
        // A 300 ms window: the sleeping statement polls that long and then waits on the loop, so its
        // reply (after 3 s) is never caught; the statement that begins beside it must not poll at all.
        let pool = try Self.pool(poolSize: 2) { $0.replyPollWindow = .milliseconds(300) }
        defer { pool.shutdown() }
        let caught = try await Self.sleeper(in: pool, sleeping: 3, anotherAfter: .milliseconds(400))
        #expect(caught.after == caught.before)
        // Alone again, a statement's reply is caught.
        _ = try await pool.query("SELECT 3")
        #expect(pool.replyPoll.caught.load(ordering: .relaxed) > caught.after)
    }
}
