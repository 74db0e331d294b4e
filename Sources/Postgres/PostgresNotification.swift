/// A NOTIFY received on a channel this process LISTENs to.
public struct PostgresNotification: Sendable, Equatable {
    public let channel: String
    public let payload: String
    /// The server process that sent it (`pg_backend_pid()` of the notifier).
    public let processID: Int

    public init(channel: String, payload: String, processID: Int) {
        self.channel = channel
        self.payload = payload
        self.processID = processID
    }
}
