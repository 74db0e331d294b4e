import AppCore
import CommonTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Postgres
import QuarryTestSupport
import TestDatabaseSupport
import Testing

@testable import Server

/// The error message catalogue across instances (issue 13: "an edit shows within
/// seconds on every instance via LISTEN/NOTIFY"): two servers on one database,
/// the second following the catalogue with the notification listener `quarry
/// serve` runs. Each test has a database of its own, since it edits the catalogue.
@Suite("Error message catalogue across instances", .timeLimit(.minutes(3)))
struct ErrorMessageNotifyTests {
    static let logIn = "mutation($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }"

    /// Runs `body` while `server`'s notification listener follows the catalogue, once its LISTEN is active.
    static func following(_ server: TestServer, _ body: () async throws -> Void) async throws {
        let (listening, signal) = AsyncStream.makeStream(of: String.self)
        var listener = NotificationListenerService(
            channels: [.errorMessages(server.components.graphQL.errorMessages)], configuration: server.pool.configuration,
            logger: Logger(label: "quarry.test")
        )
        listener.onListening = { signal.yield($0) }
        let task = Task { try await listener.run() }
        defer { task.cancel() }
        #expect(try await listening.next() == ErrorCatalogue.channel)
        try await body()
    }

    @Test("an ADMIN's edit on one instance shows on the other's next error, GraphQL and HTTP, within seconds")
    func editReachesTheOtherInstance() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "quarry_catalogue")
        defer { pool.shutdown() }
        let editor = try await TestServer.start(database: pool)
        let follower = try await TestServer.start(database: pool)
        let admin = try await editor.user(role: .admin)
        let user = try await editor.user()
        try await Self.following(follower) {
            let upsert = "mutation($c: String!, $m: String!) { upsertErrorMessage(code: $c, message: $m) { code } }"
            let changed = try await editor.service.post(upsert, ["c": "INVALID_CREDENTIALS", "m": "Check your login."], token: admin.token)
            #expect(changed.errors.isEmpty, "\(changed)")
            try await waitUntil(.seconds(10)) {
                try await follower.service.post(Self.logIn, ["e": user.email, "p": "wrong"]).messages == ["Check your login."]
            }
            // The HTTP layer's own errors are worded by the same catalogue.
            _ = try await editor.service.post(upsert, ["c": "MALFORMED_AUTHORIZATION", "m": "Send a bearer token."], token: admin.token)
            try await waitUntil(.seconds(10)) { follower.components.graphQL.errorMessages.entry("MALFORMED_AUTHORIZATION")?.message == "Send a bearer token." }
            let app = buildApplication(
                configuration: follower.configuration, components: follower.components, logger: Logger(label: "quarry.test")
            )
            try await app.test(.router) { client in
                try await client.execute(
                    uri: "/graphql", method: .post, headers: [.contentType: "application/json", .authorization: "Basic abc"],
                    body: ByteBuffer(string: #"{"query":"{ ping }"}"#)
                ) { response in
                    #expect(response.status == .unauthorized)
                    #expect(response.graphQL.messages == ["Send a bearer token."])
                }
            }
        }
    }

    @Test("after the LISTEN connection is lost the follower re-reads the catalogue: a missed edit shows")
    func reconnectReloads() async throws {
        let (configuration, pool) = try await TestDatabases.migrated(prefix: "quarry_catalogue")
        defer { pool.shutdown() }
        let follower = try await TestServer.start(database: pool)
        try await Self.following(follower) {
            // An edit whose NOTIFY the follower never gets: written straight to the table.
            _ = try await pool.execute("UPDATE error_messages SET message = 'Missed edit.' WHERE code = 'INVALID_CREDENTIALS'")
            #expect(follower.components.graphQL.errorMessages.entry("INVALID_CREDENTIALS")?.message == "Email or password are incorrect")
            let terminated = try await pool.query("""
                SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
                WHERE datname = \(configuration.database) AND query LIKE 'LISTEN%'
                """)
            #expect(try terminated[0].decode("n", as: Int.self) == 1)
            try await waitUntil(.seconds(20)) {
                follower.components.graphQL.errorMessages.entry("INVALID_CREDENTIALS")?.message == "Missed edit."
            }
        }
    }
}
