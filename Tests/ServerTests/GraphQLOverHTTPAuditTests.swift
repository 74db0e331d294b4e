import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import Server

/// One check of graphql-http's server audit (src/audits/server.ts): the request
/// it sends and what the response must show. Ids are the audit's own.
struct AuditCase: Sendable, CustomTestStringConvertible {
    enum Expectation: Sendable {
        /// Exactly this status.
        case status(Int)
        /// A status within this range.
        case statusIn(ClosedRange<Int>)
    }

    let id: String
    let title: String
    var method: HTTPRequest.Method = .post
    var accept: String?
    var contentType: String? = "application/json"
    /// POST body, or the GET query string.
    var body: String?
    var expect: Expectation
    /// The response's Content-Type must contain this.
    var contentTypeContains: String?
    /// The body (parsed as JSON) must have / must not have `errors`.
    var hasErrors: Bool?
    /// The body must have no `data` entry.
    var noData = false

    var testDescription: String { "\(id) \(title)" }
}

private let gqlResponse = "application/graphql-response+json"
private let json = "application/json"

private func body(_ object: [String: Any]) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
}

private func query(_ items: [String: String]) -> String {
    var components = URLComponents()
    components.queryItems = items.map { URLQueryItem(name: $0.key, value: $0.value) }
    return components.percentEncodedQuery!
}

private let typename = body(["query": "{ __typename }"])
private let typeQuery = "query Type($name: String!) { __type(name: $name) { name } }"

let auditCases: [AuditCase] = {
    let invalidValues: [(String, Any)] = [("object", ["obj": "ect"]), ("number", 0), ("boolean", false), ("array", ["array"])]
    let invalidMaps: [(String, Any)] = [("string", "string"), ("number", 0), ("boolean", false), ("array", ["array"])]
    let unknownField = body(["query": "{ 8f31403dfe404bccbb0e835f2629c6a7 }"])
    let coercionFailure = body(["query": "query CoerceFailure($id: ID!){ __typename }", "variables": ["id": NSNull()]])
    var cases: [AuditCase] = [
        // Media types
        AuditCase(id: "22EB", title: "SHOULD accept application/graphql-response+json and match the content-type", accept: gqlResponse, body: typename, expect: .status(200), contentTypeContains: gqlResponse),
        AuditCase(id: "4655", title: "MUST accept application/json and match the content-type", accept: json, body: typename, expect: .status(200), contentTypeContains: json),
        AuditCase(id: "47DE", title: "SHOULD accept */* and use application/json for the content-type", accept: "*/*", body: typename, expect: .status(200), contentTypeContains: json),
        AuditCase(id: "80D8", title: "SHOULD assume application/json content-type when accept is missing", body: typename, expect: .status(200), contentTypeContains: json),
        AuditCase(id: "82A3", title: "MUST use utf-8 encoding when responding", body: typename, expect: .status(200), contentTypeContains: "charset=utf-8"),
        AuditCase(id: "BF61", title: "MUST accept utf-8 encoded request", contentType: "application/json; charset=utf-8", body: body(["query": "{ __type(name: \"Run🏃Swim🏊\") { name } }"]), expect: .status(200)),
        AuditCase(id: "78D5", title: "MUST assume utf-8 in request if encoding is unspecified", body: typename, expect: .status(200)),
        // Request
        AuditCase(id: "2C94", title: "MUST accept POST requests", body: typename, expect: .status(200)),
        AuditCase(id: "5A70", title: "MAY accept application/x-www-form-urlencoded formatted GET requests", method: .get, contentType: nil, body: query(["query": "{ __typename }"]), expect: .status(200)),
        AuditCase(id: "9C48", title: "MAY NOT allow executing mutations on GET requests", method: .get, accept: gqlResponse, contentType: nil, body: query(["query": "mutation { __typename }"]), expect: .statusIn(400...499)),
        AuditCase(id: "9ABE", title: "MAY respond with 4xx status code if content-type is not supplied on POST requests", contentType: nil, expect: .statusIn(400...499)),
        AuditCase(id: "03D4", title: "MUST accept application/json POST requests", body: typename, expect: .status(200)),
        AuditCase(id: "A5BF", title: "MAY use 400 status code when request body is missing on POST", expect: .status(400)),
        // Request parameters
        AuditCase(id: "423L", title: "MAY use 400 status code on missing {query} parameter", accept: gqlResponse, body: body(["notquery": "{ __typename }"]), expect: .status(400)),
        AuditCase(id: "34A2", title: "SHOULD allow string {query} parameter when accepting application/graphql-response+json", accept: gqlResponse, body: typename, expect: .status(200)),
        AuditCase(id: "13EE", title: "MUST allow string {query} parameter when accepting application/json", accept: json, body: typename, expect: .status(200), hasErrors: false),
        AuditCase(id: "8161", title: "SHOULD allow string {operationName} parameter when accepting application/graphql-response+json", accept: gqlResponse, body: body(["operationName": "Query", "query": "query Query { __typename }"]), expect: .status(200)),
        AuditCase(id: "B8B3", title: "MUST allow string {operationName} parameter when accepting application/json", accept: json, body: body(["operationName": "Query", "query": "query Query { __typename }"]), expect: .status(200), hasErrors: false),
        AuditCase(id: "2EA1", title: "SHOULD allow map {variables} parameter when accepting application/graphql-response+json", accept: gqlResponse, body: body(["query": typeQuery, "variables": ["name": "sometype"]]), expect: .status(200)),
        AuditCase(id: "28B9", title: "MUST allow map {variables} parameter when accepting application/json", accept: json, body: body(["query": typeQuery, "variables": ["name": "sometype"]]), expect: .status(200), hasErrors: false),
        AuditCase(id: "D6D5", title: "MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/graphql-response+json", method: .get, accept: gqlResponse, contentType: nil, body: query(["query": typeQuery, "variables": #"{"name":"sometype"}"#]), expect: .status(200)),
        AuditCase(id: "6A70", title: "MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/json", method: .get, accept: json, contentType: nil, body: query(["query": typeQuery, "variables": #"{"name":"sometype"}"#]), expect: .status(200), hasErrors: false),
        AuditCase(id: "428F", title: "SHOULD allow map {extensions} parameter when accepting application/graphql-response+json", accept: gqlResponse, body: body(["query": "{ __typename }", "extensions": ["some": "value"]]), expect: .status(200)),
        AuditCase(id: "1B7A", title: "MUST allow map {extensions} parameter when accepting application/json", accept: json, body: body(["query": "{ __typename }", "extensions": ["some": "value"]]), expect: .status(200), hasErrors: false),
        AuditCase(id: "B6DC", title: "MAY use 4xx or 5xx status codes on JSON parsing failure", body: #"{ "not a JSON"#, expect: .statusIn(400...499)),
        AuditCase(id: "BCF8", title: "MAY use 400 status code on JSON parsing failure", body: #"{ "not a JSON"#, expect: .status(400)),
        AuditCase(id: "8764", title: "MAY use 4xx or 5xx status codes if parameters are invalid", body: body(["qeury": "{ __typename }"]), expect: .statusIn(400...599)),
        AuditCase(id: "3E3A", title: "MAY use 400 status code if parameters are invalid", body: body(["qeury": "{ __typename }"]), expect: .status(400)),
        // Response application/json
        AuditCase(id: "572B", title: "SHOULD use 200 status code on document parsing failure when accepting application/json", accept: json, body: body(["query": "{"]), expect: .status(200), hasErrors: true),
        AuditCase(id: "FDE2", title: "SHOULD use 200 status code on document validation failure when accepting application/json", accept: json, body: unknownField, expect: .status(200), hasErrors: true),
        AuditCase(id: "7B9B", title: "SHOULD use a status code of 200 on variable coercion failure when accepting application/json", accept: json, body: coercionFailure, expect: .status(200), hasErrors: true),
        // Response application/graphql-response+json
        AuditCase(id: "865D", title: "SHOULD use 4xx or 5xx status codes on document parsing failure when accepting application/graphql-response+json", accept: gqlResponse, body: body(["query": "{"]), expect: .statusIn(400...599)),
        AuditCase(id: "556A", title: "SHOULD use 400 status code on document parsing failure when accepting application/graphql-response+json", accept: gqlResponse, body: body(["query": "{"]), expect: .status(400)),
        AuditCase(id: "D586", title: "SHOULD not contain the data entry on document parsing failure when accepting application/graphql-response+json", accept: gqlResponse, body: body(["query": "{"]), expect: .status(400), noData: true),
        AuditCase(id: "51FE", title: "SHOULD use 4xx or 5xx status codes on document validation failure when accepting application/graphql-response+json", accept: gqlResponse, body: unknownField, expect: .statusIn(400...599)),
        AuditCase(id: "74FF", title: "SHOULD use 400 status code on document validation failure when accepting application/graphql-response+json", accept: gqlResponse, body: unknownField, expect: .status(400)),
        AuditCase(id: "5E5B", title: "SHOULD not contain the data entry on document validation failure when accepting application/graphql-response+json", accept: gqlResponse, body: unknownField, expect: .status(400), noData: true),
        AuditCase(id: "86EE", title: "SHOULD use a status code of 400 on variable coercion failure when accepting application/graphql-response+json", accept: gqlResponse, body: coercionFailure, expect: .status(400), noData: true),
    ]
    for (index, (name, value)) in invalidValues.enumerated() {
        cases.append(AuditCase(id: "LKJ\(index)", title: "MAY use 400 status code on \(name) {query} parameter", body: body(["query": value]), expect: .status(400)))
        cases.append(AuditCase(id: "6C0\(index)", title: "MAY use 400 status code on \(name) {operationName} parameter", body: body(["operationName": value, "query": "{ __typename }"]), expect: .status(400)))
    }
    for (index, parameter) in ["variables", "operationName", "extensions"].enumerated() {
        let nullBody = "{\"query\":\"{ __typename }\",\"\(parameter)\":null}"
        cases.append(AuditCase(id: "94B\(index)", title: "SHOULD allow null {\(parameter)} parameter when accepting application/graphql-response+json", accept: gqlResponse, body: nullBody, expect: .status(200), hasErrors: false))
        cases.append(AuditCase(id: "022\(index)", title: "MUST allow null {\(parameter)} parameter when accepting application/json", accept: json, body: nullBody, expect: .status(200), hasErrors: false))
    }
    for (index, (name, value)) in invalidMaps.enumerated() {
        cases.append(AuditCase(id: "476\(index)", title: "MAY use 400 status code on \(name) {variables} parameter", body: body(["query": "{ __typename }", "variables": value]), expect: .status(400)))
        cases.append(AuditCase(id: "58B\(index)", title: "MAY use 400 status code on \(name) {extensions} parameter", body: body(["query": "{ __typename }", "extensions": value]), expect: .status(400)))
    }
    return cases
}()

@Suite("graphql-http server audit (GraphQL over HTTP)")
struct GraphQLOverHTTPAuditTests {
    /// The current audit (graphql/graphql-http `src/audits/server.ts`, the
    /// version whose report lists 60 audits, ids `423L`, `LKJ0`–`LKJ3`, `BCF8`, …:
    /// after the spec made malformed requests 400 with either media type) has
    /// 60 checks, all covered here. It replaced the 78 of the earlier version,
    /// which wanted 200 for malformed requests accepting `application/json`.
    @Test("the audit's 60 checks are all covered, each once")
    func auditSize() {
        #expect(auditCases.count == 60)
        #expect(Set(auditCases.map(\.id)).count == 60)
    }

    @Test("each audit check passes", arguments: auditCases)
    func audit(_ check: AuditCase) async throws {
        try await makeTestApplication().test(.router) { client in
            var headers: HTTPFields = [:]
            if let accept = check.accept { headers[.accept] = accept }
            if let contentType = check.contentType, check.method == .post { headers[.contentType] = contentType }
            let uri = check.method == .get ? "/graphql?" + (check.body ?? "") : "/graphql"
            let body = check.method == .post ? check.body.map { ByteBuffer(string: $0) } : nil
            try await client.execute(uri: uri, method: check.method, headers: headers, body: body) { response in
                switch check.expect {
                case .status(let status): #expect(response.status.code == status, "\(response.text)")
                case .statusIn(let range): #expect(range.contains(response.status.code), "\(response.status) \(response.text)")
                }
                if let expected = check.contentTypeContains {
                    #expect(response.headers[.contentType]?.contains(expected) == true)
                }
                let object = response.graphQL
                if let hasErrors = check.hasErrors {
                    #expect((object["errors"] != nil) == hasErrors, "\(response.text)")
                }
                if check.noData {
                    #expect(object["data"] == nil, "\(response.text)")
                }
            }
        }
    }
}
