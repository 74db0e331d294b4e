import Foundation
import Logging
import Synchronization

/// LISTEN/NOTIFY on a dedicated connection of its own (a pooled connection cannot keep
/// listening between requests).
///
///     let listener = PostgresListener(configuration: configuration)
///     let events = try await listener.notifications(channel: "feed")  // LISTEN is active now
///     try await pool.notify(channel: "feed", payload: "post 42")
///     for await event in events { print(event.payload) }
///
/// One background task owns the connection: it waits for notifications (in short
/// rounds on the connection's own thread) and, between rounds, runs the LISTEN and
/// UNLISTEN commands subscribers asked for. When the connection breaks, it reconnects
/// with back-off and LISTENs again to every channel that still has subscribers;
/// notifications sent while it was disconnected are lost (PostgreSQL keeps none),
/// so each of those subscribers then receives a ``PostgresNotification/resumed`` word.
public final class PostgresListener: Sendable {
    public let configuration: PostgresConfiguration
    private let logger: Logger
    private let state = Mutex(ListenerState())
    /// How long one wait for notifications lasts before pending commands are looked at.
    private let round: Duration = .milliseconds(100)

    public init(configuration: PostgresConfiguration, logger: Logger = Logger(label: "quarry.postgres.listener")) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Subscribes to `channel`. When this returns, the LISTEN is active: every notification
    /// sent from then on is delivered. Ends when the listener shuts down; stop early by
    /// dropping or cancelling the iteration. Fails with `DATABASE_UNAVAILABLE` when no
    /// connection can be made.
    public func notifications(channel: String) async throws -> AsyncStream<PostgresNotification> {
        guard !channel.isEmpty, !channel.utf8.contains(0) else {
            throw PostgresError(code: .invalidParameter, message: "a channel name must be non-empty text without NUL")
        }
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: PostgresNotification.self, bufferingPolicy: .unbounded)
        try await withCheckedThrowingContinuation { (ready: CheckedContinuation<Void, any Error>) in
            let start = state.withLock { state in
                state.subscribe(id: id, channel: channel, continuation: continuation, ready: ready)
            }
            if start { Task { await self.run() } }
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { state in state.unsubscribe(id: id, channel: channel) }
        }
        return stream
    }

    /// Stops listening, closes the connection and ends every notification stream.
    public func shutdown() {
        state.withLock { state in state.isShutDown = true }
    }

    private func run() async {
        var connection: PostgresConnection?
        var failures = 0
        while true {
            let work = state.withLock { state in state.nextWork(reconnecting: connection == nil) }
            if case .stop(let streams) = work {
                streams.forEach { $0.finish() }
                await connection?.close()
                return
            }
            do {
                if connection == nil || connection?.isUsable == false {
                    connection = nil
                    connection = try await PostgresConnection.connect(configuration: configuration)
                    failures = 0
                }
                guard let connection else { continue }
                try await applyCommands(work, on: connection)
                let received = try await connection.waitForNotifications(timeout: round)
                let streams = state.withLock { state in state.streams(for: received) }
                for (stream, notification) in streams { stream.yield(notification) }
            } catch {
                let failure = error as? PostgresError ?? .unavailable("\(error)")
                logger.warning("LISTEN connection failed; reconnecting", metadata: ["error": "\(failure)"])
                connection = nil
                failures += 1
                state.withLock { state in state.failPending(failure) }
                let delay = PoolStateMachine(
                    size: 1, reconnectDelay: configuration.reconnectDelay, maxReconnectDelay: configuration.maxReconnectDelay
                ).backoff(attempt: failures)
                try? await Task.sleep(for: delay)
            }
        }
    }

    private func applyCommands(_ work: ListenerState.Work, on connection: PostgresConnection) async throws {
        guard case .commands(let listen, let unlisten) = work else { return }
        for channel in unlisten {
            try await connection.executeScript(unsafeSQL: "UNLISTEN \(SQL.quoteIdentifier(channel))")
        }
        for channel in listen {
            try await connection.executeScript(unsafeSQL: "LISTEN \(SQL.quoteIdentifier(channel))")
        }
        let resumed = state.withLock { state in state.confirm(listen) }
        for (stream, notification) in resumed { stream.yield(notification) }
    }
}
