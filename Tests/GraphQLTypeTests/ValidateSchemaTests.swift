import Foundation
import GraphQLLanguage
import Testing
@testable import GraphQLType

/// Each type system rule of spec §3, with the message graphql-js gives; every case
/// is also checked against graphql-core's `validate_schema` at test time.
@Suite struct ValidateSchemaTests {
    static let cases: [(sdl: String, messages: [String])] = [
        ("type Query { a: Int }", []),
        ("type Mutation { a: Int }", ["Query root type must be provided."]),
        ("type Query { __a: Int }", [#"Name "__a" must not begin with "__", which is reserved by GraphQL introspection."#]),
        ("type Query { a: __T } type __T { a: Int }", [#"Name "__T" must not begin with "__", which is reserved by GraphQL introspection."#]),
        ("type Query { a: Int } type Empty", ["Type Empty must define one or more fields."]),
        ("type Query { a: In } input In { a: Int }", ["The type of Query.a must be Output Type but got: In."]),
        ("type Query { a(x: Query): Int }", ["The type of Query.a(x:) must be Input Type but got: Query."]),
        ("type Query { a(x: Int! @deprecated): Int }", ["Required argument Query.a(x:) cannot be deprecated."]),
        ("type Query { a(x: Int! = 1 @deprecated): Int }", []),
        ("type Query { a: U } union U", ["Union type U must define one or more member types."]),
        ("type Query { a: U } union U = Query | Query", ["Union type U can only include type Query once."]),
        ("type Query { a: U } union U = Query | I interface I { a: Int }", ["Union type U can only include Object types, it cannot include I."]),
        ("type Query { a: E } enum E", ["Enum type E must define one or more values."]),
        ("type Query { a(x: In): Int } input In", ["Input Object type In must define one or more fields."]),
        ("type Query { a(x: In): Int } input In { a: Query }", ["The type of In.a must be Input Type but got: Query."]),
        ("type Query { a(x: In): Int } input In { a: Int! @deprecated }", ["Required input field In.a cannot be deprecated."]),
        ("type Query { a(x: In): Int } input In @oneOf { a: Int! b: String = \"x\" }", [
            "OneOf input field In.a must be nullable.", "OneOf input field In.b cannot have a default value.",
        ]),
        ("type Query { a(x: A): Int } input A { b: B! } input B { a: A! }", [
            #"Cannot reference Input Object "A" within itself through a series of non-null fields: "b.a"."#
        ]),
        ("type Query { a(x: A): Int } input A { a: [A!]! b: A }", []),
        ("type Query implements Query { a: Int }", ["Type Query must only implement Interface types, it cannot implement Query."]),
        ("type Query { a: I } interface I implements I { a: Int }", ["Type I cannot implement itself because it would create a circular reference."]),
        ("type Query implements I & I { a: Int } interface I { a: Int }", ["Type Query can only implement I once."]),
        ("type Query implements I { b: Int } interface I { a: Int }", ["Interface field I.a expected but Query does not provide it."]),
        ("type Query implements I { a: String } interface I { a: Int }", ["Interface field I.a expects type Int but Query.a is type String."]),
        ("type Query implements I { a: [Query!]! } interface I { a: [I] }", []),
        ("type Query implements I { a: Int } interface I { a(x: Int): Int }", ["Interface field argument I.a(x:) expected but Query.a does not provide it."]),
        ("type Query implements I { a(x: Int!): Int } interface I { a(x: Int): Int }", ["Interface field argument I.a(x:) expects type Int but Query.a(x:) is type Int!."]),
        ("type Query implements I { a(x: Int, y: Int!): Int } interface I { a(x: Int): Int }", ["Object field Query.a includes required argument y that is missing from the Interface field I.a."]),
        ("type Query implements I & J { a: Int } interface J implements I { a: Int } interface I { a: Int }", []),
        ("type Query implements J { a: Int } interface J implements I { a: Int } interface I { a: Int }", ["Type Query must implement I because it is implemented by J."]),
        ("type Query { a: I } interface I implements J & I { a: Int } interface J implements I & J { a: Int }", [
            "Type I cannot implement itself because it would create a circular reference.",
            "Type J cannot implement itself because it would create a circular reference.",
        ]),
        ("directive @d(__x: Int, y: Query, z: Int! @deprecated) on FIELD type Query { a: Int }", [
            #"Name "__x" must not begin with "__", which is reserved by GraphQL introspection."#,
            "The type of @d(y:) must be Input Type but got: Query.", "Required argument @d(z:) cannot be deprecated.",
        ]),
    ]

    func ours(_ sdl: String) throws -> [String] {
        try validate(sdl).map(\.message)
    }

    func validate(_ sdl: String) throws -> [GraphQLError] {
        validateSchema(try buildSchema(sdl: sdl, validate: false))
    }

    @Test func reportsEachRuleWithGraphQLJSMessages() throws {
        for testCase in Self.cases {
            #expect(try ours(testCase.sdl) == testCase.messages, "\(testCase.sdl)")
        }
    }

    /// graphql-core quotes with `'` where graphql-js uses `"`, and its type constructors
    /// reject some invalid schemas before validation runs; those cases are left out.
    @Test func agreesWithGraphQLCore() throws {
        let input = Self.cases.map(\.sdl).joined(separator: "\u{1E}")
        let output = try GraphQLCore.run(
            """
            import sys
            from graphql import build_schema, validate_schema
            out = []
            for sdl in sys.argv[1].split("\\x1e"):
                try:
                    errors = validate_schema(build_schema(sdl))
                except Exception:
                    out.append("SKIP")
                    continue
                out.append("\\x1f".join(
                    e.message.replace("'", '"') + "@" + ",".join(f"{l.line}:{l.column}" for l in (e.locations or []))
                    for e in errors))
            sys.stdout.write("\\x1e".join(out))
            """, arguments: [input])
        let theirs = output.components(separatedBy: "\u{1E}").map {
            $0.isEmpty ? [] : $0.components(separatedBy: "\u{1F}").sorted()
        }
        #expect(theirs.count == Self.cases.count)
        for (testCase, expected) in zip(Self.cases, theirs) where expected != ["SKIP"] {
            let withLocations = try validate(testCase.sdl).map { error in
                error.message + "@" + error.locations.map { "\($0.line):\($0.column)" }.joined(separator: ",")
            }
            #expect(withLocations.sorted() == expected, "\(testCase.sdl)")
        }
    }

    @Test func buildSchemaRejectsInvalidSchemas() {
        #expect(throws: SchemaBuildError.self) { try buildSchema(sdl: "type Query") }
    }
}
