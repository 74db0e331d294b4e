import CoreMetrics
import Prometheus
import Synchronization

/// Quarry's Prometheus metrics, recorded through swift-metrics against a
/// registry owned by this value (not the process-wide `MetricsSystem`), so
/// that every application instance (and every test) has its own counts.
///
/// Exposed names:
/// - `quarry_http_requests_total{method,status}`
/// - `quarry_graphql_requests_total{operation,outcome}`
/// - `quarry_graphql_request_duration_seconds{outcome}` (histogram)
/// - `quarry_graphql_sql_statements` (histogram of statements per request)
/// - `quarry_db_pool_connections{state="in_use"|"idle"}`, `quarry_db_pool_waiting_requests`
public final class QuarryMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory
    /// The per-request metrics, made on first use and kept: making one through
    /// the factory sanitises its name and labels and looks it up in the
    /// registry under the registry's lock, which costs more than recording.
    private let requestMetrics: Mutex<RequestMetrics>

    /// Distinct operation names kept as label values (see ``RequestMetrics/operationLabel(_:)``).
    static let maxOperationNames = 200

    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets["quarry_graphql_request_duration_seconds"] = [
            .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
            .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
            .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
        ]
        factory.valueHistogramBuckets["quarry_graphql_sql_statements"] = [0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89]
        self.factory = factory
        requestMetrics = Mutex(RequestMetrics())
    }

    /// How a GraphQL request ended, the `outcome` label.
    public enum Outcome: String, Sendable {
        /// Executed without errors.
        case ok
        /// Executed; some fields failed (errors alongside data).
        case fieldErrors = "field_errors"
        /// Refused before execution: malformed request, syntax or validation error.
        case invalidRequest = "invalid_request"
        /// An error Quarry did not expect.
        case internalError = "internal_error"
    }

    public func recordHTTPRequest(method: String, status: Int) {
        let counter = requestMetrics.withLock { metrics in
            metrics.httpRequests.value(for: .init(method: method, status: status)) {
                Counter(
                    label: "quarry_http_requests_total", dimensions: [("method", method), ("status", String(status))],
                    factory: factory
                )
            }
        }
        counter.increment()
    }

    public func recordGraphQLRequest(
        operationName: String?, outcome: Outcome, duration: Duration, sqlStatements: Int
    ) {
        let (counter, timer, statements) = requestMetrics.withLock { metrics in
            let operation = metrics.operationLabel(operationName)
            let counter = metrics.graphQLRequests.value(for: .init(operation: operation, outcome: outcome)) {
                Counter(
                    label: "quarry_graphql_requests_total",
                    dimensions: [("operation", operation), ("outcome", outcome.rawValue)], factory: factory
                )
            }
            let timer = metrics.durations.value(for: outcome) {
                Timer(
                    label: "quarry_graphql_request_duration_seconds", dimensions: [("outcome", outcome.rawValue)],
                    factory: factory
                )
            }
            let statements = metrics.statements ?? Recorder(label: "quarry_graphql_sql_statements", factory: factory)
            metrics.statements = statements
            return (counter, timer, statements)
        }
        counter.increment()
        timer.recordNanoseconds(duration.nanoseconds)
        statements.record(sqlStatements)
    }

    /// Sets the pool gauges; called just before each scrape.
    public func recordPool(inUse: Int, idle: Int, waiting: Int) {
        Gauge(label: "quarry_db_pool_connections", dimensions: [("state", "in_use")], factory: factory)
            .record(inUse)
        Gauge(label: "quarry_db_pool_connections", dimensions: [("state", "idle")], factory: factory)
            .record(idle)
        Gauge(label: "quarry_db_pool_waiting_requests", factory: factory).record(waiting)
    }

    /// The Prometheus text exposition of everything recorded so far.
    public func exposition() -> [UInt8] {
        registry.emitToBuffer()
    }
}

extension Duration {
    /// Whole nanoseconds, saturating at `Int64.max`.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : scaled + attoseconds / 1_000_000_000
    }
}
