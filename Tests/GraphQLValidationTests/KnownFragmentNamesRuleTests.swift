import Testing

@testable import GraphQLValidation

@Suite struct KnownFragmentNamesRuleTests {
    @Test func knownFragments() throws {
        try expectValid(.knownFragmentNames, """
            {
              human(id: 4) { ...HumanFields1 ... on Human { ...HumanFields2 } ... { name } }
            }
            fragment HumanFields1 on Human { name ...HumanFields3 }
            fragment HumanFields2 on Human { name }
            fragment HumanFields3 on Human { name }
            """)
    }

    @Test func unknownFragments() throws {
        try expectErrors(.knownFragmentNames, """
            {
              human(id: 4) {
                ...UnknownFragment1
                ... on Human {
                  ...UnknownFragment2
                }
              }
            }
            fragment HumanFields on Human {
              name
              ...UnknownFragment3
            }
            """, [
                ("Unknown fragment \"UnknownFragment1\".", [(3, 8)]),
                ("Unknown fragment \"UnknownFragment2\".", [(5, 10)]),
                ("Unknown fragment \"UnknownFragment3\".", [(11, 6)]),
            ])
    }
}
