@testable import App
@testable import AppCore
import Feed
import Foundation
import Postgres
import QuarryTestSupport
import TestDatabaseSupport
import Testing

/// The demo image feed (issue 14 "demo data: a few dozen feed images with comments among the demo friends").
@Suite("Feed: demo data")
struct DemoFeedTests {
    @Test("seed-demo shares 32 images once, with stored PNGs and friends' comments; alice's feed holds her friends' images, a guest's the PUBLIC ones")
    func demoFeed() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "demofeed")
        let store = FileSystemMediaStore(directory: TestService.temporaryPath("media"))
        let services = testAccountServices()
        _ = try await DemoData.load(database: pool, accounts: services, media: store)
        _ = try await DemoData.load(database: pool, accounts: services, media: store)
        #expect(try await Self.count("SELECT count(*) AS n FROM feed_images", pool) == 32, "a few dozen, and loading twice adds none")
        #expect(try await Self.count("SELECT count(*) AS n FROM feed_images WHERE description IS NULL", pool) >= 3,
                "some images have no description, as the seed's examples")
        #expect(try await Self.count("SELECT count(*) AS n FROM feed_images WHERE location IS NULL", pool) >= 3)
        let comments = try await Self.count("""
            SELECT count(*) AS n FROM image_comments c JOIN feed_images f ON f.id = c.image_id
            JOIN friendships fr ON fr.user_id = f.author_id AND fr.friend_id = c.author_id
            """, pool)
        #expect(comments >= 20, "comments come from the authors' friends")
        #expect(try await Self.count("SELECT count(*) AS n FROM image_comments", pool) == comments)
        for row in try await pool.query("SELECT m.sha256, m.byte_size FROM media m WHERE m.kind = 'IMAGE'") {
            let bytes = FileManager.default.contents(atPath: store.path(of: try row.decode("sha256", as: String.self)))
            #expect(bytes?.count == (try row.decode("byte_size", as: Int.self)))
        }
        let alice = try await pool.query("SELECT id, role FROM users WHERE email = 'alice@demo.quarry.dev'")[0]
        let viewer = try Viewer(userRow: alice, tokenHash: [])
        let feed = try await FeedQueries.feed(for: viewer, page: PageRequest(order: .newestFirst, size: 100), database: pool)
        #expect(feed.nodes.count == 30, "alice's own ten and her friends bob's and carol's")
        #expect(feed.nodes.map(\.createdAt) == feed.nodes.map(\.createdAt).sorted(by: >))
        let guest = try await FeedQueries.feed(for: nil, page: PageRequest(order: .newestFirst, size: 100), database: pool)
        #expect(guest.nodes.count == 2 + 3 * 3, "dan's two and the PUBLIC three of each friend")
    }

    static func count(_ sql: SQL, _ pool: PostgresPool) async throws -> Int {
        try await pool.query(sql)[0].decode("n", as: Int.self)
    }
}
