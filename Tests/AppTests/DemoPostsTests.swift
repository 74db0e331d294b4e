@testable import App
@testable import AppCore
@testable import Foodstabook
import Foundation
import Postgres
import QuarryTestSupport
import TestDatabaseSupport
import Testing

/// The demo posts (issue 16: demo data for the newsfeed): JPEG photos, places in a city, homes, follows,
/// likes and comments, and a newsfeed of every tier for alice.
@Suite("Posts: demo data")
struct DemoPostsTests {
    @Test("seed-demo adds 14 posts once with stored JPEGs, likes, comments, follows and homes; alice's newsfeed shows friends' then nearby posts")
    func demoPosts() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "demoposts")
        defer { pool.shutdown() }
        let store = FileSystemMediaStore(directory: TestService.temporaryPath("media"))
        let services = testAccountServices()
        _ = try await DemoData.load(database: pool, accounts: services, media: store)
        _ = try await DemoData.load(database: pool, accounts: services, media: store)
        #expect(try await Self.count("SELECT count(*) AS n FROM posts", pool) == 14, "loading twice adds none")
        #expect(try await Self.count("SELECT count(*) AS n FROM posts WHERE location IS NOT NULL", pool) == 10)
        #expect(try await Self.count("SELECT count(*) AS n FROM users WHERE home_location IS NOT NULL", pool) == 4)
        #expect(try await Self.count("SELECT count(*) AS n FROM follows", pool) == 4)
        #expect(try await Self.count("SELECT count(*) AS n FROM post_likes", pool) >= 14, "every post has a like")
        #expect(try await Self.count("SELECT count(*) AS n FROM post_comments", pool) == 7, "every other post has a comment")
        for row in try await pool.query("SELECT m.sha256, m.byte_size FROM posts p JOIN media m ON m.id = p.media_id") {
            let bytes = FileManager.default.contents(atPath: store.path(of: try row.decode("sha256", as: String.self)))
            #expect(bytes?.count == (try row.decode("byte_size", as: Int.self)))
            #expect(bytes.map { Array($0.prefix(3)) } == [0xFF, 0xD8, 0xFF], "a JPEG")
        }

        let users = try await pool.query("SELECT id, email FROM users").reduce(into: [String: UUID]()) {
            $0[try $1.decode("email", as: String.self)] = try $1.decode("id", as: UUID.self)
        }
        let alice = try #require(users["alice@demo.quarry.dev"])
        let feed = try await NewsfeedQueries.page(for: alice, page: PageRequest(order: .newestFirst, size: 100), database: pool)
        let friends = Set(["alice", "bob", "carol"].compactMap { users["\($0)@demo.quarry.dev"] })
        #expect(feed.edges.map { Cursor($0.cursor)?.tier } == Array(repeating: 1, count: 12) + [2, 2], "her own and her friends', then dan's in Lyon")
        #expect(feed.nodes.prefix(12).allSatisfy { friends.contains($0.authorID) })
        #expect(feed.nodes.suffix(2).allSatisfy { $0.authorID == users["dan@demo.quarry.dev"] })
        #expect(feed.nodes.prefix(12).map(\.createdAt) == feed.nodes.prefix(12).map(\.createdAt).sorted(by: >))
    }

    static func count(_ sql: SQL, _ pool: PostgresPool) async throws -> Int {
        try await pool.query(sql)[0].decode("n", as: Int.self)
    }
}
