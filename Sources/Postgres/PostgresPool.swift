import Foundation
import Logging
import Synchronization

/// A fixed-size pool of connections; the one database handle the server shares.
///
///     let pool = PostgresPool(configuration: try PostgresConfiguration(url: url, variable: "QUARRY_DATABASE_URL"))
///     let rows = try await pool.query("SELECT id, email FROM users WHERE id = \(id)")
///     try await pool.withTransaction { tx in
///         try await tx.execute("UPDATE accounts SET balance = balance - \(amount) WHERE id = \(from)")
///         try await tx.execute("UPDATE accounts SET balance = balance + \(amount) WHERE id = \(to)")
///     }
///
/// Connections open lazily, at most `configuration.poolSize`. A request waits at most
/// `poolWaitTimeout` for a free connection (then `DATABASE_POOL_TIMEOUT`); one that a
/// connection being opened will serve waits for that connect (`connectTimeout`). While the
/// database is down, requests fail at once with `DATABASE_UNAVAILABLE`; broken
/// connections are replaced and service resumes by itself when the server is back
/// (see `PoolStateMachine` for the rules); each outage, once over, is published on
/// ``outages``.
public final class PostgresPool: Sendable {
    public let configuration: PostgresConfiguration
    let logger: Logger
    private let state: Mutex<PoolState>
    /// Statements executed through this pool's connections, for metrics.
    private let tally = StatementCounter(parent: nil)
    /// Exchanges in flight (the process's, ``ReplyPoll/process``): a lone one polls for its reply.
    let replyPoll: ReplyPoll
    /// Gathers `execute`'s statements while its batches' turns are all taken.
    let batcher: StatementBatcher
    /// Each time the database was unreachable, published when a connection succeeds
    /// again; the newest few are kept until read, and the stream ends at ``shutdown()``.
    /// One consumer reads it (the server's event log of outages).
    public let outages: AsyncStream<PostgresOutage>
    private let outageContinuation: AsyncStream<PostgresOutage>.Continuation

    public convenience init(configuration: PostgresConfiguration, logger: Logger = Logger(label: "quarry.postgres")) {
        self.init(configuration: configuration, logger: logger, replyPoll: .process)
    }

    /// A pool counting its exchanges in flight in `replyPoll` (tests give it a count of its own),
    /// running up to `batchTurns` batches of single statements at once (``StatementBatcher``;
    /// tests ask for fewer than the shipped core's worth).
    init(
        configuration: PostgresConfiguration, logger: Logger, replyPoll: ReplyPoll,
        batchTurns: Int = StatementBatcher.defaultTurns
    ) {
        self.configuration = configuration
        self.logger = logger
        self.replyPoll = replyPoll
        batcher = StatementBatcher(turns: min(batchTurns, configuration.poolSize), maximumTurns: configuration.poolSize)
        (outages, outageContinuation) = AsyncStream.makeStream(of: PostgresOutage.self, bufferingPolicy: .bufferingNewest(16))
        state = Mutex(
            PoolState(
                machine: PoolStateMachine(
                    size: configuration.poolSize, reconnectDelay: configuration.reconnectDelay,
                    maxReconnectDelay: configuration.maxReconnectDelay
                )
            )
        )
    }

    /// Gauges and counters, readable at any time (e.g. by a Prometheus collector).
    public var metrics: PostgresPoolMetrics {
        state.withLock { state in
            PostgresPoolMetrics(
                size: state.machine.slots.count, inUse: state.machine.leasedCount, idle: state.machine.idleCount,
                waiting: state.machine.waitingCount, connecting: state.machine.connectingCount,
                statementsExecuted: tally.count
            )
        }
    }

    /// Runs one statement on a pooled connection and returns its rows.
    public func query(_ sql: SQL) async throws -> [PostgresRow] {
        try await execute(sql).rows
    }

    /// Runs one statement on a pooled connection; the result has rows and affected count.
    /// While a core's worth of batches run, statements of concurrent callers wait and are then
    /// sent together (``StatementBatcher``), each with its own outcome: a write still in its own
    /// implicit transaction, plain reads next to each other in one (``PlainRead``).
    public func execute(_ sql: SQL) async throws -> PostgresQueryResult {
        StatementCounter.current?.increment()
        return try await batcher.execute(sql, on: self)
    }

    /// Runs a batch's statements on one connection (``StatementBatcher``); throws only when no
    /// connection could be had.
    func runBatch(_ statements: [SQL]) async throws -> [Result<PostgresQueryResult, PostgresError>] {
        try await withConnection { connection in await connection.executeBatch(statements) }
    }

    /// Runs `body` in one transaction on one pooled connection: committed when `body`
    /// returns, rolled back when it throws.
    public func withTransaction<Result>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        try await withConnection { connection in try await connection.withTransaction(body) }
    }

    /// Sends a notification to `channel` listeners (`pg_notify`, both values bound).
    public func notify(channel: String, payload: String) async throws {
        _ = try await execute("SELECT pg_notify(\(channel), \(payload))")
    }

    /// Throws unless the database answers a trivial query; for readiness probes.
    public func checkReady() async throws {
        let rows = try await query("SELECT 1 AS ready")
        guard try rows.first?.decode("ready", as: Int.self) == 1 else {
            throw PostgresError.unavailable("the readiness query returned no row")
        }
    }

    /// Lends a connection to `body` and takes it back afterwards, also when `body` throws.
    /// Don't keep the connection beyond `body`.
    public func withConnection<Result>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        let (slot, connection) = try await leaseLiveConnection()
        let result: Result
        do {
            result = try await body(connection)
        } catch {
            release(slot: slot, connection: connection)
            throw error
        }
        release(slot: slot, connection: connection)
        return result
    }

    /// Closes idle connections and fails waiters; connections in use close on release.
    public func shutdown() {
        let effects = state.withLock { state in state.effects(for: state.machine.shutdown()) }
        perform(effects)
        outageContinuation.finish()
    }

    /// Connections idle for longer than this get a liveness check before being handed out.
    static let livenessCheckAfter: Duration = .seconds(1)

    /// Hands out a connection that survived a liveness check: connections idle for a while
    /// may have died (server restarted, backend terminated, idle timeout), which is found
    /// without waiting for a timeout. Recently used ones skip the check (one thread hop
    /// saved per request under load); if one died meanwhile, its statement fails with
    /// `DATABASE_UNAVAILABLE` and the pool replaces it.
    private func leaseLiveConnection() async throws -> (Int, PostgresConnection) {
        for _ in 0...configuration.poolSize {
            let (slot, connection) = try await lease()
            if connection.idleTime < Self.livenessCheckAfter { return (slot, connection) }
            if await connection.checkAlive() { return (slot, connection) }
            logger.debug("replacing a dead pooled connection", metadata: ["slot": "\(slot)"])
            release(slot: slot, connection: connection)
        }
        throw PostgresError.unavailable("no live connection could be obtained")
    }

    private func lease() async throws -> (Int, PostgresConnection) {
        // An idle connection is taken without suspending: resuming a continuation would hand
        // the task to another thread of the pool and back, once per statement under load.
        if let idle = state.withLock({ state in state.leaseIdle() }) { return idle }
        let waiter = state.withLock { state in state.makeWaiterID() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let effects = state.withLock { state in
                    state.continuations[waiter] = continuation
                    let deadline = ContinuousClock.now + configuration.poolWaitTimeout
                    return state.effects(for: state.machine.leaseRequested(waiter: waiter, deadline: deadline))
                }
                perform(effects)
            }
        } onCancel: {
            let error = PostgresError(code: .poolTimeout, message: "the request was cancelled while waiting for a connection")
            let effects = state.withLock { state in
                state.effects(for: state.machine.waiterAbandoned(waiter: waiter, error: error))
            }
            perform(effects)
        }
    }

    /// A connection given back inside an open transaction (a `BEGIN` without `COMMIT`) is
    /// closed rather than reused, so no request inherits another request's transaction.
    private func release(slot: Int, connection: PostgresConnection) {
        let usable = connection.isReusable
        let effects = state.withLock { state in
            state.effects(for: state.machine.released(slot: slot, usable: usable))
        }
        perform(effects)
    }

    private func perform(_ effects: [PoolState.Effect]) {
        for effect in effects {
            switch effect {
            case .resume(let continuation, let result):
                continuation.resume(with: result)
            case .connect(let slot):
                Task { await self.connect(slot: slot) }
            case .close(let connection):
                Task { await connection.close() }
            case .reconnect(let slot, let delay):
                Task {
                    try? await Task.sleep(for: delay)
                    let effects = self.state.withLock { state in state.effects(for: state.machine.reconnectDue(slot: slot)) }
                    self.perform(effects)
                }
            case .watchDeadlines(let deadline):
                // Never cancelled: it ends by itself once no one waits (`PoolStateMachine.deadlinesPassed`).
                Task {
                    try? await Task.sleep(until: deadline, clock: .continuous)
                    let error = PostgresError(
                        code: .poolTimeout,
                        message: "no database connection became free within \(self.configuration.poolWaitTimeout) (pool size \(self.configuration.poolSize))"
                    )
                    let effects = self.state.withLock { state in
                        state.effects(for: state.machine.deadlinesPassed(now: .now, error: error))
                    }
                    self.perform(effects)
                }
            }
        }
    }

    private func connect(slot: Int) async {
        let effects: [PoolState.Effect]
        var ended: PostgresOutage?
        do {
            let connection = try await PostgresConnection.connect(
                configuration: configuration, id: PostgresConnection.nextID(), tally: tally, replyPoll: replyPoll
            )
            effects = state.withLock { state in
                state.connections[slot] = connection
                let actions = state.machine.connected(slot: slot)
                if state.machine.outage == nil, let began = state.outageBegan {
                    state.outageBegan = nil
                    ended = PostgresOutage(lostAt: began.at, restoredAt: Date(), error: began.error)
                }
                return state.effects(for: actions)
            }
        } catch {
            let failure = error as? PostgresError ?? .unavailable("\(error)")
            logger.warning("database connection failed", metadata: ["error": "\(failure)"])
            effects = state.withLock { state in
                let actions = state.machine.connectFailed(slot: slot, error: failure)
                if state.machine.outage != nil, state.outageBegan == nil { state.outageBegan = (Date(), "\(failure)") }
                return state.effects(for: actions)
            }
        }
        perform(effects)
        if let ended {
            logger.warning("database connection restored", metadata: [
                "lost_at": "\(ended.lostAt)", "restored_at": "\(ended.restoredAt)",
            ])
            outageContinuation.yield(ended)
        }
    }
}

/// A snapshot of the pool's gauges and its statement counter.
public struct PostgresPoolMetrics: Sendable, Equatable {
    public let size: Int
    public let inUse: Int
    public let idle: Int
    public let waiting: Int
    public let connecting: Int
    public let statementsExecuted: Int
}
