import Hummingbird
import HummingbirdTesting
import Logging

@testable import Server

/// A readiness answer fixed by the test, for the HTTP behaviour of `/readyz`
/// (the database-backed check has its own tests against PostgreSQL).
struct FixedReadiness: ReadinessCheck {
    let answer: Readiness
    func check() async -> Readiness { answer }
}

/// An application with the given configuration overrides and components.
func makeTestApplication(
    environment: [String: String] = [:], readiness: Readiness = .ready, metrics: QuarryMetrics = QuarryMetrics()
) throws -> some ApplicationProtocol {
    let configuration = try ServerConfiguration(environment: environment.merging(["QUARRY_HTTP_PORT": "0"]) { a, _ in a })
    let components = ServerComponents(
        readiness: FixedReadiness(answer: readiness), metrics: metrics, refreshGauges: {}
    )
    return buildApplication(
        configuration: configuration, components: components, logger: Logger(label: "quarry.test")
    )
}

extension TestResponse {
    var text: String { String(buffer: body) }
}
