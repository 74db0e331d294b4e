import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import Server

/// POST /graphql with multipart/form-data (GraphQL multipart request spec) through the real HTTP stack.
@Suite("Multipart: uploads over POST /graphql")
struct MultipartUploadTests {
    static let avatar = "mutation($image: Upload!) { updateAvatar(image: $image) { avatarUrl } }"
    static let selfie = "mutation($s: Upload!) { submitSelfie(challengeId: \"happy\", selfie: $s) { status } }"

    private func send(
        _ client: some TestClientProtocol, _ body: MultipartBody, token: String? = nil, preflight: Bool = true,
        _ check: @escaping (TestResponse) throws -> Void
    ) async throws {
        var headers: HTTPFields = [.contentType: MultipartBody.contentType]
        if preflight { headers[MultipartUploadSettings.graphQLPreflight] = "1" }
        if let token { headers[.authorization] = "Bearer \(token)" }
        try await client.execute(uri: "/graphql", method: .post, headers: headers, body: ByteBuffer(bytes: body.bytes)) {
            try check($0)
        }
    }

    @Test("over a real socket, a PNG avatar and a JPEG selfie upload; dimensions recorded; temporary files deleted")
    func happyPath() async throws {
        let server = try await TestServer.start()
        let user = try await server.user()
        try await server.application.test(.live) { client in
            let png = MultipartBody.single(
                query: Self.avatar, variables: #"{"image":null}"#, variable: "image", file: try ServerTestImages.png(width: 33, height: 44)
            )
            try await send(client, png, token: user.token) { response in
                #expect(response.status == .ok)
                let url = try #require(response.graphQL["data.updateAvatar.avatarUrl"] as? String)
                #expect(url.hasPrefix("https://quarry.example/media/"))
            }
            let jpeg = MultipartBody.single(
                query: Self.selfie, variables: #"{"s":null}"#, variable: "s",
                file: try ServerTestImages.jpeg(width: 80, height: 60), filename: "me.jpg", contentType: "image/jpeg"
            )
            try await send(client, jpeg, token: user.token) { response in
                #expect(response.status == .ok)
                #expect(response.graphQL["data.submitSelfie.status"] as? String == "PENDING")
            }
        }
        let rows = try await server.pool.query(
            "SELECT content_type, width, height FROM media WHERE owner_id = \(user.id) ORDER BY created_at"
        )
        #expect(rows.count == 2)
        #expect(try rows[0].decode("content_type", as: String.self) == "image/png")
        #expect(try rows[0].decode("width", as: Int.self) == 33 && rows[0].decode("height", as: Int.self) == 44)
        #expect(try rows[1].decode("content_type", as: String.self) == "image/jpeg")
        #expect(try rows[1].decode("width", as: Int.self) == 80 && rows[1].decode("height", as: Int.self) == 60)
        #expect(server.storedFiles().count == 2)
        #expect(server.temporaryFiles().isEmpty)
    }

    @Test("a multipart request without a preflight header is refused (CSRF) and runs nothing")
    func missingPreflight() async throws {
        let server = try await TestServer.start()
        let user = try await server.user()
        try await server.application.test(.router) { client in
            let body = MultipartBody.single(
                query: Self.avatar, variables: #"{"image":null}"#, variable: "image", file: try ServerTestImages.png(width: 5, height: 5)
            )
            try await send(client, body, token: user.token, preflight: false) { response in
                #expect(response.status == .badRequest)
                #expect(response.graphQL.codes == ["PREFLIGHT_REQUIRED"])
            }
        }
        #expect(try await server.mediaRows(owner: user.id) == 0)
    }

    @Test("bad map, bad operations, a missing file and a truncated body are 400 with codes; nothing is left behind")
    func malformedRequests() async throws {
        let server = try await TestServer.start()
        let user = try await server.user()
        let png = try ServerTestImages.png(width: 5, height: 5)
        let operations = #"{"query":"# + MultipartBody.jsonString(Self.avatar) + #","variables":{"image":null}}"#
        var cases: [(MultipartBody, String)] = []
        for map in [#"{"0":"variables.image"}"#, #"{"0":["image"]}"#, #"{"0":["variables.nothing.deep"]}"#, "not json"] {
            var body = MultipartBody()
            body.field("operations", operations)
            body.field("map", map)
            body.file("0", filename: "a.png", contentType: "image/png", png)
            body.close()
            cases.append((body, "INVALID_MULTIPART_MAP"))
        }
        var badOperations = MultipartBody()
        badOperations.field("operations", "{nope")
        badOperations.field("map", "{}")
        badOperations.close()
        cases.append((badOperations, "INVALID_MULTIPART_OPERATIONS"))
        var mapFirst = MultipartBody()
        mapFirst.field("map", "{}")
        mapFirst.close()
        cases.append((mapFirst, "INVALID_MULTIPART_OPERATIONS"))
        var missing = MultipartBody()
        missing.field("operations", operations)
        missing.field("map", #"{"0":["variables.image"]}"#)
        missing.close()
        cases.append((missing, "MISSING_UPLOAD"))
        var truncated = MultipartBody.single(query: Self.avatar, variables: #"{"image":null}"#, variable: "image", file: png)
        truncated.bytes.removeLast(truncated.bytes.count - truncated.bytes.count * 3 / 4)
        cases.append((truncated, "MULTIPART_TRUNCATED"))

        let requests = cases
        try await server.application.test(.router) { client in
            for (body, code) in requests {
                try await send(client, body, token: user.token) { response in
                    #expect(response.status == .badRequest, "\(code)")
                    #expect(response.graphQL.codes == [code])
                }
            }
        }
        #expect(try await server.mediaRows(owner: user.id) == 0)
        #expect(server.storedFiles().isEmpty)
        #expect(server.temporaryFiles().isEmpty)
    }

    @Test("a file over QUARRY_UPLOAD_MAX_BYTES is 413 FILE_TOO_LARGE and leaves no temporary file")
    func tooLarge() async throws {
        let server = try await TestServer.start(environment: ["QUARRY_UPLOAD_MAX_BYTES": "2000"])
        let user = try await server.user()
        let big = try ServerTestImages.png(width: 300, height: 300) + Array(repeating: 1, count: 3_000)
        try await server.application.test(.router) { client in
            let body = MultipartBody.single(query: Self.avatar, variables: #"{"image":null}"#, variable: "image", file: big)
            try await send(client, body, token: user.token) { response in
                #expect(response.status == .contentTooLarge)
                #expect(response.graphQL.codes == ["FILE_TOO_LARGE"])
            }
        }
        #expect(try await server.mediaRows(owner: user.id) == 0)
        #expect(server.temporaryFiles().isEmpty)
    }

    @Test("empty, wrong-type and truncated images are field errors with codes; no row, no stored file")
    func badImages() async throws {
        let server = try await TestServer.start()
        let user = try await server.user()
        let jpeg = try ServerTestImages.jpeg(width: 200, height: 150)
        let cases: [([UInt8], String)] = [
            ([], "FILE_EMPTY"),
            (Array("just some text, named .png".utf8), "UNSUPPORTED_MEDIA_TYPE"),
            (Array(jpeg.prefix(jpeg.count / 2)), "INVALID_IMAGE"),
        ]
        try await server.application.test(.router) { client in
            for (file, code) in cases {
                let body = MultipartBody.single(query: Self.avatar, variables: #"{"image":null}"#, variable: "image", file: file)
                try await send(client, body, token: user.token) { response in
                    #expect(response.status == .ok)
                    #expect(response.graphQL.codes == [code])
                }
            }
        }
        #expect(try await server.mediaRows(owner: user.id) == 0)
        #expect(server.storedFiles().isEmpty)
        #expect(server.temporaryFiles().isEmpty)
    }

    @Test("a JSON request passing a string for an Upload variable gets a request error")
    func jsonStringForUpload() async throws {
        let server = try await TestServer.start()
        let user = try await server.user()
        try await server.application.test(.router) { client in
            let body = #"{"query":"# + MultipartBody.jsonString(Self.avatar) + #","variables":{"image":"quarry-upload:0"}}"#
            try await client.execute(
                uri: "/graphql", method: .post,
                headers: [.contentType: "application/json", .accept: "application/graphql-response+json", .authorization: "Bearer \(user.token)"],
                body: ByteBuffer(string: body)
            ) { response in
                #expect(response.status == .badRequest)
                #expect(response.graphQL["data"] == nil)
                let message = response.graphQL.messages.first ?? ""
                #expect(message.contains("Upload value invalid"))
            }
        }
    }

    @Test("a browser on an allowed origin may send the preflight headers (CORS preflight allows them)")
    func corsAllowsPreflightHeaders() async throws {
        let server = try await TestServer.start(environment: ["QUARRY_CORS_ORIGINS": "https://app.example"])
        try await server.application.test(.router) { client in
            let preflight: HTTPFields = [
                .origin: "https://app.example", .accessControlRequestMethod: "POST",
                .accessControlRequestHeaders: "content-type, authorization, apollo-require-preflight",
            ]
            try await client.execute(uri: "/graphql", method: .options, headers: preflight) { response in
                #expect(response.status == .noContent)
                let allowed = (response.headers[.accessControlAllowHeaders] ?? "").lowercased()
                #expect(allowed.contains("apollo-require-preflight") && allowed.contains("graphql-preflight"))
            }
        }
    }
}
