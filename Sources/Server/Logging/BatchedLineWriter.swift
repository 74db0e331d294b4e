import AppCore
import Dispatch
import Foundation
import Synchronization

/// The log lines of `quarry serve`, written to standard output by a thread of their own, in batches.
///
/// Why not one `write(2)` per line (``StandardOutput/writeLine(_:)``, which the one-shot commands keep): in the
/// server the logging thread is one of Swift's cooperative pool, which must never block, and a pipe to a slow
/// log collector blocks `write(2)`, stalling every request. Each request also paid the system call for its
/// access-log line (4% of the server's samples under `{ ping }`, issue 17). Here a line is appended to a buffer
/// under a lock; the writer thread writes all that has accumulated in one call, then pauses `interval` so that
/// under load one call carries many lines. Lines stay whole and in order.
///
/// At most `capacity` bytes wait. Past that a line is dropped and counted, and the count is written as a line
/// of its own once the output takes lines again: memory stays bounded when nothing reads the output.
/// ``finish()`` writes what is left; lines logged after it go straight to standard output.
public final class BatchedLineWriter: Sendable {
    struct State {
        var pending: [UInt8] = []
        var dropped = 0
        /// The writer waits on `wakeUp` (only then does an append signal it, once).
        var writerIdle = false
        var finishing = false
        /// The writer has exited; lines are written directly.
        var finished = false
        var finishWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private enum Step {
        case write(dropped: Int)
        case wait
        case exit([CheckedContinuation<Void, Never>])
    }

    private let state = Mutex(State())
    private let wakeUp = DispatchSemaphore(value: 0)
    private let pauseSeconds: Double
    private let capacity: Int
    private let output: @Sendable ([UInt8]) -> Void

    /// Starts the writer thread. `interval`: the pause after each write, the longest a line waits under
    /// load; `capacity`: the bytes that may wait before lines are dropped; `output` writes bytes (tests
    /// capture them).
    public init(
        interval: Duration = .milliseconds(5), capacity: Int = 8 << 20,
        output: @escaping @Sendable ([UInt8]) -> Void = StandardOutput.writeLine
    ) {
        self.output = output
        pauseSeconds = interval.inSeconds
        self.capacity = capacity
        let thread = Thread { [self] in run() }
        thread.name = "quarry-log"
        thread.start()
    }

    /// Queues `line` (newline included), or writes it at once after ``finish()``.
    func append(_ line: [UInt8]) {
        enum Outcome { case queued, queuedWakingWriter, dropped, direct }
        let outcome = state.withLock { state -> Outcome in
            if state.finished { return .direct }
            guard state.pending.count + line.count <= capacity else {
                state.dropped += 1
                return .dropped
            }
            state.pending.append(contentsOf: line)
            guard state.writerIdle else { return .queued }
            state.writerIdle = false
            return .queuedWakingWriter
        }
        switch outcome {
        case .queuedWakingWriter: wakeUp.signal()
        case .direct: output(line)
        case .queued, .dropped: break
        }
    }

    /// Writes every line queued so far and stops the writer thread; returns when they are written.
    public func finish() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (done, wake) = state.withLock { state -> (Bool, Bool) in
                if state.finished { return (true, false) }
                state.finishing = true
                state.finishWaiters.append(continuation)
                let wasIdle = state.writerIdle
                state.writerIdle = false
                return (false, wasIdle)
            }
            if done { continuation.resume() }
            if wake { wakeUp.signal() }
        }
    }

    private func run() {
        var batch: [UInt8] = []
        while true {
            let step = state.withLock { state -> Step in
                if state.pending.isEmpty && state.dropped == 0 {
                    if state.finishing {
                        state.finished = true
                        defer { state.finishWaiters = [] }
                        return .exit(state.finishWaiters)
                    }
                    state.writerIdle = true
                    return .wait
                }
                swap(&state.pending, &batch)
                defer { state.dropped = 0 }
                return .write(dropped: state.dropped)
            }
            switch step {
            case .wait:
                wakeUp.wait()
            case .write(let dropped):
                if !batch.isEmpty { output(batch) }
                batch.removeAll(keepingCapacity: true)
                if dropped > 0 {
                    output(Array("quarry: \(dropped) log lines dropped: standard output did not keep up\n".utf8))
                }
                Thread.sleep(forTimeInterval: pauseSeconds)
            case .exit(let waiters):
                for waiter in waiters { waiter.resume() }
                return
            }
        }
    }
}
