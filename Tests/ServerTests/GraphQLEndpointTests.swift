import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import Server

@Suite("/graphql beyond the audit: system fields, limits, HTTP errors")
struct GraphQLEndpointTests {
    private func post(
        _ client: some TestClientProtocol, _ body: String, headers: HTTPFields = [.contentType: "application/json"],
        _ check: @escaping (TestResponse) throws -> Void
    ) async throws {
        try await client.execute(uri: "/graphql", method: .post, headers: headers, body: ByteBuffer(string: body)) {
            try check($0)
        }
    }

    @Test("ping answers pong; serverTime is the database clock from one SQL statement, counted in metrics")
    func systemFields() async throws {
        let metrics = QuarryMetrics()
        try await makeTestApplication(metrics: metrics).test(.router) { client in
            try await post(client, #"{"query":"{ ping }"}"#) {
                #expect($0.status == .ok)
                #expect($0.text == #"{"data":{"ping":"pong"}}"#)
            }
            try await post(client, #"{"query":"query Clock { serverTime }"}"#) { response in
                let time = try #require(response.graphQL.string("data.serverTime"))
                let parsed = try #require(try? Date(time, strategy: .iso8601))
                #expect(abs(parsed.timeIntervalSinceNow) < 60)
                #expect(time.hasSuffix("Z") && time.count == 24)
            }
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.text.contains(#"quarry_graphql_requests_total{operation="Clock",outcome="ok"} 1"#))
                #expect(response.text.contains(#"quarry_graphql_requests_total{operation="anonymous",outcome="ok"} 1"#))
                #expect(response.text.contains(#"quarry_graphql_sql_statements_bucket{le="0.0"} 1"#))
                #expect(response.text.contains(#"quarry_graphql_sql_statements_bucket{le="1.0"} 2"#))
            }
        }
    }

    @Test("a mutation over GET gets 405 with Allow: POST whatever the media type")
    func mutationOverGet() async throws {
        try await makeTestApplication().test(.router) { client in
            try await client.execute(uri: "/graphql?query=mutation%20%7B%20__typename%20%7D", method: .get) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "POST")
                #expect(response.text.contains("Can only perform a mutation operation from a POST request."))
            }
        }
    }

    @Test("other methods get 405; an unacceptable Accept 406; a non-JSON body 415; a large body 413")
    func httpErrors() async throws {
        try await makeTestApplication(environment: ["QUARRY_HTTP_MAX_BODY_BYTES": "1024"]).test(.router) { client in
            try await client.execute(uri: "/graphql", method: .put) {
                #expect($0.status == .methodNotAllowed)
                #expect($0.headers[.allow] == "GET, POST")
            }
            try await post(client, #"{"query":"{ ping }"}"#, headers: [.contentType: "application/json", .accept: "text/html"]) {
                #expect($0.status == .notAcceptable)
                #expect($0.text.contains("NOT_ACCEPTABLE"))
            }
            try await post(client, "query={ping}", headers: [.contentType: "application/x-www-form-urlencoded"]) {
                #expect($0.status == .unsupportedMediaType)
                #expect($0.text.contains("UNSUPPORTED_MEDIA_TYPE"))
            }
            let large = #"{"query":"{ ping }","pad":""# + String(repeating: "x", count: 2_000) + #""}"#
            try await post(client, large) {
                #expect($0.status == .contentTooLarge)
                #expect($0.text.contains("REQUEST_TOO_LARGE"))
            }
        }
    }

    @Test("request errors carry codes: parse, validation, bad request; variables that do not coerce are a request error")
    func errorCodes() async throws {
        let gql: HTTPFields = [.contentType: "application/json", .accept: "application/graphql-response+json"]
        try await makeTestApplication().test(.router) { client in
            try await post(client, #"{"query":"{"}"#, headers: gql) {
                #expect($0.status == .badRequest)
                #expect($0.text.contains(#""code":"GRAPHQL_PARSE_FAILED""#))
                #expect($0.text.contains(#""locations":[{"line":1,"column":2}]"#))
            }
            try await post(client, #"{"query":"{ nope }"}"#, headers: gql) {
                #expect($0.status == .badRequest)
                #expect($0.text.contains(#"Cannot query field \"nope\" on type \"Query\"."#))
                #expect($0.text.contains(#""code":"GRAPHQL_VALIDATION_FAILED""#))
            }
            try await post(client, #"{"query":"query($n: String!) { __type(name: $n) { name } }","variables":{"n":3}}"#, headers: gql) {
                #expect($0.status == .badRequest)
                #expect(!$0.text.contains(#""data""#))
                #expect($0.text.contains(#"Variable \"$n\" got invalid value 3"#))
            }
            try await post(client, #"{"query":7}"#, headers: gql) {
                #expect($0.text.contains(#""code":"BAD_REQUEST""#))
            }
        }
    }

    @Test("depth, alias and cost limits from the configuration")
    func limits() async throws {
        let environment = ["QUARRY_GRAPHQL_MAX_DEPTH": "2", "QUARRY_GRAPHQL_MAX_ALIASES": "1"]
        try await makeTestApplication(environment: environment).test(.router) { client in
            try await post(client, #"{"query":"{ __schema { types { fields { name } } } }"}"#) {
                #expect($0.text.contains(#""code":"QUERY_TOO_DEEP""#))
            }
            try await post(client, #"{"query":"{ a: ping b: ping }"}"#) {
                #expect($0.text.contains(#""code":"TOO_MANY_ALIASES""#))
            }
            try await post(client, #"{"query":"{ a: ping }"}"#) {
                #expect($0.text == #"{"data":{"a":"pong"}}"#)
            }
        }
    }

    @Test("QUARRY_INTROSPECTION=off refuses __schema and __type but keeps __typename")
    func introspectionOff() async throws {
        try await makeTestApplication(environment: ["QUARRY_INTROSPECTION": "off"]).test(.router) { client in
            try await post(client, #"{"query":"{ __schema { queryType { name } } }"}"#) {
                #expect($0.text.contains(#""code":"INTROSPECTION_DISABLED""#))
                #expect(!$0.text.contains(#""data""#))
            }
            try await post(client, #"{"query":"{ __typename }"}"#) {
                #expect($0.text == #"{"data":{"__typename":"Query"}}"#)
            }
        }
        try await makeTestApplication().test(.router) { client in
            try await post(client, #"{"query":"{ __schema { queryType { name } } }"}"#) {
                #expect($0.text == #"{"data":{"__schema":{"queryType":{"name":"Query"}}}}"#)
            }
        }
    }

    @Test("a malformed Authorization header on /graphql is 401 before any GraphQL work")
    func malformedAuthorization() async throws {
        try await makeTestApplication().test(.router) { client in
            try await post(client, #"{"query":"{ ping }"}"#, headers: [.contentType: "application/json", .authorization: "Token abc"]) {
                #expect($0.status == .unauthorized)
                #expect($0.text.contains("MALFORMED_AUTHORIZATION"))
            }
            try await post(client, #"{"query":"{ ping }"}"#, headers: [.contentType: "application/json", .authorization: "Bearer abc"]) {
                #expect($0.status == .ok)
            }
        }
    }
}
