import Testing

@testable import GraphQLValidation

@Suite struct KnownArgumentNamesRuleTests {
    @Test func knownArguments() throws {
        try expectValid(.knownArgumentNames, "fragment argOnRequiredArg on Dog { doesKnowCommand(dogCommand: SIT) }")
        try expectValid(.knownArgumentNames, "fragment multipleArgs on ComplicatedArgs { multipleReqs(req1: 1, req2: 2) }")
        try expectValid(.knownArgumentNames, "fragment multipleArgsReverseOrder on ComplicatedArgs { multipleReqs(req2: 2, req1: 1) }")
        try expectValid(.knownArgumentNames, "fragment noArgOnOptionalArg on Dog { isHouseTrained }")
        try expectValid(.knownArgumentNames, "{ dog @skip(if: true) { name } }")
        try expectValid(.knownArgumentNames, "{ dog @unknown(x: 1) { unknownField(y: 2) } }")
        try expectValid(.knownArgumentNames, "{ __type(name: \"Dog\") { fields(includeDeprecated: true) { name } } }")
    }

    @Test func unknownDirectiveArguments() throws {
        try expectErrors(.knownArgumentNames, "{ dog @skip(unless: true) }", [
            ("Unknown argument \"unless\" on directive \"@skip\".", [(1, 13)]),
        ])
        try expectErrors(.knownArgumentNames, "{ dog @skip(iff: true) }", [
            ("Unknown argument \"iff\" on directive \"@skip\". Did you mean \"if\"?", [(1, 13)]),
        ])
        try expectErrors(.knownArgumentNames, "{ dog @onField(if: true) }", [
            ("Unknown argument \"if\" on directive \"@onField\".", [(1, 16)]),
        ])
    }

    @Test func unknownFieldArguments() throws {
        try expectErrors(.knownArgumentNames, """
            fragment invalidArgName on Dog {
              doesKnowCommand(unknown: true)
            }
            """, [("Unknown argument \"unknown\" on field \"Dog.doesKnowCommand\".", [(2, 19)])])
        try expectErrors(.knownArgumentNames, """
            fragment invalidArgName on Dog {
              doesKnowCommand(DogCommand: true)
            }
            """, [
                ("Unknown argument \"DogCommand\" on field \"Dog.doesKnowCommand\". Did you mean \"dogCommand\"?",
                    [(2, 19)]),
            ])
        try expectErrors(.knownArgumentNames, """
            fragment oneGoodArgOneInvalidArg on Dog {
              doesKnowCommand(whoKnows: 1, dogCommand: SIT, unknown: true)
            }
            """, [
                ("Unknown argument \"whoKnows\" on field \"Dog.doesKnowCommand\".", [(2, 19)]),
                ("Unknown argument \"unknown\" on field \"Dog.doesKnowCommand\".", [(2, 49)]),
            ])
    }

    @Test func unknownArgumentsDeeplyAndOnInterfaces() throws {
        try expectErrors(.knownArgumentNames, """
            {
              dog {
                doesKnowCommand(unknown: true)
              }
              human {
                pets {
                  ... on Dog {
                    doesKnowCommand(unknown: true)
                  }
                  name(surnam: true)
                }
              }
            }
            """, [
                ("Unknown argument \"unknown\" on field \"Dog.doesKnowCommand\".", [(3, 21)]),
                ("Unknown argument \"unknown\" on field \"Dog.doesKnowCommand\".", [(8, 25)]),
                ("Unknown argument \"surnam\" on field \"Pet.name\". Did you mean \"surname\"?", [(10, 12)]),
            ])
    }
}
