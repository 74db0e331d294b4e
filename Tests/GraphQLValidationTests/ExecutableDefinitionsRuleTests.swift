import Testing

@testable import GraphQLValidation

@Suite struct ExecutableDefinitionsRuleTests {
    @Test func onlyOperationsAndFragments() throws {
        try expectValid(.executableDefinitions, """
            query Foo { dog { name } }
            fragment Frag on Dog { name }
            """)
    }

    @Test func typeDefinitionsAreNotExecutable() throws {
        try expectErrors(.executableDefinitions, """
            query Foo { dog { name } }
            type Cow { name: String }
            extend type Dog { color: String }
            """, [
                ("The \"Cow\" definition is not executable.", [(2, 1)]),
                ("The \"Dog\" definition is not executable.", [(3, 1)]),
            ])
    }

    @Test func schemaDefinitionsAndDirectivesAreNotExecutable() throws {
        try expectErrors(.executableDefinitions, """
            schema { query: Query }
            type Query { test: String }
            extend schema @directive
            directive @foo on FIELD
            """, [
                ("The schema definition is not executable.", [(1, 1)]),
                ("The \"Query\" definition is not executable.", [(2, 1)]),
                ("The schema definition is not executable.", [(3, 1)]),
                ("The \"foo\" definition is not executable.", [(4, 1)]),
            ])
    }
}
