import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A reply polled for on the task that sent the statement, for a moment
/// (`PostgresConfiguration.replyPollWindow`), before the wait goes to the
/// ``SocketReadinessLoop``; only while no other exchange is in flight in the process.
///
/// Why: a reply the readiness loop waits for costs two thread wake-ups on an idle
/// server, the loop's and then a cooperative-pool thread's to resume the task. On the
/// 2-core VM of issue 17 they made a `SELECT now()` add about 220 µs to a request where
/// PostgreSQL's own round trip (pgbench, one client) is 45 µs; polling cut that by about
/// 100 µs (Benchmarks/README.md). The poll is bounded, and it runs only while the exchange
/// is the only one in flight: it starts only then, and it ends when another begins. Under
/// load, replies queue behind other statements and the cores have other work, so no
/// thread is held polling (at 64 connections, polling every reply cost 3–21% of the
/// throughput). The count is the process's (``process``), shared by every pool, since
/// the thread a poll holds is one of the process's cooperative pool.
///
/// Between polls the thread yields its core (`sched_yield(2)`): the kernel wakes
/// PostgreSQL's backend on the core of the thread that sent the statement, and a plain spin
/// kept the backend from running until the window ran out. A scheduler trace of one-client
/// `{ serverTime }` requests: with the spin, 60% of the replies were caught; yielding, with a
/// window longer than the backend's ~70 µs for the statement, 99% (Benchmarks/README.md,
/// 2026-11-28).
final class ReplyPoll: Sendable {
    /// The count of the process's pools.
    static let process = ReplyPoll()

    /// Exchanges begun on the connections counted here and not answered yet.
    private let inFlight = Atomic<Int>(0)
    /// Replies the poll caught (for tests).
    let caught = Atomic<Int>(0)
    /// The exchanges in flight now (a poll goes on while it is 1, its own; tests wait on it for a
    /// statement to be under way).
    var inFlightCount: Int { inFlight.load(ordering: .relaxed) }

    init() {}

    /// Counts an exchange in flight; true when it is the only one.
    func begin() -> Bool {
        inFlight.wrappingAdd(1, ordering: .relaxed).newValue == 1
    }

    /// The exchange counted by `begin` is over.
    func end() {
        inFlight.wrappingSubtract(1, ordering: .relaxed)
    }

    /// Polls the socket that `progress` waits to read until `window` passes or another exchange
    /// begins, handing each readiness to `advance` (which reads what arrived), and returns the
    /// last progress: the finished exchange, or the wait to hand to the readiness loop.
    func poll(
        _ progress: LibPQSession.Progress, for window: Duration, advance: () -> LibPQSession.Progress
    ) -> LibPQSession.Progress {
        guard case .wait(var socket, true, false) = progress else { return progress }
        let until = ContinuousClock.now + window
        repeat {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            if Glibc.poll(&descriptor, 1, 0) > 0 {
                let next = advance()
                guard case .wait(let nextSocket, true, false) = next else {
                    if case .finished = next { caught.wrappingAdd(1, ordering: .relaxed) }
                    return next
                }
                socket = nextSocket
            } else {
                // The backend is usually woken on this core: give it the core rather than spin over it.
                sched_yield()
            }
            // Another exchange began meanwhile: the server is no longer idle, and the loop waits better.
        } while ContinuousClock.now < until && inFlightCount == 1
        return .wait(socket: socket, read: true, write: false)
    }
}
