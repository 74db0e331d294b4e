import Testing

@testable import Postgres

@Suite("Pool state machine")
struct PoolStateMachineTests {
    func machine(size: Int = 2) -> PoolStateMachine {
        PoolStateMachine(size: size, reconnectDelay: .milliseconds(100), maxReconnectDelay: .seconds(1))
    }

    let down = PostgresError.unavailable("Connection refused")
    /// A waiter's deadline in the tests that are not about deadlines.
    let soon = ContinuousClock.now + .seconds(5)

    @Test func firstLeaseOpensAConnectionAndWaits() {
        var pool = machine()
        #expect(pool.leaseRequested(waiter: 1, deadline: soon) == [.watchDeadlines(until: soon), .connect(slot: 0)])
        #expect(pool.waiters == [1])
        #expect(pool.connected(slot: 0) == [.lease(slot: 0, waiter: 1)])
        #expect(pool.leasedCount == 1)
    }

    @Test func releasedConnectionIsReusedBeforeOpeningAnother() {
        var pool = machine()
        _ = pool.leaseRequested(waiter: 1, deadline: soon)
        _ = pool.connected(slot: 0)
        #expect(pool.released(slot: 0, usable: true) == [])
        #expect(pool.idleCount == 1)
        #expect(pool.leaseRequested(waiter: 2, deadline: soon) == [.lease(slot: 0, waiter: 2)])
        #expect(pool.idleCount == 0)
    }

    @Test func anIdleConnectionIsLeasedAtOnceWithoutWaiting() {
        var pool = machine()
        // Nothing idle yet: no lease, nothing changed, so the caller waits as usual.
        #expect(pool.leaseIdle() == nil)
        #expect(pool.waiters.isEmpty && pool.leasedCount == 0)
        _ = pool.leaseRequested(waiter: 1, deadline: soon)
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
        _ = pool.leaseRequested(waiter: 1, deadline: soon)
        _ = pool.leaseRequested(waiter: 2, deadline: soon)
        // The watch started for waiter 1 covers every later waiter.
        #expect(pool.leaseRequested(waiter: 3, deadline: soon) == [])
        #expect(pool.connectingCount == 2)
        _ = pool.connected(slot: 0)
        _ = pool.connected(slot: 1)
        #expect(pool.waiters == [3])
        #expect(pool.released(slot: 1, usable: true) == [.lease(slot: 1, waiter: 3)])
        #expect(pool.leasedCount == 2)
    }

    @Test func exhaustedPoolTimesOutTheWaiter() {
        var pool = machine(size: 1)
        _ = pool.leaseRequested(waiter: 1, deadline: soon)
        _ = pool.connected(slot: 0)
        _ = pool.leaseRequested(waiter: 2, deadline: soon)
        let timeout = PostgresError(code: .poolTimeout, message: "timed out")
        #expect(pool.waiterAbandoned(waiter: 2, error: timeout) == [.fail(waiters: [2], timeout)])
        #expect(pool.waiters.isEmpty)
        // A late cancellation of a waiter that was served does nothing.
        #expect(pool.waiterAbandoned(waiter: 1, error: timeout) == [])
    }

    @Test func oneWatchFailsTheWaitersWhoseDeadlinePassedAndKeepsTheOthers() {
        var pool = machine(size: 1)
        let start = ContinuousClock.now
        let timeout = PostgresError(code: .poolTimeout, message: "timed out")
        #expect(pool.leaseRequested(waiter: 1, deadline: start + .seconds(1)) == [.watchDeadlines(until: start + .seconds(1)), .connect(slot: 0)])
        _ = pool.connected(slot: 0)
        // Waiters 2, 3 and 4 queue behind the leased connection; the running watch covers them.
        #expect(pool.leaseRequested(waiter: 2, deadline: start + .seconds(2)) == [])
        #expect(pool.leaseRequested(waiter: 3, deadline: start + .seconds(3)) == [])
        #expect(pool.leaseRequested(waiter: 4, deadline: start + .seconds(4)) == [])
        // Waiter 1 was served: its deadline passing fails no one, and the watch moves to waiter 2's.
        #expect(pool.deadlinesPassed(now: start + .seconds(1), error: timeout) == [.watchDeadlines(until: start + .seconds(2))])
        // Woken late, the watch fails both waiters whose deadline passed, and watches waiter 4's.
        #expect(
            pool.deadlinesPassed(now: start + .milliseconds(3_500), error: timeout)
                == [.fail(waiters: [2, 3], timeout), .watchDeadlines(until: start + .seconds(4))]
        )
        #expect(pool.waiters == [4])
        // Waiter 4 is served; the watch then finds no one and ends.
        #expect(pool.released(slot: 0, usable: true) == [.lease(slot: 0, waiter: 4)])
        #expect(pool.deadlinesPassed(now: start + .seconds(4), error: timeout) == [])
        // So the next waiter starts a new watch.
        #expect(pool.leaseRequested(waiter: 5, deadline: start + .seconds(9)) == [.watchDeadlines(until: start + .seconds(9))])
    }

    @Test func aWaiterForAConnectionBeingOpenedWaitsForTheConnectNotItsDeadline() {
        var pool = machine(size: 2)
        let start = ContinuousClock.now
        let timeout = PostgresError(code: .poolTimeout, message: "timed out")
        // Waiters 1 and 2 each open a connection; slow connects outlast both deadlines.
        _ = pool.leaseRequested(waiter: 1, deadline: start + .seconds(1))
        _ = pool.leaseRequested(waiter: 2, deadline: start + .seconds(1))
        #expect(pool.connectingCount == 2)
        // Waiter 3 has no connect of its own: only it times out, and no deadline is left to watch.
        _ = pool.leaseRequested(waiter: 3, deadline: start + .seconds(1))
        #expect(pool.deadlinesPassed(now: start + .seconds(2), error: timeout) == [.fail(waiters: [3], timeout)])
        #expect(pool.waiters == [1, 2])
        // The connects decide: one serves waiter 1; the other fails and fails waiter 2.
        #expect(pool.connected(slot: 0) == [.lease(slot: 0, waiter: 1)])
        #expect(
            pool.connectFailed(slot: 1, error: down)
                == [.fail(waiters: [2], down), .scheduleReconnect(slot: 1, after: .milliseconds(100))]
        )
        #expect(pool.waiters.isEmpty)
    }

    @Test func failedConnectFailsWaitersAndLaterRequestsFast() {
        var pool = machine(size: 2)
        _ = pool.leaseRequested(waiter: 1, deadline: soon)
        #expect(pool.connectFailed(slot: 0, error: down) == [
            .fail(waiters: [1], down), .scheduleReconnect(slot: 0, after: .milliseconds(100)),
        ])
        #expect(pool.outage == down)
        // While down, a request without an idle connection fails at once.
        #expect(pool.leaseRequested(waiter: 2, deadline: soon) == [.fail(waiters: [2], down)])
        // Back-off doubles per failure, capped.
        #expect(pool.reconnectDue(slot: 0) == [.connect(slot: 0)])
        #expect(pool.connectFailed(slot: 0, error: down) == [.scheduleReconnect(slot: 0, after: .milliseconds(200))])
        #expect(pool.backoff(attempt: 10) == .seconds(1))
    }

    @Test func serviceResumesWhenTheReconnectSucceeds() {
        var pool = machine()
        _ = pool.leaseRequested(waiter: 1, deadline: soon)
        _ = pool.connectFailed(slot: 0, error: down)
        _ = pool.reconnectDue(slot: 0)
        #expect(pool.connected(slot: 0) == [])
        #expect(pool.outage == nil)
        #expect(pool.leaseRequested(waiter: 2, deadline: soon) == [.lease(slot: 0, waiter: 2)])
    }

    @Test func brokenConnectionIsClosedAndReplacedForWaiters() {
        var pool = machine(size: 1)
        _ = pool.leaseRequested(waiter: 1, deadline: soon)
        _ = pool.connected(slot: 0)
        _ = pool.leaseRequested(waiter: 2, deadline: soon)
        #expect(pool.released(slot: 0, usable: false) == [.close(slot: 0), .connect(slot: 0)])
        #expect(pool.connected(slot: 0) == [.lease(slot: 0, waiter: 2)])
    }

    @Test func brokenConnectionWithoutWaitersLeavesSlotEmpty() {
        var pool = machine(size: 1)
        _ = pool.leaseRequested(waiter: 1, deadline: soon)
        _ = pool.connected(slot: 0)
        #expect(pool.released(slot: 0, usable: false) == [.close(slot: 0)])
        #expect(pool.slots == [.empty])
    }

    @Test func shutdownClosesIdleConnections() {
        var pool = machine(size: 2)
        _ = pool.leaseRequested(waiter: 1, deadline: soon)
        _ = pool.connected(slot: 0)
        _ = pool.released(slot: 0, usable: true)
        #expect(pool.shutdown() == [.close(slot: 0)])
        #expect(pool.leaseRequested(waiter: 2, deadline: soon) == [.fail(waiters: [2], PoolStateMachine.closedError)])
    }

    @Test func shutdownFailsWaitersAndClosesConnectionsAsTheyComeBack() {
        var pool = machine(size: 2)
        _ = pool.leaseRequested(waiter: 1, deadline: soon)
        _ = pool.connected(slot: 0)
        _ = pool.leaseRequested(waiter: 2, deadline: soon)
        _ = pool.leaseRequested(waiter: 3, deadline: soon)
        #expect(pool.shutdown() == [.fail(waiters: [2, 3], PoolStateMachine.closedError)])
        #expect(pool.connected(slot: 1) == [.close(slot: 1)])
        #expect(pool.released(slot: 0, usable: true) == [.close(slot: 0)])
        #expect(pool.slots == [.empty, .empty])
    }
}
