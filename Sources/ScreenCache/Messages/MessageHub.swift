import Foundation
import Postgres

/// The subscribers of `Subscription.messageReceived` connected to this
/// instance, by recipient (issue 5: "delivered through PostgreSQL
/// LISTEN/NOTIFY so it reaches a subscriber connected to a different
/// instance"). The instance's one listener (Sources/Server) passes every
/// ``MessageNotification`` to ``receive(_:)``; the hub reads the message once
/// and yields it to each local subscriber of its recipient. A subscription
/// ends when its stream's consumer stops (the socket closed, or the client
/// sent `complete`), which removes it here.
public actor MessageHub {
    private let database: PostgresPool
    private var subscribers: [UUID: [UUID: AsyncThrowingStream<any Sendable, any Error>.Continuation]] = [:]
    private var isShutDown = false

    /// How many undelivered messages a slow subscriber may hold before the oldest are dropped.
    static let bufferSize = 256

    public init(database: PostgresPool) {
        self.database = database
    }

    /// The messages sent to `recipient` from now on. The subscription is
    /// registered when this returns, so a message committed afterwards reaches it.
    /// Its events are ``MessageRecord``s, typed for the engine's source streams.
    func subscribe(recipient: UUID) -> AsyncThrowingStream<any Sendable, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: (any Sendable).self, throwing: (any Error).self, bufferingPolicy: .bufferingNewest(Self.bufferSize)
        )
        guard !isShutDown else {
            continuation.finish()
            return stream
        }
        let id = UUID()
        subscribers[recipient, default: [:]][id] = continuation
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.remove(id, of: recipient) }
        }
        return stream
    }

    /// Delivers the message a NOTIFY payload names to the local subscribers of
    /// its recipient; a payload that is not a ``MessageNotification`` is ignored.
    public func receive(_ payload: String) async throws {
        guard let notification = MessageNotification(payload: payload),
              subscribers[notification.recipientID]?.isEmpty == false
        else { return }
        let message = try await MessageQueries.message(
            id: notification.messageID, participant: notification.recipientID, database: database
        )
        guard let message else { return }
        for continuation in (subscribers[notification.recipientID] ?? [:]).values {
            continuation.yield(message)
        }
    }

    /// How many subscriptions are open on this instance.
    public var subscriberCount: Int { subscribers.values.reduce(0) { $0 + $1.count } }

    /// Ends every subscription (graceful shutdown) and refuses new ones.
    public func shutdown() {
        isShutDown = true
        let all = subscribers.values.flatMap(\.values)
        subscribers = [:]
        for continuation in all { continuation.finish() }
    }

    private func remove(_ id: UUID, of recipient: UUID) {
        subscribers[recipient]?[id] = nil
        if subscribers[recipient]?.isEmpty == true { subscribers[recipient] = nil }
    }
}
