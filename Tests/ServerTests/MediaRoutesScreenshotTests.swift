import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import Server

/// A screenshot uploaded over HTTP (multipart) and its image at GET /media/{id}: served to the owner, the owner's
/// friends and ADMIN, 404 to everyone else (issue 5 "Media": a non-friend's screenshot is 404 to others).
@Suite("Media: screenshots shared with friends")
struct MediaRoutesScreenshotTests {
    @Test("a screenshot's image: 200 to owner, friend and ADMIN (never publicly cached), 304 only for them, 404 to a stranger and a guest")
    func friendsVisibility() async throws {
        let server = try await TestServer.start()
        let owner = try await server.user()
        let friend = try await server.user()
        let stranger = try await server.user()
        let admin = try await server.user(role: .admin)
        try await server.service.befriend(owner, friend)
        let png = try ServerTestImages.png(width: 24, height: 16)
        try await server.application.test(.router) { client in
            let body = MultipartBody.single(
                query: "mutation($i: Upload!) { uploadScreenshot(image: $i, annotation: \"Ticket\") { imageUrl width } }",
                variables: #"{"i":null}"#, variable: "i", file: png
            )
            var imageURL = ""
            try await Self.post(client, body, token: owner.token) { response in
                #expect(response.status == .ok)
                #expect(response.graphQL.codes.isEmpty, "\(response.graphQL.json)")
                #expect(response.graphQL["data.uploadScreenshot.width"] as? Int == 24)
                imageURL = response.graphQL["data.uploadScreenshot.imageUrl"] as? String ?? ""
            }
            #expect(imageURL.hasPrefix("https://quarry.example/media/"))
            let path = String(imageURL.dropFirst("https://quarry.example".count))
            for token in [owner.token, friend.token, admin.token] {
                try await client.execute(uri: path, method: .get, headers: [.authorization: "Bearer \(token)"]) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "image/png")
                    #expect(response.headers[.cacheControl] == "private, max-age=31536000, immutable")
                    #expect(response.headers[.vary] == "Authorization")
                    #expect(Array(buffer: response.body) == png)
                }
            }
            let sha = try await server.pool.query("SELECT sha256 FROM media WHERE owner_id = \(owner.id)")[0].decode("sha256", as: String.self)
            try await client.execute(
                uri: path, method: .get, headers: [.authorization: "Bearer \(friend.token)", .ifNoneMatch: "\"\(sha)\""]
            ) { #expect($0.status == .notModified) }
            for headers: HTTPFields in [
                [.authorization: "Bearer \(stranger.token)"], [:], [.authorization: "Bearer \(stranger.token)", .ifNoneMatch: "\"\(sha)\""],
            ] {
                try await client.execute(uri: path, method: .get, headers: headers) { response in
                    #expect(response.status == .notFound)
                    #expect(response.graphQL.codes == ["NOT_FOUND"])
                    #expect(response.headers[.eTag] == nil)
                }
            }
            #expect(server.temporaryFiles().isEmpty)
            #expect(server.storedFiles().count == 1)
        }
    }

    @Test("QUARRY_SCREENSHOT_MAX_BYTES limits screenshots only: a larger screenshot is FILE_TOO_LARGE, the same file is a fine avatar")
    func screenshotLimit() async throws {
        let png = try ServerTestImages.png(width: 32, height: 32)
        let server = try await TestServer.start(environment: ["QUARRY_SCREENSHOT_MAX_BYTES": String(png.count - 1)])
        #expect(server.configuration.media.maxScreenshotBytes == png.count - 1)
        let user = try await server.user()
        try await server.application.test(.router) { client in
            for (query, code) in [
                ("mutation($i: Upload!) { uploadScreenshot(image: $i) { id } }", "FILE_TOO_LARGE"),
                ("mutation($i: Upload!) { updateAvatar(image: $i) { id } }", nil),
            ] as [(String, String?)] {
                let body = MultipartBody.single(query: query, variables: #"{"i":null}"#, variable: "i", file: png)
                try await Self.post(client, body, token: user.token) { response in
                    #expect(response.graphQL.codes == (code.map { [$0] } ?? []), "\(response.graphQL.json)")
                }
            }
        }
        #expect(try await server.pool.query("SELECT 1 FROM screenshots WHERE owner_id = \(user.id)").isEmpty)
        #expect(try await server.mediaRows(owner: user.id) == 1)
    }

    /// Posts a multipart GraphQL request as the user with `token`.
    static func post(
        _ client: some TestClientProtocol, _ body: MultipartBody, token: String, _ check: @escaping (TestResponse) throws -> Void
    ) async throws {
        try await client.execute(
            uri: "/graphql", method: .post,
            headers: [.contentType: MultipartBody.contentType, MultipartUploadSettings.apolloRequirePreflight: "true",
                      .authorization: "Bearer \(token)"],
            body: ByteBuffer(bytes: body.bytes)
        ) { try check($0) }
    }
}
