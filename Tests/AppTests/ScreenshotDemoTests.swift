@testable import App
@testable import AppCore
import Foundation
import Postgres
import QuarryTestSupport
import TestDatabaseSupport
@testable import ScreenCache
import Testing

/// `quarry seed-demo`'s screenshots (``DemoScreenshots``): stored like uploads, listed newest first, searchable,
/// and loaded once however often the command runs.
@Suite("Screenshots: demo data")
struct ScreenshotDemoTests {
    @Test("every demo account gets its screenshots once, each with a stored PNG; they list newest first and search")
    func demoScreenshots() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "quarry_demo_shots")
        defer { pool.shutdown() }
        let store = FileSystemMediaStore(directory: MediaTestImages.temporaryPath("media"))
        let services = testAccountServices()
        _ = try await DemoData.load(database: pool, accounts: services, media: store)
        _ = try await DemoData.load(database: pool, accounts: services, media: store)
        let counts = try await pool.query("""
            SELECT u.email, count(s.id) AS n FROM users u LEFT JOIN screenshots s ON s.owner_id = u.id GROUP BY u.email
            """).map { (try $0.decode("email", as: String.self), try $0.decode("n", as: Int.self)) }
        #expect(counts.count == DemoData.accounts.count)
        for (email, count) in counts {
            #expect(count == DemoScreenshots.shots.filter { $0.owner == email }.count, "\(email)")
            #expect(count >= 1, "\(email)")
        }
        // Every screenshot's medium is stored, shared with friends (the other media are the selfie waiting for review
        // and the feed's images, DemoFeedTests).
        let media = try await pool.query("""
            SELECT m.sha256, m.byte_size, m.visibility, m.kind FROM media m WHERE m.kind NOT IN ('SELFIE', 'IMAGE')
            """)
        #expect(media.count == DemoScreenshots.shots.count)
        for row in media {
            let bytes = FileManager.default.contents(atPath: store.path(of: try row.decode("sha256", as: String.self)))
            #expect(bytes?.count == (try row.decode("byte_size", as: Int.self)))
            #expect(bytes.map { Array($0.prefix(8)) } == ImageInspector.pngMagic)
            #expect(try row.decode("visibility", as: String.self) == "FRIENDS")
            #expect(try row.decode("kind", as: String.self) == "SCREENSHOT")
        }
        let alice = try await pool.query("SELECT id FROM users WHERE email = 'alice@demo.quarry.dev'")[0].decode("id", as: UUID.self)
        let newestFirst = PageRequest(order: .newestFirst, size: 10)
        let listed = try await ScreenshotQueries.pages([ScreenshotPageKey(ownerID: alice, search: nil, page: newestFirst)], database: pool)
        #expect(listed.values.first?.edges.map(\.node.annotation) == DemoScreenshots.shots.filter { $0.owner == "alice@demo.quarry.dev" }
            .sorted { $0.hoursAgo < $1.hoursAgo }.map(\.annotation))
        let searched = try await ScreenshotQueries.pages(
            [ScreenshotPageKey(ownerID: alice, search: "colors or dark -toggles", page: newestFirst)], database: pool
        )
        #expect(searched.values.first?.edges.map(\.node.annotation) == ["Weather app with a lovely hourly chart. Colors for the portfolio"])
    }
}
