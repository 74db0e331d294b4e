import Foundation
import Postgres

/// The media store's upkeep (issue 13 "Scheduled jobs"): files no `media` row
/// names are removed once they are older than a grace period. Such files are
/// those of deleted media, of uploads whose transaction failed after the file
/// was stored (``MediaIngest`` stores first), and leftovers of interrupted copies.
package enum MediaChanges {
    /// The sweep's advisory lock: the sweep holds it exclusively while it
    /// decides on a batch of files and removes them, and ``MediaIngest`` holds
    /// it shared from its `media` row's insertion to its commit, so a file is
    /// never removed between an upload's check that it is stored and the commit
    /// of the row that names it.
    package static let sweepLock: SQL = "hashtextextended('quarry_media_sweep', 0)"

    /// The grace period the job runner gives a file: far longer than any upload
    /// takes from storing its file to committing its row.
    package static let defaultGrace: Duration = .seconds(3_600)

    /// Files decided on per transaction, so the lock that uploads wait on is
    /// held for one batch's removals at most.
    static let batchSize = 500

    /// Removes the files of `store` that are older than `grace` and that no
    /// `media` row names; answers how many went.
    package static func sweepOrphans(olderThan grace: Duration, store: any MediaStore, database: PostgresPool) async throws -> Int {
        let cutoff = Date().addingTimeInterval(-grace.inSeconds)
        let candidates = try await store.entries().filter { $0.modified < cutoff }.map(\.name)
        var removed = 0
        for start in stride(from: 0, to: candidates.count, by: batchSize) {
            let batch = Array(candidates[start..<min(start + batchSize, candidates.count)])
            removed += try await database.withTransaction { connection in
                // Its own statement: the next one's snapshot then includes every upload committed before the lock.
                _ = try await connection.execute("SELECT pg_advisory_xact_lock(\(sweepLock))")
                let named = try await connection.query("SELECT DISTINCT sha256 FROM media WHERE sha256 = ANY(\(batch))")
                let kept = Set(try named.map { try $0.decode("sha256", as: String.self) })
                let orphans = batch.filter { !kept.contains($0) }
                for name in orphans { try await store.remove(name) }
                return orphans.count
            }
        }
        return removed
    }
}
