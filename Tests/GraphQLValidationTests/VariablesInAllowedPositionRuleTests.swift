import Testing

@testable import GraphQLValidation

@Suite struct VariablesInAllowedPositionRuleTests {
    @Test func allowedPositions() throws {
        try expectValid(.variablesInAllowedPosition, """
            query Query($booleanArg: Boolean, $nonNull: Boolean!, $intArg: Int = 1, $stringListVar: [String]) {
              complicatedArgs {
                booleanArgField(booleanArg: $booleanArg)
                b: booleanArgField(booleanArg: $nonNull)
                nonNullIntArgField(nonNullIntArg: $intArg)
                stringListArgField(stringListArg: $stringListVar)
                complexArgField(complexArg: { requiredField: $nonNull, stringListField: $stringListVar })
              }
              dog @include(if: $nonNull) { isHouseTrained(atOtherHomes: $booleanArg) }
            }
            """)
        try expectValid(.variablesInAllowedPosition, """
            query Query($stringVar: String, $nonNullStringList: [String!]!) {
              complicatedArgs {
                stringListArgField(stringListArg: [$stringVar])
                s: stringListArgField(stringListArg: $nonNullStringList)
              }
            }
            """)
        try expectValid(.variablesInAllowedPosition, """
            query Query($boolVar: Boolean = false) {
              complicatedArgs { ...nonNullBooleanArgFieldFrag }
            }
            fragment nonNullBooleanArgFieldFrag on ComplicatedArgs {
              nonNullIntArgField(nonNullIntArg: 1) @skip(if: $boolVar)
            }
            """)
        try expectValid(.variablesInAllowedPosition, """
            query Query($intVar: Int) { complicatedArgs { nonNullFieldWithDefault(arg: $intVar) } }
            """)
    }

    @Test func nullableIntoNonNull() throws {
        try expectErrors(.variablesInAllowedPosition, """
            query Query($intArg: Int) {
              complicatedArgs {
                nonNullIntArgField(nonNullIntArg: $intArg)
              }
            }
            """, [("Variable \"$intArg\" of type \"Int\" used in position expecting type \"Int!\".", [(1, 13), (3, 39)])])
        try expectErrors(.variablesInAllowedPosition, """
            query Query($intArg: Int = null) {
              complicatedArgs { nonNullIntArgField(nonNullIntArg: $intArg) }
            }
            """, [("Variable \"$intArg\" of type \"Int\" used in position expecting type \"Int!\".", [(1, 13), (2, 55)])])
    }

    @Test func throughFragments() throws {
        try expectErrors(.variablesInAllowedPosition, """
            query Query($intArg: Int) {
              complicatedArgs {
                ...outerFrag
              }
            }
            fragment outerFrag on ComplicatedArgs { ...nonNullIntArgFieldFrag }
            fragment nonNullIntArgFieldFrag on ComplicatedArgs {
              nonNullIntArgField(nonNullIntArg: $intArg)
            }
            """, [("Variable \"$intArg\" of type \"Int\" used in position expecting type \"Int!\".", [(1, 13), (8, 37)])])
    }

    @Test func wrongTypes() throws {
        try expectErrors(.variablesInAllowedPosition, """
            query Query($stringVar: String, $booleanArg: Boolean, $stringListVar: [String], $boolVar: Boolean) {
              complicatedArgs {
                stringListArgField(stringListArg: $stringVar)
                booleanArgField(booleanArg: $stringVar)
                stringListNonNullArgField(stringListNonNullArg: $stringListVar)
              }
              dog @include(if: $boolVar) { name }
              cat { furColor @skip(if: $booleanArg) }
            }
            """, [
                ("Variable \"$stringVar\" of type \"String\" used in position expecting type \"[String]\".",
                    [(1, 13), (3, 39)]),
                ("Variable \"$stringVar\" of type \"String\" used in position expecting type \"Boolean\".",
                    [(1, 13), (4, 33)]),
                ("Variable \"$stringListVar\" of type \"[String]\" used in position expecting type \"[String!]\".",
                    [(1, 55), (5, 53)]),
                ("Variable \"$boolVar\" of type \"Boolean\" used in position expecting type \"Boolean!\".",
                    [(1, 81), (7, 20)]),
                ("Variable \"$booleanArg\" of type \"Boolean\" used in position expecting type \"Boolean!\".",
                    [(1, 33), (8, 28)]),
            ])
    }

    @Test func unknownVariablesAndTypesAreLeftToOtherRules() throws {
        try expectValid(.variablesInAllowedPosition, """
            query Query($x: Unknown) { complicatedArgs { intArgField(intArg: $x) b: intArgField(intArg: $y) } }
            """)
    }
}
