import Hummingbird

/// Operational endpoints for load balancers, orchestrators and Prometheus.
struct HealthRoutes {
    let readiness: any ReadinessCheck
    let metrics: QuarryMetrics
    /// Refreshes gauges that are sampled rather than counted (the pool's) just before a scrape.
    let beforeScrape: @Sendable () -> Void

    func register(on router: Router<QuarryRequestContext>) {
        // Liveness: the process runs and its event loops answer; no dependency is consulted,
        // so a database outage never gets a healthy process restarted.
        router.get("/healthz") { _, _ in
            QuarryHTTPError.jsonResponse(status: .ok, body: #"{"status":"ok"}"#)
        }
        // Readiness: take traffic only when the database answers and the schema is migrated.
        router.get("/readyz") { _, context in
            switch await readiness.check() {
            case .ready:
                return QuarryHTTPError.jsonResponse(status: .ok, body: #"{"status":"ready"}"#)
            case .notReady(let reason):
                context.logger.warning("not ready", metadata: ["reason": "\(reason)"])
                return QuarryHTTPError.jsonResponse(
                    status: .serviceUnavailable,
                    body: #"{"status":"unavailable","reason":"# + JSONText.quoted(reason) + "}"
                )
            }
        }
        router.get("/metrics") { _, _ in
            beforeScrape()
            return Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition()))
            )
        }
    }
}
