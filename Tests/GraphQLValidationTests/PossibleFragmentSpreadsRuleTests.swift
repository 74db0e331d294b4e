import Testing

@testable import GraphQLValidation

@Suite struct PossibleFragmentSpreadsRuleTests {
    @Test func overlappingTypes() throws {
        try expectValid(.possibleFragmentSpreads, "fragment objectWithinObject on Dog { ...dogFragment } fragment dogFragment on Dog { barkVolume }")
        try expectValid(.possibleFragmentSpreads, "fragment objectWithinObjectAnon on Dog { ... on Dog { barkVolume } }")
        try expectValid(.possibleFragmentSpreads, "fragment objectWithinInterface on Pet { ...dogFragment } fragment dogFragment on Dog { barkVolume }")
        try expectValid(.possibleFragmentSpreads, "fragment objectWithinUnion on CatOrDog { ...dogFragment } fragment dogFragment on Dog { barkVolume }")
        try expectValid(.possibleFragmentSpreads, "fragment unionWithinObject on Dog { ...catOrDogFragment } fragment catOrDogFragment on CatOrDog { __typename }")
        try expectValid(.possibleFragmentSpreads, "fragment unionWithinInterface on Pet { ...catOrDogFragment } fragment catOrDogFragment on CatOrDog { __typename }")
        try expectValid(.possibleFragmentSpreads, "fragment interfaceWithinUnion on CatOrDog { ...petFragment } fragment petFragment on Pet { name }")
        try expectValid(.possibleFragmentSpreads, "fragment interfaceWithinInterface on Pet { ...beingFragment } fragment beingFragment on Being { name }")
        try expectValid(.possibleFragmentSpreads, "fragment f on Pet { ... on Being { name } ... { name } }")
        try expectValid(.possibleFragmentSpreads, "fragment f on Dog { ...unknown ... on Unknown { x } }")
    }

    @Test func differentObjects() throws {
        try expectErrors(.possibleFragmentSpreads, """
            fragment invalidObjectWithinObject on Cat { ...dogFragment }
            fragment dogFragment on Dog { barkVolume }
            """, [
                ("Fragment \"dogFragment\" cannot be spread here as objects of type \"Cat\" can never be of type \"Dog\".",
                    [(1, 45)]),
            ])
        try expectErrors(.possibleFragmentSpreads, """
            fragment invalidObjectWithinObjectAnon on Cat {
              ... on Dog { barkVolume }
            }
            """, [
                ("Fragment cannot be spread here as objects of type \"Cat\" can never be of type \"Dog\".", [(2, 3)]),
            ])
    }

    @Test func nonOverlappingAbstractTypes() throws {
        try expectErrors(.possibleFragmentSpreads, """
            fragment invalidObjectWithinInterface on Pet { ...humanFragment }
            fragment humanFragment on Human { pets { name } }
            """, [
                ("Fragment \"humanFragment\" cannot be spread here as objects of type \"Pet\" can never be of type \"Human\".",
                    [(1, 48)]),
            ])
        try expectErrors(.possibleFragmentSpreads, """
            fragment invalidUnionWithinInterface on Pet { ...humanOrAlienFragment }
            fragment humanOrAlienFragment on HumanOrAlien { __typename }
            """, [
                ("Fragment \"humanOrAlienFragment\" cannot be spread here as objects of type \"Pet\" can never be of type \"HumanOrAlien\".",
                    [(1, 47)]),
            ])
        try expectErrors(.possibleFragmentSpreads, """
            fragment invalidUnionWithinUnion on CatOrDog { ...humanOrAlienFragment }
            fragment humanOrAlienFragment on HumanOrAlien { __typename }
            """, [
                ("Fragment \"humanOrAlienFragment\" cannot be spread here as objects of type \"CatOrDog\" can never be of type \"HumanOrAlien\".",
                    [(1, 48)]),
            ])
        try expectErrors(.possibleFragmentSpreads, """
            fragment invalidInterfaceWithinInterfaceAnon on Pet {
              ...on Intelligent { iq }
            }
            """, [
                ("Fragment cannot be spread here as objects of type \"Pet\" can never be of type \"Intelligent\".",
                    [(2, 3)]),
            ])
    }
}
