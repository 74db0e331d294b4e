import Dispatch
import Synchronization

/// One PostgreSQL connection. Obtain it from `PostgresPool.withConnection` (or
/// `PostgresConnection.connect` for a connection of your own, as the listener does).
///
/// Ownership of the `PGconn*`: it lives inside `core`, a `Mutex`, and is only reached
/// under that lock, from `queue`, this connection's own serial dispatch queue. libpq's
/// non-blocking calls and the `poll(2)` waits between them therefore run on that queue's
/// thread, one operation at a time, never on the cooperative pool or a NIO event loop.
/// No `@unchecked Sendable` is needed: `Mutex` and `Atomic` make the class Sendable.
public final class PostgresConnection: Sendable {
    /// A number identifying the connection in logs and pool bookkeeping.
    public let id: Int
    let configuration: PostgresConfiguration
    private let core: Mutex<ConnectionCore>
    private let queue: DispatchQueue
    private let usable = Atomic<Bool>(false)
    private let outsideTransaction = Atomic<Bool>(true)
    /// When the last operation finished (`DispatchTime` uptime nanoseconds).
    private let lastActivity = Atomic<UInt64>(DispatchTime.now().uptimeNanoseconds)
    private let transactionDepth = Atomic<Int>(0)
    /// Also counts every statement, e.g. the pool's total for metrics.
    private let tally: StatementCounter?
    private static let lastID = Atomic<Int>(0)

    /// A process-wide unique connection number.
    static func nextID() -> Int { lastID.add(1, ordering: .relaxed).newValue }

    private init(id: Int, configuration: PostgresConfiguration, tally: StatementCounter?) {
        self.id = id
        self.configuration = configuration
        self.tally = tally
        core = Mutex(ConnectionCore(configuration: configuration))
        queue = DispatchQueue(label: "quarry.postgres.connection.\(id)")
    }

    /// Opens a connection and runs the session setup (UTC, ISO dates, statement timeout).
    /// Fails with `DATABASE_UNAVAILABLE` when the server cannot be reached in time.
    public static func connect(configuration: PostgresConfiguration) async throws -> PostgresConnection {
        try await connect(configuration: configuration, id: nextID(), tally: nil)
    }

    static func connect(
        configuration: PostgresConfiguration, id: Int, tally: StatementCounter?
    ) async throws -> PostgresConnection {
        let connection = PostgresConnection(id: id, configuration: configuration, tally: tally)
        let deadline = ContinuousClock.now + configuration.connectTimeout
        let failure = await connection.onQueue { core in core.session.connect(deadline: deadline) }
        if let failure { throw failure }
        return connection
    }

    /// False once the connection broke or was closed; a pool replaces such connections.
    public var isUsable: Bool { usable.load(ordering: .acquiring) }

    /// How long the connection has been idle since its last operation.
    var idleTime: Duration {
        let nanoseconds = DispatchTime.now().uptimeNanoseconds &- lastActivity.load(ordering: .relaxed)
        return .nanoseconds(Int64(clamping: nanoseconds))
    }

    /// Usable and outside any transaction block: safe to hand to another request.
    var isReusable: Bool { isUsable && outsideTransaction.load(ordering: .acquiring) }

    /// Runs one statement and returns all its rows.
    public func query(_ sql: SQL) async throws -> [PostgresRow] {
        try await execute(sql).rows
    }

    /// Runs one statement; the result carries rows and the affected-row count.
    /// Counted by `StatementCounter`; prepared on first use and reused by name afterwards.
    public func execute(_ sql: SQL) async throws -> PostgresQueryResult {
        countStatement()
        let deadline = queryDeadline()
        return try await onQueue { core in core.execute(sql, deadline: deadline) }.get()
    }

    /// Runs fixed statement text through the simple protocol (several statements allowed,
    /// no parameters). For migration files and session commands; never for input.
    public func executeScript(unsafeSQL text: String) async throws {
        countStatement()
        let deadline = queryDeadline()
        _ = try await onQueue { core in core.executeScript(text, deadline: deadline) }.get()
    }

    /// Runs `body` in a transaction: `COMMIT` when it returns, `ROLLBACK` when it throws
    /// (then rethrows). Nested calls use savepoints, so an inner failure undoes only the
    /// inner part when the outer body catches it.
    public func withTransaction<Result>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        let depth = transactionDepth.add(1, ordering: .relaxed).newValue
        defer { transactionDepth.subtract(1, ordering: .relaxed) }
        let savepoint = "quarry_savepoint_\(depth)"
        try await control(depth == 1 ? "BEGIN" : "SAVEPOINT \(savepoint)")
        let result: Result
        do {
            result = try await body(self)
        } catch {
            if isUsable {
                try? await control(depth == 1 ? "ROLLBACK" : "ROLLBACK TO SAVEPOINT \(savepoint)")
            }
            throw error
        }
        try await control(depth == 1 ? "COMMIT" : "RELEASE SAVEPOINT \(savepoint)")
        return result
    }

    /// Reads what the server sent while the connection sat idle; false when it is gone
    /// (server restarted or shut down). Cheap: one `poll(2)` that does not wait.
    public func checkAlive() async -> Bool {
        await onQueue { core in core.session.checkAlive() }
    }

    /// Waits up to `timeout` for notifications on channels this connection LISTENs to.
    func waitForNotifications(timeout: Duration) async throws -> [PostgresNotification] {
        try await onQueue { core in core.session.waitForNotifications(timeout: timeout) }.get()
    }

    /// Closes the connection (`PQfinish`). Further calls fail with `DATABASE_UNAVAILABLE`.
    public func close() async {
        await onQueue { core in core.session.close() }
    }

    private func countStatement() {
        StatementCounter.current?.increment()
        tally?.increment()
    }

    /// Transaction control is not counted as a statement.
    private func control(_ text: String) async throws {
        let deadline = queryDeadline()
        _ = try await onQueue { core in core.executeScript(text, deadline: deadline) }.get()
    }

    /// A client-side bound on waiting for the server: the statement timeout plus a grace
    /// period, so a silently vanished server (no FIN, no RST) cannot hang a caller forever.
    private func queryDeadline() -> ContinuousClock.Instant? {
        configuration.statementTimeout.map { ContinuousClock.now + $0 + .seconds(10) }
    }

    private func onQueue<Value: Sendable>(
        _ body: @escaping @Sendable (inout ConnectionCore) -> Value
    ) async -> Value {
        await withCheckedContinuation { continuation in
            queue.async {
                let value = self.core.withLock { core in
                    let value = body(&core)
                    self.usable.store(core.session.isUsable, ordering: .releasing)
                    self.outsideTransaction.store(core.session.isOutsideTransaction, ordering: .releasing)
                    self.lastActivity.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
                    return value
                }
                continuation.resume(returning: value)
            }
        }
    }
}
