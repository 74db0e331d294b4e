import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import Server

@Suite("Request id, bearer token, CORS")
struct MiddlewareTests {
    @Test("every response carries a generated X-Request-Id, errors included")
    func generatedRequestID() async throws {
        try await makeTestApplication().test(.router) { client in
            var ids: Set<String> = []
            for path in ["/healthz", "/no-such-route"] {
                try await client.execute(uri: path, method: .get) { response in
                    let id = try #require(response.headers[RequestIDMiddleware.headerName])
                    #expect(id.count == 32 && id.allSatisfy(\.isHexDigit))
                    ids.insert(id)
                }
            }
            #expect(ids.count == 2)
        }
    }

    @Test("generated request ids are 32 lowercase hex digits, each position taking many values")
    func generatedDigits() {
        let ids = (0..<300).map { _ in RequestIDMiddleware.generate() }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.utf8.count == 32 && $0.allSatisfy { "0123456789abcdef".contains($0) } })
        for position in 0..<32 {
            let seen = Set(ids.map { Array($0.utf8)[position] })
            #expect(seen.count >= 12, "position \(position) took only \(seen.count) values")
        }
    }

    @Test("a request's id (HTTP and the WebSocket upgrade): a well-formed X-Request-Id kept, any other replaced")
    func idForHeaders() {
        #expect(RequestIDMiddleware.id(for: [RequestIDMiddleware.headerName: "abc-123"]) == "abc-123")
        let longest = String(repeating: "x", count: 128)
        #expect(RequestIDMiddleware.id(for: [RequestIDMiddleware.headerName: longest]) == longest)
        // Too long, a space, a tab, a byte beyond ASCII, empty: not 1–128 characters of visible ASCII.
        for malformed in [String(repeating: "x", count: 129), "has space", "a\tb", "caf\u{E9}", ""] {
            let id = RequestIDMiddleware.id(for: [RequestIDMiddleware.headerName: malformed])
            #expect(id != malformed)
            #expect(id.utf8.count == 32 && id.allSatisfy { "0123456789abcdef".contains($0) })
        }
        let generated = RequestIDMiddleware.id(for: [:])
        #expect(generated.utf8.count == 32 && generated.allSatisfy { "0123456789abcdef".contains($0) })
    }

    @Test("request ids drawn from small blocks stay distinct across refills")
    func idsAcrossBlocks() {
        // A block of two ids, so 400 ids refill it 200 times: each refill must bring new bytes.
        let randomness = RequestIDRandomness(blockSize: 32)
        let ids = (0..<400).map { _ in RequestIDMiddleware.generate(from: randomness) }
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids.map { $0.prefix(16) }).count == ids.count)
        #expect(Set(ids.map { $0.suffix(16) }).count == ids.count)
    }

    @Test("a well-formed incoming X-Request-Id is echoed, a malformed one replaced")
    func echoedRequestID() async throws {
        try await makeTestApplication().test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get, headers: [RequestIDMiddleware.headerName: "abc-123"]) {
                #expect($0.headers[RequestIDMiddleware.headerName] == "abc-123")
            }
            let long = String(repeating: "x", count: 129)
            try await client.execute(uri: "/healthz", method: .get, headers: [RequestIDMiddleware.headerName: long]) {
                #expect($0.headers[RequestIDMiddleware.headerName]?.count == 32)
            }
            try await client.execute(uri: "/healthz", method: .get, headers: [RequestIDMiddleware.headerName: "a b"]) {
                #expect($0.headers[RequestIDMiddleware.headerName] != "a b")
            }
        }
    }

    @Test("the access line carries the response's request id, as request_id only (Hummingbird's hb.request.id is dropped)")
    func accessLineRequestID() async throws {
        let capture = LogCapture()
        let server = try await TestServer.start()
        let app = buildApplication(configuration: server.configuration, components: server.components, logger: capture.logger())
        let sent = try await app.test(.router) { client in
            var sent: [String] = []
            for path in ["/healthz", "/no-such-route"] {
                let response = try await client.execute(uri: path, method: .get)
                sent.append(try #require(response.headers[RequestIDMiddleware.headerName]))
            }
            return sent
        }
        let lines = capture.all.filter { $0.message == "request" }
        #expect(lines.map { $0.metadata["request_id"] } == sent)
        #expect(lines.map { $0.metadata["path"] } == ["/healthz", "/no-such-route"])
        #expect(lines.map { $0.metadata["status"] } == ["200", "404"])
        #expect(lines.allSatisfy { $0.metadata["hb.request.id"] == nil && $0.metadata["method"] == "GET" })
    }

    @Test(
        "bearer tokens are parsed per RFC 6750",
        arguments: [
            ("Bearer abc", "abc"), ("bearer abc", "abc"), ("BEARER a-b.c_d~e+f/g==", "a-b.c_d~e+f/g=="),
        ]
    )
    func bearerToken(header: String, token: String) {
        #expect(BearerTokenMiddleware.token(fromAuthorization: header) == token)
    }

    @Test(
        "malformed Authorization headers are rejected",
        arguments: ["Bearer", "Bearer ", "Basic dXNlcjpwdw==", "Bearer a b", "Bearer =abc", "Bearer ab=c", "Bearerabc", "Bearer  abc", "Bearer ä"]
    )
    func malformedBearer(header: String) {
        #expect(BearerTokenMiddleware.token(fromAuthorization: header) == nil)
    }

    @Test("a malformed Authorization header gets 401 with a coded error")
    func malformedAuthorizationIs401() async throws {
        try await makeTestApplication().test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get, headers: [.authorization: "Basic dXNlcjpwdw=="]) { response in
                #expect(response.status == .unauthorized)
                #expect(response.headers[.wwwAuthenticate] == #"Bearer error="invalid_request""#)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(response.text.contains(#""code":"MALFORMED_AUTHORIZATION""#))
                #expect(response.headers[RequestIDMiddleware.headerName] != nil)
            }
            try await client.execute(uri: "/healthz", method: .get, headers: [.authorization: "Bearer t0ken"]) {
                #expect($0.status == .ok)
            }
        }
    }

    @Test("without QUARRY_CORS_ORIGINS no CORS headers are sent")
    func corsDisabled() async throws {
        try await makeTestApplication().test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get, headers: [.origin: "https://a.example"]) {
                #expect($0.headers[.accessControlAllowOrigin] == nil)
            }
        }
    }

    @Test("CORS: allowed origins get headers and preflights, others are refused")
    func corsOrigins() async throws {
        let app = try await makeTestApplication(environment: ["QUARRY_CORS_ORIGINS": "https://a.example"])
        try await app.test(.router) { client in
            let preflight: HTTPFields = [
                .origin: "https://a.example", .accessControlRequestMethod: "POST",
                .accessControlRequestHeaders: "content-type, authorization",
            ]
            try await client.execute(uri: "/graphql", method: .options, headers: preflight) { response in
                #expect(response.status == .noContent)
                #expect(response.headers[.accessControlAllowOrigin] == "https://a.example")
                #expect(response.headers[.accessControlAllowMethods] == "GET, POST, OPTIONS")
                #expect(response.headers[.accessControlAllowHeaders]?.contains("Authorization") == true)
                #expect(response.headers[.vary] == "Origin")
            }
            var other = preflight
            other[.origin] = "https://evil.example"
            try await client.execute(uri: "/graphql", method: .options, headers: other) { response in
                #expect(response.status == .forbidden)
                #expect(response.headers[.accessControlAllowOrigin] == nil)
                #expect(response.text.contains("CORS_ORIGIN_NOT_ALLOWED"))
            }
            try await client.execute(uri: "/healthz", method: .get, headers: [.origin: "https://a.example"]) { response in
                #expect(response.headers[.accessControlAllowOrigin] == "https://a.example")
                #expect(response.headers[.accessControlExposeHeaders] == "X-Request-Id")
            }
            try await client.execute(uri: "/nowhere", method: .get, headers: [.origin: "https://a.example"]) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.accessControlAllowOrigin] == "https://a.example")
            }
        }
    }

    @Test("CORS with * allows any origin")
    func corsAnyOrigin() async throws {
        try await makeTestApplication(environment: ["QUARRY_CORS_ORIGINS": "*"]).test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get, headers: [.origin: "https://b.example"]) {
                #expect($0.headers[.accessControlAllowOrigin] == "*")
                #expect($0.headers[.vary] == nil)
            }
        }
    }
}
