import Testing

@testable import GraphQLValidation

@Suite struct KnownTypeNamesRuleTests {
    @Test func knownTypes() throws {
        try expectValid(.knownTypeNames, """
            query Foo($var: String, $required: [Int!]!, $introspectionType: __EnumValue) {
              user(id: 4) { pets { ... on Pet { name }, ...PetFields, ... { name } } }
            }
            fragment PetFields on Pet { name }
            """)
    }

    @Test func unknownTypes() throws {
        try expectErrors(.knownTypeNames, """
            query Foo($var: [JumbledUpLetters!]!) {
              user(id: 4) {
                name
                pets { ... on Badger { name }, ...PetFields }
              }
            }
            fragment PetFields on Peat {
              name
            }
            """, [
                ("Unknown type \"JumbledUpLetters\".", [(1, 18)]),
                ("Unknown type \"Badger\".", [(4, 19)]),
                ("Unknown type \"Peat\". Did you mean \"Pet\" or \"Cat\"?", [(7, 23)]),
            ])
    }

    @Test func typesDefinedOnlyInTheDocumentAreKnown() throws {
        try expectValid(.knownTypeNames, """
            query Foo($var: Custom) { field }
            scalar Custom
            """)
    }
}
