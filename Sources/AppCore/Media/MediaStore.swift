import Foundation

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
    /// Everything in the store, for the orphaned files' sweep (``MediaChanges/sweepOrphans(olderThan:store:database:)``):
    /// each content, and whatever an interrupted copy left, with when it was last written.
    func entries() async throws -> [MediaStoreEntry]
    /// Removes the entry `name` (a content's SHA-256 or a leftover's name); nothing to do when it is gone.
    func remove(_ name: String) async throws
}

/// One file of a ``MediaStore``: a content named by its SHA-256, or the
/// leftover of an interrupted copy, which no `media` row names.
public struct MediaStoreEntry: Sendable, Equatable {
    public let name: String
    public let modified: Date

    public init(name: String, modified: Date) {
        self.name = name
        self.modified = modified
    }
}
