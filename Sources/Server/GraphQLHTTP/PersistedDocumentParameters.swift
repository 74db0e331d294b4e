import App
import GraphQLLanguage
import GraphQLType

/// The hash a request may send instead of (or with) its `query`, in either
/// of the two forms clients use:
///
/// - Apollo's automatic persisted queries
///   (https://github.com/apollographql/apollo-link-persisted-queries#protocol):
///   `extensions.persistedQuery = {"version": 1, "sha256Hash": "<64 hex>"}`;
///   with `query` the request registers the document, without it looks it up.
/// - The GraphQL-over-HTTP draft's Appendix A "Persisted Documents":
///   `documentId = "sha256:<64 lower-case hex>"` (the "SHA256 hex document
///   identifier"), or the bare hex as Relay and GraphQL Codegen send it; never
///   with `query`.
///
/// Both work over POST (JSON body) and GET (query string; `extensions` as JSON text).
struct PersistedDocumentParameters {
    /// The SHA-256 the request names, lower-case.
    let hash: String?
    private let fromDocumentID: Bool

    init(documentID: String?, extensions: GraphQLObjectValue) throws(GraphQLRequestFailure) {
        let persistedQuery = try Self.persistedQueryHash(extensions["persistedQuery"])
        switch (documentID, persistedQuery) {
        case (nil, nil):
            hash = nil
        case (nil, let hash?):
            self.hash = hash
        case (let id?, nil):
            let hex = id.hasPrefix("sha256:") ? String(id.dropFirst("sha256:".count)) : id
            guard DocumentHash.isWellFormed(hex) else {
                throw .badRequest(
                    "The \"documentId\" parameter must be \"sha256:\" followed by 64 lower-case hex digits "
                        + "(the SHA-256 of the document's text), or those digits alone."
                )
            }
            hash = hex
        case (_?, _?):
            throw .badRequest("Send a persisted document's hash either as \"documentId\" or as extensions.persistedQuery, not both.")
        }
        fromDocumentID = documentID != nil
    }

    /// How the request names its document, given its `query` text if any.
    func document(query: String?) throws(GraphQLRequestFailure) -> DocumentSource {
        switch (hash, query) {
        case (nil, let text?): return .text(text)
        case (nil, nil):
            // The message also closes a WebSocket (4400), whose close reason must fit in 123 bytes.
            throw .badRequest("The request has no \"query\" parameter (a GraphQL document string is required).")
        case (let hash?, _) where fromDocumentID:
            guard query == nil else {
                throw .badRequest("A request with \"documentId\" must not also send \"query\".")
            }
            return .documentID(hash: hash)
        case (let hash?, let text):
            return .persistedQuery(hash: hash, text: text)
        }
    }

    /// `extensions.persistedQuery`: version 1 (the only one of Apollo's
    /// protocol) and a SHA-256 in hex, which is lower-cased.
    private static func persistedQueryHash(_ value: GraphQLValue?) throws(GraphQLRequestFailure) -> String? {
        switch value {
        case nil, .null?: return nil
        case .object(let object)?:
            guard object["version"] == .int(1) else {
                throw GraphQLRequestFailure(status: .unexecutable, errors: [GraphQLError(
                    "Unsupported persisted query version: only version 1 of extensions.persistedQuery is supported.",
                    extensions: ["code": "PERSISTED_QUERY_VERSION_NOT_SUPPORTED"]
                )])
            }
            guard case .string(let hash)? = object["sha256Hash"], DocumentHash.isWellFormed(hash.lowercased()) else {
                throw .badRequest("extensions.persistedQuery.sha256Hash must be the SHA-256 of the document: 64 hex digits.")
            }
            return hash.lowercased()
        case let other?:
            throw .badRequest(
                "extensions.persistedQuery must be an object {\"version\": 1, \"sha256Hash\": …}, not \(GraphQLRequestParameters.describe(other))."
            )
        }
    }
}
