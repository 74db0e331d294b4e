/// The listener's subscriptions and the LISTEN/UNLISTEN commands still to run.
struct ListenerState {
    typealias Stream = AsyncStream<PostgresNotification>.Continuation

    enum Work {
        case stop([Stream])
        case commands(listen: [String], unlisten: [String])
    }

    var isShutDown = false
    private var isRunning = false
    private var subscribers: [String: [AnyHashable: Stream]] = [:]
    /// Channels LISTENed to on the current connection.
    private var listening: Set<String> = []
    /// Subscribers waiting for their channel's LISTEN to be active.
    private var waiting: [String: [(id: AnyHashable, ready: CheckedContinuation<Void, any Error>)]] = [:]

    /// Registers a subscriber; returns true when the background task must be started.
    mutating func subscribe(
        id: AnyHashable, channel: String, continuation: Stream, ready: CheckedContinuation<Void, any Error>
    ) -> Bool {
        if isShutDown {
            ready.resume(throwing: PostgresError(code: .poolClosed, message: "the listener is shut down"))
            return false
        }
        subscribers[channel, default: [:]][id] = continuation
        if listening.contains(channel) {
            ready.resume()
        } else {
            waiting[channel, default: []].append((id, ready))
        }
        defer { isRunning = true }
        return !isRunning
    }

    mutating func unsubscribe(id: AnyHashable, channel: String) {
        subscribers[channel]?[id] = nil
        if subscribers[channel]?.isEmpty == true { subscribers[channel] = nil }
    }

    /// What the background task should do next; after a reconnect every channel is new.
    mutating func nextWork(reconnecting: Bool) -> Work {
        if isShutDown {
            isRunning = false
            failPending(PostgresError(code: .poolClosed, message: "the listener is shut down"))
            let streams = subscribers.values.flatMap(\.values)
            subscribers = [:]
            return .stop(streams)
        }
        if reconnecting { listening = [] }
        let wanted = Set(subscribers.keys)
        return .commands(listen: wanted.subtracting(listening).sorted(), unlisten: listening.subtracting(wanted).sorted())
    }

    /// The channels' LISTEN is active: their waiting subscribers are ready, and
    /// the others, who listened before the connection was lost, are told
    /// (the returned ``PostgresNotification/resumed(channel:)`` words, to yield).
    mutating func confirm(_ channels: [String]) -> [(Stream, PostgresNotification)] {
        var resumed: [(Stream, PostgresNotification)] = []
        for channel in channels {
            listening.insert(channel)
            let ready = waiting.removeValue(forKey: channel) ?? []
            ready.forEach { $0.ready.resume() }
            let new = Set(ready.map(\.id))
            for (id, stream) in subscribers[channel] ?? [:] where !new.contains(id) {
                resumed.append((stream, .resumed(channel: channel)))
            }
        }
        listening = listening.intersection(subscribers.keys)
        return resumed
    }

    /// Subscribers still waiting for LISTEN fail (and are dropped) when the connection fails.
    mutating func failPending(_ error: PostgresError) {
        listening = []
        for (channel, pending) in waiting {
            for (id, ready) in pending {
                ready.resume(throwing: error)
                subscribers[channel]?.removeValue(forKey: id)?.finish()
            }
            if subscribers[channel]?.isEmpty == true { subscribers[channel] = nil }
        }
        waiting = [:]
    }

    func streams(for notifications: [PostgresNotification]) -> [(Stream, PostgresNotification)] {
        notifications.flatMap { notification in
            (subscribers[notification.channel]?.values).map { streams in streams.map { ($0, notification) } } ?? []
        }
    }
}
