/// Whether this instance can serve requests now (`GET /readyz`).
public enum Readiness: Sendable, Equatable {
    case ready
    /// Not ready, with a reason an operator can act on.
    case notReady(reason: String)
}

/// Something `GET /readyz` asks before it says yes: for Quarry, that the
/// database answers and every migration has been applied.
public protocol ReadinessCheck: Sendable {
    func check() async -> Readiness
}
