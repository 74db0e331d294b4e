import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Testing

@Suite struct ExecuteBasicsTests {
    let sdl = """
        type Query { hello: String, user(id: ID!): User, users: [User!]!, count: Int, ratio: Float, ok: Boolean }
        type User { id: ID!, name: String!, bio: String, friends: [User!] }
        """

    @Test func syncAndDefaultResolversInSelectionOrder() async throws {
        let json = try await run(sdl, query: "{ count hello ratio ok user(id: \"u1\") { name id bio } }", context: ()) { b in
            b.resolve("Query", "hello") { _ in "world" }
            b.resolve("Query", "count") { _ in 3 }
            b.resolve("Query", "ratio") { _ in 1.5 }
            b.resolve("Query", "ok") { _ in true }
            b.resolve("Query", "user") { info in Record("User", ["id": info.args["id"]!, "name": "Ann", "bio": nil as String?]) }
            b.resolve("Query", "users") { _ in [] as [Record] }
            b.resolve("User", "friends") { _ in nil }
            b.readProperties(of: "User", fields: ["id", "name", "bio"])
        }
        #expect(json == #"{"data":{"count":3,"hello":"world","ratio":1.5,"ok":true,"user":{"name":"Ann","id":"u1","bio":null}}}"#)
    }

    @Test func asyncResolversAreAwaited() async throws {
        let json = try await run(sdl, query: "{ hello users { name } }", context: ()) { b in
            b.resolveAsync("Query", "hello") { _ in
                try await Task.sleep(for: .milliseconds(5))
                return "later"
            }
            b.resolveAsync("Query", "users") { _ in
                await Task.yield()
                return [Record("User", ["name": "A"]), Record("User", ["name": "B"])]
            }
            b.readProperties(of: "Query")
            b.readProperties(of: "User")
        }
        #expect(json == #"{"data":{"hello":"later","users":[{"name":"A"},{"name":"B"}]}}"#)
    }

    @Test func aliasesAndTypename() async throws {
        let json = try await run(sdl, query: "{ a: hello b: hello __typename }", context: ()) { b in
            b.resolve("Query", "hello") { info in info.path.description }
            b.readProperties(of: "Query")
            b.readProperties(of: "User")
        }
        #expect(json == #"{"data":{"a":"[a]","b":"[b]","__typename":"Query"}}"#)
    }
}
