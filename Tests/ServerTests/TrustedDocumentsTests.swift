import App
import Foundation
import Hummingbird
import HummingbirdTesting
import TestDatabaseSupport
import Testing

@testable import Server

/// Trusted documents (`QUARRY_TRUSTED_DOCUMENTS`, `QUARRY_TRUSTED_DOCUMENTS_MANIFEST`):
/// the manifest's documents by hash in `allow` mode, nothing else in `only` mode.
/// Each test sets the mode explicitly: the shipped default is `off`.
@Suite("Trusted documents", .timeLimit(.minutes(3)))
struct TrustedDocumentsTests {
    typealias R = PersistedRequests

    /// A manifest document, with the trailing newline a file keeps.
    static let trusted = "query TrustedPing { ping }\n"
    static let trustedHash = DocumentHash.sha256(trusted)

    /// A manifest file of `documents` (by default the trusted one), as `quarry graphql hash` writes it.
    static func manifest(_ documents: [String: Any]? = nil) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString).json").path
        let data = try JSONSerialization.data(withJSONObject: documents ?? [trustedHash: trusted], options: [.sortedKeys])
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    static func environment(_ mode: String, manifest: String? = nil) throws -> [String: String] {
        ["QUARRY_TRUSTED_DOCUMENTS": mode, "QUARRY_TRUSTED_DOCUMENTS_MANIFEST": try manifest ?? Self.manifest()]
    }

    /// The ways a client names the trusted document by hash.
    static let byHash = [
        R.apqBody(hash: trustedHash),
        R.body(["documentId": "sha256:" + trustedHash]),
        R.body(["documentId": trustedHash]),
    ]

    @Test("off: the manifest is not read; the hash is unknown, texts run as usual")
    func off() async throws {
        let environment = try Self.environment("off", manifest: "/nonexistent/manifest.json")
        try await makeTestApplication(environment: environment).test(.router) { client in
            for body in Self.byHash {
                try await client.postGraphQL(body) { #expect($0.errorCode == "PERSISTED_QUERY_NOT_FOUND", "\(body)") }
            }
            try await client.postGraphQL(R.body(["query": "{ ping }"])) { #expect($0.ranPing) }
        }
    }

    @Test("allow: manifest documents run by hash (persistedQuery, documentId sha256: or bare; POST and GET); the rest as usual")
    func allow() async throws {
        try await makeTestApplication(environment: try Self.environment("allow")).test(.router) { client in
            for body in Self.byHash {
                try await client.postGraphQL(body) { #expect($0.ranPing, "\(body): \($0.text)") }
            }
            for uri in [R.apqGET(hash: Self.trustedHash), "/graphql?documentId=" + R.encoded("sha256:" + Self.trustedHash)] {
                try await client.getGraphQL(uri) { #expect($0.ranPing, "\(uri): \($0.text)") }
            }
            try await client.postGraphQL(R.body(["query": "{ ping }"])) { #expect($0.ranPing) }
            let query = R.uniqueQuery("Allowed")
            let hash = DocumentHash.sha256(query)
            try await client.postGraphQL(R.apqBody(hash: hash, query: query)) { #expect($0.ranPing) }
            try await client.postGraphQL(R.body(["documentId": "sha256:" + hash])) { #expect($0.ranPing, "\($0.text)") }
            try await client.postGraphQL(R.body(["documentId": "sha256:" + DocumentHash.sha256(R.uniqueQuery("Unknown"))])) {
                #expect($0.errorCode == "PERSISTED_QUERY_NOT_FOUND")
            }
        }
    }

    @Test("only: manifest documents by hash or exact text; anything else is PERSISTED_QUERY_NOT_ALLOWED, introspection excepted")
    func only() async throws {
        let query = R.uniqueQuery("Untrusted")
        let hash = DocumentHash.sha256(query)
        try await makeTestApplication(environment: try Self.environment("only")).test(.router) { client in
            for body in Self.byHash + [R.body(["query": Self.trusted])] {
                try await client.postGraphQL(body) { #expect($0.ranPing, "\(body): \($0.text)") }
            }
            for body in [
                R.body(["query": "{ ping }"]), R.body(["query": "query TrustedPing { ping }"]),
                R.apqBody(hash: hash, query: query), R.apqBody(hash: hash), R.body(["documentId": hash]),
                R.body(["query": "{ __typename ping }"]), R.body(["query": "{ ping"]),
            ] {
                try await client.postGraphQL(body, headers: R.graphQLResponse) {
                    #expect($0.status == .badRequest)
                    #expect($0.errorCode == "PERSISTED_QUERY_NOT_ALLOWED", "\(body): \($0.text)")
                }
            }
            try await client.getGraphQL("/graphql?query=" + R.encoded("{ ping }")) {
                #expect($0.errorCode == "PERSISTED_QUERY_NOT_ALLOWED")
            }
            for introspection in [
                "{ __typename }", "query IntrospectionQuery { __schema { queryType { name } } }",
                "{ ...Types } fragment Types on Query { __type(name: \"Query\") { name } }",
            ] {
                try await client.postGraphQL(R.body(["query": introspection])) {
                    #expect($0.status == .ok)
                    #expect($0.graphQL["errors"] == nil, "\(introspection): \($0.text)")
                }
            }
        }
        // The registration attempt stored nothing.
        #expect(try await PersistedQueryTests.storedCount([hash], in: TestDatabases.sharedPool()) == 0)
    }

    @Test("only with introspection off: introspection is not allowed either")
    func onlyWithoutIntrospection() async throws {
        // QUARRY_INTROSPECTION=off is the case where the introspection exception must not apply.
        var environment = try Self.environment("only")
        environment["QUARRY_INTROSPECTION"] = "off"
        try await makeTestApplication(environment: environment).test(.router) { client in
            try await client.postGraphQL(R.body(["query": "{ __schema { queryType { name } } }"])) {
                #expect($0.errorCode == "PERSISTED_QUERY_NOT_ALLOWED")
            }
            try await client.postGraphQL(Self.byHash[1]) { #expect($0.ranPing) }
        }
    }

    @Test("only cannot be bypassed over the WebSocket")
    func onlyOverWebSocket() async throws {
        let server = try await SubscriptionTestServer.make(environment: try Self.environment("only"))
        try await server.test { client in
            try await client.graphQLSocket { socket in
                try await socket.initialise()
                try await socket.subscribe("1", "{ ping }")
                let refused = try await socket.receive()
                #expect(refused?["type"] as? String == "error")
                #expect("\(refused ?? [:])".contains("PERSISTED_QUERY_NOT_ALLOWED"))
                try await socket.send(#"{"id":"2","type":"subscribe","payload":{"documentId":"sha256:\#(Self.trustedHash)"}}"#)
                let next = try await socket.receive()
                #expect(next?["type"] as? String == "next")
                #expect(((next?["payload"] as? [String: Any])?["data"] as? [String: Any])?["ping"] as? String == "pong")
                try await socket.outbound.close(.normalClosure, reason: nil)
            }
        }
    }

    @Test("documentId must be sha256:<hex> or the bare hex, and never comes with query")
    func documentIDForms() async throws {
        try await makeTestApplication(environment: try Self.environment("allow")).test(.router) { client in
            for body in [
                R.body(["documentId": "md5:abc"]), R.body(["documentId": "sha256:" + Self.trustedHash.uppercased()]),
                R.body(["documentId": 42]), R.body(["documentId": Self.trustedHash, "query": Self.trusted]),
                R.body(["documentId": Self.trustedHash, "extensions": ["persistedQuery": ["version": 1, "sha256Hash": Self.trustedHash]]]),
            ] {
                try await client.postGraphQL(body, headers: R.graphQLResponse) {
                    #expect($0.status == .badRequest)
                    #expect($0.errorCode == "BAD_REQUEST", "\(body): \($0.text)")
                }
            }
        }
    }

    @Test("a bad manifest stops start-up naming QUARRY_TRUSTED_DOCUMENTS_MANIFEST")
    func badManifest() async throws {
        let variable = "QUARRY_TRUSTED_DOCUMENTS_MANIFEST"
        let notJSON = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString).json").path
        try Data("not json".utf8).write(to: URL(fileURLWithPath: notJSON))
        let environments: [[String: String]] = [
            ["QUARRY_TRUSTED_DOCUMENTS": "only"],
            try Self.environment("allow", manifest: "/nonexistent/manifest.json"),
            try Self.environment("allow", manifest: notJSON),
            try Self.environment("only", manifest: try Self.manifest([Self.trustedHash: "{ ping }"])),
            try Self.environment("only", manifest: try Self.manifest([Self.trustedHash: 1])),
        ]
        for environment in environments {
            let error = #expect(throws: ConfigurationError.self, "\(environment)") {
                try ServerConfiguration(environment: environment)
            }
            #expect(error?.variable == variable)
            #expect(error?.description.contains(variable) == true)
        }
        // A document that hashes right but does not validate is found when the service is built.
        let invalid = "{ noSuchField }"
        let environment = try Self.environment("allow", manifest: try Self.manifest([DocumentHash.sha256(invalid): invalid]))
        let error = await #expect(throws: ConfigurationError.self) { try await TestServer.start(environment: environment) }
        #expect(error?.variable == variable)
        #expect(error?.description.contains(DocumentHash.sha256(invalid)) == true)
        #expect(error?.description.contains("noSuchField") == true, "\(String(describing: error))")
        #expect(throws: ConfigurationError.self) { try ServerConfiguration(environment: ["QUARRY_TRUSTED_DOCUMENTS": "sometimes"]) }
    }
}
