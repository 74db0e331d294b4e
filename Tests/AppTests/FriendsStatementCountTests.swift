@testable import AppCore
import Foundation
import GraphQLExecution
import Logging
import Postgres
import QuarryTestSupport
import Testing

/// Issue 5 "No N+1" (DESIGN.md "One round trip per level, not per row"): the
/// viewer's friends, each with avatar, latest 3 screenshots and the last
/// message exchanged, cost the same number of SQL statements for 2 friends as
/// for 50, because every nested list is loaded in one batch per level.
@Suite("Friends with screenshots and last message: statements per level, not per friend")
struct FriendsStatementCountTests {
    static let query = """
        { viewer { friends(first: 50) { edges { node {
            nickname avatarUrl friendship
            screenshots(first: 3) { edges { node { imageUrl annotation owner { nickname } } } pageInfo { hasNextPage } }
            lastMessage { text sender { nickname } recipient { nickname } }
        } } } } }
        """

    @Test("2 friends and 50 friends cost the same statements, and every friend's data is there")
    func sameStatementsForTwoAndFifty() async throws {
        let h = try await TestService.start()
        let few = try await statements(friends: 2, harness: h)
        let many = try await statements(friends: 50, harness: h)
        #expect(few == many, "2 friends: \(few) statements, 50 friends: \(many)")
        #expect(many <= 8, "one statement per level: \(many)")
    }

    /// Makes a viewer with `count` friends (each with an avatar, 5 screenshots and two messages exchanged with
    /// the viewer), runs ``query`` and returns the statements it cost, after checking the answer.
    func statements(friends count: Int, harness h: TestService) async throws -> Int {
        let viewer = try await h.signUp("counted")
        for index in 0..<count {
            let friend = try await h.signUp("friend\(index)")
            try await h.befriend(viewer, friend)
            let avatar = try await Self.media(owner: friend.id, kind: "AVATAR", visibility: "PUBLIC", pool: h.pool)
            _ = try await h.pool.execute("UPDATE users SET avatar_media_id = \(avatar) WHERE id = \(friend.id)")
            for shot in 0..<5 {
                let media = try await Self.media(owner: friend.id, kind: "SCREENSHOT", visibility: "FRIENDS", pool: h.pool)
                _ = try await h.pool.execute("""
                    INSERT INTO screenshots (owner_id, media_id, annotation, created_at)
                    VALUES (\(friend.id), \(media), \("shot \(shot)"), now() - \(shot) * interval '1 minute')
                    """)
            }
            _ = try await h.pool.execute("""
                INSERT INTO messages (sender_id, recipient_id, text, created_at)
                VALUES (\(viewer.id), \(friend.id), 'hi', now() - interval '1 minute'), (\(friend.id), \(viewer.id), 'hello back', now())
                """)
        }
        let response = try await h.post(Self.query, token: viewer.token)
        let json = response.json
        #expect(json["errors"] == nil, "\(json)")
        let edges = try #require(((json["data"] as? [String: Any])?["viewer"] as? [String: Any]).flatMap {
            ($0["friends"] as? [String: Any])?["edges"] as? [[String: Any]]
        })
        #expect(edges.count == count)
        for edge in edges {
            let friend = try #require(edge["node"] as? [String: Any])
            let nickname = try #require(friend["nickname"] as? String)
            #expect((friend["avatarUrl"] as? String)?.contains("/media/") == true)
            #expect(friend["friendship"] as? String == "FRIENDS")
            let shots = try #require((friend["screenshots"] as? [String: Any])?["edges"] as? [[String: Any]])
            #expect(shots.compactMap { ($0["node"] as? [String: Any])?["annotation"] as? String } == ["shot 0", "shot 1", "shot 2"])
            #expect(shots.allSatisfy { (($0["node"] as? [String: Any])?["owner"] as? [String: Any])?["nickname"] as? String == nickname })
            let last = try #require(friend["lastMessage"] as? [String: Any])
            #expect(last["text"] as? String == "hello back")
            #expect((last["sender"] as? [String: Any])?["nickname"] as? String == nickname)
        }
        return response.statements
    }

    static func media(owner: UUID, kind: String, visibility: String, pool: PostgresPool) async throws -> UUID {
        try await pool.query("""
            INSERT INTO media (owner_id, sha256, content_type, byte_size, width, height, kind, visibility)
            VALUES (\(owner), repeat('b', 64), 'image/png', 10, 4, 4, \(kind), \(visibility)) RETURNING id
            """)[0].decode("id", as: UUID.self)
    }
}
