import Testing

@testable import GraphQLValidation

@Suite struct NoUndefinedVariablesRuleTests {
    @Test func allVariablesDefined() throws {
        try expectValid(.noUndefinedVariables, """
            query Foo($a: String, $b: String, $c: String) {
              field(a: $a, b: $b, c: $c)
            }
            """)
        try expectValid(.noUndefinedVariables, """
            query Foo($a: String, $b: String, $c: String) {
              field(a: $a) { field(b: $b) { field(c: $c) } }
            }
            """)
        try expectValid(.noUndefinedVariables, """
            query Foo($a: String, $b: String, $c: String) { ...FragA }
            fragment FragA on Type { field(a: $a) { ...FragB } }
            fragment FragB on Type { field(b: $b) { ...FragC } }
            fragment FragC on Type { field(c: $c) { ...FragA } }
            """)
        try expectValid(.noUndefinedVariables, "query Foo($a: String) { field(a: $a) @include(if: $a) }")
    }

    @Test func undefinedVariables() throws {
        try expectErrors(.noUndefinedVariables, """
            query Foo($a: String, $b: String, $c: String) {
              field(a: $a, b: $b, c: $c, d: $d)
            }
            """, [("Variable \"$d\" is not defined by operation \"Foo\".", [(2, 33), (1, 1)])])
        try expectErrors(.noUndefinedVariables, """
            {
              field(a: $a)
            }
            """, [("Variable \"$a\" is not defined.", [(2, 12), (1, 1)])])
        try expectErrors(.noUndefinedVariables, """
            query Foo($b: String) {
              field(a: $a, b: $b, c: $c)
            }
            """, [
                ("Variable \"$a\" is not defined by operation \"Foo\".", [(2, 12), (1, 1)]),
                ("Variable \"$c\" is not defined by operation \"Foo\".", [(2, 26), (1, 1)]),
            ])
    }

    @Test func undefinedInFragmentsUsedByOperations() throws {
        try expectErrors(.noUndefinedVariables, """
            query Foo($b: String) {
              ...FragA
            }
            fragment FragA on Type {
              field(a: $a) {
                ...FragB
              }
            }
            fragment FragB on Type {
              field(b: $b) {
                ...FragC
              }
            }
            fragment FragC on Type {
              field(c: $c)
            }
            query Bar($a: String) {
              ...FragAB
            }
            fragment FragAB on Type { field(a: $a) { ...FragB } }
            """, [
                ("Variable \"$a\" is not defined by operation \"Foo\".", [(5, 12), (1, 1)]),
                ("Variable \"$c\" is not defined by operation \"Foo\".", [(15, 12), (1, 1)]),
                ("Variable \"$b\" is not defined by operation \"Bar\".", [(10, 12), (17, 1)]),
                ("Variable \"$c\" is not defined by operation \"Bar\".", [(15, 12), (17, 1)]),
            ])
    }
}
