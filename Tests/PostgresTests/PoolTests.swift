import CommonTestSupport
import TestDatabaseSupport
import Testing

@testable import Postgres

@Suite("Connection pool")
struct PoolTests {
    @Test func exhaustedPoolTimesOutWithAClearError() async throws {
        let pool = try TestDatabases.pool(poolSize: 1) { $0.poolWaitTimeout = .milliseconds(300) }
        defer { pool.shutdown() }
        let holding = AsyncStream.makeStream(of: Void.self)
        let release = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await pool.withConnection { _ in
                holding.continuation.yield()
                _ = try await release.stream.next()
            }
        }
        _ = try await holding.stream.next()
        #expect(pool.metrics.inUse == 1)
        let started = ContinuousClock.now
        let error = try await #require(throws: PostgresError.self) { try await pool.query("SELECT 1") }
        #expect(error.code == .poolTimeout)
        #expect(error.description.contains("no database connection became free"))
        let waited = started.duration(to: .now)
        #expect(waited >= .milliseconds(250) && waited < .seconds(30))
        release.continuation.yield()
        try await holder.value
        // Once released, the connection serves the next request.
        #expect(try await pool.query("SELECT 1 AS one")[0].decode("one", as: Int.self) == 1)
    }

    @Test func gaugesReportInUseIdleAndWaiting() async throws {
        let pool = try TestDatabases.pool(poolSize: 2)
        defer { pool.shutdown() }
        #expect(pool.metrics == PostgresPoolMetrics(size: 2, inUse: 0, idle: 0, waiting: 0, connecting: 0, statementsExecuted: 0))
        let entered = AsyncStream.makeStream(of: Void.self)
        let release = AsyncStream.makeStream(of: Void.self)
        let holders = (0..<2).map { _ in
            Task {
                try await pool.withConnection { _ in
                    entered.continuation.yield()
                    _ = try await release.stream.next()
                }
            }
        }
        for _ in 0..<2 { _ = try await entered.stream.next() }
        let waiter = Task { try await pool.query("SELECT 1") }
        try await waitUntil { pool.metrics.waiting > 0 }
        #expect(pool.metrics.inUse == 2)
        #expect(pool.metrics.waiting == 1)
        release.continuation.yield()
        release.continuation.yield()
        for holder in holders { try await holder.value }
        _ = try await waiter.value
        #expect(pool.metrics.inUse == 0)
        #expect(pool.metrics.idle == 2)
        #expect(pool.metrics.waiting == 0)
    }

    @Test func manyConcurrentRequestsShareAFewConnections() async throws {
        // The claim is the sharing, not the wait: a request waits for one of the 3 connections as long as a
        // test waits for any event (30 s) rather than 5 s, which the whole suite in parallel on 2 cores can exceed.
        let pool = try TestDatabases.pool(poolSize: 3) { $0.poolWaitTimeout = .seconds(30) }
        defer { pool.shutdown() }
        let sum = try await withThrowingTaskGroup(of: Int.self) { group in
            for value in 1...50 {
                group.addTask { try await pool.query("SELECT \(value) AS v")[0].decode("v", as: Int.self) }
            }
            return try await group.reduce(0, +)
        }
        #expect(sum == 1275)
        let backends = try await pool.query(
            "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'quarry' AND datname = current_database()"
        )
        #expect(try backends[0].decode("n", as: Int.self) >= 1)
        #expect(pool.metrics.idle <= 3)
    }

    @Test func statementTimeoutCancelsLongStatements() async throws {
        let pool = try TestDatabases.pool(poolSize: 1) { $0.statementTimeout = .milliseconds(200) }
        defer { pool.shutdown() }
        let error = try await #require(throws: PostgresError.self) { try await pool.query("SELECT pg_sleep(5)") }
        #expect(error.code == .statementTimeout)
        #expect(error.sqlState == "57014")
        let setting = try await pool.query("SELECT current_setting('statement_timeout') AS t")[0].decode("t", as: String.self)
        #expect(setting == "200ms")
        #expect(try await pool.query("SELECT 1 AS one")[0].decode("one", as: Int.self) == 1)
    }

    @Test("every connection has JIT off: Quarry's short statements never pay for compiling (PostgresConfiguration.sessionSetup)")
    func jitIsOff() async throws {
        let pool = try TestDatabases.pool(poolSize: 1)
        defer { pool.shutdown() }
        #expect(try await pool.query("SELECT current_setting('jit') AS j")[0].decode("j", as: String.self) == "off")
    }

    @Test func readinessCheck() async throws {
        let pool = try TestDatabases.pool()
        defer { pool.shutdown() }
        try await pool.checkReady()
    }

    @Test func shutDownPoolRefusesRequests() async throws {
        let pool = try TestDatabases.pool()
        _ = try await pool.query("SELECT 1")
        pool.shutdown()
        let error = try await #require(throws: PostgresError.self) { try await pool.query("SELECT 1") }
        #expect(error.code == .poolClosed)
    }
}
