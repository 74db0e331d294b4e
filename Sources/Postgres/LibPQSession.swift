import CLibPQ

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The I/O half of a connection: owns the `PGconn*` and performs the actions the
/// `ConnectionStateMachine` asks for, with libpq in non-blocking mode and `poll(2)` for
/// socket readiness. Every call blocks the calling thread, which is always the
/// connection's own dispatch queue, never a NIO event loop or the cooperative pool.
struct LibPQSession: ~Copyable {
    private(set) var handle: OpaquePointer?
    private(set) var machine = ConnectionStateMachine()
    private let configuration: PostgresConfiguration
    /// Notifications libpq received along the way (LISTEN), drained by `takeNotifications`.
    private var notifications: [PostgresNotification] = []

    init(configuration: PostgresConfiguration) {
        self.configuration = configuration
    }

    deinit {
        if let handle { PQfinish(handle) }
    }

    var isUsable: Bool { machine.isUsable }

    /// True when the session is outside any transaction block (libpq's `PQTRANS_IDLE`).
    var isOutsideTransaction: Bool {
        handle.map { PQtransactionStatus($0) == PQTRANS_IDLE } ?? false
    }

    /// Connects and runs the session setup, or returns why it failed.
    mutating func connect(deadline: ContinuousClock.Instant) -> PostgresError? {
        switch run(.connectRequested, deadline: deadline, send: { _ in 0 }) {
        case .success(let results):
            if case .failure(let error) = LibPQResult.consume(results, statement: nil) {
                _ = finish(error)
                return error
            }
            return nil
        case .failure(let error):
            return error
        }
    }

    /// Sends one command with `send` and collects its results.
    mutating func exchange(
        deadline: ContinuousClock.Instant?, statement: String?, send: (OpaquePointer) -> Int32
    ) -> Result<PostgresQueryResult, PostgresError> {
        switch run(.queryRequested, deadline: deadline, send: send) {
        case .failure(let error):
            return .failure(error)
        case .success(let results):
            if handle.map({ PQstatus($0) }) == CONNECTION_BAD {
                _ = LibPQResult.consume(results, statement: nil)
                let message = lastErrorMessage()
                return .failure(finish(.unavailable(message.isEmpty ? "the server closed the connection" : message)))
            }
            return LibPQResult.consume(results, statement: statement)
        }
    }

    /// A cheap liveness check before a pooled connection is handed out: consumes whatever
    /// the server sent meanwhile (a shutdown notice, a closed socket) without waiting.
    mutating func checkAlive() -> Bool {
        guard machine.isUsable, let handle else { return false }
        switch waitForSocket(read: true, write: false, timeoutMilliseconds: 0) {
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

    /// Waits up to `timeout` for notifications (LISTEN) and returns those received.
    mutating func waitForNotifications(timeout: Duration) -> Result<[PostgresNotification], PostgresError> {
        guard machine.isUsable, let handle else { return .failure(.unavailable("the connection is closed")) }
        if notifications.isEmpty,
            case .socketReady = waitForSocket(read: true, write: false, timeoutMilliseconds: Int32(timeout.milliseconds))
        {
            if PQconsumeInput(handle) == 0 || PQstatus(handle) == CONNECTION_BAD {
                return .failure(finish(.unavailable("the server closed the connection")))
            }
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

    /// Feeds `event` to the state machine and performs actions until a terminal one.
    private mutating func run(
        _ event: ConnectionStateMachine.Event, deadline: ContinuousClock.Instant?, send: (OpaquePointer) -> Int32
    ) -> Result<[OpaquePointer], PostgresError> {
        var results: [OpaquePointer] = []
        var action = machine.handle(event)
        while true {
            let next: ConnectionStateMachine.Event
            switch action {
            case .startConnect:
                next = .connectStarted(failure: startConnect())
            case .pollConnect:
                next = .connectPolled(pollConnect())
            case .waitForSocket(let read, let write):
                next = waitForSocket(read: read, write: write, timeoutMilliseconds: remaining(until: deadline))
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
                var finished = false
                while PQisBusy(handle) == 0 {
                    guard let result = PQgetResult(handle) else {
                        finished = true
                        break
                    }
                    results.append(result)
                }
                collectNotifications()
                next = .resultsCollected(finished: finished)
            case .connected, .complete:
                return .success(results)
            case .reject(let error):
                results.forEach { PQclear($0) }
                return .failure(error)
            case .close(let error):
                results.forEach { PQclear($0) }
                if let handle { PQfinish(handle) }
                handle = nil
                return .failure(error ?? .unavailable("the connection was closed"))
            }
            action = machine.handle(next)
        }
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

    private func remaining(until deadline: ContinuousClock.Instant?) -> Int32 {
        guard let deadline else { return -1 }
        let left = ContinuousClock.now.duration(to: deadline).milliseconds
        return Int32(clamping: max(0, left))
    }

    private func waitForSocket(read: Bool, write: Bool, timeoutMilliseconds: Int32) -> ConnectionStateMachine.Event {
        let socket = handle.map { PQsocket($0) } ?? -1
        guard socket >= 0 else { return .connectionLost("the connection has no socket") }
        var descriptor = pollfd(
            fd: socket, events: Int16((read ? POLLIN : 0) | (write ? POLLOUT : 0)), revents: 0
        )
        while true {
            let ready = poll(&descriptor, 1, timeoutMilliseconds)
            if ready > 0 { return .socketReady }
            if ready == 0 { return .socketTimedOut }
            if errno != EINTR { return .connectionLost("poll(2) failed with errno \(errno)") }
        }
    }
}
