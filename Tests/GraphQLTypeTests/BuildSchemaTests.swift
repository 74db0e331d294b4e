import CommonTestSupport
import Foundation
import GraphQLLanguage
import Testing
@testable import GraphQLType

@Suite struct BuildSchemaTests {
    func messages(_ sdl: [String]) -> [String] {
        do {
            _ = try buildSchema(sources: sdl.map { Source(body: $0) })
            return []
        } catch {
            return error.errors.map(\.message)
        }
    }

    @Test func buildsTheBenchmarkSchemaInGraphQLCoreOrder() throws {
        let schema = try buildSchema(sdl: try Workloads.text("schema.graphql"))
        let expected = try GraphQLCore.run(
            """
            import sys
            from graphql import build_schema
            s = build_schema(open(sys.argv[1]).read())
            print("\\n".join(s.type_map))
            print("--")
            print("\\n".join(d.name for d in s.directives))
            """, arguments: [Workloads.directory.appendingPathComponent("schema.graphql").path])
        let parts = expected.components(separatedBy: "\n--\n")
        #expect(schema.types.map(\.name) == parts[0].split(separator: "\n").map(String.init))
        #expect(schema.directives.map(\.name) == parts[1].split(separator: "\n").map(String.init))
        #expect(schema.types.filter(\.isIntrospectionType).count == 8)
        #expect(schema.types.filter(\.isSpecifiedScalar).map(\.name).sorted() == ["Boolean", "Float", "ID", "Int", "String"])
    }

    @Test func mergesSourcesAndExtensions() throws {
        let schema = try buildSchema(sources: [
            Source(body: "type Query { a: Int } interface Node { id: ID! }", name: "a.graphql"),
            Source(
                body: """
                    extend type Query { b: String @deprecated }
                    type User implements Node { id: ID! }
                    extend type User { name: String }
                    extend schema @link
                    directive @link repeatable on SCHEMA
                    enum Role { USER }
                    extend enum Role { ADMIN @deprecated(reason: "use USER") }
                    union U = User
                    extend union U = Query
                    input In { a: Int = 1 }
                    extend input In { b: [Role!] = USER }
                    """, name: "b.graphql"),
        ])
        let query = try #require(schema.queryType)
        #expect(query.fields.map(\.name) == ["a", "b"])
        #expect(query.field(named: "b")?.deprecationReason == "No longer supported")
        let user = try #require(schema.type(named: "User"))
        #expect(user.fields?.map(\.name) == ["id", "name"])
        #expect(schema.type(named: "Role")?.asEnum?.value(named: "ADMIN")?.deprecationReason == "use USER")
        #expect(schema.type(named: "U")?.asUnion?.members.map { schema[$0].name } == ["User", "Query"])
        let input = try #require(schema.type(named: "In")?.asInputObject)
        #expect(input.fields.map(\.defaultValue) == [.int(1), .list(["USER"])])
        #expect(schema.schemaDirectives.map(\.name) == ["link"])
    }

    @Test func keepsAppliedDirectivesWithCoercedArguments() throws {
        let schema = try buildSchema(sdl: """
            enum Role { GUEST USER ADMIN }
            directive @auth(requires: Role! = USER, self: Boolean = false) on FIELD_DEFINITION | OBJECT
            type Query @auth(requires: GUEST) { me: String @auth(self: true) }
            scalar DateTime @specifiedBy(url: "https://example.com/rfc3339")
            input Pick @oneOf { a: Int, b: String }
            type Mutation { pick(p: Pick): DateTime }
            """)
        let query = try #require(schema.queryType)
        #expect(query.directives == [GraphQLAppliedDirective(name: "auth", arguments: ["requires": "GUEST", "self": false])])
        #expect(query.field(named: "me")?.directives.first(named: "auth")?.arguments == ["requires": "USER", "self": true])
        #expect(schema.type(named: "DateTime")?.asScalar?.specifiedByURL == "https://example.com/rfc3339")
        #expect(schema.type(named: "Pick")?.asInputObject?.isOneOf == true)
        #expect(schema.mutationType?.name == "Mutation")
    }

    @Test func directivesMayReferToTheTypeTheyAreOn() throws {
        let schema = try buildSchema(sdl: """
            directive @d(e: E, i: In) on ENUM_VALUE | INPUT_FIELD_DEFINITION
            enum E { A @d(e: A) B }
            input In { x: Int @d(i: {x: 1}) y: In }
            type Query { f(i: In = {y: {x: 2}}): E }
            """)
        #expect(schema.type(named: "E")?.asEnum?.value(named: "A")?.directives.first?.arguments == ["e": "A"])
        #expect(schema.queryType?.field(named: "f")?.arguments.first?.defaultValue == ["y": ["x": 2]])
    }

    @Test func usesTheSchemaDefinitionsRootTypes() throws {
        let schema = try buildSchema(sdl: """
            "The API"
            schema { query: Root mutation: Changes }
            type Root { a: Int }
            type Changes { b: Int }
            type Mutation { c: Int }
            """)
        #expect(schema.description == "The API")
        #expect(schema.queryType?.name == "Root")
        #expect(schema.mutationType?.name == "Changes")
    }

    @Test func customScalarHooksAreUsed() throws {
        let upper = GraphQLScalarCoercion(
            serialize: { value in .string(String(describing: value).uppercased()) },
            parseValue: { value in
                guard case .string(let string) = value else { throw ScalarCoercionError("Not a string") }
                return .string(string.lowercased())
            })
        let schema = try buildSchema(sdl: "scalar Shout type Query { a(s: Shout = \"HEY\"): Shout }", scalars: ["Shout": upper])
        let shout = try #require(schema.type(named: "Shout")?.asScalar)
        #expect(try shout.serialize("hi") == "HI")
        #expect(schema.queryType?.field(named: "a")?.arguments.first?.defaultValue == "hey")
        #expect(throws: ScalarCoercionError("Not a string")) { try shout.parseValue(1) }
    }

    @Test func customScalarLiteralHook() throws {
        let onlyInts = GraphQLScalarCoercion(
            serialize: { _ in .null },
            parseValue: { $0 },
            parseLiteral: { node, _ in
                guard case .int(let int) = node else { throw ScalarCoercionError("Only int literals") }
                return .string("#" + int.value)
            })
        let schema = try buildSchema(sdl: "scalar Tag type Query { a(t: Tag = 7): Tag }", scalars: ["Tag": onlyInts])
        #expect(schema.queryType?.field(named: "a")?.arguments.first?.defaultValue == "#7")
        let tag = try #require(schema.type(named: "Tag")?.asScalar)
        #expect(throws: ScalarCoercionError("Only int literals")) {
            try tag.parseLiteral(.string(StringValueNode(value: "x")))
        }
    }

    /// SDL errors with graphql-js's messages; graphql-core must report the same.
    static let sdlErrorCases: [(sdl: [String], messages: [String])] = [
        (["type Query { a: Foo }"], [#"Unknown type "Foo"."#]),
        (["type Query { a: Strin }"], [#"Unknown type "Strin". Did you mean "String"?"#]),
        (["type Query { a: Int }", "type Query { b: Int }"], [#"There can be only one type named "Query"."#]),
        (["type Query { a: Int a: String }"], [#"Field "Query.a" can only be defined once."#]),
        (["type Query { a: Int } extend type Query { a: Int }"], [#"Field "Query.a" can only be defined once."#]),
        (["type Query { a(x: Int, x: Int): Int }"], [#"Argument "Query.a(x:)" can only be defined once."#]),
        (["type Query { a: E } enum E { A A }"], [#"Enum value "E.A" can only be defined once."#]),
        (["type Query { a: Int } extend type Querx { b: Int }"], [#"Cannot extend type "Querx" because it is not defined. Did you mean "Query"?"#]),
        (["type Query { a: Int } extend input Query { b: Int }"], [#"Cannot extend non-input object type "Query"."#]),
        (["type Query { a: Int @foo }"], [#"Unknown directive "@foo"."#]),
        (["type Query { a: Int @deprecated @deprecated }"], [#"The directive "@deprecated" can only be used once at this location."#]),
        (["scalar S @specifiedBy type Query { a: S }"], [#"Directive "@specifiedBy" argument "url" of type "String!" is required, but it was not provided."#]),
        (["type Query { a: Int @deprecated(why: \"x\") }"], [#"Unknown argument "why" on directive "@deprecated"."#]),
        (["directive @a on FIELD directive @a on FIELD type Query { a: Int }"], [#"There can be only one directive named "@a"."#]),
        (["schema { query: Query } schema { query: Query } type Query { a: Int }"], ["Must provide only one schema definition.", "There can be only one query type in schema."]),
        (["schema { query: Query query: Query } type Query { a: Int }"], ["There can be only one query type in schema."]),
        (["type Query { a: Int @deprecated(reason: \"a\", reason: \"b\") }"], [#"There can be only one argument named "reason"."#]),
        (["input In { a: Int } type Query { f(x: In = {a: 1, a: 2}): Int }"], [#"There can be only one input field named "a"."#]),
    ]

    /// Errors graphql-core words differently (its directive locations are lower-case,
    /// its syntax errors carry the location in the text) or does not report (an
    /// invalid default value is silently dropped there; a schema author wants to know).
    static let otherErrorCases: [(sdl: [String], messages: [String])] = [
        (["type Query @deprecated { a: Int }"], [#"Directive "@deprecated" may not be used on OBJECT."#]),
        (["type Query { a(x: Int = \"s\"): Int }"], [#"Argument "Query.a(x:)" has invalid default value: "s"."#]),
        (["type Query { a: Int"], ["Syntax Error: Expected Name, found <EOF>."]),
    ]

    @Test func reportsSDLErrors() {
        for testCase in Self.sdlErrorCases + Self.otherErrorCases {
            #expect(messages(testCase.sdl) == testCase.messages, "\(testCase.sdl)")
        }
    }

    @Test func sdlErrorsAgreeWithGraphQLCore() throws {
        let input = Self.sdlErrorCases.map { $0.sdl.joined(separator: "\n") }.joined(separator: "\u{1E}")
        let output = try GraphQLCore.run(
            """
            import sys
            from graphql import build_schema
            out = []
            for sdl in sys.argv[1].split("\\x1e"):
                try:
                    build_schema(sdl)
                    out.append("")
                except Exception as error:
                    out.append("\\x1f".join(m.split("\\n")[0].replace("'", '"') for m in str(error).split("\\n\\n")))
            sys.stdout.write("\\x1e".join(out))
            """, arguments: [input])
        let theirs = output.components(separatedBy: "\u{1E}")
        #expect(theirs.count == Self.sdlErrorCases.count)
        for (testCase, expected) in zip(Self.sdlErrorCases, theirs) {
            #expect(testCase.messages.joined(separator: "\u{1F}") == expected, "\(testCase.sdl)")
        }
    }

    @Test func errorsCarryLocations() {
        do {
            _ = try buildSchema(sdl: "type Query {\n  a: Foo\n}")
            Issue.record("expected an error")
        } catch {
            #expect(error.errors.first?.locations == [SourceLocation(line: 2, column: 6)])
        }
    }
}
