import Postgres
import ServiceLifecycle

/// Ties the database pool's life to the service group: the pool is closed
/// only once graceful shutdown has begun and the HTTP server, which shuts
/// down before this service, has drained its in-flight requests.
struct PoolService: Service {
    let pool: PostgresPool

    func run() async throws {
        try? await gracefulShutdown()
        pool.shutdown()
    }
}
