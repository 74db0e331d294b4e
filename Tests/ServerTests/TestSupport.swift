import App
import Auth
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Postgres
import QuarryTestSupport
import TestDatabaseSupport

@testable import Server

/// A readiness answer fixed by the test, for the HTTP behaviour of `/readyz`
/// (``DatabaseReadiness`` has its own tests against PostgreSQL).
struct FixedReadiness: ReadinessCheck {
    let answer: Readiness
    func check() async -> Readiness { answer }
}

/// Quarry's HTTP server for tests: the ``TestService`` (the real schema and engine over the test
/// database) built from a `ServerConfiguration` as `quarry serve` builds it, and the HTTP application
/// around it. The configuration is the shipped one but for `environment`, a free port, a fresh data
/// folder (media and uploads in flight) and absolute links on ``TestService/publicURL``.
struct TestServer {
    let configuration: ServerConfiguration
    let components: ServerComponents

    /// The GraphQL service behind the server, for users, friendships and GraphQL without HTTP.
    var service: TestService { TestService(service: components.graphQL) }
    var pool: PostgresPool { components.graphQL.database }

    /// A server over `database` (the process's shared migrated database unless given).
    static func start(
        environment: [String: String] = [:], readiness: Readiness = .ready, metrics: QuarryMetrics = QuarryMetrics(),
        database: PostgresPool? = nil
    ) async throws -> TestServer {
        let repository = URL(fileURLWithPath: SchemaFiles.directory()).deletingLastPathComponent().path
        let configuration = try ServerConfiguration(environment: environment.merging([
            "QUARRY_HTTP_PORT": "0", "QUARRY_SCHEMA_DIR": SchemaFiles.directory(),
            "QUARRY_DATA_DIR": TestService.temporaryPath("data"), "QUARRY_PUBLIC_URL": TestService.publicURL,
            "QUARRY_EMOTIONS_DIR": repository + "/web/emotions",
        ]) { a, _ in a })
        let pool = if let database { database } else { try await TestDatabases.sharedPool() }
        let service = try configuration.makeGraphQLService(
            schema: TestService.schema(), database: pool, accounts: testAccountServices(settings: configuration.accounts.settings),
            media: configuration.media.services
        )
        // As `quarry serve` does at start-up: errors are worded by the seeded catalogue.
        try await service.errorMessages.reload()
        let components = ServerComponents(
            graphQL: service, readiness: FixedReadiness(answer: readiness), metrics: metrics, refreshGauges: {}
        )
        return TestServer(configuration: configuration, components: components)
    }

    var application: some ApplicationProtocol {
        buildApplication(configuration: configuration, components: components, logger: Logger(label: "quarry.test"))
    }

    /// A signed-up user (or admin) with a bearer token.
    func user(role: Role = .user) async throws -> TestUser {
        try await service.signUp("http", role: role)
    }
}

/// The HTTP application of a ``TestServer`` with the given configuration overrides.
func makeTestApplication(
    environment: [String: String] = [:], readiness: Readiness = .ready, metrics: QuarryMetrics = QuarryMetrics()
) async throws -> some ApplicationProtocol {
    try await TestServer.start(environment: environment, readiness: readiness, metrics: metrics).application
}

extension TestResponse {
    var text: String { String(buffer: body) }

    /// The body as a GraphQL response, read the way every test reads one.
    var graphQL: TestService.Response {
        (try? TestService.Response(body: Array(body.readableBytesView))) ?? TestService.Response(json: [:])
    }
}
