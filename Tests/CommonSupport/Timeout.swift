import Synchronization

/// How long a test waits for an event before it fails: far beyond what the event takes
/// on a loaded 2-core machine, far below CI's 90 minutes.
public let eventTimeout: Duration = .seconds(30)

/// A wait that did not end in time: the test fails here, naming the place it waited,
/// instead of hanging the run.
public struct TimedOut: Error, CustomStringConvertible {
    public let limit: Duration
    public let place: String
    public var description: String { "waited \(limit) at \(place) for an event that never came" }
}

/// Runs `operation` and returns its result, or throws `TimedOut` once `limit` has passed
/// (and cancels it). The operation runs in a task of its own, so the bound holds even when
/// it ignores cancellation.
public func withTimeout<T: Sendable>(
    _ limit: Duration = eventTimeout, fileID: String = #fileID, line: Int = #line,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let race = Race<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            race.begin(continuation)
            race.track([
                Task { race.finish(await Race<T>.outcome(of: operation)) },
                Task {
                    guard (try? await Task.sleep(for: limit)) != nil else { return }
                    race.finish(.failure(TimedOut(limit: limit, place: "\(fileID):\(line)")))
                },
            ])
        }
    } onCancel: {
        race.finish(.failure(CancellationError()))
    }
}

/// The first of an operation's outcome, its timeout and its caller's cancellation
/// resumes the caller and cancels the other tasks; the later ones are dropped.
private final class Race<T: Sendable>: Sendable {
    private struct State: Sendable {
        var continuation: CheckedContinuation<T, any Error>?
        var finished = false
        var tasks: [Task<Void, Never>] = []
    }

    private let state = Mutex(State())

    static func outcome(of operation: @Sendable () async throws -> T) async -> Result<T, any Error> {
        do { return .success(try await operation()) } catch { return .failure(error) }
    }

    func begin(_ continuation: CheckedContinuation<T, any Error>) {
        let early: Bool = state.withLock { state in
            if state.finished { return true }
            state.continuation = continuation
            return false
        }
        if early { continuation.resume(throwing: CancellationError()) }
    }

    func track(_ tasks: [Task<Void, Never>]) {
        let finished = state.withLock { state in
            state.tasks = tasks
            return state.finished
        }
        if finished { tasks.forEach { $0.cancel() } }
    }

    func finish(_ outcome: Result<T, any Error>) {
        let (continuation, tasks) = state.withLock { state in
            guard !state.finished else { return (CheckedContinuation<T, any Error>?.none, [Task<Void, Never>]()) }
            state.finished = true
            defer { state.continuation = nil }
            return (state.continuation, state.tasks)
        }
        tasks.forEach { $0.cancel() }
        continuation?.resume(with: outcome)
    }
}
