import GraphQLExecution
import Postgres
import Synchronization

/// The documents registered by automatic persisted queries (Apollo's APQ
/// protocol): the table `persisted_documents` (db/migrations/0008), shared by
/// every instance on the database, with a bounded in-memory map of hash →
/// text in front of it.
///
/// - A lookup whose hash is in memory costs no SQL statement; otherwise one
///   statement reads the row and marks it used.
/// - The table holds at most ``maxDocuments`` rows: each registration deletes
///   the rows beyond the bound, least recently used first. "Used" means
///   registered or read from the table; a hash an instance answers from memory
///   does not touch its row, so a document hot on one instance may be evicted
///   from the table and then cost other instances one `PERSISTED_QUERY_NOT_FOUND`
///   round trip, after which the client registers it again.
/// - The caller stores only documents that parse and validate, so garbage
///   cannot fill the table.
public final class PersistedDocumentStore: Sendable {
    /// The most rows the table keeps (`QUARRY_PERSISTED_QUERIES_MAX`).
    public let maxDocuments: Int
    private let database: PostgresPool
    private let recent: Mutex<LRUTable<String, String>>

    /// - Parameters:
    ///   - maxDocuments: the bound on the table's rows.
    ///   - memoryCapacity: the most hashes kept in memory (least recently used goes first).
    public init(database: PostgresPool, maxDocuments: Int, memoryCapacity: Int) {
        precondition(maxDocuments > 0, "the persisted documents table needs room for one document")
        self.database = database
        self.maxDocuments = maxDocuments
        recent = Mutex(LRUTable(capacity: memoryCapacity))
    }

    /// The text registered under `hash`, or `nil` when no instance registered it
    /// (or it was evicted).
    public func text(for hash: String) async throws -> String? {
        if let text = recent.withLock({ $0.value(for: hash) }) { return text }
        let rows = try await database.query("""
            UPDATE persisted_documents SET last_used_at = now() WHERE hash = \(hash) RETURNING text
            """)
        guard let row = rows.first else { return nil }
        let text = try row.decode("text", as: String.self)
        recent.withLock { $0.insert(text, for: hash) }
        return text
    }

    /// Stores `text` under `hash` (which the caller has checked is its SHA-256),
    /// then deletes the least recently used rows beyond ``maxDocuments``.
    /// Two statements; registering is rare (a client sends the text only after
    /// `PERSISTED_QUERY_NOT_FOUND`), and the deletion walks the `last_used_at`
    /// index up to the bound. A hash this instance holds in memory is not
    /// written again, so a client that always sends hash and text costs no writes.
    public func register(_ text: String, hash: String) async throws {
        guard recent.withLock({ $0.value(for: hash) }) == nil else { return }
        _ = try await database.execute("""
            INSERT INTO persisted_documents (hash, text) VALUES (\(hash), \(text))
            ON CONFLICT (hash) DO UPDATE SET last_used_at = now()
            """)
        _ = try await database.execute("""
            DELETE FROM persisted_documents WHERE hash IN (
                SELECT hash FROM persisted_documents ORDER BY last_used_at DESC, hash DESC OFFSET \(maxDocuments)
            )
            """)
        recent.withLock { $0.insert(text, for: hash) }
    }
}
