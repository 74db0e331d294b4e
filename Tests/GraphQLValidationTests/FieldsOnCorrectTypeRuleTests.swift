import GraphQLType
import Testing

@testable import GraphQLValidation

@Suite struct FieldsOnCorrectTypeRuleTests {
    @Test func definedFields() throws {
        try expectValid(.fieldsOnCorrectType, "fragment objectFieldSelection on Dog { __typename name }")
        try expectValid(.fieldsOnCorrectType, "fragment aliasedObjectFieldSelection on Dog { tn : __typename otherName : name }")
        try expectValid(.fieldsOnCorrectType, "fragment interfaceFieldSelection on Pet { __typename name }")
        try expectValid(.fieldsOnCorrectType, "fragment lyingAliasSelection on Dog { name : nickname }")
        try expectValid(.fieldsOnCorrectType, "fragment unknownSelection on UnknownType { unknownField }")
        try expectValid(.fieldsOnCorrectType, "fragment f on CatOrDog { __typename }")
        try expectValid(.fieldsOnCorrectType, "{ __schema { queryType { name } } __type(name: \"Dog\") { name } }")
    }

    @Test func unknownFields() throws {
        try expectErrors(.fieldsOnCorrectType, """
            fragment fieldNotDefined on Dog {
              meowVolume
            }
            """, [("Cannot query field \"meowVolume\" on type \"Dog\". Did you mean \"barkVolume\"?", [(2, 3)])])
        try expectErrors(.fieldsOnCorrectType, """
            fragment deepFieldNotDefined on Dog {
              unknown_field {
                deeper_unknown_field
              }
            }
            """, [("Cannot query field \"unknown_field\" on type \"Dog\".", [(2, 3)])])
        try expectErrors(.fieldsOnCorrectType, """
            fragment subFieldNotDefined on Human {
              pets {
                unknown_field
              }
            }
            """, [("Cannot query field \"unknown_field\" on type \"Pet\".", [(3, 5)])])
        try expectErrors(.fieldsOnCorrectType, """
            fragment aliasedLyingFieldTargetNotDefined on Dog {
              barkVolume : kawVolume
            }
            """, [("Cannot query field \"kawVolume\" on type \"Dog\". Did you mean \"barkVolume\"?", [(2, 3)])])
    }

    @Test func typeKnownAgainBelowAnUnknownField() throws {
        try expectErrors(.fieldsOnCorrectType, """
            fragment typeKnownAgain on Pet {
              unknown_pet_field {
                ... on Cat {
                  unknown_cat_field
                }
              }
            }
            """, [
                ("Cannot query field \"unknown_pet_field\" on type \"Pet\".", [(2, 3)]),
                ("Cannot query field \"unknown_cat_field\" on type \"Cat\".", [(4, 7)]),
            ])
    }

    @Test func suggestsInlineFragmentsOnAbstractTypes() throws {
        try expectErrors(.fieldsOnCorrectType, """
            fragment notDefinedOnInterface on Pet {
              tailLength
            }
            """, [("Cannot query field \"tailLength\" on type \"Pet\".", [(2, 3)])])
        try expectErrors(.fieldsOnCorrectType, """
            fragment definedOnImplementorsButNotInterface on Pet {
              nickname
            }
            """, [
                ("Cannot query field \"nickname\" on type \"Pet\". Did you mean to use an inline fragment on \"Cat\" or \"Dog\"?",
                    [(2, 3)]),
            ])
        try expectErrors(.fieldsOnCorrectType, """
            fragment directFieldSelectionOnUnion on CatOrDog {
              directField
            }
            """, [("Cannot query field \"directField\" on type \"CatOrDog\".", [(2, 3)])])
        try expectErrors(.fieldsOnCorrectType, """
            fragment definedOnImplementorsQueriedOnUnion on CatOrDog {
              name
            }
            """, [
                ("Cannot query field \"name\" on type \"CatOrDog\". Did you mean to use an inline fragment on \"Being\", \"Pet\", \"Canine\", \"Cat\", or \"Dog\"?",
                    [(2, 3)]),
            ])
    }

    @Test func suggestionOrderPrefersInterfacesAndUsage() throws {
        let schema = try buildSchema(sdl: """
            interface T { y: String }
            interface Animal { name: String }
            interface Mammal implements Animal { name: String }
            type Cat implements Animal & Mammal { name: String }
            type Dog implements Animal & Mammal { name: String }
            type Bird implements T { x: String y: String }
            type Plane implements T { x: String y: String }
            union Thing = Bird | Plane
            type Query { animal: Animal t: T thing: Thing }
            """)
        try expectErrors(.fieldsOnCorrectType, "{ animal { ... on Animal { name } } t { x } }", [
            ("Cannot query field \"x\" on type \"T\". Did you mean to use an inline fragment on \"Bird\" or \"Plane\"?",
                [(1, 41)]),
        ], schema: schema)
        try expectErrors(.fieldsOnCorrectType, "fragment f on Animal { nam }", [
            ("Cannot query field \"nam\" on type \"Animal\". Did you mean \"name\"?", [(1, 24)]),
        ], schema: schema)
    }

    @Test func metaFieldsOnlyWhereDefined() throws {
        try expectErrors(.fieldsOnCorrectType, "{ dog { __schema { queryType { name } } } }", [
            ("Cannot query field \"__schema\" on type \"Dog\".", [(1, 9)]),
        ])
    }
}
