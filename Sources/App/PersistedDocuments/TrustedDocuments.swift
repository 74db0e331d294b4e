import GraphQLLanguage

/// The allow-list of trusted documents (API.md "Configuration":
/// `QUARRY_TRUSTED_DOCUMENTS`): a manifest of documents by SHA-256, as Relay
/// and GraphQL Codegen emit it at client build time (`{"<sha256>": "<text>"}`),
/// and how strictly it applies.
public struct TrustedDocuments: Sendable, Equatable {
    public enum Mode: String, CaseIterable, Sendable {
        /// No manifest: documents are sent as text, or by hash through automatic persisted queries.
        case off
        /// Manifest documents may be sent by hash alone; everything else works as with `off`.
        case allow
        /// Only manifest documents run (by hash, or as their exact text), plus
        /// introspection-only operations while introspection is on; everything
        /// else, automatic persisted queries included, is `PERSISTED_QUERY_NOT_ALLOWED`.
        case only
    }

    public var mode: Mode
    /// The manifest's documents by their SHA-256 (lower-case hex).
    public var documents: [String: String]

    public init(mode: Mode, documents: [String: String]) {
        self.mode = mode
        self.documents = documents
    }

    public static let off = TrustedDocuments(mode: .off, documents: [:])

    /// The manifest document of `hash`, unless the mode is `off`.
    func document(for hash: String) -> String? {
        mode == .off ? nil : documents[hash]
    }
}

/// A manifest document that does not parse or validate against the schema:
/// the server refuses to start with it.
public struct InvalidTrustedDocument: Error, Sendable, CustomStringConvertible {
    public let hash: String
    public let errors: [GraphQLError]

    public var description: String {
        "the document \(hash) does not parse or validate: " + errors.map(\.message).joined(separator: "; ")
    }
}
