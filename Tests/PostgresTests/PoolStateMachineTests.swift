import Testing

@testable import Postgres

@Suite("Pool state machine")
struct PoolStateMachineTests {
    func machine(size: Int = 2) -> PoolStateMachine {
        PoolStateMachine(size: size, reconnectDelay: .milliseconds(100), maxReconnectDelay: .seconds(1))
    }

    let down = PostgresError.unavailable("Connection refused")

    @Test func firstLeaseOpensAConnectionAndWaits() {
        var pool = machine()
        #expect(pool.leaseRequested(waiter: 1) == [.startTimer(waiter: 1), .connect(slot: 0)])
        #expect(pool.waiters == [1])
        #expect(pool.connected(slot: 0) == [.lease(slot: 0, waiter: 1)])
        #expect(pool.leasedCount == 1)
    }

    @Test func releasedConnectionIsReusedBeforeOpeningAnother() {
        var pool = machine()
        _ = pool.leaseRequested(waiter: 1)
        _ = pool.connected(slot: 0)
        #expect(pool.released(slot: 0, usable: true) == [])
        #expect(pool.idleCount == 1)
        #expect(pool.leaseRequested(waiter: 2) == [.lease(slot: 0, waiter: 2)])
        #expect(pool.idleCount == 0)
    }

    @Test func anIdleConnectionIsLeasedAtOnceWithoutWaiting() {
        var pool = machine()
        // Nothing idle yet: no lease, nothing changed, so the caller waits as usual.
        #expect(pool.leaseIdle() == nil)
        #expect(pool.waiters.isEmpty && pool.leasedCount == 0)
        _ = pool.leaseRequested(waiter: 1)
        _ = pool.connected(slot: 0)
        _ = pool.released(slot: 0, usable: true)
        #expect(pool.leaseIdle() == 0)
        #expect(pool.leasedCount == 1 && pool.idleCount == 0)
        #expect(pool.leaseIdle() == nil)
        #expect(pool.released(slot: 0, usable: true) == [])
        _ = pool.shutdown()
        #expect(pool.leaseIdle() == nil)
    }

    @Test func neverMoreConnectionsThanSlotsAndWaitersAreFIFO() {
        var pool = machine(size: 2)
        _ = pool.leaseRequested(waiter: 1)
        _ = pool.leaseRequested(waiter: 2)
        #expect(pool.leaseRequested(waiter: 3) == [.startTimer(waiter: 3)])
        #expect(pool.connectingCount == 2)
        _ = pool.connected(slot: 0)
        _ = pool.connected(slot: 1)
        #expect(pool.waiters == [3])
        #expect(pool.released(slot: 1, usable: true) == [.lease(slot: 1, waiter: 3)])
        #expect(pool.leasedCount == 2)
    }

    @Test func exhaustedPoolTimesOutTheWaiter() {
        var pool = machine(size: 1)
        _ = pool.leaseRequested(waiter: 1)
        _ = pool.connected(slot: 0)
        _ = pool.leaseRequested(waiter: 2)
        let timeout = PostgresError(code: .poolTimeout, message: "timed out")
        #expect(pool.waiterAbandoned(waiter: 2, error: timeout) == [.fail(waiters: [2], timeout)])
        #expect(pool.waiters.isEmpty)
        // A late timer for a waiter that was served does nothing.
        #expect(pool.waiterAbandoned(waiter: 1, error: timeout) == [])
    }

    @Test func failedConnectFailsWaitersAndLaterRequestsFast() {
        var pool = machine(size: 2)
        _ = pool.leaseRequested(waiter: 1)
        #expect(pool.connectFailed(slot: 0, error: down) == [
            .fail(waiters: [1], down), .scheduleReconnect(slot: 0, after: .milliseconds(100)),
        ])
        #expect(pool.outage == down)
        // While down, a request without an idle connection fails at once.
        #expect(pool.leaseRequested(waiter: 2) == [.fail(waiters: [2], down)])
        // Back-off doubles per failure, capped.
        #expect(pool.reconnectDue(slot: 0) == [.connect(slot: 0)])
        #expect(pool.connectFailed(slot: 0, error: down) == [.scheduleReconnect(slot: 0, after: .milliseconds(200))])
        #expect(pool.backoff(attempt: 10) == .seconds(1))
    }

    @Test func serviceResumesWhenTheReconnectSucceeds() {
        var pool = machine()
        _ = pool.leaseRequested(waiter: 1)
        _ = pool.connectFailed(slot: 0, error: down)
        _ = pool.reconnectDue(slot: 0)
        #expect(pool.connected(slot: 0) == [])
        #expect(pool.outage == nil)
        #expect(pool.leaseRequested(waiter: 2) == [.lease(slot: 0, waiter: 2)])
    }

    @Test func brokenConnectionIsClosedAndReplacedForWaiters() {
        var pool = machine(size: 1)
        _ = pool.leaseRequested(waiter: 1)
        _ = pool.connected(slot: 0)
        _ = pool.leaseRequested(waiter: 2)
        #expect(pool.released(slot: 0, usable: false) == [.close(slot: 0), .connect(slot: 0)])
        #expect(pool.connected(slot: 0) == [.lease(slot: 0, waiter: 2)])
    }

    @Test func brokenConnectionWithoutWaitersLeavesSlotEmpty() {
        var pool = machine(size: 1)
        _ = pool.leaseRequested(waiter: 1)
        _ = pool.connected(slot: 0)
        #expect(pool.released(slot: 0, usable: false) == [.close(slot: 0)])
        #expect(pool.slots == [.empty])
    }

    @Test func shutdownClosesIdleConnections() {
        var pool = machine(size: 2)
        _ = pool.leaseRequested(waiter: 1)
        _ = pool.connected(slot: 0)
        _ = pool.released(slot: 0, usable: true)
        #expect(pool.shutdown() == [.close(slot: 0)])
        #expect(pool.leaseRequested(waiter: 2) == [.fail(waiters: [2], PoolStateMachine.closedError)])
    }

    @Test func shutdownFailsWaitersAndClosesConnectionsAsTheyComeBack() {
        var pool = machine(size: 2)
        _ = pool.leaseRequested(waiter: 1)
        _ = pool.connected(slot: 0)
        _ = pool.leaseRequested(waiter: 2)
        _ = pool.leaseRequested(waiter: 3)
        #expect(pool.shutdown() == [.fail(waiters: [2, 3], PoolStateMachine.closedError)])
        #expect(pool.connected(slot: 1) == [.close(slot: 1)])
        #expect(pool.released(slot: 0, usable: true) == [.close(slot: 0)])
        #expect(pool.slots == [.empty, .empty])
    }
}
