import Testing

@testable import GraphQLValidation

@Suite struct ScalarLeafsRuleTests {
    @Test func validSelections() throws {
        try expectValid(.scalarLeafs, "fragment scalarSelection on Dog { barks }")
        try expectValid(.scalarLeafs, "fragment f on Dog { isHouseTrained(atOtherHomes: true) @include(if: true) }")
        try expectValid(.scalarLeafs, "{ human { pets { name } } }")
    }

    @Test func objectWithoutSelection() throws {
        try expectErrors(.scalarLeafs, """
            query directQueryOnObjectWithoutSubFields {
              human
            }
            """, [
                ("Field \"human\" of type \"Human\" must have a selection of subfields. Did you mean \"human { ... }\"?",
                    [(2, 3)]),
            ])
        try expectErrors(.scalarLeafs, "{ human { pets } }", [
            ("Field \"pets\" of type \"[Pet]\" must have a selection of subfields. Did you mean \"pets { ... }\"?",
                [(1, 11)]),
        ])
    }

    @Test func scalarWithSelection() throws {
        try expectErrors(.scalarLeafs, """
            fragment scalarSelectionsNotAllowedOnBoolean on Dog {
              barks { sinceWhen }
            }
            """, [("Field \"barks\" must not have a selection since type \"Boolean\" has no subfields.", [(2, 9)])])
        try expectErrors(.scalarLeafs, """
            fragment scalarSelectionsNotAllowedWithDirectivesAndArgs on Dog {
              doesKnowCommand(dogCommand: SIT) @include(if: true) { sinceWhen }
            }
            """, [
                ("Field \"doesKnowCommand\" must not have a selection since type \"Boolean\" has no subfields.",
                    [(2, 55)]),
            ])
        try expectErrors(.scalarLeafs, "fragment f on Cat { furColor { inHexDec } }", [
            ("Field \"furColor\" must not have a selection since type \"FurColor\" has no subfields.", [(1, 30)]),
        ])
    }
}
