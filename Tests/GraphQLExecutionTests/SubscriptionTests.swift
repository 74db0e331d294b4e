import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Testing

/// Subscriptions (spec §6.2.3): source stream → response stream.
@Suite struct SubscriptionTests {
    let sdl = """
        type Query { a: String }
        type Subscription { count(to: Int!): Tick, failing: Int }
        type Tick { n: Int!, square: Int! }
        """

    func executable() throws -> ExecutableSchema<Void> {
        var b = ExecutableSchemaBuilder<Void>(schema: try buildSchema(sdl: sdl))
        b.resolve("Query", "a") { _ in nil }
        b.subscribe("Subscription", "count") { info in
            let to = info.args["to"]!.intValue!
            return AsyncThrowingStream<any Sendable, any Error> { continuation in
                for n in 1...to { continuation.yield(n) }
                continuation.finish()
            }
        }
        b.resolve("Tick", "n") { info in info.source }
        b.resolve("Tick", "square") { info in (info.source as! Int) * (info.source as! Int) }
        b.subscribe("Subscription", "failing") { _ in throw GraphQLError("no stream", extensions: ["code": "NOPE"]) }
        return try b.build()
    }

    @Test func eachEventBecomesAResponse() async throws {
        let result = await try executable().subscribe(
            document: try Parser.parse("subscription($to: Int!) { count(to: $to) { n square } }"), variables: ["to": 3],
            context: ())
        guard case .stream(let stream) = result else {
            Issue.record("expected a stream")
            return
        }
        var responses: [String] = []
        for try await response in stream { responses.append(response.jsonText) }
        #expect(
            responses == [
                #"{"data":{"count":{"n":1,"square":1}}}"#, #"{"data":{"count":{"n":2,"square":4}}}"#,
                #"{"data":{"count":{"n":3,"square":9}}}"#,
            ])
    }

    @Test func sourceStreamErrorsAndRequestErrorsFail() async throws {
        let schema = try executable()
        guard case .failure(let failed) = await schema.subscribe(document: try Parser.parse("subscription { failing }"), context: ())
        else {
            Issue.record("expected a failure")
            return
        }
        #expect(failed.jsonText == #"{"errors":[{"message":"no stream","locations":[{"line":1,"column":16}],"path":["failing"],"extensions":{"code":"NOPE"}}]}"#)
        guard case .failure(let missing) = await schema.subscribe(
            document: try Parser.parse("subscription($to: Int!) { count(to: $to) { n } }"), context: ())
        else {
            Issue.record("expected a failure")
            return
        }
        #expect(missing.errors.map(\.message) == ["Variable \"$to\" of required type \"Int!\" was not provided."])
    }
}
