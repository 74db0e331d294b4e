import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Postgres
import QuarryTestSupport
import TestDatabaseSupport
import Testing

@testable import Server

/// The seed's REST payload contract (issue 14; seed image-feed.txt "Payload contract"): `GET /feed` and
/// `GET /image/{id}/comments`, compared byte for byte with the shapes the seed writes out, and with the `feed`
/// query for the same caller. Each test has a database of its own, so the feed holds only its images.
@Suite("Feed: the seed's REST payload contract")
struct FeedRoutesTests {
    static let share = """
        mutation($i: Upload!, $d: String, $l: String, $v: Visibility) {
          createFeedImage(image: $i, description: $d, location: $l, visibility: $v) { id url }
        }
        """

    @Test("GET /feed is the seed's shape byte for byte (keys in order, absent keys omitted) and the feed query's images")
    func payload() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "feedrest")
        let server = try await TestServer.start(database: pool)
        let alice = try await server.user()
        let friend = try await server.user()
        try await server.service.befriend(alice, friend)
        try await server.application.test(.router) { client in
            // The seed's four examples: both texts, description only, location only, neither.
            let both = try await Self.share(client, alice, description: "a description", location: "a location")
            let description = try await Self.share(client, friend, description: "another description")
            let location = try await Self.share(client, alice, location: "even another location")
            let neither = try await Self.share(client, friend)
            let expected = #"{"items":["#
                + #"{"id":"\#(neither.id)","image":"\#(neither.url)"},"#
                + #"{"id":"\#(location.id)","location":"even another location","image":"\#(location.url)"},"#
                + #"{"id":"\#(description.id)","description":"another description","image":"\#(description.url)"},"#
                + #"{"id":"\#(both.id)","description":"a description","location":"a location","image":"\#(both.url)"}"#
                + "]}"
            try await client.execute(uri: "/feed", method: .get, headers: [.authorization: "Bearer \(alice.token)"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(String(buffer: response.body) == expected)
            }
            // The feed query answers the same images in the same order for the same caller.
            let query = try await server.service.post("{ feed(first: 100) { edges { node { id url } } } }", token: alice.token)
            let graphQL = (query["data.feed.edges"] as? [[String: Any]] ?? []).map { edge in
                let node = edge["node"] as? [String: Any] ?? [:]
                return "\(node["id"] ?? "")|\(node["url"] ?? "")"
            }
            #expect(graphQL == [neither, location, description, both].map { "\($0.id)|\($0.url)" })
        }
    }

    @Test("ETag and If-None-Match: 304 while the feed is unchanged, 200 with a new ETag after a new image; caching headers")
    func revalidation() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "feedrest")
        let server = try await TestServer.start(database: pool)
        let alice = try await server.user()
        try await server.application.test(.router) { client in
            _ = try await Self.share(client, alice, description: "first")
            let auth: HTTPFields = [.authorization: "Bearer \(alice.token)"]
            var etag = ""
            try await client.execute(uri: "/feed", method: .get, headers: auth) { response in
                etag = response.headers[.eTag] ?? ""
                #expect(response.headers[.cacheControl] == "private, max-age=0, must-revalidate")
                #expect(response.headers[.vary] == "Authorization")
            }
            #expect(etag.count == 66 && etag.hasPrefix("\"") && etag.hasSuffix("\""), "a strong ETag: \(etag)")
            var conditional = auth
            conditional[.ifNoneMatch] = etag
            try await client.execute(uri: "/feed", method: .get, headers: conditional) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
                #expect(response.headers[.eTag] == etag)
            }
            _ = try await Self.share(client, alice, description: "second")
            try await client.execute(uri: "/feed", method: .get, headers: conditional) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.eTag] != etag)
                #expect(String(buffer: response.body).contains("second"))
            }
        }
    }

    @Test("a guest gets the PUBLIC images; limit and after_id page the feed; bad parameters are 400 with a coded body")
    func guestAndPages() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "feedrest")
        let server = try await TestServer.start(database: pool)
        let alice = try await server.user()
        try await server.application.test(.router) { client in
            var shared: [String] = []
            for index in 0..<5 {
                shared.append(try await Self.share(client, alice, description: "public \(index)", visibility: "PUBLIC").id)
            }
            _ = try await Self.share(client, alice, description: "friends only")
            let newestFirst = Array(shared.reversed())
            #expect(try await Self.feedIDs(client, "/feed") == newestFirst, "a guest: the PUBLIC images, newest first")
            #expect(try await Self.feedIDs(client, "/feed?limit=2") == Array(newestFirst[0..<2]))
            #expect(try await Self.feedIDs(client, "/feed?limit=2&after_id=\(newestFirst[1])") == Array(newestFirst[2..<4]))
            #expect(try await Self.feedIDs(client, "/feed?after_id=\(newestFirst[4])") == [])
            for bad in ["/feed?limit=0", "/feed?limit=201", "/feed?limit=ten", "/feed?after_id=nope", "/feed?after_id=\(UUID().uuidString)"] {
                try await client.execute(uri: bad, method: .get) { response in
                    #expect(response.status == .badRequest, "\(bad)")
                    #expect(response.graphQL.codes == ["BAD_REQUEST"], "\(bad): \(response.graphQL.json)")
                }
            }
        }
    }

    @Test("GET /image/{id}/comments is the seed's comment shape; 404 for an unknown or invisible image, 400 for a malformed id")
    func comments() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "feedrest")
        let server = try await TestServer.start(database: pool)
        let alice = try await server.user()
        let friend = try await server.user()
        let stranger = try await server.user()
        try await server.service.befriend(alice, friend)
        try await server.application.test(.router) { client in
            let image = try await Self.share(client, alice, description: "dinner")
            let comment = """
                mutation($i: UUID!, $m: String!) { commentOnImage(imageId: $i, message: $m) { id } }
                """
            _ = try await server.service.post(comment, ["i": image.id, "m": "Looks \"great\""], token: friend.token)
            let rows = try await pool.query("""
                SELECT c.id, to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
                FROM image_comments c WHERE c.image_id = \(UUID(uuidString: image.id)!)
                """)
            let id = try rows[0].decode("id", as: UUID.self).uuidString.lowercased()
            let at = try rows[0].decode("at", as: String.self)
            let expected = #"{"items":[{"id":"\#(id)","message":"Looks \"great\"","created_at":"\#(at)","author":{"username":"\#(friend.nickname)"}}]}"#
            let path = "/image/\(image.id)/comments"
            var etag = ""
            try await client.execute(uri: path, method: .get, headers: [.authorization: "Bearer \(friend.token)"]) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == expected)
                etag = response.headers[.eTag] ?? ""
            }
            try await client.execute(
                uri: path, method: .get, headers: [.authorization: "Bearer \(friend.token)", .ifNoneMatch: etag]
            ) { #expect($0.status == .notModified) }
            let strangerAuth: HTTPFields = [.authorization: "Bearer \(stranger.token)"]
            let aliceAuth: HTTPFields = [.authorization: "Bearer \(alice.token)"]
            let refused: [(String, HTTPFields)] = [
                (path, strangerAuth), (path, HTTPFields()), ("/image/\(UUID().uuidString)/comments", aliceAuth),
            ]
            for (uri, headers) in refused {
                try await client.execute(uri: uri, method: .get, headers: headers) { response in
                    #expect(response.status == .notFound, "\(uri)")
                    #expect(response.graphQL.codes == ["NOT_FOUND"])
                }
            }
            try await client.execute(uri: "/image/123/comments", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(response.graphQL.codes == ["BAD_REQUEST"])
            }
        }
    }

    /// Shares a small PNG as `user`'s feed image over multipart; its id and url.
    static func share(
        _ client: some TestClientProtocol, _ user: TestUser, description: String? = nil, location: String? = nil,
        visibility: String? = nil
    ) async throws -> (id: String, url: String) {
        var variables: [String: Any] = ["i": NSNull()]
        if let description { variables["d"] = description }
        if let location { variables["l"] = location }
        if let visibility { variables["v"] = visibility }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: variables), as: UTF8.self)
        let body = MultipartBody.single(query: share, variables: json, variable: "i", file: try ServerTestImages.png(width: 8, height: 8))
        var result: (id: String, url: String) = ("", "")
        try await MediaRoutesScreenshotTests.post(client, body, token: user.token) { response in
            #expect(response.graphQL.codes.isEmpty, "\(response.graphQL.json)")
            result = (response.graphQL["data.createFeedImage.id"] as? String ?? "", response.graphQL["data.createFeedImage.url"] as? String ?? "")
        }
        return result
    }

    /// The ids of `GET uri`'s items, as a guest.
    static func feedIDs(_ client: some TestClientProtocol, _ uri: String) async throws -> [String] {
        try await client.execute(uri: uri, method: .get) { response in
            #expect(response.status == .ok, "\(uri)")
            let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
            return (json?["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
    }
}
