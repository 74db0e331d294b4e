@testable import AppCore
import Foodstabook
import Foundation
import Postgres
import QuarryTestSupport
import TestDatabaseSupport
import Testing

/// Posts after publishing (issue 16; Foodstabook 2.5): the profile's `User.posts`, editing and deleting
/// (hidden at once, purged later), likes and comments, and `adminStats.postsToday`.
@Suite("Posts: profile, edit, delete, likes, comments")
struct PostTests {
    static let posts = """
        query($id: ID!, $first: Int, $after: String) {
          node(id: $id) { ... on User { posts(first: $first, after: $after) { edges { node { id caption } } pageInfo { hasNextPage endCursor } } } }
        }
        """
    static let edit = "mutation($id: ID!, $c: String!) { editPostCaption(id: $id, caption: $c) { id caption } }"
    static let delete = "mutation($id: ID!) { deletePost(id: $id) }"
    static let like = "mutation($id: ID!) { likePost(id: $id) { likeCount viewerHasLiked } }"
    static let unlike = "mutation($id: ID!) { unlikePost(id: $id) { likeCount viewerHasLiked } }"
    static let node = "query($id: ID!) { node(id: $id) { ... on Post { id likeCount viewerHasLiked comments { edges { node { id text author { id } } } } } } }"
    static let comment = "mutation($id: ID!, $t: String!) { commentOnPost(id: $id, text: $t) { id text author { id } createdAt } }"
    static let deleteComment = "mutation($id: ID!) { deletePostComment(id: $id) }"

    @Test("User.posts lists a user's posts newest first in keyset pages, to signed-in users only")
    func profile() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("poster")
        let bob = try await h.signUp("viewer")
        var ids: [String] = []
        for index in 0..<3 { ids.append(try await h.posted(alice, caption: "post \(index)")) }
        let first = try await h.post(Self.posts, ["id": alice.globalID, "first": 2], token: bob.token)
        #expect(first.errors.isEmpty, "\(first)")
        let page1 = (first["data.node.posts.edges"] as? [[String: Any]] ?? []).compactMap { ($0["node"] as? [String: Any])?["id"] as? String }
        #expect(page1 == [ids[2], ids[1]])
        #expect(first["data.node.posts.pageInfo.hasNextPage"] as? Bool == true)
        let after = try #require(first.string("data.node.posts.pageInfo.endCursor"))
        let second = try await h.post(Self.posts, ["id": alice.globalID, "first": 2, "after": after], token: bob.token)
        let page2 = (second["data.node.posts.edges"] as? [[String: Any]] ?? []).compactMap { ($0["node"] as? [String: Any])?["id"] as? String }
        #expect(page2 == [ids[0]])
        #expect(second["data.node.posts.pageInfo.hasNextPage"] as? Bool == false)
        let guest = try await h.post(Self.posts, ["id": alice.globalID])
        #expect(guest.codes == ["UNAUTHENTICATED"], "\(guest)")
        #expect(try await h.post(Self.node, ["id": ids[0]]).data?["node"] is NSNull, "a guest gets no post by id")
    }

    @Test("a profile page of posts with their authors, likes and comments costs the same statements for 1 post as for 3")
    func statementsPerLevel() async throws {
        let h = try await TestService.start()
        let one = try await h.signUp("poster")
        let three = try await h.signUp("poster")
        let reader = try await h.signUp("reader")
        for (user, count) in [(one, 1), (three, 3)] {
            for _ in 0..<count {
                let id = try await h.posted(user)
                _ = try await h.post(Self.like, ["id": id], token: reader.token)
                _ = try await h.post(Self.comment, ["id": id, "t": "yum"], token: reader.token)
            }
        }
        let page = """
            query($id: ID!) { node(id: $id) { ... on User { posts { edges { node {
              id likeCount viewerHasLiked author { nickname } comments { edges { node { text author { nickname } } } } } } } } } }
            """
        let small = try await h.post(page, ["id": one.globalID], token: reader.token)
        let large = try await h.post(page, ["id": three.globalID], token: reader.token)
        #expect(small.errors.isEmpty && large.errors.isEmpty, "\(small) \(large)")
        #expect((large["data.node.posts.edges"] as? [Any])?.count == 3)
        #expect(large.statements == small.statements, "one statement per level: \(small.statements) vs \(large.statements)")
    }

    @Test("editPostCaption: the author only; a blank caption removes it; over 2,200 characters refused")
    func edit() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("poster")
        let bob = try await h.signUp("other")
        let id = try await h.posted(alice, caption: "before")
        let edited = try await h.post(Self.edit, ["id": id, "c": "after"], token: alice.token)
        #expect(edited["data.editPostCaption.caption"] as? String == "after", "\(edited)")
        let blank = try await h.post(Self.edit, ["id": id, "c": "  "], token: alice.token)
        #expect(blank["data.editPostCaption.caption"] is NSNull, "\(blank)")
        let long = try await h.post(Self.edit, ["id": id, "c": String(repeating: "x", count: 2_201)], token: alice.token)
        #expect(long.codes == ["BAD_USER_INPUT"], "\(long)")
        #expect(try await h.post(Self.edit, ["id": id, "c": "mine"], token: bob.token).codes == ["NOT_FOUND"])
        #expect(try await h.post(Self.edit, ["id": alice.globalID, "c": "x"], token: alice.token).codes == ["NOT_FOUND"], "a user's id is no post's")
    }

    @Test("deletePost: the author or an ADMIN; the post and its photo are hidden at once; others get NOT_FOUND")
    func delete() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("poster")
        let bob = try await h.signUp("other")
        let admin = try await h.signUp("moderator", role: .admin)
        let mine = try await h.posted(alice)
        let moderated = try await h.posted(alice)
        #expect(try await h.post(Self.delete, ["id": mine], token: bob.token).codes == ["NOT_FOUND"])
        #expect(try await h.post(Self.delete, ["id": mine], token: alice.token)["data.deletePost"] as? Bool == true)
        #expect(try await h.post(Self.delete, ["id": moderated], token: admin.token)["data.deletePost"] as? Bool == true)
        #expect(try await h.post(Self.delete, ["id": mine], token: alice.token).codes == ["NOT_FOUND"], "already deleted")
        let list = try await h.post(Self.posts, ["id": alice.globalID], token: bob.token)
        #expect((list["data.node.posts.edges"] as? [Any])?.isEmpty == true, "\(list)")
        #expect(try await h.post(Self.node, ["id": mine], token: alice.token).data?["node"] is NSNull)
        #expect(try await h.post(Self.like, ["id": mine], token: bob.token).codes == ["NOT_FOUND"])
        #expect(try await h.post(Self.comment, ["id": mine, "t": "hi"], token: bob.token).codes == ["NOT_FOUND"])
        #expect(try await h.post(Self.edit, ["id": mine, "c": "x"], token: alice.token).codes == ["NOT_FOUND"])
        let postID = try #require(GlobalID.id(of: "Post", mine))
        let visibility = try await h.pool.query("""
            SELECT m.visibility FROM posts p JOIN media m ON m.id = p.media_id WHERE p.id = \(postID)
            """)[0].decode("visibility", as: String.self)
        #expect(visibility == "PRIVATE", "GET /media/{id} no longer serves the photo to others")
        #expect(try await h.postRows(author: alice) == 2, "kept until the purge")
    }

    @Test("archiveDeleted purges posts deleted more than 30 days ago with their media, likes and comments, and archives them; removeArchived drops them after 180")
    func purgeAndArchive() async throws {
        // A database of its own: the purge removes every old deleted post, other tests' too.
        let h = try await TestService.start(database: try await TestDatabases.migrated(prefix: "purge").pool)
        let alice = try await h.signUp("poster")
        let old = try await h.posted(alice, caption: "old one")
        let recent = try await h.posted(alice)
        let live = try await h.posted(alice)
        _ = try await h.post(Self.like, ["id": old], token: alice.token)
        _ = try await h.post(Self.comment, ["id": old, "t": "nice"], token: alice.token)
        for id in [old, recent] { _ = try await h.post(Self.delete, ["id": id], token: alice.token) }
        let oldID = try #require(GlobalID.id(of: "Post", old))
        _ = try await h.pool.execute("UPDATE posts SET deleted_at = now() - interval '31 days' WHERE id = \(oldID)")
        #expect(try await PostChanges.archiveDeleted(olderThanDays: 30, database: h.pool) == 1)
        #expect(try await h.postRows(author: alice) == 2)
        #expect(try await h.mediaRows(owner: alice.id) == 2)
        let leftovers = try await h.pool.query("""
            SELECT (SELECT count(*) FROM post_likes WHERE post_id = \(oldID)) + (SELECT count(*) FROM post_comments WHERE post_id = \(oldID)) AS n
            """)[0].decode("n", as: Int.self)
        #expect(leftovers == 0)
        #expect(try await h.post(Self.node, ["id": live], token: alice.token)["data.node.id"] as? String == live)
        let archived = try await h.pool.query("SELECT caption, author_id FROM posts_archive WHERE id = \(oldID)")
        #expect(archived.count == 1)
        #expect(try archived.first?.decode("caption", as: String?.self) == "old one")
        #expect(try archived.first?.decode("author_id", as: UUID.self) == alice.id)

        // 180 days from the deletion it leaves the archive; a day earlier it stays.
        _ = try await h.pool.execute("UPDATE posts_archive SET deleted_at = now() - interval '179 days' WHERE id = \(oldID)")
        #expect(try await PostChanges.removeArchived(olderThanDays: 180, database: h.pool) == 0)
        _ = try await h.pool.execute("UPDATE posts_archive SET deleted_at = now() - interval '181 days' WHERE id = \(oldID)")
        #expect(try await PostChanges.removeArchived(olderThanDays: 180, database: h.pool) == 1)
        #expect(try await h.pool.query("SELECT 1 FROM posts_archive").isEmpty)
    }

    @Test("likePost and unlikePost: one like per user, counted; viewerHasLiked is the viewer's own")
    func likes() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("poster")
        let bob = try await h.signUp("fan")
        let id = try await h.posted(alice)
        _ = try await h.post(Self.like, ["id": id], token: bob.token)
        let twice = try await h.post(Self.like, ["id": id], token: bob.token)
        #expect(twice["data.likePost.likeCount"] as? Int == 1, "\(twice)")
        #expect(twice["data.likePost.viewerHasLiked"] as? Bool == true)
        let own = try await h.post(Self.like, ["id": id], token: alice.token)
        #expect(own["data.likePost.likeCount"] as? Int == 2)
        let seen = try await h.post(Self.unlike, ["id": id], token: alice.token)
        #expect(seen["data.unlikePost.likeCount"] as? Int == 1)
        #expect(seen["data.unlikePost.viewerHasLiked"] as? Bool == false)
        let again = try await h.post(Self.unlike, ["id": id], token: alice.token)
        #expect(again["data.unlikePost.likeCount"] as? Int == 1, "unliking without a like changes nothing")
        #expect(try await h.post(Self.like, ["id": "nonsense"], token: bob.token).codes == ["NOT_FOUND"])
    }

    @Test("comments: anyone signed in comments; the comment's author, the post's author or an ADMIN deletes")
    func comments() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("poster")
        let bob = try await h.signUp("commenter")
        let carol = try await h.signUp("stranger")
        let admin = try await h.signUp("moderator", role: .admin)
        let id = try await h.posted(alice)
        var commentIDs: [String] = []
        for text in ["first", "second", "third"] {
            let r = try await h.post(Self.comment, ["id": id, "t": text], token: bob.token)
            #expect(r["data.commentOnPost.author.id"] as? String == bob.globalID, "\(r)")
            commentIDs.append(try #require(r.string("data.commentOnPost.id")))
        }
        let blank = try await h.post(Self.comment, ["id": id, "t": "  "], token: bob.token)
        #expect(blank.fieldMessages["text"] == "Write a comment before sending it.", "\(blank)")
        let read = try await h.post(Self.node, ["id": id], token: carol.token)
        let texts = (read["data.node.comments.edges"] as? [[String: Any]] ?? []).compactMap { ($0["node"] as? [String: Any])?["text"] as? String }
        #expect(texts == ["third", "second", "first"], "newest first: \(read)")
        #expect(try await h.post(Self.deleteComment, ["id": commentIDs[0]], token: carol.token).codes == ["NOT_FOUND"])
        #expect(try await h.post(Self.deleteComment, ["id": commentIDs[0]], token: bob.token)["data.deletePostComment"] as? Bool == true)
        #expect(try await h.post(Self.deleteComment, ["id": commentIDs[1]], token: alice.token)["data.deletePostComment"] as? Bool == true)
        #expect(try await h.post(Self.deleteComment, ["id": commentIDs[2]], token: admin.token)["data.deletePostComment"] as? Bool == true)
        let after = try await h.post(Self.node, ["id": id], token: carol.token)
        #expect((after["data.node.comments.edges"] as? [Any])?.isEmpty == true, "\(after)")
        #expect(try await h.post("query($id: ID!) { node(id: $id) { id } }", ["id": commentIDs[0]], token: bob.token).data?["node"] is NSNull)
    }

    @Test("adminStats.postsToday counts today's live posts")
    func postsToday() async throws {
        // A database of its own, so that no other test's posts change the count.
        let h = try await TestService.start(database: try await TestDatabases.migrated(prefix: "poststats").pool)
        let admin = try await h.signUp("boss", role: .admin)
        let alice = try await h.signUp("poster")
        _ = try await h.posted(alice)
        let yesterday = try await h.posted(alice)
        let deleted = try await h.posted(alice)
        _ = try await h.post(Self.delete, ["id": deleted], token: alice.token)
        let yesterdayID = try #require(GlobalID.id(of: "Post", yesterday))
        _ = try await h.pool.execute("UPDATE posts SET created_at = now() - interval '1 day' WHERE id = \(yesterdayID)")
        let r = try await h.post("{ adminStats { postsToday } }", token: admin.token)
        #expect(r["data.adminStats.postsToday"] as? Int == 1, "\(r)")
    }
}
