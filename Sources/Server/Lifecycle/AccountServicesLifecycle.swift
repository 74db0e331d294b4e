import AppCore
import ServiceLifecycle

/// Stops the account services' own threads (the password hasher) and the
/// ID-token verifier's HTTP client once graceful shutdown has begun and the
/// HTTP server has drained its in-flight requests.
struct AccountServicesLifecycle: Service {
    let accounts: AccountServices

    func run() async throws {
        try? await gracefulShutdown()
        await accounts.shutdown()
    }
}
