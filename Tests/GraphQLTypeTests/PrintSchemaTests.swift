import CommonTestSupport
import Foundation
import Testing
@testable import GraphQLType

@Suite struct PrintSchemaTests {
    /// graphql-core's `print_schema` of the same SDL, computed now.
    func graphQLCorePrint(_ path: String) throws -> String {
        try GraphQLCore.run(
            """
            import sys
            from graphql import build_schema, print_schema
            sys.stdout.write(print_schema(build_schema(open(sys.argv[1]).read())) + "\\n")
            """, arguments: [path])
    }

    @Test func printsTheBenchmarkSchemaLikeGraphQLCore() throws {
        let path = Workloads.directory.appendingPathComponent("schema.graphql").path
        let schema = try buildSchema(sdl: try Workloads.text("schema.graphql"))
        let ours = printSchema(schema)
        let theirs = try graphQLCorePrint(path)
        #expect(ours == theirs)
    }

    @Test func printsEdgeCasesLikeGraphQLCore() throws {
        let sdl = #"""
            "Custom root names"
            schema { query: Root mutation: Change }
            """
            A description with "quotes" and a trailing quote"
            """
            type Root implements A & B {
              "single line"
              a(x: Int = 1, y: [String!] = "s", z: In = {b: 2.5, e: RED, list: [1, 2]}): Int @deprecated(reason: "no")
              b(
                "described"
                x: ID = 12
                """
                  indented first line
                """
                y: ID = "abc"
              ): String @deprecated
            }
            interface A { a(x: Int, y: [String!], z: In): Int }
            interface B implements A { a(x: Int, y: [String!], z: In): Int }
            type Change { c: Float }
            input In { b: Float = 1.0 e: Color = GREEN list: [Int] old: Int @deprecated(reason: "Gone\nnow") }
            input One @oneOf { a: Int b: String }
            enum Color { RED "the second" GREEN @deprecated BLUE }
            union U = Root | Change
            scalar Date @specifiedBy(url: "https://example.com/date")
            directive @auth(requires: Color = RED, n: One) repeatable on FIELD_DEFINITION | OBJECT
            type Extra { u: U d: Date o(one: One): Int n(a: Nested = {}): Int }
            input Nested { x: Int = 5 b: Inner = {} }
            input Inner { y: [Int] = 1 }
            """#
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quarry-print-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("schema.graphql")
        try sdl.write(to: file, atomically: true, encoding: .utf8)
        let schema = try buildSchema(sdl: sdl)
        #expect(printSchema(schema) == (try graphQLCorePrint(file.path)))
    }

    @Test func printsDefaultValuesAsIntrospectionDoes() throws {
        let schema = try buildSchema(sdl: """
            enum Color { RED }
            input In { a: Int = 3, b: [Color] = RED, c: String }
            type Query { f(in: In = {c: "x"}, id: ID = 7, g: Float = 2): Int }
            """)
        let arguments = try #require(schema.queryType?.field(named: "f")?.arguments)
        #expect(arguments.map { schema.printDefaultValue(of: $0) } == [#"{a: 3, b: [RED], c: "x"}"#, "7", "2"])
    }

    @Test func printsCustomScalarDefaultsFromTheirInputForm() throws {
        let dates = GraphQLScalarCoercion(
            serialize: { _ in throw ScalarCoercionError("resolver values only") },
            parseValue: { value in value })
        let schema = try buildSchema(
            sdl: #"scalar Date type Query { f(since: Date = "2026-01-01", range: [Date] = ["a", "b"]): Int }"#,
            scalars: ["Date": dates])
        let arguments = try #require(schema.queryType?.field(named: "f")?.arguments)
        #expect(arguments.map { schema.printDefaultValue(of: $0) } == [#""2026-01-01""#, #"["a", "b"]"#])
    }
}

@Suite struct IntrospectionDefaultValueTests {
    /// Every default value of the benchmark schema printed as graphql-core's
    /// introspection prints `__InputValue.defaultValue`.
    @Test func matchGraphQLCoreOnTheBenchmarkSchema() throws {
        let path = Workloads.directory.appendingPathComponent("schema.graphql").path
        let theirs = try GraphQLCore.run(
            """
            import sys
            from graphql import build_schema, graphql_sync, get_introspection_query
            schema = build_schema(open(sys.argv[1]).read())
            query = get_introspection_query(input_value_deprecation=True)
            data = graphql_sync(schema, query).data["__schema"]
            lines = []
            def add(owner, values):
                for v in values or []:
                    lines.append(f"{owner}({v['name']})={v['defaultValue']}")
            for t in data["types"]:
                for f in t["fields"] or []:
                    add(t["name"] + "." + f["name"], f["args"])
                add(t["name"], t["inputFields"])
            for d in data["directives"]:
                add("@" + d["name"], d["args"])
            print("\\n".join(lines))
            """, arguments: [path])
        let schema = try buildSchema(sdl: try Workloads.text("schema.graphql"))
        var lines: [String] = []
        func add(_ owner: String, _ values: [GraphQLInputValue]) {
            for value in values {
                lines.append("\(owner)(\(value.name))=\(schema.printDefaultValue(of: value) ?? "None")")
            }
        }
        for type in schema.types {
            for field in type.fields ?? [] { add("\(type.name).\(field.name)", field.arguments) }
            add(type.name, type.asInputObject?.fields ?? [])
        }
        for directive in schema.directives { add("@\(directive.name)", directive.arguments) }
        #expect(lines == theirs.split(separator: "\n").map(String.init))
    }
}
