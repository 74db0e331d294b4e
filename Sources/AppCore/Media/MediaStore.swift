/// Where media bytes live, named by their SHA-256 (issue 5 "Media": storage
/// behind a small protocol). Metadata stays in PostgreSQL's `media` table;
/// a store only keeps content, so the same bytes uploaded twice are kept once.
public protocol MediaStore: Sendable {
    /// Copies the file at `path` in as the content named `sha256`; nothing
    /// to do when that content is already there.
    func put(contentsOf path: String, sha256: String) async throws
    /// The local file holding the content named `sha256`, for serving.
    func path(of sha256: String) -> String
    /// Whether the content named `sha256` is in the store.
    func contains(_ sha256: String) async throws -> Bool
}
