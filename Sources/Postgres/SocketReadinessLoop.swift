import CLibPQ
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One thread that waits, with `epoll(7)`, for the sockets of every PostgreSQL connection
/// in the process and resumes the task waiting on each.
///
/// Why: libpq's non-blocking API (PostgreSQL manual 34.4 "Asynchronous Command Processing")
/// only needs to learn when its socket is readable or writable. Waiting for that on the
/// calling task's own thread would block the cooperative pool; a thread per connection
/// (a serial dispatch queue sitting in `poll(2)`) costs two thread hand-offs per statement
/// and a thread per pooled connection. Here a statement is sent and its results are read on
/// the calling task's thread, and only the wait in between is handed to this loop: one
/// `epoll_ctl` to arm the socket, and one continuation resumed when it is ready.
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

    /// The process's loop, started on first use; it lives as long as the process.
    static let shared = SocketReadinessLoop()

    private struct Waiter {
        let deadline: ContinuousClock.Instant?
        let continuation: CheckedContinuation<Readiness, Never>
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
        await withCheckedContinuation { continuation in
            let (token, wake) = state.withLock { state in
                let token = state.nextToken
                state.nextToken += 1
                state.waiters[token] = Waiter(deadline: deadline, continuation: continuation)
                guard let deadline, deadline < state.wakeAt else { return (token, false) }
                state.wakeAt = deadline
                return (token, true)
            }
            var event = epoll_event()
            event.events = (read ? EPOLLIN.rawValue : 0) | (write ? EPOLLOUT.rawValue : 0) | EPOLLONESHOT.rawValue
            event.data.u64 = token
            // A socket is added the first time it is waited on; libpq may open a new one while
            // connecting, and a closed socket leaves the epoll set by itself.
            var armed = epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event)
            if armed != 0 && errno == ENOENT { armed = epoll_ctl(epoll, EPOLL_CTL_ADD, socket, &event) }
            if armed != 0 {
                let failure = "epoll_ctl failed with errno \(errno)"
                if let waiter = state.withLock({ $0.waiters.removeValue(forKey: token) }) {
                    waiter.continuation.resume(returning: .failed(failure))
                }
                return
            }
            if wake {
                var one: UInt64 = 1
                _ = Glibc.write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
            }
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
            var ready: [CheckedContinuation<Readiness, Never>] = []
            var expired: [CheckedContinuation<Readiness, Never>] = []
            state.withLock { state in
                for index in 0..<max(0, Int(count)) {
                    let token = events[index].data.u64
                    if token == Self.wakeToken { continue }
                    // Not found: the wait timed out before its socket fired.
                    if let waiter = state.waiters.removeValue(forKey: token) { ready.append(waiter.continuation) }
                }
                let now = ContinuousClock.now
                for (token, waiter) in state.waiters {
                    if let deadline = waiter.deadline, deadline <= now {
                        state.waiters[token] = nil
                        expired.append(waiter.continuation)
                    }
                }
            }
            if (0..<max(0, Int(count))).contains(where: { events[$0].data.u64 == Self.wakeToken }) {
                var value: UInt64 = 0
                _ = read(wakeDescriptor, &value, MemoryLayout<UInt64>.size)
            }
            ready.forEach { $0.resume(returning: .ready) }
            expired.forEach { $0.resume(returning: .timedOut) }
        }
    }
}
