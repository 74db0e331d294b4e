import Dispatch
import Synchronization

/// One PostgreSQL connection. Obtain it from `PostgresPool.withConnection` (or
/// `PostgresConnection.connect` for a connection of your own, as the listener does).
///
/// Ownership of the `PGconn*`: it lives inside `core`, a `Mutex`, and is only reached
/// under that lock. An operation (a statement, a script, the connect) is sent on the
/// calling task; when libpq must wait for the server, the process's ``SocketReadinessLoop``
/// drives the rest of the exchange on its thread as the socket becomes ready and resumes
/// the task once with the outcome (a pooled connection's exchange, when it is the process's only one, first polls for its
/// reply on the task for a moment, ``ReplyPoll``). `serial` keeps operations one at a time, since an
/// exchange spans those waits. No `@unchecked Sendable` is needed: `Mutex` and `Atomic`
/// make the class Sendable.
public final class PostgresConnection: Sendable {
    /// A number identifying the connection in logs and pool bookkeeping.
    public let id: Int
    let configuration: PostgresConfiguration
    private let core: Mutex<ConnectionCore>
    private let serial = AsyncSerialLock()
    private let usable = Atomic<Bool>(false)
    private let outsideTransaction = Atomic<Bool>(true)
    /// When the last operation finished (`DispatchTime` uptime nanoseconds).
    private let lastActivity = Atomic<UInt64>(DispatchTime.now().uptimeNanoseconds)
    private let transactionDepth = Atomic<Int>(0)
    /// Also counts every statement, e.g. the pool's total for metrics.
    private let tally: StatementCounter?
    /// The count of exchanges in flight, for polling a lone reply; `nil`: never polls.
    private let replyPoll: ReplyPoll?
    private static let lastID = Atomic<Int>(0)
    /// Statements this connection sent in pipelines (for tests).
    let pipelinedStatements = Atomic<Int>(0)

    /// A process-wide unique connection number.
    static func nextID() -> Int { lastID.add(1, ordering: .relaxed).newValue }

    private init(id: Int, configuration: PostgresConfiguration, tally: StatementCounter?, replyPoll: ReplyPoll?) {
        self.id = id
        self.configuration = configuration
        self.tally = tally
        self.replyPoll = replyPoll
        core = Mutex(ConnectionCore(configuration: configuration))
    }

    /// Opens a connection and runs the session setup (UTC, ISO dates, statement timeout).
    /// Fails with `DATABASE_UNAVAILABLE` when the server cannot be reached in time.
    public static func connect(configuration: PostgresConfiguration) async throws -> PostgresConnection {
        try await connect(configuration: configuration, id: nextID(), tally: nil, replyPoll: nil)
    }

    static func connect(
        configuration: PostgresConfiguration, id: Int, tally: StatementCounter?, replyPoll: ReplyPoll?
    ) async throws -> PostgresConnection {
        let connection = PostgresConnection(id: id, configuration: configuration, tally: tally, replyPoll: replyPoll)
        let deadline = ContinuousClock.now + configuration.connectTimeout
        _ = try await connection.operation { try await connection.exchange(deadline: deadline) { $0.session.beginConnect() }.get() }
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
        return try await operation { await self.run(sql, deadline: deadline) }.get()
    }

    /// Runs statements of several callers one after another on this connection, sharing its
    /// round trips (one pipeline, ``ConnectionCore/beginPipeline(_:)``); each outcome is its own
    /// statement's, as if run alone (plain reads next to each other share a transaction and its
    /// `now()`, ``PlainRead``). For ``PostgresPool``'s batches: each caller counts its
    /// statement in its own task (`StatementCounter.current`), so here only the tally does.
    func executeBatch(_ statements: [SQL]) async -> [Result<PostgresQueryResult, PostgresError>] {
        for _ in statements { tally?.increment() }
        // The server runs them one after another: each may take the whole statement timeout.
        let deadline = configuration.statementTimeout.map { ContinuousClock.now + $0 * statements.count + .seconds(10) }
        return await operation { await self.runBatch(statements, deadline: deadline) }
    }

    /// Runs fixed statement text through the simple protocol (several statements allowed,
    /// no parameters). For migration files and session commands; never for input.
    public func executeScript(unsafeSQL text: String) async throws {
        countStatement()
        try await control(text)
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
        await operation { self.core.withLock { core in core.session.checkAlive() } }
    }

    /// Waits up to `timeout` for notifications on channels this connection LISTENs to.
    func waitForNotifications(timeout: Duration) async throws -> [PostgresNotification] {
        try await operation {
            let deadline = ContinuousClock.now + timeout
            guard let socket = try self.core.withLock({ core in try core.session.notificationSocket().get() }) else {
                return try self.core.withLock { core in try core.session.readNotifications(ready: false).get() }
            }
            let readiness = await SocketReadinessLoop.shared.wait(socket: socket, read: true, write: false, deadline: deadline)
            return try self.core.withLock { core in try core.session.readNotifications(ready: readiness == .ready).get() }
        }
    }

    /// Closes the connection (`PQfinish`). Further calls fail with `DATABASE_UNAVAILABLE`.
    public func close() async {
        await operation { self.core.withLock { core in core.session.close() } }
    }

    private func countStatement() {
        StatementCounter.current?.increment()
        tally?.increment()
    }

    /// Transaction control is not counted as a statement.
    private func control(_ text: String) async throws {
        let deadline = queryDeadline()
        _ = try await operation { try await self.exchange(deadline: deadline) { $0.beginScript(text) }.get() }
    }

    /// A client-side bound on waiting for the server: the statement timeout plus a grace
    /// period, so a silently vanished server (no FIN, no RST) cannot hang a caller forever.
    private func queryDeadline() -> ContinuousClock.Instant? {
        configuration.statementTimeout.map { ContinuousClock.now + $0 + .seconds(10) }
    }

    /// Runs one operation with the connection to itself, then records its state for the
    /// pool (usable, outside a transaction, when last used).
    private func operation<Value>(_ body: () async throws -> Value) async rethrows -> Value {
        await serial.lock()
        defer {
            core.withLock { core in
                usable.store(core.session.isUsable, ordering: .releasing)
                outsideTransaction.store(core.session.isOutsideTransaction, ordering: .releasing)
            }
            lastActivity.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
            serial.unlock()
        }
        return try await body()
    }

    /// Runs a parameterized statement through the extended protocol, preparing it on
    /// first use and executing it by name afterwards. Its results come in binary format when
    /// the description of the prepared statement shows columns that all have binary decoders
    /// (``PostgresDataType/hasBinaryDecoding``), from the first execution on, so every run of
    /// a statement (and every test's) reads the same format.
    private func run(_ sql: SQL, deadline: ContinuousClock.Instant?) async -> Result<PostgresQueryResult, PostgresError> {
        if let invalid = ConnectionCore.invalidParameter(in: sql) { return .failure(invalid) }
        let text = sql.text
        let key = PreparedStatementCache.Key(sql)
        if let entry = core.withLock({ $0.statements.entry(for: key) }) {
            let result = await exchange(deadline: deadline) {
                $0.beginPrepared(entry.name, sql.binds, statement: text, binaryResults: entry.binaryResults)
            }
            // The server forgot it (e.g. `DEALLOCATE ALL` or `DISCARD ALL`): prepare it again.
            guard case .failure(let error) = result, error.sqlState == "26000" else { return result }
            core.withLock { $0.statements.remove(key) }
        }
        switch await prepare(text, key: key, deadline: deadline) {
        case .failure(let error):
            return .failure(error)
        case .success(let entry?):
            return await exchange(deadline: deadline) {
                $0.beginPrepared(entry.name, sql.binds, statement: text, binaryResults: entry.binaryResults)
            }
        case .success(nil):
            return await exchange(deadline: deadline) { $0.beginUnnamed(text, sql.binds, types: key.types) }
        }
    }

    /// Prepares `text` under a new name and describes it; `nil` when the cache is full (the
    /// statement then runs as the unnamed one). Outcomes are returned, not thrown, here and in
    /// `run`, so that a batch keeps each statement's own outcome.
    private func prepare(
        _ text: String, key: PreparedStatementCache.Key, deadline: ContinuousClock.Instant?
    ) async -> Result<PreparedStatementCache.Entry?, PostgresError> {
        guard let name = core.withLock({ $0.statements.isFull ? nil : $0.statements.makeName() }) else { return .success(nil) }
        if case .failure(let error) = await exchange(deadline: deadline, { $0.beginPrepare(name, text, types: key.types) }) {
            return .failure(error)
        }
        let description: PostgresQueryResult
        switch await exchange(deadline: deadline, { $0.beginDescribe(name, statement: text) }) {
        case .failure(let error): return .failure(error)
        case .success(let described): description = described
        }
        let binaryResults = description.columns?.allHaveBinaryDecoding ?? false
        return .success(core.withLock { $0.statements.insert(name, binaryResults: binaryResults, for: key) })
    }

    /// Runs `statements` in order, their executions in one pipeline: a statement met for the
    /// first time is prepared (and described) on the way, a refused parameter fails before
    /// anything is sent, and one that cannot be prepared (the cache is full) runs alone after
    /// the executions before it. A statement the server forgot (`26000`) is prepared and run
    /// again alone after the pipeline, as `run` does.
    private func runBatch(_ statements: [SQL], deadline: ContinuousClock.Instant?) async -> [Result<PostgresQueryResult, PostgresError>] {
        var outcomes = [Result<PostgresQueryResult, PostgresError>?](repeating: nil, count: statements.count)
        var pending: [(position: Int, execution: ConnectionCore.Execution)] = []
        for (position, sql) in statements.enumerated() {
            if let invalid = ConnectionCore.invalidParameter(in: sql) {
                outcomes[position] = .failure(invalid)
                continue
            }
            let key = PreparedStatementCache.Key(sql)
            var entry = core.withLock { $0.statements.entry(for: key) }
            if entry == nil {
                switch await prepare(sql.text, key: key, deadline: deadline) {
                case .failure(let error):
                    outcomes[position] = .failure(error)
                    continue
                case .success(let prepared):
                    entry = prepared
                }
            }
            guard let entry else {
                await runPipeline(pending, of: statements, deadline: deadline, into: &outcomes)
                pending = []
                outcomes[position] = await run(sql, deadline: deadline)
                continue
            }
            let execution = ConnectionCore.Execution(
                name: entry.name, binds: sql.binds, statement: sql.text, binaryResults: entry.binaryResults,
                plainRead: entry.plainRead
            )
            pending.append((position, execution))
        }
        await runPipeline(pending, of: statements, deadline: deadline, into: &outcomes)
        return outcomes.map { $0! }
    }

    /// Executes `pending` (prepared statements of `statements`, by position) in one pipeline, or
    /// alone when it is one. A statement the server forgot (`26000`) is prepared and run again
    /// alone, and so is a plain read that did not run because a read before it under the same
    /// Sync failed (``PlainRead``). Those reruns come after the pipeline's later statements,
    /// which is an order the batch's callers could have met anyway: they are concurrent.
    private func runPipeline(
        _ pending: [(position: Int, execution: ConnectionCore.Execution)], of statements: [SQL],
        deadline: ContinuousClock.Instant?, into outcomes: inout [Result<PostgresQueryResult, PostgresError>?]
    ) async {
        guard pending.count > 1 else {
            for (position, _) in pending { outcomes[position] = await run(statements[position], deadline: deadline) }
            return
        }
        pipelinedStatements.add(pending.count, ordering: .relaxed)
        let results: [Result<PostgresQueryResult, PostgresError>?] =
            switch await exchange(deadline: deadline, { $0.beginPipeline(pending.map(\.execution)) }) {
            case .success: core.withLock { $0.session.takePipelineResults() }
            case .failure(let error): [Result<PostgresQueryResult, PostgresError>](repeating: .failure(error), count: pending.count)
            }
        for ((position, _), result) in zip(pending, results) {
            switch result {
            case nil:
                outcomes[position] = await run(statements[position], deadline: deadline)
            case .failure(let error)? where error.sqlState == "26000":
                core.withLock { $0.statements.remove(PreparedStatementCache.Key(statements[position])) }
                outcomes[position] = await run(statements[position], deadline: deadline)
            case let result?:
                outcomes[position] = result
            }
        }
    }

    /// Starts an exchange with `begin` on the calling task; when libpq must wait for the
    /// server, the reply is polled for a moment if the exchange is the only one in flight
    /// (``ReplyPoll``), then the ``SocketReadinessLoop`` drives the rest on its thread
    /// and resumes the task once with the outcome.
    private func exchange(
        deadline: ContinuousClock.Instant?, _ begin: (inout ConnectionCore) -> LibPQSession.Progress
    ) async -> Result<PostgresQueryResult, PostgresError> {
        let alone = replyPoll?.begin() ?? false
        defer { replyPoll?.end() }
        var progress = core.withLock { core in begin(&core) }
        if alone, let replyPoll, configuration.replyPollWindow > .zero {
            progress = replyPoll.poll(progress, for: configuration.replyPollWindow) {
                core.withLock { core in core.session.resume(.ready) }
            }
        }
        switch progress {
        case .finished(let result):
            return result
        case .wait(let socket, let read, let write):
            let interest = SocketReadinessLoop.Interest(socket: socket, read: read, write: write)
            return await SocketReadinessLoop.shared.drive(interest, deadline: deadline) { readiness in
                switch self.core.withLock({ core in core.session.resume(readiness) }) {
                case .finished(let result): .finish(result)
                case .wait(let socket, let read, let write): .wait(.init(socket: socket, read: read, write: write))
                }
            }
        }
    }
}
