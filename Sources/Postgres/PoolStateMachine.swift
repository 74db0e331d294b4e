/// The connection pool's bookkeeping as a plain state machine: events in (a lease was
/// requested, a connection came up or failed, one was released, a wait timed out),
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
        /// Start the waiter's timeout clock: it is queued.
        case startTimer(waiter: Int)
    }

    private(set) var slots: [Slot]
    private var idleStack: [Int] = []
    private(set) var waiters: [Int] = []
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

    /// Hands out an idle connection's slot at once, or `nil` (nothing changes): then the
    /// caller registers as a waiter through `leaseRequested`. Idle connections and waiters
    /// never coexist, so taking one here jumps no queue.
    mutating func leaseIdle() -> Int? {
        guard !isShutDown, let slot = idleStack.popLast() else { return nil }
        slots[slot] = .leased
        return slot
    }

    mutating func leaseRequested(waiter: Int) -> [Action] {
        if isShutDown { return [.fail(waiters: [waiter], Self.closedError)] }
        if let slot = idleStack.popLast() {
            slots[slot] = .leased
            return [.lease(slot: slot, waiter: waiter)]
        }
        if let outage { return [.fail(waiters: [waiter], outage)] }
        waiters.append(waiter)
        var actions: [Action] = [.startTimer(waiter: waiter)]
        if connectingCount < waiters.count, let slot = slots.firstIndex(of: .empty) {
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
        if !waiters.isEmpty {
            slots[slot] = .leased
            return [.lease(slot: slot, waiter: waiters.removeFirst())]
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
        if !waiters.isEmpty {
            actions.append(.fail(waiters: waiters, error))
            waiters = []
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
            if !isShutDown, outage == nil, connectingCount < waiters.count {
                slots[slot] = .connecting(attempt: 0)
                actions.append(.connect(slot: slot))
            }
            return actions
        }
        if !waiters.isEmpty {
            return [.lease(slot: slot, waiter: waiters.removeFirst())]
        }
        slots[slot] = .idle
        idleStack.append(slot)
        return []
    }

    /// The waiter gave up (timeout or task cancellation); fails it unless it was served.
    mutating func waiterAbandoned(waiter: Int, error: PostgresError) -> [Action] {
        guard let index = waiters.firstIndex(of: waiter) else { return [] }
        waiters.remove(at: index)
        return [.fail(waiters: [waiter], error)]
    }

    mutating func shutdown() -> [Action] {
        isShutDown = true
        var actions: [Action] = []
        if !waiters.isEmpty {
            actions.append(.fail(waiters: waiters, Self.closedError))
            waiters = []
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
