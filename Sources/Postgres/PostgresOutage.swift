import Foundation

/// A time the database could not be reached, as the pool saw it: from the
/// first failed connection attempt to the next one that succeeded. The pool
/// publishes each once it is over (``PostgresPool/outages``), so an outage is
/// one event however many statements failed during it.
public struct PostgresOutage: Sendable, Equatable {
    public let lostAt: Date
    public let restoredAt: Date
    /// Why the first attempt failed.
    public let error: String

    public init(lostAt: Date, restoredAt: Date, error: String) {
        self.lostAt = lostAt
        self.restoredAt = restoredAt
        self.error = error
    }
}
