import Logging
import Postgres

/// What every resolver sees of the request (DESIGN.md: "a small, typed
/// context — never the HTTP request"): who is calling, the database, and a
/// logger carrying the request id.
public struct QuarryContext: Sendable {
    public let credential: RequestCredential
    public let database: PostgresPool
    public let logger: Logger

    public init(credential: RequestCredential, database: PostgresPool, logger: Logger) {
        self.credential = credential
        self.database = database
        self.logger = logger
    }
}
