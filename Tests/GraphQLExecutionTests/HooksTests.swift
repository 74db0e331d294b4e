import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Synchronization
import Testing

/// The field guard (a directive on a field definition or its type runs a check before
/// the resolver) and the batch loader (one load per level, not per row).
@Suite struct HooksTests {
    struct Viewer: Sendable { let role: String }

    let authSDL = """
        enum Role { USER ADMIN }
        directive @auth(requires: Role! = USER) on FIELD_DEFINITION | OBJECT
        type Query { open: String, secret: String @auth(requires: ADMIN), me: Me }
        type Me @auth { name: String }
        """

    func runAuth(_ query: String, role: String, calls: Locked<Int>) async throws -> String {
        try await run(authSDL, query: query, context: Viewer(role: role)) { b in
            b.resolve("Query", "open") { _ in "open" }
            b.resolve("Query", "secret") { _ in
                calls.withLock { $0 += 1 }
                return "secret"
            }
            b.resolve("Query", "me") { _ in Record("Me", ["name": "me"]) }
            b.readProperties(of: "Me")
            b.guardFields(withDirective: "auth") { directive in
                let required = directive.arguments["requires"]?.stringValue ?? "USER"
                let ranks = ["GUEST": 0, "USER": 1, "ADMIN": 2]
                return { info in
                    guard ranks[info.context.role, default: 0] >= ranks[required, default: 0] else {
                        throw GraphQLError("Not authorized: requires \(required).", extensions: ["code": "FORBIDDEN"])
                    }
                }
            }
        }
    }

    @Test func guardDeniesBeforeResolverRuns() async throws {
        let calls = Locked(0)
        let denied = try await runAuth("{ open secret me { name } }", role: "USER", calls: calls)
        #expect(denied == #"{"data":{"open":"open","secret":null,"me":{"name":"me"}},"errors":[{"message":"Not authorized: requires ADMIN.","locations":[{"line":1,"column":8}],"path":["secret"],"extensions":{"code":"FORBIDDEN"}}]}"#)
        #expect(calls.withLock { $0 } == 0)
        let guest = try await runAuth("{ me { name } }", role: "GUEST", calls: calls)
        #expect(guest == #"{"data":{"me":{"name":null}},"errors":[{"message":"Not authorized: requires USER.","locations":[{"line":1,"column":8}],"path":["me","name"],"extensions":{"code":"FORBIDDEN"}}]}"#)
        let admin = try await runAuth("{ secret }", role: "ADMIN", calls: calls)
        #expect(admin == #"{"data":{"secret":"secret"}}"#)
        #expect(calls.withLock { $0 } == 1)
    }

    /// A type's directive is checked once for each object value, whatever number of its
    /// fields are selected, and its outcome (an error for each field when denied) holds for
    /// all of them; a field with its own directive is checked on its own.
    @Test func typeLevelGuardRunsOncePerObject() async throws {
        let sdl = """
            enum Role { USER ADMIN }
            directive @auth(requires: Role! = USER) on FIELD_DEFINITION | OBJECT
            type Query { items: [Item!]! }
            type Item @auth { a: String, b: String, c: String @auth(requires: ADMIN) }
            """
        let checks = Locked<[String]>([])
        func execute(as role: String) async throws -> String {
            try await run(sdl, query: "{ items { a b c } }", context: Viewer(role: role)) { b in
                b.resolve("Query", "items") { _ in [Record("Item", ["a": "a1", "b": "b1", "c": "c1"]), Record("Item", ["a": "a2", "b": "b2", "c": "c2"])] }
                b.readProperties(of: "Item")
                b.guardFields(withDirective: "auth") { directive in
                    let required = directive.arguments["requires"]?.stringValue ?? "USER"
                    return { info in
                        checks.withLock { $0.append("\(required) \(info.path.map { "\($0)" }.joined(separator: "."))") }
                        guard info.context.role == "ADMIN" || (required == "USER" && info.context.role == "USER") else {
                            throw GraphQLError("Not authorized: requires \(required).", extensions: ["code": "FORBIDDEN"])
                        }
                    }
                }
            }
        }
        #expect(try await execute(as: "ADMIN") == #"{"data":{"items":[{"a":"a1","b":"b1","c":"c1"},{"a":"a2","b":"b2","c":"c2"}]}}"#)
        #expect(checks.withLock { $0 } == ["USER items.0.a", "ADMIN items.0.c", "USER items.1.a", "ADMIN items.1.c"])
        checks.withLock { $0 = [] }
        let guest = try await execute(as: "GUEST")
        #expect(guest.hasPrefix(#"{"data":{"items":[{"a":null,"b":null,"c":null},{"a":null,"b":null,"c":null}]},"errors":["#))
        #expect(guest.components(separatedBy: "Not authorized: requires USER.").count - 1 == 4)
        #expect(guest.components(separatedBy: "Not authorized: requires ADMIN.").count - 1 == 2)
        #expect(checks.withLock { $0 } == ["USER items.0.a", "ADMIN items.0.c", "USER items.1.a", "ADMIN items.1.c"])
    }

    /// Users with friends; `friends` and `best` load users through one loader.
    func runLoader(users: Int, query: String, batches: Locked<[[Int]]>) async throws -> ExecutionResult {
        let schema = try buildSchema(sdl: "type Query { users: [User!]! } type User { id: Int!, friends: [User!]!, best: User }")
        let loader = BatchLoader<Int, Record> { keys in
            batches.withLock { $0.append(keys) }
            await Task.yield()
            return Dictionary(uniqueKeysWithValues: keys.map { ($0, Record("User", ["id": $0])) })
        }
        var b = ExecutableSchemaBuilder<Void>(schema: schema)
        b.resolve("Query", "users") { _ in loader.loadMany(Array(0..<users)) }
        b.resolve("User", "friends") { info in
            let id = (info.source as! Record).fields["id"] as! Int
            return loader.loadMany([(id + 1) % users, (id + 2) % users])
        }
        b.resolve("User", "best") { info in
            loader.load((info.source as! Record).fields["id"] as! Int).map { $0 }
        }
        b.readProperties(of: "User", fields: ["id"])
        let executable = try b.build()
        return await executable.execute(document: try Parser.parse(query), context: ())
    }

    @Test(arguments: [2, 50]) func loaderBatchesOneCallPerLevel(users: Int) async throws {
        let batches = Locked<[[Int]]>([])
        let result = try await runLoader(
            users: users, query: "{ users { id best { id } friends { id friends { id } } } }", batches: batches)
        #expect(result.errors.isEmpty)
        // Level 1: users; level 2: best and friends (same loader, same wave); level 3: friends of friends.
        #expect(batches.withLock { $0.count } == 3)
        #expect(batches.withLock { $0[0] } == Array(0..<users))
        let text = result.dataText ?? ""
        #expect(text.hasPrefix(#"{"users":[{"id":0,"best":{"id":0},"friends":[{"id":1,"friends":[{"id":\#(2 % users)},"#))
    }

    /// Each request gets the answers to its own keys, in their order, from one batch of the
    /// distinct keys: single and list requests mixed, a key asked twice, a key left unanswered.
    @Test func loaderAnswersEachRequestByItsKeys() async throws {
        let schema = try buildSchema(sdl: "type Query { a: String, b: [String], c: String, d: [String] }")
        let batches = Locked<[[Int]]>([])
        let loader = BatchLoader<Int, String> { keys in
            batches.withLock { $0.append(keys) }
            return Dictionary(uniqueKeysWithValues: keys.filter { $0 % 2 == 0 }.map { ($0, "v\($0)") })
        }
        var b = ExecutableSchemaBuilder<Void>(schema: schema)
        b.resolve("Query", "a") { _ in loader.load(1) }
        b.resolve("Query", "b") { _ in loader.loadMany([2, 3, 2]) }
        b.resolve("Query", "c") { _ in loader.load(4, then: { $0.map { "c:" + $0 } }) }
        b.resolve("Query", "d") { _ in loader.loadMany([]) }
        let result = await (try b.build()).execute(document: try Parser.parse("{ a b c d }"), context: ())
        #expect(result.errors.isEmpty)
        #expect(result.dataText == #"{"a":null,"b":["v2",null,"v2"],"c":"c:v4","d":[]}"#)
        #expect(batches.withLock { $0 } == [[1, 2, 3, 4]])
    }

    @Test func loaderFailureIsAFieldErrorForEachWaitingField() async throws {
        let schema = try buildSchema(sdl: "type Query { a: Int, b: Int }")
        struct Down: Error, CustomStringConvertible { var description: String { "database is down" } }
        let loader = BatchLoader<Int, Int> { _ in throw Down() }
        var b = ExecutableSchemaBuilder<Void>(schema: schema)
        b.resolve("Query", "a") { _ in loader.load(1) }
        b.resolve("Query", "b") { _ in loader.load(2) }
        let result = await (try b.build()).execute(document: try Parser.parse("{ a b }"), context: ())
        #expect(result.dataText == #"{"a":null,"b":null}"#)
        #expect(result.errors.map(\.message) == ["database is down", "database is down"])
        #expect(result.errors.map(\.path) == [["a"], ["b"]])
    }
}
