@testable import AppCore
import Foundation
import Postgres
import QuarryTestSupport
import Testing

/// The image feed over GraphQL (issue 14; seed image-feed.txt): sharing an image, who sees it in `feed`, keyset
/// pages newest first, comments and who may delete what. The REST routes of the same reads are in
/// ServerTests/FeedRoutesTests.swift.
@Suite("Image feed and comments")
struct FeedTests {
    static let create = """
        mutation($image: Upload!, $description: String, $location: String, $visibility: Visibility) {
          createFeedImage(image: $image, description: $description, location: $location, visibility: $visibility) {
            id description location url width height visibility createdAt author { id nickname }
          }
        }
        """
    static let feed = "query($first: Int, $after: String) { feed(first: $first, after: $after) { edges { node { id description } } pageInfo { hasNextPage endCursor } } }"
    static let comment = "mutation($image: UUID!, $message: String!) { commentOnImage(imageId: $image, message: $message) { id message createdAt author { username } } }"
    static let comments = "query($image: UUID!) { imageComments(imageId: $image) { edges { node { id message author { username } } } } }"

    @Test("createFeedImage stores a PNG with its size and absent texts as null; the url serves the image")
    func create() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("feed")
        let shared = try await h.share(alice, description: "Sunset", location: "   ")
        #expect(shared.codes.isEmpty, "\(shared)")
        #expect(shared["data.createFeedImage.description"] as? String == "Sunset")
        #expect(shared["data.createFeedImage.location"] is NSNull, "a blank location is absent, not an empty string")
        #expect(shared["data.createFeedImage.width"] as? Int == 8)
        #expect(shared["data.createFeedImage.height"] as? Int == 6)
        #expect(shared["data.createFeedImage.visibility"] as? String == "FRIENDS")
        #expect(shared["data.createFeedImage.author.id"] as? String == alice.globalID)
        let id = try #require(shared.string("data.createFeedImage.id"))
        #expect(id == id.lowercased() && UUID(uuidString: id) != nil, "the id is a lowercase UUID: \(id)")
        let url = try #require(shared.string("data.createFeedImage.url"))
        #expect(url.hasPrefix("http") && url.contains("/media/"), "\(url)")
    }

    @Test("refusals are coded and store nothing: a guest, not an image, a description over 2,000 characters")
    func refusals() async throws {
        let h = try await TestService.start()
        #expect(try await h.share(nil).codes == ["UNAUTHENTICATED"])
        let alice = try await h.signUp("feed")
        let text = try await h.post(
            Self.create, [:], files: ["image": try MediaTestImages.upload(Array("hello".utf8), filename: "a.png")], token: alice.token
        )
        #expect(text.codes == ["UNSUPPORTED_MEDIA_TYPE"], "\(text)")
        let long = try await h.share(alice, description: String(repeating: "é", count: 2_001))
        #expect(long.codes == ["BAD_USER_INPUT"], "\(long)")
        #expect(long.fieldMessages["description"] == "The text can be at most 2000 characters long.", "\(long)")
        #expect(try await h.count("feed_images", author: alice) == 0)
        #expect(try await h.mediaRows(owner: alice.id) == 0)
    }

    @Test("a user's feed is their own and their friends' images of both visibilities; a guest's the PUBLIC ones")
    func visibility() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("feed")
        let friend = try await h.signUp("feed")
        let stranger = try await h.signUp("feed")
        try await h.befriend(alice, friend)
        let own = try await h.shared(alice, description: "alice friends")
        let friendsOnly = try await h.shared(friend, description: "friend friends")
        let friendPublic = try await h.shared(friend, description: "friend public", visibility: "PUBLIC")
        let strangerPublic = try await h.shared(stranger, description: "stranger public", visibility: "PUBLIC")
        _ = try await h.shared(stranger, description: "stranger friends")
        #expect(try await h.feedIDs(as: alice) == [friendPublic, friendsOnly, own])
        // Other tests share the database: the guest's feed is read for this test's images only.
        let mine: Set = [own, friendsOnly, friendPublic, strangerPublic]
        #expect(try await h.feedIDs(as: nil, first: 100).filter(mine.contains) == [strangerPublic, friendPublic])
        #expect(try await h.feedIDs(as: stranger).count == 2, "a stranger's feed is their own two images only")
    }

    @Test("feed pages newest first with a keyset cursor: every image once, in order")
    func pages() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("feed")
        var shared: [String] = []
        for index in 0..<5 { shared.append(try await h.shared(alice, description: "image \(index)")) }
        var seen: [String] = []
        var after: String?
        repeat {
            var variables: [String: Any] = ["first": 2]
            if let after { variables["after"] = after }
            let page = try await h.post(Self.feed, variables, token: alice.token)
            #expect(page.codes.isEmpty, "\(page)")
            let edges = try #require(page["data.feed.edges"] as? [[String: Any]])
            seen += edges.compactMap { ($0["node"] as? [String: Any])?["id"] as? String }
            after = (page["data.feed.pageInfo.hasNextPage"] as? Bool == true) ? page.string("data.feed.pageInfo.endCursor") : nil
        } while after != nil
        #expect(seen == shared.reversed())
    }

    @Test("comments: a friend comments and everyone who sees the image reads them newest first; others get NOT_FOUND")
    func comments() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("feed")
        let friend = try await h.signUp("feed")
        let stranger = try await h.signUp("feed")
        try await h.befriend(alice, friend)
        let image = try await h.shared(alice, description: "Dinner")
        let first = try await h.post(Self.comment, ["image": image, "message": "Looks great"], token: friend.token)
        #expect(first.codes.isEmpty, "\(first)")
        #expect(first["data.commentOnImage.author.username"] as? String == friend.nickname)
        _ = try await h.post(Self.comment, ["image": image, "message": "Thanks!"], token: alice.token)
        let read = try await h.post(Self.comments, ["image": image], token: friend.token)
        let messages = (read["data.imageComments.edges"] as? [[String: Any]])?.compactMap { ($0["node"] as? [String: Any])?["message"] as? String }
        #expect(messages == ["Thanks!", "Looks great"], "\(read)")
        // The same comments through the feed, batched per page of images.
        let viaFeed = try await h.post("{ feed { edges { node { comments(first: 1) { edges { node { message } } pageInfo { hasNextPage } } } } } }", token: alice.token)
        #expect(viaFeed["data.feed.edges.0.node.comments.edges.0.node.message"] as? String == "Thanks!", "\(viaFeed)")
        #expect(viaFeed["data.feed.edges.0.node.comments.pageInfo.hasNextPage"] as? Bool == true)
        // A stranger cannot read or write them; an unknown image answers the same.
        for target in [image, UUID().uuidString] {
            #expect(try await h.post(Self.comments, ["image": target], token: stranger.token).codes == ["NOT_FOUND"])
            #expect(try await h.post(Self.comment, ["image": target, "message": "hi"], token: stranger.token).codes == ["NOT_FOUND"])
        }
        #expect(try await h.post(Self.comments, ["image": image]).codes == ["NOT_FOUND"], "a guest, FRIENDS image")
        // Blank and over-long messages are field errors.
        for message in ["  \n", String(repeating: "x", count: 2_001)] {
            let refused = try await h.post(Self.comment, ["image": image, "message": message], token: friend.token)
            #expect(refused.codes == ["BAD_USER_INPUT"] && refused.fieldMessages["message"] != nil, "\(refused)")
        }
        #expect(try await h.count("image_comments", author: friend) == 1)
    }

    @Test("a comment is deleted by its author, the image's author or ADMIN; anyone else gets NOT_FOUND and nothing changes")
    func deleteComment() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("feed")
        let friend = try await h.signUp("feed")
        let other = try await h.signUp("feed")
        try await h.befriend(alice, friend)
        try await h.befriend(alice, other)
        let admin = try await h.signUp("feed", role: .admin)
        let image = try await h.shared(alice, visibility: "PUBLIC")
        let delete = "mutation($id: ID!) { deleteImageComment(id: $id) }"
        for deleter in [friend, alice, admin] {
            let id = try #require(try await h.post(Self.comment, ["image": image, "message": "by friend"], token: friend.token)
                .string("data.commentOnImage.id"))
            let refused = try await h.post(delete, ["id": id], token: other.token)
            #expect(refused.codes == ["NOT_FOUND"], "\(refused)")
            let deleted = try await h.post(delete, ["id": id], token: deleter.token)
            #expect(deleted["data.deleteImageComment"] as? Bool == true, "\(deleted)")
        }
        #expect(try await h.count("image_comments", author: friend) == 0)
    }

    @Test("an image is deleted by its author or ADMIN, with its comments and medium; anyone else gets NOT_FOUND")
    func deleteImage() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("feed")
        let friend = try await h.signUp("feed")
        try await h.befriend(alice, friend)
        let admin = try await h.signUp("feed", role: .admin)
        let delete = "mutation($id: UUID!) { deleteFeedImage(id: $id) }"
        for deleter in [alice, admin] {
            let image = try await h.shared(alice)
            _ = try await h.post(Self.comment, ["image": image, "message": "nice"], token: friend.token)
            #expect(try await h.post(delete, ["id": image], token: friend.token).codes == ["NOT_FOUND"])
            #expect(try await h.feedIDs(as: alice) == [image])
            let deleted = try await h.post(delete, ["id": image], token: deleter.token)
            #expect(deleted["data.deleteFeedImage"] as? Bool == true, "\(deleted)")
            #expect(try await h.feedIDs(as: alice).isEmpty)
        }
        #expect(try await h.count("image_comments", author: friend) == 0)
        #expect(try await h.mediaRows(owner: alice.id) == 0)
        let malformed = try await h.post(delete, ["id": "not-a-uuid"], token: alice.token)
        #expect(malformed.messages.first?.contains("UUID") == true, "\(malformed)")
    }

    @Test("node(id:) reads a comment for those who see its image, and null for others")
    func commentNode() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("feed")
        let stranger = try await h.signUp("feed")
        let image = try await h.shared(alice)
        let id = try #require(try await h.post(Self.comment, ["image": image, "message": "mine"], token: alice.token)
            .string("data.commentOnImage.id"))
        let query = "query($id: ID!) { node(id: $id) { ... on ImageComment { message } } }"
        #expect(try await h.post(query, ["id": id], token: alice.token)["data.node.message"] as? String == "mine")
        #expect(try await h.post(query, ["id": id], token: stranger.token)["data.node"] is NSNull)
    }
}

extension TestService {
    /// Shares a small PNG as `user`'s feed image; returns the response.
    func share(_ user: TestUser?, description: String? = nil, location: String? = nil, visibility: String? = nil) async throws -> Response {
        var variables: [String: Any] = [:]
        if let description { variables["description"] = description }
        if let location { variables["location"] = location }
        if let visibility { variables["visibility"] = visibility }
        let file = try MediaTestImages.upload(try MediaTestImages.png(width: 8, height: 6), filename: "feed.png")
        return try await post(FeedTests.create, variables, files: ["image": file], token: user?.token)
    }

    /// Shares a feed image that must succeed; returns its id.
    func shared(_ user: TestUser, description: String? = nil, visibility: String? = nil) async throws -> String {
        let response = try await share(user, description: description, visibility: visibility)
        return try #require(response.string("data.createFeedImage.id"), "\(response)")
    }

    /// The ids of `viewer`'s feed's first page.
    func feedIDs(as viewer: TestUser?, first: Int = 50) async throws -> [String] {
        let response = try await post(FeedTests.feed, ["first": first], token: viewer?.token)
        #expect(response.codes.isEmpty, "\(response)")
        return (response["data.feed.edges"] as? [[String: Any]] ?? []).compactMap { ($0["node"] as? [String: Any])?["id"] as? String }
    }

    /// How many rows of `table` (`feed_images` or `image_comments`) `author` has.
    func count(_ table: String, author: TestUser) async throws -> Int {
        let sql: SQL = table == "feed_images"
            ? "SELECT count(*) AS n FROM feed_images WHERE author_id = \(author.id)"
            : "SELECT count(*) AS n FROM image_comments WHERE author_id = \(author.id)"
        return try await pool.query(sql)[0].decode("n", as: Int.self)
    }
}
