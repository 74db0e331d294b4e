/// The connection pool's bookkeeping as a plain state machine: events in (a lease was
/// requested, a connection came up or failed, one was released, wait deadlines passed),
/// actions out (connect slot n, hand slot n to waiter w, fail these waiters, schedule a
/// reconnect). `PostgresPool` performs the actions; no I/O or clock happens here, so
/// every rule below is unit-tested without a database.
///
/// Rules:
/// - The pool holds at most `size` connections, opened lazily when requests wait.
/// - Idle connections are reused last-in first-out (warm ones first); waiters are served
///   first-in first-out.
/// - When opening a connection fails, the database is considered unavailable: every
///   waiter fails at once, and until a connection succeeds again, requests that find no
///   idle connection fail at once (fail fast) instead of waiting out the timeout.
///   The failed slot retries in the background with exponential back-off, so service
///   resumes by itself when the server returns.
/// - A broken connection released to the pool is closed and its slot emptied.
/// - A waiter carries its deadline. One watch at a time sleeps until the earliest deadline
///   of the queue (`watchDeadlines`), then fails the waiters whose deadline passed
///   (`deadlinesPassed`) and watches the next one, until no one waits. So a wait costs no
///   timer of its own: under load, when most waiters are served within milliseconds, the
///   watch wakes about once per wait timeout, not once per request.
/// - The first waiters, one per connection being opened, are covered by those connects:
///   each is served when its connect succeeds or failed when it fails, and the connect
///   has its own timeout. Their wait deadline does not fail them, so a slow connect (a
///   loaded machine, the first request after start) is not cut short by the shorter wait
///   for a busy pool's free connection.
struct PoolStateMachine {
    enum Slot: Equatable {
        case empty
        case connecting(attempt: Int)
        case idle
        case leased
        case backingOff(attempt: Int)
    }

    enum Action: Equatable {
        case connect(slot: Int)
        case lease(slot: Int, waiter: Int)
        case fail(waiters: [Int], PostgresError)
        case scheduleReconnect(slot: Int, after: Duration)
        case close(slot: Int)
        /// Sleep until `until`, then report `deadlinesPassed`: waiters are queued and no watch runs.
        case watchDeadlines(until: ContinuousClock.Instant)
    }

    /// A queued lease request and the instant it times out.
    struct Waiter {
        let id: Int
        let deadline: ContinuousClock.Instant
    }

    private(set) var slots: [Slot]
    private var idleStack: [Int] = []
    private var queue: [Waiter] = []
    /// Whether a `watchDeadlines` is under way (it ends when it finds the queue empty).
    private var watching = false
    /// Why the last connection attempt failed, while no attempt has succeeded since.
    private(set) var outage: PostgresError?
    private(set) var isShutDown = false
    let reconnectDelay: Duration
    let maxReconnectDelay: Duration

    init(size: Int, reconnectDelay: Duration, maxReconnectDelay: Duration) {
        slots = Array(repeating: .empty, count: max(1, size))
        self.reconnectDelay = reconnectDelay
        self.maxReconnectDelay = maxReconnectDelay
    }

    var leasedCount: Int { slots.count { $0 == .leased } }
    var idleCount: Int { idleStack.count }
    var connectingCount: Int { slots.count { if case .connecting = $0 { true } else { false } } }
    /// The queued waiters, first served first.
    var waiters: [Int] { queue.map(\.id) }
    var waitingCount: Int { queue.count }

    /// Hands out an idle connection's slot at once, or `nil` (nothing changes): then the
    /// caller registers as a waiter through `leaseRequested`. Idle connections and waiters
    /// never coexist, so taking one here jumps no queue.
    mutating func leaseIdle() -> Int? {
        guard !isShutDown, let slot = idleStack.popLast() else { return nil }
        slots[slot] = .leased
        return slot
    }

    mutating func leaseRequested(waiter: Int, deadline: ContinuousClock.Instant) -> [Action] {
        if isShutDown { return [.fail(waiters: [waiter], Self.closedError)] }
        if let slot = idleStack.popLast() {
            slots[slot] = .leased
            return [.lease(slot: slot, waiter: waiter)]
        }
        if let outage { return [.fail(waiters: [waiter], outage)] }
        queue.append(Waiter(id: waiter, deadline: deadline))
        var actions: [Action] = []
        if !watching {
            watching = true
            actions.append(.watchDeadlines(until: deadline))
        }
        if connectingCount < queue.count, let slot = slots.firstIndex(of: .empty) {
            slots[slot] = .connecting(attempt: 0)
            actions.append(.connect(slot: slot))
        }
        return actions
    }

    mutating func connected(slot: Int) -> [Action] {
        guard case .connecting = slots[slot] else { return [.close(slot: slot)] }
        outage = nil
        if isShutDown {
            slots[slot] = .empty
            return [.close(slot: slot)]
        }
        if !queue.isEmpty {
            slots[slot] = .leased
            return [.lease(slot: slot, waiter: queue.removeFirst().id)]
        }
        slots[slot] = .idle
        idleStack.append(slot)
        return []
    }

    mutating func connectFailed(slot: Int, error: PostgresError) -> [Action] {
        guard case .connecting(let attempt) = slots[slot] else { return [] }
        if isShutDown {
            slots[slot] = .empty
            return []
        }
        outage = error
        slots[slot] = .backingOff(attempt: attempt + 1)
        var actions: [Action] = []
        if !queue.isEmpty {
            actions.append(.fail(waiters: waiters, error))
            queue = []
        }
        actions.append(.scheduleReconnect(slot: slot, after: backoff(attempt: attempt + 1)))
        return actions
    }

    mutating func reconnectDue(slot: Int) -> [Action] {
        guard case .backingOff(let attempt) = slots[slot] else { return [] }
        if isShutDown {
            slots[slot] = .empty
            return []
        }
        slots[slot] = .connecting(attempt: attempt)
        return [.connect(slot: slot)]
    }

    mutating func released(slot: Int, usable: Bool) -> [Action] {
        guard slots[slot] == .leased else { return [] }
        if isShutDown || !usable {
            slots[slot] = .empty
            var actions: [Action] = [.close(slot: slot)]
            if !isShutDown, outage == nil, connectingCount < queue.count {
                slots[slot] = .connecting(attempt: 0)
                actions.append(.connect(slot: slot))
            }
            return actions
        }
        if !queue.isEmpty {
            return [.lease(slot: slot, waiter: queue.removeFirst().id)]
        }
        slots[slot] = .idle
        idleStack.append(slot)
        return []
    }

    /// The waiter's task was cancelled; fails it unless it was served.
    mutating func waiterAbandoned(waiter: Int, error: PostgresError) -> [Action] {
        guard let index = queue.firstIndex(where: { $0.id == waiter }) else { return [] }
        queue.remove(at: index)
        return [.fail(waiters: [waiter], error)]
    }

    /// The watch woke at `now`: fails (with `error`) every waiter not covered by a connect
    /// whose deadline is not after `now`, and watches the earliest remaining such deadline,
    /// or ends the watch when there is none (covered waiters never become uncovered: a
    /// connect ends by serving the first waiter or by failing them all).
    mutating func deadlinesPassed(now: ContinuousClock.Instant, error: PostgresError) -> [Action] {
        let covered = min(connectingCount, queue.count)
        let uncovered = queue[covered...]
        let expired = uncovered.filter { $0.deadline <= now }.map(\.id)
        let kept = uncovered.filter { $0.deadline > now }
        queue.removeSubrange(covered...)
        queue.append(contentsOf: kept)
        var actions: [Action] = expired.isEmpty ? [] : [.fail(waiters: expired, error)]
        if let next = kept.map(\.deadline).min() {
            actions.append(.watchDeadlines(until: next))
        } else {
            watching = false
        }
        return actions
    }

    mutating func shutdown() -> [Action] {
        isShutDown = true
        var actions: [Action] = []
        if !queue.isEmpty {
            actions.append(.fail(waiters: waiters, Self.closedError))
            queue = []
        }
        for slot in idleStack {
            slots[slot] = .empty
            actions.append(.close(slot: slot))
        }
        idleStack = []
        for slot in slots.indices {
            if case .backingOff = slots[slot] { slots[slot] = .empty }
        }
        return actions
    }

    func backoff(attempt: Int) -> Duration {
        var delay = reconnectDelay
        for _ in 1..<max(1, attempt) where delay < maxReconnectDelay {
            delay *= 2
        }
        return min(delay, maxReconnectDelay)
    }

    static let closedError = PostgresError(code: .poolClosed, message: "the connection pool is shut down")
}
