import Foundation

/// What `PostgresPool` guards with its lock: the state machine plus the objects its
/// actions refer to by number (connections by slot, waiting continuations by waiter).
struct PoolState: ~Copyable {
    typealias Lease = (Int, PostgresConnection)

    /// An action with its objects resolved, performed after the lock is released.
    enum Effect {
        case resume(CheckedContinuation<Lease, any Error>, Result<Lease, any Error>)
        case connect(slot: Int)
        case close(PostgresConnection)
        case reconnect(slot: Int, after: Duration)
        case watchDeadlines(until: ContinuousClock.Instant)
    }

    var machine: PoolStateMachine
    var connections: [Int: PostgresConnection] = [:]
    var continuations: [Int: CheckedContinuation<Lease, any Error>] = [:]
    /// When the current outage began and why (the machine's `outage` has no clock), until a connection succeeds.
    var outageBegan: (at: Date, error: String)?
    private var nextWaiter = 0

    init(machine: PoolStateMachine) {
        self.machine = machine
    }

    mutating func makeWaiterID() -> Int {
        nextWaiter += 1
        return nextWaiter
    }

    /// An idle connection with its slot, leased at once (`PoolStateMachine.leaseIdle`).
    mutating func leaseIdle() -> (Int, PostgresConnection)? {
        guard let slot = machine.leaseIdle() else { return nil }
        // An idle slot always has its connection: `connected` stores both under one lock.
        return (slot, connections[slot]!)
    }

    mutating func effects(for actions: [PoolStateMachine.Action]) -> [Effect] {
        var effects: [Effect] = []
        for action in actions {
            switch action {
            case .connect(let slot):
                effects.append(.connect(slot: slot))
            case .lease(let slot, let waiter):
                guard let continuation = continuations.removeValue(forKey: waiter),
                    let connection = connections[slot]
                else { continue }
                effects.append(.resume(continuation, .success((slot, connection))))
            case .fail(let waiters, let error):
                for waiter in waiters {
                    if let continuation = continuations.removeValue(forKey: waiter) {
                        effects.append(.resume(continuation, .failure(error)))
                    }
                }
            case .scheduleReconnect(let slot, let delay):
                effects.append(.reconnect(slot: slot, after: delay))
            case .close(let slot):
                if let connection = connections.removeValue(forKey: slot) { effects.append(.close(connection)) }
            case .watchDeadlines(let deadline):
                effects.append(.watchDeadlines(until: deadline))
            }
        }
        return effects
    }
}
