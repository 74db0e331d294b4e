import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Requests and answers of the persisted-documents tests.
enum PersistedRequests {
    static let json: HTTPFields = [.contentType: "application/json"]
    static let graphQLResponse: HTTPFields = [.contentType: "application/json", .accept: "application/graphql-response+json"]

    /// A query no other test sends, so its hash is unknown until a test registers it.
    static func uniqueQuery(_ label: String) -> String {
        "query \(label)\(UUID().uuidString.replacingOccurrences(of: "-", with: "")) { ping }"
    }

    /// A JSON body with `extensions.persistedQuery`, and `query` when given.
    static func apqBody(hash: String, query: String? = nil, version: Int = 1) -> String {
        var body: [String: Any] = ["extensions": ["persistedQuery": ["version": version, "sha256Hash": hash]]]
        if let query { body["query"] = query }
        return String(decoding: try! JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]), as: UTF8.self)
    }

    /// A JSON body of other parameters, e.g. `["documentId": "sha256:…"]`.
    static func body(_ parameters: [String: Any]) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: parameters, options: [.sortedKeys]), as: UTF8.self)
    }

    /// `/graphql?extensions=…` naming `hash`, as Apollo Client sends a hashed query over GET.
    static func apqGET(hash: String, extra: String = "") -> String {
        let extensions = #"{"persistedQuery":{"version":1,"sha256Hash":"\#(hash)"}}"#
        return "/graphql?extensions=" + encoded(extensions) + extra
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }
}

extension TestClientProtocol {
    func postGraphQL(
        _ body: String, headers: HTTPFields = PersistedRequests.json, _ check: @escaping (TestResponse) throws -> Void
    ) async throws {
        try await execute(uri: "/graphql", method: .post, headers: headers, body: ByteBuffer(string: body)) { try check($0) }
    }

    func getGraphQL(
        _ uri: String, headers: HTTPFields = [:], _ check: @escaping (TestResponse) throws -> Void
    ) async throws {
        try await execute(uri: uri, method: .get, headers: headers) { try check($0) }
    }
}

extension TestResponse {
    /// `extensions.code` of the first error, if any.
    var errorCode: String? { graphQL.codes.first }

    /// Whether the response ran `{ ping }`.
    var ranPing: Bool { graphQL.string("data.ping") == "pong" }
}
