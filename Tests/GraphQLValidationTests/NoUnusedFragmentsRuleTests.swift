import Testing

@testable import GraphQLValidation

@Suite struct NoUnusedFragmentsRuleTests {
    @Test func allFragmentsUsed() throws {
        try expectValid(.noUnusedFragments, """
            { human(id: 4) { ...HumanFields1 ... on Human { ...HumanFields2 } } }
            fragment HumanFields1 on Human { name ...HumanFields3 }
            fragment HumanFields2 on Human { name }
            fragment HumanFields3 on Human { name }
            """)
        try expectValid(.noUnusedFragments, """
            query Foo { human(id: 4) { ...HumanFields1 } }
            query Bar { human(id: 4) { ...HumanFields2 } }
            fragment HumanFields1 on Human { name ...HumanFields3 }
            fragment HumanFields2 on Human { name }
            fragment HumanFields3 on Human { name }
            """)
    }

    @Test func unusedFragments() throws {
        try expectErrors(.noUnusedFragments, """
            query Foo { human(id: 4) { ...HumanFields1 } }
            fragment HumanFields1 on Human { name ...HumanFields3 }
            fragment HumanFields3 on Human { name }
            fragment Unused1 on Human {
              name
            }
            fragment Unused2 on Human { name ...Unused1 }
            """, [
                ("Fragment \"Unused1\" is never used.", [(4, 1)]),
                ("Fragment \"Unused2\" is never used.", [(7, 1)]),
            ])
    }

    @Test func unusedFragmentCycles() throws {
        try expectErrors(.noUnusedFragments, """
            query Foo { human(id: 4) { ...HumanFields1 } }
            fragment HumanFields1 on Human { name ...HumanFields1 }
            fragment Unused1 on Human { name ...Unused2 }
            fragment Unused2 on Human { name ...Unused1 }
            """, [
                ("Fragment \"Unused1\" is never used.", [(3, 1)]),
                ("Fragment \"Unused2\" is never used.", [(4, 1)]),
            ])
    }

    @Test func fragmentUsedBeforeDefinedAndUnknownSpreads() throws {
        try expectErrors(.noUnusedFragments, """
            { human(id: 4) { ...bar ...unknown } }
            fragment foo on Human { name }
            fragment bar on Human { name }
            """, [("Fragment \"foo\" is never used.", [(2, 1)])])
    }
}
