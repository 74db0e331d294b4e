import Dispatch
import Foundation
import Synchronization

/// A fixed number of threads of its own that run blocking, CPU-heavy jobs
/// (argon2) for async callers.
///
/// Why not the cooperative pool or NIO: an argon2 hash holds a core for tens
/// of milliseconds; on the cooperative pool (one thread per core) a burst of
/// logins would stall every other request, and on an event loop it would
/// stall its connections. Here a burst only lengthens this pool's queue
/// (issue 4: "a bounded pool of threads of its own"). Callers suspend on a
/// continuation, so no cooperative thread waits.
final class BlockingWorkerPool: Sendable {
    /// A queued job: `run` on a worker (it calls `markFinished()`), or
    /// `abandon` if the pool stops first. Exactly one of the two is called, once.
    private struct Job: Sendable {
        let run: @Sendable () -> Void
        let abandon: @Sendable () -> Void
    }

    private struct State {
        var queue: [Job] = []
        /// Index of the first unstarted job in `queue`.
        var head = 0
        var stopped = false
        var running = 0
        var peakRunning = 0
        var completed = 0

        var queued: Int { queue.count - head }

        mutating func popFirst() -> Job? {
            guard head < queue.count else { return nil }
            let job = queue[head]
            head += 1
            if head > 64, head * 2 > queue.count {
                queue.removeFirst(head)
                head = 0
            }
            return job
        }
    }

    /// Counts of the pool's work, for metrics and tests.
    struct Statistics: Sendable, Equatable {
        var threads: Int
        var running: Int
        var queued: Int
        var peakRunning: Int
        var completed: Int
    }

    let threadCount: Int
    private let state = Mutex(State())
    /// Signalled once per queued job and once per thread at shutdown.
    private let wakeUp = DispatchSemaphore(value: 0)

    init(threadCount: Int, name: String) {
        precondition(threadCount >= 1, "\(name): a pool needs at least one thread, got \(threadCount)")
        self.threadCount = threadCount
        for index in 0..<threadCount {
            let thread = Thread { [self] in work() }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
    }

    /// Runs `body` on one of the pool's threads and returns its result.
    /// Throws `PasswordHashingError.shutDown` if the pool stops first.
    /// Task cancellation is not observed: a job is short, and a login that
    /// was cancelled mid-hash has nothing left to undo.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let job = Job(
                run: { [self] in
                    let result = Result(catching: body)
                    // Counted before the caller resumes, so it sees its own job in `statistics`.
                    markFinished()
                    continuation.resume(with: result)
                },
                abandon: { continuation.resume(throwing: PasswordHashingError.shutDown) }
            )
            let accepted = state.withLock { state in
                guard !state.stopped else { return false }
                state.queue.append(job)
                return true
            }
            if accepted {
                wakeUp.signal()
            } else {
                job.abandon()
            }
        }
    }

    var statistics: Statistics {
        state.withLock {
            Statistics(threads: threadCount, running: $0.running, queued: $0.queued, peakRunning: $0.peakRunning, completed: $0.completed)
        }
    }

    /// Stops accepting jobs, fails the queued ones with `.shutDown`, and lets
    /// each thread exit once its current job (if any) is done. Does not wait
    /// for them, so it is safe to call from async code. Idempotent.
    func shutdown() {
        let abandoned: [Job]? = state.withLock { state in
            guard !state.stopped else { return nil }
            state.stopped = true
            let jobs = Array(state.queue[state.head...])
            state.queue = []
            state.head = 0
            return jobs
        }
        guard let abandoned else { return }
        for job in abandoned { job.abandon() }
        for _ in 0..<threadCount { wakeUp.signal() }
    }

    /// A worker thread's loop: one job per wake-up, until shutdown.
    private func work() {
        while true {
            wakeUp.wait()
            let job: Job? = state.withLock { state in
                guard let job = state.popFirst() else { return nil }
                state.running += 1
                state.peakRunning = max(state.peakRunning, state.running)
                return job
            }
            guard let job else {
                // Only shutdown signals without queueing a job.
                if state.withLock({ $0.stopped }) { return }
                continue
            }
            job.run()
        }
    }

    private func markFinished() {
        state.withLock {
            $0.running -= 1
            $0.completed += 1
        }
    }
}
