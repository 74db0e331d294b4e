/// How a request names the document it runs: its text, or a hash that
/// persisted documents resolve (each hash is ``DocumentHash/sha256(_:)`` of a
/// text, 64 lower-case hex digits, checked by the HTTP and WebSocket layers).
public enum DocumentSource: Sendable, Equatable {
    /// `query`: the document's text.
    case text(String)
    /// Apollo's automatic persisted query, `extensions.persistedQuery.sha256Hash`
    /// (https://github.com/apollographql/apollo-link-persisted-queries#protocol):
    /// the hash alone looks the document up; the hash with `query` registers it.
    case persistedQuery(hash: String, text: String?)
    /// The GraphQL-over-HTTP draft's `documentId` (Appendix A "Persisted
    /// Documents", `sha256:<hex>` or the bare hex): a document already known.
    case documentID(hash: String)
}
