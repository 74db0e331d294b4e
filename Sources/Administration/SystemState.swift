import Postgres

/// The state of the server an error report records beside the error
/// (issue 13: version, uptime, pool state), taken when the report is written.
package struct SystemState: Sendable {
    package let version: String
    package let uptimeSeconds: Int
    package let processID: Int32
    package let pool: PostgresPoolMetrics

    package init(version: String, uptimeSeconds: Int, processID: Int32, pool: PostgresPoolMetrics) {
        self.version = version
        self.uptimeSeconds = uptimeSeconds
        self.processID = processID
        self.pool = pool
    }
}
