import Synchronization

/// A lock for async code: `lock()` suspends (rather than blocks) while another task holds
/// it, and waiters get it in arrival order. A connection's operation spans awaits for its
/// socket, so a `Mutex` cannot guard it; uncontended, this costs one `Mutex` round.
final class AsyncSerialLock: Sendable {
    private struct State {
        var held = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    func lock() async {
        let acquired = state.withLock { state in
            guard state.held else {
                state.held = true
                return true
            }
            return false
        }
        if acquired { return }
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                guard state.held else {
                    state.held = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Hands the lock to the longest waiter, or frees it.
    func unlock() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.nextWaiter < state.waiters.count else {
                state.waiters = []
                state.nextWaiter = 0
                state.held = false
                return nil
            }
            defer { state.nextWaiter += 1 }
            return state.waiters[state.nextWaiter]
        }
        next?.resume()
    }
}
