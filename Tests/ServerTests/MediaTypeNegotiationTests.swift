import Testing

@testable import Server

@Suite("Accept header negotiation (GraphQL over HTTP, Media Types)")
struct MediaTypeNegotiationTests {
    @Test(
        "picks the response media type",
        arguments: [
            (nil, GraphQLMediaType.json),
            ("", .json),
            ("*/*", .json),
            ("application/*", .json),
            ("application/json", .json),
            ("application/graphql-response+json", .graphQLResponseJSON),
            ("application/graphql-response+json, application/json;q=0.9", .graphQLResponseJSON),
            ("application/json, application/graphql-response+json", .graphQLResponseJSON),
            ("application/json;q=1, application/graphql-response+json;q=0.5", .json),
            ("text/html, */*;q=0.8", .json),
            ("application/json; charset=utf-8", .json),
            ("application/graphql-response+json; charset=latin1, application/json;q=0.1", .json),
            ("APPLICATION/GRAPHQL-RESPONSE+JSON", .graphQLResponseJSON),
        ] as [(String?, GraphQLMediaType)]
    )
    func negotiates(accept: String?, expected: GraphQLMediaType) {
        #expect(GraphQLMediaType.negotiate(accept: accept) == expected)
    }

    @Test(
        "accepting neither type is not acceptable",
        arguments: ["text/html", "application/xml", "application/json;q=0", "image/*", "application/json; charset=latin1"]
    )
    func notAcceptable(accept: String) {
        #expect(GraphQLMediaType.negotiate(accept: accept) == nil)
    }
}
