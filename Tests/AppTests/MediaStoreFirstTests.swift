@testable import AppCore
import CommonTestSupport
import Foundation
import Postgres
import QuarryTestSupport
import TestDatabaseSupport
import Testing

/// Issue 18 "Writes that survive a crash": an upload stores its file before its `media` row commits, so no row
/// ever names a missing file; a file whose row never committed is left to the orphaned files' sweep (issue 13
/// "Scheduled jobs"), which waits out its grace period and never removes a file an upload is about to name.
/// Each test has a database of its own: one changes the `screenshots` table, and the sweep reads all of `media`.
@Suite("Media: the file is stored first, the row commits after")
struct MediaStoreFirstTests {
    static let upload = "mutation($image: Upload!) { uploadScreenshot(image: $image) { id } }"

    static func setAge(_ age: Duration, of path: String) throws {
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-age.inSeconds)], ofItemAtPath: path)
    }

    @Test("an upload whose transaction fails leaves its file and no row; the sweep removes the file only past the grace period")
    func failedTransaction() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "ingest")
        defer { pool.shutdown() }
        let harness = try await TestService.start(database: pool)
        let user = try await harness.signUp("shots")
        // The screenshot's insert, in the media row's transaction, fails: the transaction rolls back.
        try await pool.withConnection { connection in
            try await connection.executeScript(unsafeSQL: """
                CREATE FUNCTION refuse_screenshot() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
                CREATE TRIGGER refuse_screenshot BEFORE INSERT ON screenshots FOR EACH ROW EXECUTE FUNCTION refuse_screenshot();
                """)
        }
        let bytes = try MediaTestImages.png(width: 12, height: 20)
        let failed = try await harness.post(
            Self.upload, files: ["image": try MediaTestImages.upload(bytes, filename: "s.png")], token: user.token
        )
        #expect(failed.codes == ["INTERNAL_SERVER_ERROR"], "\(failed)")
        #expect(try await harness.mediaRows(owner: user.id) == 0)
        let files = harness.storedFiles()
        #expect(files.count == 1)
        let sha = try #require(files.first?.split(separator: "/").last.map(String.init))

        // Younger than the shipped grace, the file looks like an upload in flight: it stays.
        #expect(try await MediaChanges.sweepOrphans(olderThan: MediaChanges.defaultGrace, store: harness.store, database: pool) == 0)
        #expect(try await harness.store.contains(sha))
        try Self.setAge(MediaChanges.defaultGrace + .seconds(60), of: harness.store.path(of: sha))
        #expect(try await MediaChanges.sweepOrphans(olderThan: MediaChanges.defaultGrace, store: harness.store, database: pool) == 1)
        #expect(try await harness.store.contains(sha) == false)

        // Without the failure, the same upload stores its file and its row; the sweep leaves a named file alone.
        try await pool.withConnection { try await $0.executeScript(unsafeSQL: "DROP TRIGGER refuse_screenshot ON screenshots") }
        let stored = try await harness.post(
            Self.upload, files: ["image": try MediaTestImages.upload(bytes, filename: "s.png")], token: user.token
        )
        #expect(stored.errors.isEmpty, "\(stored)")
        #expect(try await harness.mediaRows(owner: user.id) == 1)
        #expect(try await harness.store.contains(sha))
        try Self.setAge(MediaChanges.defaultGrace + .seconds(60), of: harness.store.path(of: sha))
        #expect(try await MediaChanges.sweepOrphans(olderThan: MediaChanges.defaultGrace, store: harness.store, database: pool) == 0)
        #expect(try await harness.store.contains(sha))
    }

    @Test("an upload of bytes kept as an old orphan, removed by the sweep while the upload waits on its lock, puts them back before its row commits")
    func sweepDuringUpload() async throws {
        let (configuration, pool) = try await TestDatabases.migrated(prefix: "ingest")
        defer { pool.shutdown() }
        let harness = try await TestService.start(database: pool)
        let user = try await harness.signUp("shots")
        let bytes = try MediaTestImages.png(width: 14, height: 22)
        let kept = try MediaTestImages.upload(bytes, filename: "s.png")
        let digest = SHA256Digest()
        bytes.withUnsafeBytes { digest.update($0) }
        let sha = digest.hex()
        // The same bytes, stored long ago by an upload whose row never committed.
        try await harness.store.put(contentsOf: kept.path, sha256: sha)
        try Self.setAge(MediaChanges.defaultGrace + .seconds(60), of: harness.store.path(of: sha))

        // A sweep is deciding: it holds the lock, so the upload, its file found in the store, waits at its insert.
        let sweep = try await PostgresConnection.connect(configuration: configuration)
        _ = try await sweep.execute("SELECT pg_advisory_lock(\(MediaChanges.sweepLock))")
        let uploading = Task {
            try await harness.post(Self.upload, files: ["image": try MediaTestImages.upload(bytes, filename: "s.png")], token: user.token)
        }
        try await waitUntil {
            try await pool.query("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")[0]
                .decode("n", as: Int.self) == 1
        }
        // The sweep removes the orphan and lets go.
        try await harness.store.remove(sha)
        _ = try await sweep.execute("SELECT pg_advisory_unlock(\(MediaChanges.sweepLock))")
        await sweep.close()

        let response = try await withTimeout { try await uploading.value }
        #expect(response.errors.isEmpty, "\(response)")
        #expect(try await harness.mediaRows(owner: user.id) == 1)
        #expect(try await harness.store.contains(sha))
    }
}
