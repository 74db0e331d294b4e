import Testing

@testable import GraphQLValidation

@Suite struct UniqueFragmentNamesRuleTests {
    @Test func uniqueNames() throws {
        try expectValid(.uniqueFragmentNames, "{ field }")
        try expectValid(.uniqueFragmentNames, """
            { ...fragA ...fragB ... on Type { fieldC } }
            fragment fragA on Type { fieldA }
            fragment fragB on Type { fieldB }
            """)
        try expectValid(.uniqueFragmentNames, "query Foo { ...Foo } fragment Foo on Type { field }")
    }

    @Test func duplicatedNames() throws {
        try expectErrors(.uniqueFragmentNames, """
            {
              ...fragA
            }
            fragment fragA on Type {
              fieldA
            }
            fragment fragA on Type {
              fieldB
            }
            fragment fragA on Type { fieldC }
            """, [
                ("There can be only one fragment named \"fragA\".", [(4, 10), (7, 10)]),
                ("There can be only one fragment named \"fragA\".", [(4, 10), (10, 10)]),
            ])
    }
}
