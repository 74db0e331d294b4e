import Testing

@testable import GraphQLValidation

@Suite struct FragmentsOnCompositeTypesRuleTests {
    @Test func compositeConditions() throws {
        try expectValid(.fragmentsOnCompositeTypes, "fragment validFragment on Dog { barks }")
        try expectValid(.fragmentsOnCompositeTypes, "fragment validFragment on Pet { ... on Dog { barks } }")
        try expectValid(.fragmentsOnCompositeTypes, "fragment validFragment on Pet { ... { name } }")
        try expectValid(.fragmentsOnCompositeTypes, "fragment validFragment on CatOrDog { __typename }")
        try expectValid(.fragmentsOnCompositeTypes, "fragment unknown on Nope { __typename }")
    }

    @Test func scalarAndEnumConditions() throws {
        try expectErrors(.fragmentsOnCompositeTypes, """
            fragment scalarFragment on Boolean {
              bad
            }
            fragment enumFragment on FurColor { bad }
            fragment inputFragment on ComplexInput { stringField }
            """, [
                ("Fragment \"scalarFragment\" cannot condition on non composite type \"Boolean\".", [(1, 28)]),
                ("Fragment \"enumFragment\" cannot condition on non composite type \"FurColor\".", [(4, 26)]),
                ("Fragment \"inputFragment\" cannot condition on non composite type \"ComplexInput\".", [(5, 27)]),
            ])
    }

    @Test func inlineFragmentOnScalar() throws {
        try expectErrors(.fragmentsOnCompositeTypes, """
            fragment invalidFragment on Pet {
              ... on String {
                barks
              }
            }
            """, [("Fragment cannot condition on non composite type \"String\".", [(2, 10)])])
    }
}
