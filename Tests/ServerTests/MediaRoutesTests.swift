import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import Server

/// GET /media/{id}: content type, ETag, 304, caching, visibility; GET /emotions/{id}.svg.
@Suite("Media: serving stored media")
struct MediaRoutesTests {
    private func upload(
        _ client: some TestClientProtocol, query: String, variable: String, file: [UInt8], token: String
    ) async throws {
        let body = MultipartBody.single(query: query, variables: #"{"\#(variable)":null}"#, variable: variable, file: file)
        try await client.execute(
            uri: "/graphql", method: .post,
            headers: [.contentType: MultipartBody.contentType, MultipartUploadSettings.apolloRequirePreflight: "true",
                      .authorization: "Bearer \(token)"],
            body: ByteBuffer(bytes: body.bytes)
        ) { response in
            #expect(response.status == .ok)
            #expect(response.graphQL.codes.isEmpty, "\(response.graphQL.json)")
        }
    }

    private func get(
        _ client: some TestClientProtocol, _ uri: String, token: String? = nil, headers extra: HTTPFields = [:],
        _ check: @escaping (TestResponse) throws -> Void
    ) async throws {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        try await client.execute(uri: uri, method: .get, headers: headers) { try check($0) }
    }

    @Test("a public avatar: bytes, Content-Type, ETag = SHA-256, a year's immutable caching, 304 on If-None-Match")
    func publicAvatar() async throws {
        let server = try await TestServer.start()
        let user = try await server.user()
        let png = try ServerTestImages.png(width: 12, height: 9)
        try await server.application.test(.router) { client in
            try await upload(
                client, query: "mutation($i: Upload!) { updateAvatar(image: $i) { id } }", variable: "i", file: png, token: user.token
            )
            let row = try await server.pool.query("SELECT id, sha256 FROM media WHERE owner_id = \(user.id)")[0]
            let id = try row.decode("id", as: UUID.self).uuidString.lowercased()
            let sha = try row.decode("sha256", as: String.self)
            try await get(client, "/media/\(id)") { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/png")
                #expect(response.headers[.eTag] == "\"\(sha)\"")
                #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(Array(buffer: response.body) == png)
            }
            try await get(client, "/media/\(id)", headers: [.ifNoneMatch: "\"\(sha)\""]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
                #expect(response.headers[.eTag] == "\"\(sha)\"")
            }
            try await get(client, "/media/\(id)", headers: [.ifNoneMatch: "\"other\""]) { #expect($0.status == .ok) }
            try await get(client, "/media/\(UUID().uuidString)") { response in
                #expect(response.status == .notFound)
                #expect(response.graphQL.codes == ["NOT_FOUND"])
            }
            try await get(client, "/media/not-a-uuid") { #expect($0.status == .notFound) }
        }
    }

    @Test("a private selfie is 404 to guests and other users, 200 to its owner and to ADMIN, never publicly cached")
    func privateSelfie() async throws {
        let server = try await TestServer.start()
        let owner = try await server.user()
        let other = try await server.user()
        let admin = try await server.user(role: .admin)
        let jpeg = try ServerTestImages.jpeg(width: 40, height: 30)
        try await server.application.test(.router) { client in
            try await upload(
                client, query: "mutation($s: Upload!) { submitSelfie(challengeId: \"angry\", selfie: $s) { id } }",
                variable: "s", file: jpeg, token: owner.token
            )
            let id = try await server.pool.query("SELECT media_id FROM selfie_verifications WHERE user_id = \(owner.id)")[0]
                .decode("media_id", as: UUID.self).uuidString.lowercased()
            for token in [nil, other.token] {
                try await get(client, "/media/\(id)", token: token) { response in
                    #expect(response.status == .notFound)
                    #expect(response.headers[.eTag] == nil)
                }
            }
            for token in [owner.token, admin.token] {
                try await get(client, "/media/\(id)", token: token) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "image/jpeg")
                    #expect(response.headers[.cacheControl] == "private, max-age=31536000, immutable")
                    #expect(response.headers[.vary] == "Authorization")
                    #expect(Array(buffer: response.body) == jpeg)
                }
            }
        }
    }

    @Test("the emotion pictures are served as SVG; other names are 404")
    func emotions() async throws {
        let server = try await TestServer.start()
        try await server.application.test(.router) { client in
            try await get(client, "/emotions/happy.svg") { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/svg+xml")
                #expect(String(buffer: response.body).contains("<svg"))
            }
            for name in ["bored.svg", "happy.png", "..%2Fterms.html"] {
                try await get(client, "/emotions/\(name)") { #expect($0.status == .notFound) }
            }
        }
    }
}
