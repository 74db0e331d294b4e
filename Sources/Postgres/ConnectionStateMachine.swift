/// The lifecycle of one libpq connection, driven through libpq's non-blocking API, as a
/// plain state machine: the driver (`PostgresConnection`) feeds in what libpq reported
/// and performs the action returned. No I/O happens here, so every transition is
/// unit-tested without a database.
///
/// The protocol follows libpq's documentation (PostgreSQL manual 34.1 "Database
/// Connection Control Functions" for `PQconnectPoll`, 34.4 "Asynchronous Command
/// Processing" for `PQsendQuery*`/`PQflush`/`PQconsumeInput`/`PQisBusy`):
/// after `PQconnectStart`, wait until the socket is writable, then call `PQconnectPoll`
/// and wait for what it asks (readable or writable) until it says OK or FAILED.
/// After sending a command, call `PQflush` until it returns 0, waiting for the socket in
/// between (consuming input when readable, since the server may be blocked writing);
/// then wait for readability, `PQconsumeInput`, and collect results while `PQisBusy`
/// is false, until `PQgetResult` returns NULL.
struct ConnectionStateMachine {
    enum Exchange: Equatable {
        /// The session setup statements run once after connecting.
        case setup
        /// A caller's statement (or one step of it, such as a prepare).
        case query
    }

    enum State: Equatable {
        case initialized
        case connecting
        case sending(Exchange)
        case receiving(Exchange)
        case idle
        case closed
    }

    enum ConnectPoll: Equatable {
        case reading, writing, ok, failed(String)
    }

    enum Flush: Equatable {
        case done, pending, failed(String)
    }

    enum Event: Equatable {
        case connectRequested
        case connectStarted(failure: String?)
        case connectPolled(ConnectPoll)
        case socketReady
        case socketTimedOut
        case queryRequested
        case sent(failure: String?)
        case flushed(Flush)
        case inputConsumed(failure: String?, busy: Bool)
        case resultsCollected(finished: Bool)
        /// libpq reports the connection bad (e.g. the server closed it after an error).
        case connectionLost(String)
        case closeRequested
    }

    enum Action: Equatable {
        case startConnect
        case pollConnect
        case waitForSocket(read: Bool, write: Bool)
        case sendSetup
        case send
        case flush
        case consumeInput
        case collectResults
        /// The setup finished: the connection is ready for queries.
        case connected
        /// The caller's exchange finished; its results are complete.
        case complete
        /// Reject the request; the connection's state is unchanged.
        case reject(PostgresError)
        /// Close the connection (`PQfinish`); `error` is why, `nil` for an orderly close.
        case close(PostgresError?)
    }

    private(set) var state: State = .initialized

    var isUsable: Bool { state == .idle }

    mutating func handle(_ event: Event) -> Action {
        switch (state, event) {
        case (_, .closeRequested):
            if state == .closed { return .reject(.unavailable("the connection is already closed")) }
            state = .closed
            return .close(nil)
        case (.closed, _):
            return .reject(.unavailable("the connection is closed"))
        case (_, .connectionLost(let message)):
            return lose(message)

        case (.initialized, .connectRequested):
            state = .connecting
            return .startConnect
        case (.connecting, .connectStarted(let failure)):
            if let failure { return lose(failure) }
            return .waitForSocket(read: false, write: true)
        case (.connecting, .socketReady):
            return .pollConnect
        case (.connecting, .socketTimedOut):
            return lose("timed out while connecting")
        case (.connecting, .connectPolled(let poll)):
            switch poll {
            case .reading: return .waitForSocket(read: true, write: false)
            case .writing: return .waitForSocket(read: false, write: true)
            case .failed(let message): return lose(message)
            case .ok:
                state = .sending(.setup)
                return .sendSetup
            }

        case (.idle, .queryRequested):
            state = .sending(.query)
            return .send
        case (_, .queryRequested):
            return .reject(PostgresError(code: .misuse, message: "the connection is not ready for a query (\(state))"))

        case (.sending, .sent(let failure)):
            if let failure { return lose(failure) }
            return .flush
        case (.sending(let exchange), .flushed(let flush)):
            switch flush {
            case .pending: return .waitForSocket(read: true, write: true)
            case .failed(let message): return lose(message)
            case .done:
                state = .receiving(exchange)
                return .waitForSocket(read: true, write: false)
            }
        case (.sending, .socketReady), (.receiving, .socketReady):
            return .consumeInput
        case (.sending, .inputConsumed(let failure, _)):
            if let failure { return lose(failure) }
            return .flush
        case (.receiving, .inputConsumed(let failure, let busy)):
            if let failure { return lose(failure) }
            return busy ? .waitForSocket(read: true, write: false) : .collectResults
        case (.receiving(let exchange), .resultsCollected(let finished)):
            guard finished else { return .waitForSocket(read: true, write: false) }
            state = .idle
            return exchange == .setup ? .connected : .complete
        case (.sending, .socketTimedOut), (.receiving, .socketTimedOut):
            return lose("timed out waiting for the server")

        default:
            return .reject(PostgresError(code: .misuse, message: "unexpected event \(event) in state \(state)"))
        }
    }

    private mutating func lose(_ message: String) -> Action {
        state = .closed
        return .close(.unavailable(message))
    }
}
