/// A NOTIFY received on a channel this process LISTENs to, or the listener's
/// word that it LISTENs again after a lost connection (``resumed``).
public struct PostgresNotification: Sendable, Equatable {
    public let channel: String
    public let payload: String
    /// The server process that sent it (`pg_backend_pid()` of the notifier); 0 when ``resumed``.
    public let processID: Int
    /// Not a NOTIFY: the listener lost its connection and LISTENs on `channel`
    /// again. Notifications sent meanwhile are lost (PostgreSQL keeps none), so a
    /// subscriber that keeps state from them re-reads it.
    public let resumed: Bool

    public init(channel: String, payload: String, processID: Int) {
        self.init(channel: channel, payload: payload, processID: processID, resumed: false)
    }

    private init(channel: String, payload: String, processID: Int, resumed: Bool) {
        self.channel = channel
        self.payload = payload
        self.processID = processID
        self.resumed = resumed
    }

    /// The word that LISTEN on `channel` is active again after a lost connection.
    static func resumed(channel: String) -> PostgresNotification {
        PostgresNotification(channel: channel, payload: "", processID: 0, resumed: true)
    }
}
