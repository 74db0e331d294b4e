import CommonTestSupport
import Foundation
import Logging
import TestDatabaseSupport
import Testing

@testable import Postgres

@Suite("Statement batches: concurrent callers' statements share a connection's round trips")
struct StatementBatchTests {
    /// Statements whose outcomes PostgreSQL fixes on its own: each runs in its own implicit
    /// transaction (a Sync each), so a failure neither aborts nor undoes the others.
    static func statements(id: UUID) -> [SQL] {
        [
            "INSERT INTO batch_items (id, label) VALUES (\(1), \("one"))",
            "INSERT INTO batch_items (id, label) VALUES (\(1), \("again"))",
            "SELECT \(7) / \(0) AS boom",
            "INSERT INTO batch_items (id, label) VALUES (\(2), \("two"))",
            "SELECT id, label FROM batch_items ORDER BY id",
            "SELECT \(id) AS id, \(Int.min) AS low, \("nul\u{0}") AS refused",
            "SELECT \(id) AS id, \(Int.min) AS low",
        ]
    }

    /// Checks the outcomes of `statements(id:)` run on an empty `batch_items`.
    static func expectOutcomes(_ outcomes: [Result<PostgresQueryResult, PostgresError>], id: UUID) throws {
        try #require(outcomes.count == 7)
        #expect(try outcomes[0].get().affectedRows == 1)
        #expect(outcomes[1].failure?.sqlState == "23505")  // unique_violation
        #expect(outcomes[2].failure?.sqlState == "22012")  // division_by_zero
        #expect(try outcomes[3].get().affectedRows == 1)
        let rows = try outcomes[4].get().rows
        #expect(try rows.map { try $0.decode("id", as: Int.self) } == [1, 2])
        #expect(try rows.map { try $0.decode("label", as: String.self) } == ["one", "two"])
        #expect(outcomes[5].failure?.code == .invalidParameter)
        let row = try #require(try outcomes[6].get().rows.first)
        #expect(try row.decode("id", as: UUID.self) == id)
        #expect(try row.decode("low", as: Int.self) == Int.min)
    }

    @Test("a batch's statements each get their own outcome, first run alone (prepared) then in one pipeline")
    func ownOutcomes() async throws {
        let connection = try await PostgresConnection.connect(configuration: TestDatabases.configuration())
        try await connection.executeScript(unsafeSQL: "CREATE TEMP TABLE batch_items (id int PRIMARY KEY, label text)")
        let id = UUID()
        // First use: each statement is prepared on the way, then all but the refused one run in one pipeline.
        try Self.expectOutcomes(await connection.executeBatch(Self.statements(id: id)), id: id)
        #expect(connection.pipelinedStatements.load(ordering: .relaxed) == 6)
        #expect(try await connection.query("SELECT count(*) AS n FROM batch_items")[0].decode("n", as: Int.self) == 2)
        // Prepared already: the same again.
        try await connection.executeScript(unsafeSQL: "TRUNCATE batch_items")
        try Self.expectOutcomes(await connection.executeBatch(Self.statements(id: id)), id: id)
        #expect(connection.pipelinedStatements.load(ordering: .relaxed) == 12)
        #expect(try await connection.query("SELECT count(*) AS n FROM batch_items")[0].decode("n", as: Int.self) == 2)
        // The server forgot them: each is prepared again, with the same outcomes.
        try await connection.executeScript(unsafeSQL: "TRUNCATE batch_items; DEALLOCATE ALL")
        try Self.expectOutcomes(await connection.executeBatch(Self.statements(id: id)), id: id)
        // The connection left pipeline mode: a transaction and a script work as before.
        try await connection.withTransaction { try await $0.execute("INSERT INTO batch_items (id, label) VALUES (\(3), \("three"))") }
        try await connection.executeScript(unsafeSQL: "SELECT 1; SELECT 2")
        #expect(try await connection.query("SELECT count(*) AS n FROM batch_items")[0].decode("n", as: Int.self) == 3)
        #expect(connection.isReusable)
        await connection.close()
    }

    @Test("plain reads next to each other share a Sync, so one transaction; reads a failed read aborted run again alone")
    func plainReadsShareASync() async throws {
        let connection = try await PostgresConnection.connect(configuration: TestDatabases.configuration())
        try await connection.executeScript(unsafeSQL: "CREATE TEMP TABLE batch_items (id int PRIMARY KEY, label text)")
        // `txid_current()` names the statement's transaction: the same for statements under one Sync
        // (PostgreSQL manual 55.2.3: the implicit transaction lasts until Sync), another for the next.
        let statements: [SQL] = [
            "SELECT txid_current() AS xid",
            "SELECT txid_current() AS xid",
            "SELECT \(7) / \(0) AS boom",
            "SELECT txid_current() AS xid",
            "INSERT INTO batch_items (id, label) VALUES (\(1), \("one"))",
            "SELECT txid_current() AS xid",
            "SELECT count(*) AS n FROM batch_items",
        ]
        // First prepared on the way, then prepared already: the same outcomes.
        for _ in 0..<2 {
            try await connection.executeScript(unsafeSQL: "TRUNCATE batch_items")
            let outcomes = await connection.executeBatch(statements)
            try #require(outcomes.count == 7)
            let xid = { (index: Int) throws -> Int in try outcomes[index].get().rows[0].decode("xid", as: Int.self) }
            #expect(try xid(0) == xid(1))
            #expect(outcomes[2].failure?.sqlState == "22012")  // division_by_zero
            // Aborted by the failure before it under the same Sync, then run alone: a transaction of its own.
            #expect(try Set([xid(0), xid(3), xid(5)]).count == 3)
            #expect(try outcomes[4].get().affectedRows == 1)
            // After the insert's own Sync: it sees the row.
            #expect(try outcomes[6].get().rows[0].decode("n", as: Int.self) == 1)
        }
        #expect(connection.pipelinedStatements.load(ordering: .relaxed) == 14)
        #expect(connection.isReusable)
        await connection.close()
    }

    @Test("with the statement cache full, a new statement runs alone after the executions before it, in order")
    func fullCacheKeepsTheOrder() async throws {
        let connection = try await PostgresConnection.connect(configuration: TestDatabases.configuration())
        try await connection.executeScript(unsafeSQL: "CREATE TEMP TABLE batch_items (id int PRIMARY KEY, label text)")
        let insert: (Int) -> SQL = { "INSERT INTO batch_items (id, label) VALUES (\($0), \("x"))" }
        _ = try await connection.execute(insert(0))
        // Fills the cache (its capacity, 512) with statements of their own text.
        for index in 1..<512 { _ = try await connection.query(SQL(unsafeSQL: "SELECT \(index) AS filler")) }
        let outcomes = await connection.executeBatch([
            insert(1), "SELECT count(*) AS n FROM batch_items WHERE id <= \(10)", insert(2),
        ])
        #expect(try outcomes[0].get().affectedRows == 1)
        // Saw the insert before it and not the one after.
        #expect(try outcomes[1].get().rows[0].decode("n", as: Int.self) == 2)
        #expect(try outcomes[2].get().affectedRows == 1)
        await connection.close()
    }

    /// Starts a half-second statement on `pool` (of one connection), and returns once it holds the
    /// connection and the batches' only turn: callers after it wait in line.
    static func sleeper(in pool: PostgresPool) async throws -> Task<Void, any Error> {
        let sleeper = Task { _ = try await pool.query("SELECT pg_sleep(\(0.5))") }
        try await waitUntil { pool.metrics.inUse == 1 }
        return sleeper
    }

    @Test("callers that find the connections taken wait in line and then run as one batch, each its own")
    func lineRunsAsOneBatch() async throws {
        let pool = try TestDatabases.pool(poolSize: 1)
        defer { pool.shutdown() }
        // Bounded: a batcher that lost a caller would otherwise hang the run.
        try await withTimeout {
            let executedBefore = pool.metrics.statementsExecuted
            let (values, counted) = try await StatementCounter.counting {
                let sleeper = try await Self.sleeper(in: pool)
                let callers = (0..<20).map { value in
                    Task { try await pool.query("SELECT \(value) * 2 AS twice")[0].decode("twice", as: Int.self) }
                }
                try await waitUntil { pool.batcher.lineCount == 20 }
                try await sleeper.value
                var values: [Int] = []
                for caller in callers { values.append(try await caller.value) }
                return values
            }
            #expect(values == (0..<20).map { $0 * 2 })
            // The first in line led the other 19.
            #expect(pool.batcher.batchedStatements.load(ordering: .relaxed) == 20)
            // Each statement counted once, in its caller's scope and in the pool's tally.
            #expect(counted == 21)
            #expect(pool.metrics.statementsExecuted - executedBefore == 21)
            #expect(pool.batcher.lineCount == 0)
        }
    }

    @Test("a leader cancelled while waiting for a connection passes its batch on")
    func cancelledLeaderPassesItsBatch() async throws {
        let pool = try TestDatabases.pool(poolSize: 1)
        defer { pool.shutdown() }
        // Bounded: a batcher that lost a caller would otherwise hang the run.
        try await withTimeout {
            let (holding, hold) = AsyncStream.makeStream(of: Void.self)
            let (releasing, release) = AsyncStream.makeStream(of: Void.self)
            let sleeper = try await Self.sleeper(in: pool)
            // Waits for the connection before the callers line up, so it gets it when the sleeper ends.
            let holder = Task {
                try await pool.withConnection { _ in
                    hold.yield()
                    _ = await releasing.first { _ in true }
                }
            }
            try await waitUntil { pool.metrics.waiting == 1 }
            let leader = Task { try await pool.query("SELECT \(1) AS n") }
            try await waitUntil { pool.batcher.lineCount == 1 }
            let followers = (2...4).map { value in Task { try await pool.query("SELECT \(value) AS n")[0].decode("n", as: Int.self) } }
            try await waitUntil { pool.batcher.lineCount == 4 }
            try await sleeper.value
            _ = await holding.first { _ in true }
            // The leader leads 2, 3 and 4 and waits for the held connection: cancel it there.
            try await waitUntil { pool.metrics.waiting == 1 }
            leader.cancel()
            let error = try await #require(throws: PostgresError.self) { try await leader.value }
            #expect(error.code == .poolTimeout)
            release.yield()
            try await holder.value
            var values: [Int] = []
            for follower in followers { values.append(try await follower.value) }
            #expect(values == [2, 3, 4])
            #expect(try await pool.query("SELECT 5 AS n")[0].decode("n", as: Int.self) == 5)
        }
    }

    @Test("when the leader gets no connection in time, its whole batch fails with the pool timeout and the line goes on")
    func leaseTimeoutFailsTheBatch() async throws {
        // Longer than the sleeper's half second, which the holder waits out first.
        let pool = try TestDatabases.pool(poolSize: 1) { $0.poolWaitTimeout = .seconds(2) }
        defer { pool.shutdown() }
        // Bounded: a batcher that lost a caller would otherwise hang the run.
        try await withTimeout {
            let (releasing, release) = AsyncStream.makeStream(of: Void.self)
            let sleeper = try await Self.sleeper(in: pool)
            let holder = Task {
                try await pool.withConnection { _ in _ = await releasing.first { _ in true } }
            }
            try await waitUntil { pool.metrics.waiting == 1 }
            let batch = (1...3).map { value in Task { try await pool.query("SELECT \(value) AS n") } }
            try await waitUntil { pool.batcher.lineCount == 3 }
            try await sleeper.value
            for caller in batch {
                let error = try await #require(throws: PostgresError.self) { try await caller.value }
                #expect(error.code == .poolTimeout)
            }
            release.yield()
            try await holder.value
            #expect(try await pool.query("SELECT 4 AS n")[0].decode("n", as: Int.self) == 4)
            #expect(pool.batcher.lineCount == 0)
        }
    }
}

@Suite("Statement batches: slow statements and the line")
struct StatementBatchLineTests {
    @Test("slow statements holding every turn hold the line back only for the line wait")
    func slowTurnsDoNotHoldTheLine() async throws {
        // One turn (the shipped default is a core's worth) and two connections: the sleeper holds the
        // turn for 3 s; the caller in line gets a turn of its own after the line wait (10 ms).
        let pool = PostgresPool(configuration: try TestDatabases.configuration(poolSize: 2), logger: Logger(label: "quarry.test"), replyPoll: ReplyPoll(), batchTurns: 1)
        defer { pool.shutdown() }
        // Bounded: a batcher that lost a caller would otherwise hang the run.
        try await withTimeout {
            let sleeper = Task { _ = try await pool.query("SELECT pg_sleep(\(3.0))") }
            try await waitUntil { pool.metrics.inUse == 1 }
            #expect(try await pool.query("SELECT 1 AS n")[0].decode("n", as: Int.self) == 1)
            // Answered while the sleeper still holds its connection.
            #expect(pool.metrics.inUse == 1)
            try await sleeper.value
            #expect(pool.batcher.lineCount == 0)
        }
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
