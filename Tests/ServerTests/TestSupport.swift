import App
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Postgres

@testable import Server

/// A readiness answer fixed by the test, for the HTTP behaviour of `/readyz`
/// (``DatabaseReadiness`` has its own tests against PostgreSQL).
struct FixedReadiness: ReadinessCheck {
    let answer: Readiness
    func check() async -> Readiness { answer }
}

struct MissingTestDatabase: Error, CustomStringConvertible {
    var description: String { "QUARRY_TEST_DATABASE_URL is not set: run the tests with `make test`" }
}

/// The PostgreSQL of `scripts/with-test-postgres.sh`; tests that need it fail without it.
func testDatabaseURL() throws -> String {
    guard let url = ProcessInfo.processInfo.environment["QUARRY_TEST_DATABASE_URL"], !url.isEmpty else {
        throw MissingTestDatabase()
    }
    return url
}

/// One small pool for all HTTP tests (connections open on first use).
private let sharedPool: Result<PostgresPool, any Error> = Result {
    var configuration = try PostgresConfiguration(url: try testDatabaseURL())
    configuration.poolSize = 4
    return PostgresPool(configuration: configuration, logger: Logger(label: "quarry.test.postgres"))
}

func testPool() throws -> PostgresPool {
    try sharedPool.get()
}

/// The components of a test server: the real schema and engine over the test database.
func makeComponents(
    environment: [String: String] = [:], readiness: Readiness = .ready, metrics: QuarryMetrics = QuarryMetrics()
) throws -> (ServerConfiguration, ServerComponents) {
    let configuration = try ServerConfiguration(
        environment: environment.merging(["QUARRY_HTTP_PORT": "0", "QUARRY_SCHEMA_DIR": SchemaFiles.directory()]) { a, _ in a }
    )
    let service = try GraphQLService(
        schema: QuarrySchema.build(directory: configuration.schemaDirectory), database: testPool(),
        options: configuration.graphQLOptions
    )
    let components = ServerComponents(
        graphQL: service, readiness: FixedReadiness(answer: readiness), metrics: metrics, refreshGauges: {}
    )
    return (configuration, components)
}

/// An application with the given configuration overrides.
func makeTestApplication(
    environment: [String: String] = [:], readiness: Readiness = .ready, metrics: QuarryMetrics = QuarryMetrics()
) throws -> some ApplicationProtocol {
    let (configuration, components) = try makeComponents(environment: environment, readiness: readiness, metrics: metrics)
    return buildApplication(configuration: configuration, components: components, logger: Logger(label: "quarry.test"))
}

extension TestResponse {
    var text: String { String(buffer: body) }
}
