import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Testing

/// Null propagation (spec §6.4.4): a field error or a null in a non-null position
/// nulls the nearest nullable ancestor; errors carry message, locations and path.
@Suite struct NullPropagationTests {
    let sdl = """
        type Query { a: A, nonNullA: A!, list: [A], nonNullItems: [A!], asyncA: A }
        type A { ok: String, fails: String, nonNull: String!, child: A, nonNullChild: A! }
        """

    func execute(_ query: String) async throws -> String {
        try await run(sdl, query: query, context: ()) { b in
            let a: @Sendable (ResolveInfo<Void>) throws -> (any Sendable)? = { _ in Record("A", [:]) }
            b.resolve("Query", "a", a)
            b.resolve("Query", "nonNullA", a)
            b.resolve("Query", "list") { _ in [Record("A", [:]), nil, Record("A", [:])] as [Record?] }
            b.resolve("Query", "nonNullItems") { _ in [Record("A", [:]), Record("A", ["bad": true])] }
            b.resolveAsync("Query", "asyncA") { _ in
                await Task.yield()
                return Record("A", [:])
            }
            b.resolve("A", "ok") { _ in "ok" }
            b.resolve("A", "fails") { _ in throw GraphQLError("boom", extensions: ["code": "BOOM"]) }
            b.resolve("A", "nonNull") { info in (info.source as! Record).fields["bad"] == nil ? "fine" : nil }
            b.resolve("A", "child", a)
            b.resolve("A", "nonNullChild", a)
        }
    }

    @Test func errorInNullableFieldIsNullWithLocatedError() async throws {
        let json = try await execute("{ a { ok fails } }")
        #expect(json == #"{"data":{"a":{"ok":"ok","fails":null}},"errors":[{"message":"boom","locations":[{"line":1,"column":10}],"path":["a","fails"],"extensions":{"code":"BOOM"}}]}"#)
    }

    @Test func nullInNonNullFieldNullsParent() async throws {
        let json = try await execute("{ a { ok child { nonNullChild { nonNullChild { ok } } } } nonNullItems { nonNull } }")
        #expect(json == #"{"data":{"a":{"ok":"ok","child":{"nonNullChild":{"nonNullChild":{"ok":"ok"}}}},"nonNullItems":null},"errors":[{"message":"Cannot return null for non-nullable field A.nonNull.","locations":[{"line":1,"column":74}],"path":["nonNullItems",1,"nonNull"]}]}"#)
    }

    @Test func nullPropagatesThroughNonNullChainToNullableAncestor() async throws {
        let json = try await execute("{ a { child { nonNullChild { fails2: nonNull ok } } } }")
        #expect(json == #"{"data":{"a":{"child":{"nonNullChild":{"fails2":"fine","ok":"ok"}}}}}"#)
        let failing = try await execute("{ a { child { nonNullChild { nonNullChild { x: fails } } } } }")
        #expect(failing.contains(#""path":["a","child","nonNullChild","nonNullChild","x"]"#))
    }

    @Test func nonNullRootFieldNullsData() async throws {
        let json = try await execute("{ nonNullA { nonNull2: nonNullChild { fails } } a { ok } }")
        #expect(json.hasPrefix(#"{"data":{"nonNullA":{"nonNull2":{"fails":null}},"a":{"ok":"ok"}}"#))
        let nulled = try await run(
            "type Query { x: String!, y: String }", query: "{ x y }", context: ()
        ) { b in
            b.resolve("Query", "x") { _ in nil }
            b.resolve("Query", "y") { _ in "y" }
        }
        #expect(nulled == #"{"data":null,"errors":[{"message":"Cannot return null for non-nullable field Query.x.","locations":[{"line":1,"column":3}],"path":["x"]}]}"#)
    }

    @Test func listItemsNullableAndNonNull() async throws {
        let json = try await execute("{ list { ok } }")
        #expect(json == #"{"data":{"list":[{"ok":"ok"},null,{"ok":"ok"}]}}"#)
    }

    @Test func asyncNonNullViolationPropagatesAtWriteTime() async throws {
        let json = try await run(
            "type Query { outer: Outer } type Outer { inner: String!, other: String }", query: "{ outer { other inner } }",
            context: ()
        ) { b in
            b.resolve("Query", "outer") { _ in Record("Outer", [:]) }
            b.resolve("Outer", "other") { _ in "other" }
            b.resolveAsync("Outer", "inner") { _ in
                await Task.yield()
                return nil
            }
        }
        #expect(json == #"{"data":{"outer":null},"errors":[{"message":"Cannot return null for non-nullable field Outer.inner.","locations":[{"line":1,"column":17}],"path":["outer","inner"]}]}"#)
    }

    @Test func resultCoercionErrors() async throws {
        let json = try await run("type Query { n: Int, f: Float, e: E } enum E { A }", query: "{ n f e }", context: ()) { b in
            b.resolve("Query", "n") { _ in 1 << 40 }
            b.resolve("Query", "f") { _ in "x" }
            b.resolve("Query", "e") { _ in "B" }
        }
        #expect(json == #"{"data":{"n":null,"f":null,"e":null},"errors":[{"message":"Int cannot represent non 32-bit signed integer value: 1099511627776","locations":[{"line":1,"column":3}],"path":["n"]},{"message":"Float cannot represent non numeric value: \"x\"","locations":[{"line":1,"column":5}],"path":["f"]},{"message":"Enum \"E\" cannot represent value: \"B\"","locations":[{"line":1,"column":7}],"path":["e"]}]}"#)
    }
}
