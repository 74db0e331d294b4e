import App
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Postgres
import QuarryTestSupport

@testable import Server

/// A readiness answer fixed by the test, for the HTTP behaviour of `/readyz`
/// (``DatabaseReadiness`` has its own tests against PostgreSQL).
struct FixedReadiness: ReadinessCheck {
    let answer: Readiness
    func check() async -> Readiness { answer }
}

/// The migrated database shared by the HTTP tests (see ``TestDatabases``).
func testPool() async throws -> PostgresPool {
    try await TestDatabases.sharedPool()
}

/// The components of a test server: the real schema and engine over the test database.
/// `database` defaults to the shared test database.
func makeComponents(
    environment: [String: String] = [:], readiness: Readiness = .ready, metrics: QuarryMetrics = QuarryMetrics(),
    database: PostgresPool? = nil
) async throws -> (ServerConfiguration, ServerComponents) {
    let configuration = try ServerConfiguration(
        environment: environment.merging(["QUARRY_HTTP_PORT": "0", "QUARRY_SCHEMA_DIR": SchemaFiles.directory()]) { a, _ in a }
    )
    let pool = if let database { database } else { try await testPool() }
    let service = try configuration.makeGraphQLService(
        schema: QuarrySchema.build(directory: configuration.schemaDirectory), database: pool,
        accounts: testAccountServices(settings: configuration.accounts.settings)
    )
    let components = ServerComponents(
        graphQL: service, readiness: FixedReadiness(answer: readiness), metrics: metrics, refreshGauges: {}
    )
    return (configuration, components)
}

/// An application with the given configuration overrides.
func makeTestApplication(
    environment: [String: String] = [:], readiness: Readiness = .ready, metrics: QuarryMetrics = QuarryMetrics(),
    database: PostgresPool? = nil
) async throws -> some ApplicationProtocol {
    let (configuration, components) = try await makeComponents(
        environment: environment, readiness: readiness, metrics: metrics, database: database
    )
    return buildApplication(configuration: configuration, components: components, logger: Logger(label: "quarry.test"))
}

extension TestResponse {
    var text: String { String(buffer: body) }
}
