import CLibPQ

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The I/O half of a connection: owns the `PGconn*` and performs the actions the
/// `ConnectionStateMachine` asks for, with libpq in non-blocking mode. It never waits:
/// when the machine asks for socket readiness, `begin`/`resume` return `.wait`, and the
/// ``SocketReadinessLoop`` (through `PostgresConnection`) feeds the outcome back through
/// `resume` on its thread. So a connection holds no thread of its own, and no thread
/// blocks in it.
struct LibPQSession: ~Copyable {
    /// Where an exchange stands after a step.
    enum Progress {
        /// Wait until `socket` is readable/writable, then call `resume`.
        case wait(socket: Int32, read: Bool, write: Bool)
        /// The exchange is over: its converted results, or why it failed.
        case finished(Result<PostgresQueryResult, PostgresError>)
    }

    private(set) var handle: OpaquePointer?
    private(set) var machine = ConnectionStateMachine()
    private let configuration: PostgresConfiguration
    /// Notifications libpq received along the way (LISTEN), drained by `takeNotifications`.
    private var notifications: [PostgresNotification] = []
    /// The results collected so far by the exchange in progress.
    private var results: [OpaquePointer] = []
    /// The statement text of the exchange in progress, for error reports.
    private var statement: String?
    /// The statements of the pipeline in progress (``begin(pipeline:syncs:send:)``), in order.
    private var pipeline: [String]?
    /// The Syncs the pipeline in progress sent, and those whose results came back so far.
    private var pipelineSyncs = (sent: 0, back: 0)
    /// Where each statement's results end in `results`, for the pipeline in progress: a
    /// statement's results are followed by a null from `PQgetResult`. (A Sync's result is
    /// counted and freed as it arrives, never kept.)
    private var pipelineEnds: [Int] = []
    /// Each statement's outcome of the last pipeline, until `takePipelineResults` reads them;
    /// `nil` for a statement that did not run because one before it under its Sync failed.
    private var pipelineResults: [Result<PostgresQueryResult, PostgresError>?] = []

    init(configuration: PostgresConfiguration) {
        self.configuration = configuration
    }

    deinit {
        results.forEach { PQclear($0) }
        if let handle { PQfinish(handle) }
    }

    var isUsable: Bool { machine.isUsable }

    /// True when the session is outside any transaction block (libpq's `PQTRANS_IDLE`).
    var isOutsideTransaction: Bool {
        handle.map { PQtransactionStatus($0) == PQTRANS_IDLE } ?? false
    }

    /// Starts connecting (and then the session setup); continue with `resume`.
    mutating func beginConnect() -> Progress {
        statement = nil
        return drive(machine.handle(.connectRequested), send: { _ in 0 })
    }

    /// Sends one command with `send` and starts collecting its results; continue with `resume`.
    mutating func begin(statement: String?, send: (OpaquePointer) -> Int32) -> Progress {
        self.statement = statement
        return drive(machine.handle(.queryRequested), send: send)
    }

    /// Sends several statements in pipeline mode with `send` (PostgreSQL manual 34.5 "Pipeline
    /// Mode"), which must enter the mode, send the statements and `syncs` Syncs, the last after
    /// the last statement; `statements` are their texts, in order. The exchange finishes once
    /// every Sync came back, with an empty success; each statement's own outcome is then read
    /// with `takePipelineResults`.
    mutating func begin(pipeline statements: [String], syncs: Int, send: (OpaquePointer) -> Int32) -> Progress {
        statement = nil
        pipeline = statements
        pipelineSyncs = (syncs, 0)
        pipelineEnds = []
        return drive(machine.handle(.queryRequested), send: send)
    }

    /// The outcome of each statement of the pipeline that finished last, in order; `nil` for a
    /// statement that did not run (`PGRES_PIPELINE_ABORTED`: a statement before it under the
    /// same Sync failed).
    mutating func takePipelineResults() -> [Result<PostgresQueryResult, PostgresError>?] {
        defer { pipelineResults = [] }
        return pipelineResults
    }

    /// Continues the exchange in progress with the outcome of the wait it asked for.
    mutating func resume(_ readiness: SocketReadinessLoop.Readiness) -> Progress {
        let event: ConnectionStateMachine.Event = switch readiness {
        case .ready: .socketReady
        case .timedOut: .socketTimedOut
        case .failed(let message): .connectionLost(message)
        }
        return drive(machine.handle(event), send: { _ in 0 })
    }

    /// A cheap liveness check before a pooled connection is handed out: consumes whatever
    /// the server sent meanwhile (a shutdown notice, a closed socket) without waiting.
    mutating func checkAlive() -> Bool {
        guard machine.isUsable, let handle else { return false }
        switch pollNow() {
        case .socketTimedOut: return true
        case .socketReady:
            if PQconsumeInput(handle) == 0 || PQstatus(handle) == CONNECTION_BAD {
                _ = finish(.unavailable("the server closed the connection"))
                return false
            }
            collectNotifications()
            return true
        default:
            _ = finish(.unavailable("the connection's socket failed"))
            return false
        }
    }

    /// The socket to wait on for notifications (LISTEN), or `nil` when some already arrived.
    mutating func notificationSocket() -> Result<Int32?, PostgresError> {
        guard machine.isUsable, let handle else { return .failure(.unavailable("the connection is closed")) }
        collectNotifications()
        return .success(notifications.isEmpty ? PQsocket(handle) : nil)
    }

    /// Reads what arrived after a wait for notifications (`ready`: the socket became
    /// readable) and returns the notifications received.
    mutating func readNotifications(ready: Bool) -> Result<[PostgresNotification], PostgresError> {
        guard machine.isUsable, let handle else { return .failure(.unavailable("the connection is closed")) }
        if ready, PQconsumeInput(handle) == 0 || PQstatus(handle) == CONNECTION_BAD {
            return .failure(finish(.unavailable("the server closed the connection")))
        }
        collectNotifications()
        return .success(takeNotifications())
    }

    mutating func takeNotifications() -> [PostgresNotification] {
        defer { notifications = [] }
        return notifications
    }

    /// Closes the connection in an orderly way.
    mutating func close() {
        if case .close = machine.handle(.closeRequested), let handle {
            PQfinish(handle)
            self.handle = nil
        }
    }

    private mutating func finish(_ error: PostgresError) -> PostgresError {
        if case .close(let reason) = machine.handle(.connectionLost(error.message)) {
            if let handle { PQfinish(handle) }
            handle = nil
            return reason ?? error
        }
        return error
    }

    private func lastErrorMessage() -> String {
        guard let handle, let message = PQerrorMessage(handle) else { return "" }
        return LibPQResult.trimmed(String(cString: message))
    }

    private mutating func collectNotifications() {
        guard let handle else { return }
        while let notify = PQnotifies(handle) {
            notifications.append(
                PostgresNotification(
                    channel: String(cString: notify.pointee.relname), payload: String(cString: notify.pointee.extra),
                    processID: Int(notify.pointee.be_pid)
                )
            )
            PQfreemem(notify)
        }
    }

    /// Performs `action` and the ones that follow until the exchange must wait or is over.
    private mutating func drive(_ first: ConnectionStateMachine.Action, send: (OpaquePointer) -> Int32) -> Progress {
        var action = first
        while true {
            let next: ConnectionStateMachine.Event
            switch action {
            case .startConnect:
                next = .connectStarted(failure: startConnect())
            case .pollConnect:
                next = .connectPolled(pollConnect())
            case .waitForSocket(let read, let write):
                let socket = handle.map { PQsocket($0) } ?? -1
                guard socket >= 0 else {
                    next = .connectionLost("the connection has no socket")
                    break
                }
                return .wait(socket: socket, read: read, write: write)
            case .sendSetup:
                next = .sent(failure: PQsendQuery(handle, configuration.sessionSetup) == 1 ? nil : lastErrorMessage())
            case .send:
                let sent = if let handle { send(handle) } else { Int32(0) }
                next = .sent(failure: sent == 1 ? nil : lastErrorMessage())
            case .flush:
                switch PQflush(handle) {
                case 0: next = .flushed(.done)
                case 1: next = .flushed(.pending)
                default: next = .flushed(.failed(lastErrorMessage()))
                }
            case .consumeInput:
                let consumed = PQconsumeInput(handle) == 1
                next = .inputConsumed(failure: consumed ? nil : lastErrorMessage(), busy: PQisBusy(handle) == 1)
            case .collectResults:
                let finished = pipeline == nil ? collectResults() : collectPipelineResults()
                collectNotifications()
                next = .resultsCollected(finished: finished)
            case .connected:
                let setup = results
                results = []
                // A failing session setup leaves the connection unfit for use.
                if case .failure(let error) = LibPQResult.consume(setup, statement: nil) { return .finished(.failure(finish(error))) }
                return .finished(.success(PostgresQueryResult(rows: [], affectedRows: 0, commandTag: "")))
            case .complete:
                return .finished(takeResults())
            case .reject(let error):
                clearResults()
                return .finished(.failure(error))
            case .close(let error):
                clearResults()
                if let handle { PQfinish(handle) }
                handle = nil
                return .finished(.failure(error ?? .unavailable("the connection was closed")))
            }
            action = machine.handle(next)
        }
    }

    /// Takes the results that arrived while libpq is not busy; true once the command is done
    /// (`PQgetResult` returned null).
    private mutating func collectResults() -> Bool {
        while PQisBusy(handle) == 0 {
            guard let result = PQgetResult(handle) else { return true }
            results.append(result)
        }
        return false
    }

    /// Takes a pipeline's results that arrived while libpq is not busy; true once every
    /// Sync came back, when the connection leaves pipeline mode. In pipeline mode
    /// `PQgetResult` returns null after each statement's results and none after a Sync's
    /// (manual 34.5.1.2), so a null ends a statement's results (`pipelineEnds`); two in a
    /// row mean libpq has nothing left queued, which ends the exchange (`takeResults` then
    /// reports the statements missing).
    private mutating func collectPipelineResults() -> Bool {
        var nulls = 0
        while PQisBusy(handle) == 0 {
            guard let result = PQgetResult(handle) else {
                nulls += 1
                if nulls == 2 { break }
                if results.count > (pipelineEnds.last ?? 0) { pipelineEnds.append(results.count) }
                continue
            }
            nulls = 0
            guard PQresultStatus(result) == PGRES_PIPELINE_SYNC else {
                results.append(result)
                continue
            }
            PQclear(result)
            pipelineSyncs.back += 1
            if pipelineSyncs.back == pipelineSyncs.sent { break }
        }
        guard nulls == 2 || pipelineSyncs.back == pipelineSyncs.sent else { return false }
        PQexitPipelineMode(handle)
        return true
    }

    /// The finished exchange's results, converted (the first error wins) and freed; a
    /// connection libpq found broken meanwhile is closed and reported unavailable. A
    /// pipeline's results are split at `pipelineEnds` into each statement's outcome
    /// (`takePipelineResults`), and the exchange itself reports an empty success.
    private mutating func takeResults() -> Result<PostgresQueryResult, PostgresError> {
        let (taken, pipeline) = (results, self.pipeline)
        (results, self.pipeline) = ([], nil)
        if handle.map({ PQstatus($0) }) == CONNECTION_BAD {
            _ = LibPQResult.consume(taken, statement: nil)
            let message = lastErrorMessage()
            return .failure(finish(.unavailable(message.isEmpty ? "the server closed the connection" : message)))
        }
        guard let pipeline else { return LibPQResult.consume(taken, statement: statement) }
        var start = 0
        for end in pipelineEnds where pipelineResults.count < pipeline.count {
            let group = Array(taken[start..<end])
            start = end
            if group.count == 1, PQresultStatus(group[0]) == PGRES_PIPELINE_ABORTED {
                PQclear(group[0])
                pipelineResults.append(nil)
            } else {
                pipelineResults.append(LibPQResult.consume(group, statement: pipeline[pipelineResults.count]))
            }
        }
        taken[start...].forEach { PQclear($0) }
        pipelineEnds = []
        while pipelineResults.count < pipeline.count {
            pipelineResults.append(.failure(.unavailable("the server sent no result for the statement")))
        }
        return .success(PostgresQueryResult(rows: [], affectedRows: 0, commandTag: ""))
    }

    private mutating func clearResults() {
        results.forEach { PQclear($0) }
        results = []
        pipeline = nil
    }

    private mutating func startConnect() -> String? {
        let parameters = configuration.connectionParameters
        let keywords = parameters.map { strdup($0.0) } + [nil]
        let values = parameters.map { strdup($0.1) } + [nil]
        defer { (keywords + values).forEach { free($0) } }
        let connection = keywords.map { UnsafePointer($0) }.withUnsafeBufferPointer { keywordBuffer in
            values.map { UnsafePointer($0) }.withUnsafeBufferPointer { valueBuffer in
                PQconnectStartParams(keywordBuffer.baseAddress, valueBuffer.baseAddress, 0)
            }
        }
        handle = connection
        guard let connection else { return "out of memory starting a connection" }
        if PQstatus(connection) == CONNECTION_BAD { return lastErrorMessage() }
        // Server notices (e.g. "relation already exists, skipping") would go to stderr.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        if PQsetnonblocking(connection, 1) != 0 { return lastErrorMessage() }
        return nil
    }

    private func pollConnect() -> ConnectionStateMachine.ConnectPoll {
        switch PQconnectPoll(handle) {
        case PGRES_POLLING_READING: .reading
        case PGRES_POLLING_WRITING: .writing
        case PGRES_POLLING_OK: .ok
        default: .failed(lastErrorMessage())
        }
    }

    /// Whether the socket is readable right now (`poll(2)` with a zero timeout: never waits).
    private func pollNow() -> ConnectionStateMachine.Event {
        let socket = handle.map { PQsocket($0) } ?? -1
        guard socket >= 0 else { return .connectionLost("the connection has no socket") }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, 0)
            if ready > 0 { return .socketReady }
            if ready == 0 { return .socketTimedOut }
            if errno != EINTR { return .connectionLost("poll(2) failed with errno \(errno)") }
        }
    }
}
