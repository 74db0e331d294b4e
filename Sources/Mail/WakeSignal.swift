import Synchronization

/// Wakes the sender's loop early: on a NOTIFY from `Outbox.enqueue`, or to stop.
///
/// A signal that arrives while the loop is busy is remembered (`pending`), so a message
/// enqueued during a delivery round is never left waiting for the next poll.
final class WakeSignal: Sendable {
    private struct State {
        var pending = false
        var stopped = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Wakes the current or next `wait`.
    func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Makes every `wait`, now and later, return at once.
    func stop() {
        state.withLock { $0.stopped = true }
        signal()
    }

    /// Returns after a `signal`, a `stop`, or `timeout`, whichever comes first.
    func wait(timeout: Duration) async {
        let timer = Task {
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            self.signal()
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                if state.pending || state.stopped {
                    state.pending = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
        timer.cancel()
    }
}
