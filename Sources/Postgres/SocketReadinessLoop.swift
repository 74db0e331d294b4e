import CLibPQ
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One thread that waits, with `epoll(7)`, for the sockets of every PostgreSQL connection
/// in the process, and drives each connection's exchange between waits.
///
/// Why: libpq's non-blocking API (PostgreSQL manual 34.4 "Asynchronous Command Processing")
/// only needs to learn when its socket is readable or writable. Waiting for that on the
/// calling task's own thread would block the cooperative pool; a thread per connection
/// (a serial dispatch queue sitting in `poll(2)`) costs two thread hand-offs per statement
/// and a thread per pooled connection. Here a statement is sent on the calling task, and
/// the rest of the exchange (reading, collecting results, waiting again) runs on this
/// thread as the socket becomes ready; the task is resumed once, with the outcome. So an
/// exchange keeps going, and its deadline means the server's slowness, even while every
/// thread of the cooperative pool is busy.
///
/// Each wait arms its socket with `EPOLLONESHOT` in level-triggered mode, so data that
/// arrived before the wait is reported at once and a socket never fires for a wait that
/// is over. Waits carry a deadline; the loop wakes at least every `maximumSleep` to expire
/// them, and is woken early (an `eventfd`) only for a deadline sooner than that.
final class SocketReadinessLoop: Sendable {
    /// What a wait ended with.
    enum Readiness: Sendable, Equatable {
        case ready
        case timedOut
        case failed(String)
    }

    /// The socket and the readiness an exchange waits for.
    struct Interest: Sendable {
        let socket: Int32
        let read: Bool
        let write: Bool
    }

    /// What an exchange does after a wait: wait again, or finish with its value.
    enum Next<Value: Sendable> {
        case wait(Interest)
        case finish(Value)
    }

    /// The process's loop, started on first use; it lives as long as the process.
    static let shared = SocketReadinessLoop()

    private struct Waiter {
        let deadline: ContinuousClock.Instant?
        /// Runs on the loop's thread with the outcome of a wait: the next wait, or `nil`
        /// once it has resumed its task.
        let advance: @Sendable (Readiness) -> Interest?
    }

    private struct State {
        var waiters: [UInt64: Waiter] = [:]
        var nextToken: UInt64 = 1
        /// When the loop's current `epoll_wait` returns at the latest.
        var wakeAt: ContinuousClock.Instant = .now
    }

    private static let maximumSleep: Duration = .milliseconds(250)
    /// `epoll_event.data` of the wake-up `eventfd`; waiters' tokens start at 1.
    private static let wakeToken: UInt64 = 0

    private let epoll: Int32
    private let wakeDescriptor: Int32
    private let state = Mutex(State())

    private init() {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeDescriptor = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
        precondition(epoll >= 0 && wakeDescriptor >= 0, "epoll_create1/eventfd failed with errno \(errno)")
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = Self.wakeToken
        epoll_ctl(epoll, EPOLL_CTL_ADD, wakeDescriptor, &event)
        let thread = Thread { [self] in run() }
        thread.name = "quarry.postgres.sockets"
        thread.start()
    }

    /// Suspends until `socket` is readable (`read`) or writable (`write`), or `deadline`
    /// passes (`nil`: no deadline).
    func wait(socket: Int32, read: Bool, write: Bool, deadline: ContinuousClock.Instant?) async -> Readiness {
        await drive(Interest(socket: socket, read: read, write: write), deadline: deadline) { .finish($0) }
    }

    /// Waits for `interest`, then calls `advance` on the loop's thread with the outcome, and
    /// again after each further wait it asks for, until it finishes; returns its value.
    /// `deadline` bounds every wait. `advance` must not block.
    ///
    /// The continuation is unchecked, as the batcher's (``StatementBatcher/Member``): the waiter
    /// that resumes it is taken out of `waiters` under the lock before each `advance`, so only
    /// one thread holds it, and it resumes once, when `advance` finishes.
    func drive<Value: Sendable>(
        _ interest: Interest, deadline: ContinuousClock.Instant?,
        advance: @escaping @Sendable (Readiness) -> Next<Value>
    ) async -> Value {
        await withUnsafeContinuation { continuation in
            let waiter = Waiter(deadline: deadline) { readiness in
                switch advance(readiness) {
                case .wait(let interest):
                    return interest
                case .finish(let value):
                    continuation.resume(returning: value)
                    return nil
                }
            }
            let (token, wake) = state.withLock { state in
                let token = state.nextToken
                state.nextToken += 1
                state.waiters[token] = waiter
                guard let deadline, deadline < state.wakeAt else { return (token, false) }
                state.wakeAt = deadline
                return (token, true)
            }
            arm(interest, token: token, waiter: waiter)
            if wake {
                var one: UInt64 = 1
                _ = Glibc.write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
            }
        }
    }

    /// Arms `interest` for the waiter stored under `token`; when that fails, the waiter
    /// learns it at once (and may ask for another wait).
    private func arm(_ interest: Interest, token: UInt64, waiter: Waiter) {
        var interest = interest
        while true {
            var event = epoll_event()
            event.events = (interest.read ? EPOLLIN.rawValue : 0) | (interest.write ? EPOLLOUT.rawValue : 0)
                | EPOLLONESHOT.rawValue
            event.data.u64 = token
            // A socket is added the first time it is waited on; libpq may open a new one while
            // connecting, and a closed socket leaves the epoll set by itself.
            var armed = epoll_ctl(epoll, EPOLL_CTL_MOD, interest.socket, &event)
            if armed != 0 && errno == ENOENT { armed = epoll_ctl(epoll, EPOLL_CTL_ADD, interest.socket, &event) }
            if armed == 0 { return }
            let failure = "epoll_ctl failed with errno \(errno)"
            guard state.withLock({ $0.waiters.removeValue(forKey: token) }) != nil,
                let next = waiter.advance(.failed(failure))
            else { return }
            state.withLock { $0.waiters[token] = waiter }
            interest = next
        }
    }

    private func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 64)
        while true {
            let sleep = state.withLock { state in
                let now = ContinuousClock.now
                var wakeAt = now + Self.maximumSleep
                for waiter in state.waiters.values {
                    if let deadline = waiter.deadline, deadline < wakeAt { wakeAt = deadline }
                }
                state.wakeAt = wakeAt
                return now.duration(to: wakeAt)
            }
            let milliseconds = Int32(clamping: max(0, sleep.milliseconds + 1))
            let count = events.withUnsafeMutableBufferPointer { buffer in
                epoll_wait(epoll, buffer.baseAddress, Int32(buffer.count), milliseconds)
            }
            var outcomes: [(UInt64, Waiter, Readiness)] = []
            var woken = false
            state.withLock { state in
                for index in 0..<max(0, Int(count)) {
                    let token = events[index].data.u64
                    if token == Self.wakeToken {
                        woken = true
                        continue
                    }
                    // Not found: the wait timed out before its socket fired.
                    if let waiter = state.waiters.removeValue(forKey: token) { outcomes.append((token, waiter, .ready)) }
                }
                let now = ContinuousClock.now
                for (token, waiter) in state.waiters {
                    if let deadline = waiter.deadline, deadline <= now {
                        state.waiters[token] = nil
                        outcomes.append((token, waiter, .timedOut))
                    }
                }
            }
            if woken {
                var value: UInt64 = 0
                _ = read(wakeDescriptor, &value, MemoryLayout<UInt64>.size)
            }
            for (token, waiter, readiness) in outcomes {
                guard let next = waiter.advance(readiness) else { continue }
                state.withLock { $0.waiters[token] = waiter }
                arm(next, token: token, waiter: waiter)
            }
        }
    }
}
