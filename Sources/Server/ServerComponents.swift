import App

/// The parts of a running Quarry that routes call into, built once at start-up
/// and shared by every request.
public struct ServerComponents: Sendable {
    /// Answers `/graphql`.
    public var graphQL: GraphQLService
    /// Answers `GET /readyz`.
    public var readiness: any ReadinessCheck
    public var metrics: QuarryMetrics
    /// Refreshes sampled gauges (the database pool's) before each `/metrics` scrape.
    public var refreshGauges: @Sendable () -> Void
    /// The account mutations' per-address limits, shared by HTTP and WebSocket.
    public var rateLimiter: AddressRateLimiter

    public init(
        graphQL: GraphQLService, readiness: any ReadinessCheck, metrics: QuarryMetrics,
        refreshGauges: @escaping @Sendable () -> Void, rateLimits: AccountRateLimits = .shipped
    ) {
        self.graphQL = graphQL
        self.readiness = readiness
        self.metrics = metrics
        self.refreshGauges = refreshGauges
        self.rateLimiter = AddressRateLimiter(limits: rateLimits)
    }
}
