import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Testing

@testable import Server

@Suite("GraphQL-over-HTTP request parameters")
struct GraphQLRequestParametersTests {
    private func parameters(_ json: String) throws -> GraphQLRequestParameters {
        try GraphQLRequestParameters(json: JSONReader.read(json))
    }

    private func failure(_ json: String) throws -> String? {
        do {
            _ = try parameters(json)
            return nil
        } catch let failure as GraphQLRequestFailure {
            return failure.errors.first?.message
        }
    }

    @Test("a full JSON body is read")
    func fullBody() throws {
        let read = try parameters(#"{"query":"query Q($n: Int) { a }","operationName":"Q","variables":{"n":1,"s":"x y","b":false,"f":1.5,"l":[null]},"extensions":{"e":true},"other":1}"#)
        #expect(read.document == .text("query Q($n: Int) { a }"))
        #expect(read.operationName == "Q")
        #expect(read.variables["n"] == .int(1))
        #expect(read.variables["s"] == .string("x y"))
        #expect(read.variables["b"] == .bool(false))
        #expect(read.variables["f"] == .float(1.5))
        #expect(read.variables["l"] == .list([.null]))
        #expect(read.extensions["e"] == .bool(true))
    }

    @Test("null operationName, variables and extensions mean absent")
    func nulls() throws {
        let read = try parameters(#"{"query":"{ a }","operationName":null,"variables":null,"extensions":null}"#)
        #expect(read.operationName == nil)
        #expect(read.variables.isEmpty)
        #expect(read.extensions.isEmpty)
    }

    @Test(
        "malformed parameters are refused with a message saying what is wrong",
        arguments: [
            (#"[]"#, "The request body must be a JSON object"),
            (#"{"qeury":"{ a }"}"#, "The request has no \"query\" parameter"),
            (#"{"query":{"obj":"ect"}}"#, "The \"query\" parameter must be a string, not an object."),
            (#"{"query":0}"#, "The \"query\" parameter must be a string, not a number."),
            (#"{"query":false}"#, "The \"query\" parameter must be a string, not a boolean."),
            (#"{"query":["array"]}"#, "The \"query\" parameter must be a string, not an array."),
            (#"{"query":null}"#, "The \"query\" parameter must be a string, not null."),
            (#"{"query":"{ a }","operationName":0}"#, "The \"operationName\" parameter must be a string or null, not a number."),
            (#"{"query":"{ a }","variables":"string"}"#, "The \"variables\" parameter must be a map (JSON object) or null, not a string."),
            (#"{"query":"{ a }","variables":["array"]}"#, "The \"variables\" parameter must be a map (JSON object) or null, not an array."),
            (#"{"query":"{ a }","extensions":false}"#, "The \"extensions\" parameter must be a map (JSON object) or null, not a boolean."),
        ]
    )
    func malformed(json: String, message: String) throws {
        let actual = try #require(try failure(json))
        #expect(actual.hasPrefix(message))
    }

    @Test("GET parameters come from the query string, variables as JSON text")
    func queryString() throws {
        let items = try #require(FormURLEncoded.decode(
            "query=query+Type(%24name%3A+String!)+%7B+__type(name%3A+%24name)+%7B+name+%7D+%7D&variables=%7B%22name%22%3A%22a+b%22%7D&operationName=Type"
        ))
        let read = try GraphQLRequestParameters(queryItems: items, parseJSON: { try JSONReader.read($0) })
        #expect(read.document == .text("query Type($name: String!) { __type(name: $name) { name } }"))
        #expect(read.operationName == "Type")
        #expect(read.variables["name"] == .string("a b"))
    }

    @Test("GET without query, or with variables that are not a JSON map, is refused")
    func badQueryString() throws {
        for (query, message) in [
            ("", "The request has no \"query\" parameter"),
            ("query=%7Ba%7D&variables=%7Bnot", "The \"variables\" parameter is not valid JSON."),
            ("query=%7Ba%7D&variables=%5B1%5D", "The \"variables\" parameter must be a map"),
            ("query=%7Ba%7D&extensions=1", "The \"extensions\" parameter must be a map"),
        ] {
            let items = try #require(FormURLEncoded.decode(Substring(query)))
            #expect {
                try GraphQLRequestParameters(queryItems: items, parseJSON: { try JSONReader.read($0) })
            } throws: { error in
                (error as? GraphQLRequestFailure)?.errors.first?.message.hasPrefix(message) == true
            }
        }
    }

    @Test("a persisted document's hash stands in for query: extensions.persistedQuery or documentId, POST or GET")
    func persistedDocuments() throws {
        let hash = String(repeating: "ab", count: 32)
        #expect(try parameters(#"{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"\#(hash)"}}}"#).document
            == .persistedQuery(hash: hash, text: nil))
        #expect(try parameters(#"{"query":null,"extensions":{"persistedQuery":{"version":1,"sha256Hash":"\#(hash.uppercased())"}}}"#).document
            == .persistedQuery(hash: hash, text: nil))
        #expect(try parameters(#"{"query":"{ a }","extensions":{"persistedQuery":{"version":1,"sha256Hash":"\#(hash)"}}}"#).document
            == .persistedQuery(hash: hash, text: "{ a }"))
        #expect(try parameters(#"{"documentId":"sha256:\#(hash)"}"#).document == .documentID(hash: hash))
        #expect(try parameters(#"{"documentId":"\#(hash)"}"#).document == .documentID(hash: hash))
        let items = try #require(FormURLEncoded.decode(Substring("documentId=sha256%3A\(hash)&operationName=")))
        #expect(try GraphQLRequestParameters(queryItems: items, parseJSON: { try JSONReader.read($0) }).document
            == .documentID(hash: hash))
        #expect(try failure(#"{"documentId":"sha256:\#(hash)","query":"{ a }"}"#)?.hasPrefix("A request with \"documentId\"") == true)
        #expect(try failure(#"{"documentId":"sha256:abc"}"#)?.hasPrefix("The \"documentId\" parameter must be") == true)
        #expect(try failure(#"{"extensions":{"persistedQuery":{"version":2,"sha256Hash":"\#(hash)"}}}"#)?
            .hasPrefix("Unsupported persisted query version") == true)
    }

    @Test("form decoding: plus is space, percent escapes are UTF-8, broken escapes are refused")
    func formDecoding() {
        #expect(FormURLEncoded.decode("a=1+2&b=%C3%A9&c&a=ignored") == ["a": "1 2", "b": "é", "c": ""])
        #expect(FormURLEncoded.decode("a=%4") == nil)
        #expect(FormURLEncoded.decode("a=%zz") == nil)
        #expect(FormURLEncoded.decode("a=%FF") == nil)
    }

    @Test("errors are written with message, locations, path and extensions")
    func errorJSON() {
        let error = GraphQLError(
            "Cannot \"x\"", locations: [SourceLocation(line: 1, column: 3)], path: ["a", 0, "b"],
            extensions: ["code": "BAD_REQUEST", "fields": [["field": "email"]], "n": 1.5]
        )
        #expect(GraphQLErrorJSON.response([error, GraphQLError("plain")])
            == #"{"errors":[{"message":"Cannot \"x\"","locations":[{"line":1,"column":3}],"path":["a",0,"b"],"extensions":{"code":"BAD_REQUEST","fields":[{"field":"email"}],"n":1.5}},{"message":"plain"}]}"#)
    }
}
