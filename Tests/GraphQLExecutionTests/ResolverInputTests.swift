import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Testing

/// What resolvers receive and may return: typed sources, chained loads.
@Suite struct ResolverInputTests {
    @Test func typedSourceMismatchIsAFieldError() async throws {
        let json = try await run("type Query { a: A } type A { n: Int }", query: "{ a { n } }", context: ()) { b in
            b.resolve("Query", "a") { _ in "not a record" }
            b.resolve("A", "n", source: Record.self) { record, _ in record.fields["n"] }
        }
        #expect(json == #"{"data":{"a":{"n":null}},"errors":[{"message":"Expected the source of A.n to be Record, got String.","locations":[{"line":1,"column":7}],"path":["a","n"]}]}"#)
    }

    @Test func chainedLoadsWaitForEachBatch() async throws {
        let batches = Locked<[[String]]>([])
        let names = BatchLoader<String, String> { keys in
            batches.withLock { $0.append(keys) }
            return Dictionary(uniqueKeysWithValues: keys.map { ($0, $0.uppercased()) })
        }
        let json = try await run("type Query { a: String, b: String }", query: "{ a b }", context: ()) { b in
            b.resolve("Query", "a") { _ in names.load("x").map { first in names.load("\(first!)-then") } }
            b.resolve("Query", "b") { _ in names.load("y") }
        }
        #expect(json == #"{"data":{"a":"X-THEN","b":"Y"}}"#)
        #expect(batches.withLock { $0 } == [["x", "y"], ["X-then"]])
    }

    @Test func contextAndArgumentsReachResolvers() async throws {
        struct Ctx: Sendable { let user: String }
        let json = try await run(
            "type Query { greet(greeting: String = \"hi\"): String }", query: "{ a: greet b: greet(greeting: \"yo\") }",
            context: Ctx(user: "ann")
        ) { b in
            b.resolve("Query", "greet") { info in "\(info.args["greeting"]!.stringValue!) \(info.context.user) at \(info.path)" }
        }
        #expect(json == #"{"data":{"a":"hi ann at [a]","b":"yo ann at [b]"}}"#)
    }
}
