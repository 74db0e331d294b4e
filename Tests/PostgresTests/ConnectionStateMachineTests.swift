import Testing

@testable import Postgres

@Suite("Connection state machine")
struct ConnectionStateMachineTests {
    typealias Machine = ConnectionStateMachine

    /// Drives a fresh machine through a successful connect and setup.
    func connected() -> Machine {
        var machine = Machine()
        _ = machine.handle(.connectRequested)
        _ = machine.handle(.connectStarted(failure: nil))
        _ = machine.handle(.socketReady)
        _ = machine.handle(.connectPolled(.ok))
        _ = machine.handle(.sent(failure: nil))
        _ = machine.handle(.flushed(.done))
        _ = machine.handle(.socketReady)
        _ = machine.handle(.inputConsumed(failure: nil, busy: false))
        _ = machine.handle(.resultsCollected(finished: true))
        return machine
    }

    @Test func connectHandshakeFollowsPQconnectPoll() {
        var machine = Machine()
        #expect(machine.handle(.connectRequested) == .startConnect)
        #expect(machine.handle(.connectStarted(failure: nil)) == .waitForSocket(read: false, write: true))
        #expect(machine.handle(.socketReady) == .pollConnect)
        #expect(machine.handle(.connectPolled(.reading)) == .waitForSocket(read: true, write: false))
        #expect(machine.handle(.socketReady) == .pollConnect)
        #expect(machine.handle(.connectPolled(.writing)) == .waitForSocket(read: false, write: true))
        #expect(machine.handle(.socketReady) == .pollConnect)
        #expect(machine.handle(.connectPolled(.ok)) == .sendSetup)
        #expect(machine.handle(.sent(failure: nil)) == .flush)
        #expect(machine.handle(.flushed(.done)) == .waitForSocket(read: true, write: false))
        #expect(machine.handle(.socketReady) == .consumeInput)
        #expect(machine.handle(.inputConsumed(failure: nil, busy: false)) == .collectResults)
        #expect(machine.handle(.resultsCollected(finished: true)) == .connected)
        #expect(machine.state == .idle)
        #expect(machine.isUsable)
    }

    @Test func refusedConnectionClosesAsUnavailable() {
        var machine = Machine()
        _ = machine.handle(.connectRequested)
        _ = machine.handle(.connectStarted(failure: nil))
        _ = machine.handle(.socketReady)
        let action = machine.handle(.connectPolled(.failed("Connection refused")))
        #expect(action == .close(.unavailable("Connection refused")))
        #expect(machine.state == .closed)
        guard case .reject(let error) = machine.handle(.queryRequested) else {
            Issue.record("a closed connection must reject queries")
            return
        }
        #expect(error.code == .databaseUnavailable)
    }

    @Test func connectTimeout() {
        var machine = Machine()
        _ = machine.handle(.connectRequested)
        _ = machine.handle(.connectStarted(failure: nil))
        guard case .close(let error?) = machine.handle(.socketTimedOut) else {
            Issue.record("a timed-out connect must close")
            return
        }
        #expect(error.code == .databaseUnavailable)
    }

    @Test func queryWithPartialFlushAndPartialResults() {
        var machine = connected()
        #expect(machine.handle(.queryRequested) == .send)
        #expect(machine.state == .sending(.query))
        #expect(machine.handle(.sent(failure: nil)) == .flush)
        #expect(machine.handle(.flushed(.pending)) == .waitForSocket(read: true, write: true))
        #expect(machine.handle(.socketReady) == .consumeInput)
        #expect(machine.handle(.inputConsumed(failure: nil, busy: true)) == .flush)
        #expect(machine.handle(.flushed(.done)) == .waitForSocket(read: true, write: false))
        #expect(machine.handle(.socketReady) == .consumeInput)
        #expect(machine.handle(.inputConsumed(failure: nil, busy: true)) == .waitForSocket(read: true, write: false))
        #expect(machine.handle(.socketReady) == .consumeInput)
        #expect(machine.handle(.inputConsumed(failure: nil, busy: false)) == .collectResults)
        #expect(machine.handle(.resultsCollected(finished: false)) == .waitForSocket(read: true, write: false))
        #expect(machine.handle(.socketReady) == .consumeInput)
        #expect(machine.handle(.inputConsumed(failure: nil, busy: false)) == .collectResults)
        #expect(machine.handle(.resultsCollected(finished: true)) == .complete)
        #expect(machine.state == .idle)
    }

    @Test func secondQueryWhileBusyIsRejectedWithoutChangingState() {
        var machine = connected()
        _ = machine.handle(.queryRequested)
        guard case .reject(let error) = machine.handle(.queryRequested) else {
            Issue.record("a busy connection must reject a second query")
            return
        }
        #expect(error.code == .misuse)
        #expect(machine.state == .sending(.query))
    }

    @Test func lostConnectionMidQueryCloses() {
        var machine = connected()
        _ = machine.handle(.queryRequested)
        _ = machine.handle(.sent(failure: nil))
        _ = machine.handle(.flushed(.done))
        _ = machine.handle(.socketReady)
        let action = machine.handle(.inputConsumed(failure: "server closed the connection unexpectedly", busy: false))
        #expect(action == .close(.unavailable("server closed the connection unexpectedly")))
        #expect(!machine.isUsable)
    }

    @Test func connectionLostWhileIdle() {
        var machine = connected()
        #expect(machine.handle(.connectionLost("terminating connection due to administrator command"))
            == .close(.unavailable("terminating connection due to administrator command")))
    }

    @Test func orderlyCloseThenCloseAgain() {
        var machine = connected()
        #expect(machine.handle(.closeRequested) == .close(nil))
        guard case .reject = machine.handle(.closeRequested) else {
            Issue.record("closing twice must be rejected")
            return
        }
    }

    @Test func unexpectedEventIsRejected() {
        var machine = Machine()
        guard case .reject(let error) = machine.handle(.flushed(.done)) else {
            Issue.record("an event out of order must be rejected")
            return
        }
        #expect(error.code == .misuse)
        #expect(machine.state == .initialized)
    }
}
