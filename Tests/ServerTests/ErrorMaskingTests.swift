import AppCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import QuarryTestSupport
import TestDatabaseSupport
import Synchronization
import Testing

@testable import Server

/// Keeps every log entry written through it, for tests that check what the server logged.
final class LogCapture: Sendable {
    struct Entry {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]
    }

    private let entries = Mutex<[Entry]>([])

    var all: [Entry] { entries.withLock { $0 } }

    func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }

    /// A logger that writes here, at `trace` so nothing is filtered out.
    func logger(label: String = "quarry.test") -> Logger {
        Logger(label: label) { _ in Handler(capture: self) }
    }

    struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(
            level: Logger.Level, message: Logger.Message, metadata explicit: Logger.Metadata?, source: String,
            file: String, function: String, line: UInt
        ) {
            let merged = metadata.merging(explicit ?? [:]) { _, new in new }
            capture.append(Entry(level: level, message: "\(message)", metadata: merged.mapValues { "\($0)" }))
        }
    }
}

/// Issue 12: error masking seen from a client. A resolver that fails unexpectedly — here a real SQL statement
/// failing with an error that is not an outage (its table is gone: SQLSTATE 42P01) — answers through the
/// whole HTTP stack with `INTERNAL_SERVER_ERROR` and the catalogue's text, nothing of the internal error, and
/// the server logs the original under the request id the response carries in `X-Request-Id`.
@Suite("Error masking over HTTP: INTERNAL_SERVER_ERROR, the catalogue text, the request id in the log")
struct ErrorMaskingTests {
    static let catalogueMessage = "We're sorry, there was a problem with our servers. Please make another attempt later."

    @Test("a resolver's unexpected database error is masked for the client and logged with the request id")
    func unexpectedResolverError() async throws {
        // A database of its own, whose `users` table this test renames away (the shared one stays intact).
        let (_, pool) = try await TestDatabases.migrated(prefix: "quarry_masking", poolSize: 2)
        defer { pool.shutdown() }
        let user = try await pool.query("""
            INSERT INTO users (email, nickname, accepted_terms_at) VALUES ('masked@example.com', 'masked', now()) RETURNING id
            """)[0].decode("id", as: UUID.self)
        _ = try await pool.execute("ALTER TABLE users RENAME TO users_renamed_by_test")
        let capture = LogCapture()
        let server = try await TestServer.start(database: pool)
        let (configuration, components) = (server.configuration, server.components)
        let app = buildApplication(configuration: configuration, components: components, logger: capture.logger())
        let nodeID = GlobalID(typeName: "User", id: user).text
        // A nullable field (`node`: data stays, the field is null) and a non-null root field
        // (`emailAvailable`: data is null): both are masked.
        let queries = [
            ("{ node(id: \"\(nodeID)\") { id } }", ["node"]),
            ("{ emailAvailable(email: \"someone@example.com\") }", ["emailAvailable"]),
        ]
        try await app.test(.router) { client in
            for (query, path) in queries {
                let body = try JSONSerialization.data(withJSONObject: ["query": query])
                try await client.execute(
                    uri: "/graphql", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(bytes: body)
                ) { response in
                    #expect(response.status == .ok, "\(query)")
                    let requestID = try #require(response.headers[HTTPField.Name("X-Request-Id")!], "\(query)")
                    let json = response.graphQL.json
                    let errors = try #require(json["errors"] as? [[String: Any]], "\(response.text)")
                    #expect(errors.count == 1, "\(response.text)")
                    let error = try #require(errors.first)
                    #expect(error["message"] as? String == Self.catalogueMessage, "\(response.text)")
                    // The request id stays with the error, so support can find its error report.
                    #expect(
                        error["extensions"] as? [String: String] == ["code": "INTERNAL_SERVER_ERROR", "requestId": requestID],
                        "\(response.text)"
                    )
                    #expect((error["path"] as? [String]) == path, "\(response.text)")
                    // Nothing of the internal error reaches the client.
                    for detail in ["users", "relation", "42P01", "does not exist", "Postgres", "SQL"] {
                        #expect(!response.text.contains(detail), "\(detail) leaked: \(response.text)")
                    }
                    // The server logged the original error, under the id the client was given.
                    let logged = capture.all.filter {
                        $0.level == .error && $0.message == "unexpected error in a resolver"
                            && $0.metadata["request_id"] == requestID
                    }
                    #expect(logged.count == 1, "no log line for request \(requestID): \(capture.all.map(\.message))")
                    #expect(logged.first?.metadata["error"]?.contains("users") == true, "\(logged.map(\.metadata))")
                    #expect(logged.first?.metadata["path"] == path.joined(separator: "."), "\(logged.map(\.metadata))")
                }
            }
        }
    }
}
