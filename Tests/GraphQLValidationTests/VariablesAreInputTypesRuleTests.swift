import Testing

@testable import GraphQLValidation

@Suite struct VariablesAreInputTypesRuleTests {
    @Test func inputTypes() throws {
        try expectValid(.variablesAreInputTypes, """
            query Foo($a: Unknown, $b: [[CustomInput!]!], $c: ComplexInput, $d: FurColor, $e: [String!]!) {
              field(a: $a, b: $b, c: $c)
            }
            """)
    }

    @Test func outputTypes() throws {
        try expectErrors(.variablesAreInputTypes, """
            query Foo($a: Dog, $b: [[CatOrDog!]]!, $c: Pet) {
              field(a: $a, b: $b, c: $c)
            }
            """, [
                ("Variable \"$a\" cannot be non-input type \"Dog\".", [(1, 15)]),
                ("Variable \"$b\" cannot be non-input type \"[[CatOrDog!]]!\".", [(1, 24)]),
                ("Variable \"$c\" cannot be non-input type \"Pet\".", [(1, 44)]),
            ])
    }
}
