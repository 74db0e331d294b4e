import Testing

@testable import GraphQLValidation

@Suite struct NoUnusedVariablesRuleTests {
    @Test func allVariablesUsed() throws {
        try expectValid(.noUnusedVariables, """
            query ($a: String, $b: String, $c: String) {
              field(a: $a, b: $b, c: $c)
            }
            """)
        try expectValid(.noUnusedVariables, """
            query Foo($a: String, $b: String, $c: String) { ...FragA }
            fragment FragA on Type { field(a: $a) { ...FragB } }
            fragment FragB on Type { field(b: $b) { ...FragC } }
            fragment FragC on Type { field(c: $c) { ...FragA } }
            """)
        try expectValid(.noUnusedVariables, """
            query Foo($a: String) { ...FragA }
            query Bar($b: String) { ...FragB }
            fragment FragA on Type { field(a: $a) }
            fragment FragB on Type { field(b: $b) }
            """)
    }

    @Test func unusedVariables() throws {
        try expectErrors(.noUnusedVariables, """
            query ($a: String, $b: String, $c: String) {
              field(a: $a, b: $b)
            }
            """, [("Variable \"$c\" is never used.", [(1, 32)])])
        try expectErrors(.noUnusedVariables, """
            query Foo($a: String, $b: String, $c: String) {
              field(b: $b)
            }
            """, [
                ("Variable \"$a\" is never used in operation \"Foo\".", [(1, 11)]),
                ("Variable \"$c\" is never used in operation \"Foo\".", [(1, 35)]),
            ])
    }

    @Test func variableUsedOnlyByAnotherOperationsFragment() throws {
        try expectErrors(.noUnusedVariables, """
            query Foo($b: String) { ...FragA }
            query Bar($a: String) { ...FragB }
            fragment FragA on Type { field(a: $a) }
            fragment FragB on Type { field(b: $b) }
            """, [
                ("Variable \"$b\" is never used in operation \"Foo\".", [(1, 11)]),
                ("Variable \"$a\" is never used in operation \"Bar\".", [(2, 11)]),
            ])
    }
}
