import Testing

@testable import GraphQLValidation

@Suite struct ProvidedRequiredArgumentsRuleTests {
    @Test func providedArguments() throws {
        try expectValid(.providedRequiredArguments, "{ dog { isHouseTrained(unknownArgument: true) } }")
        try expectValid(.providedRequiredArguments, "{ dog { isHouseTrained(atOtherHomes: true) } }")
        try expectValid(.providedRequiredArguments, "{ complicatedArgs { multipleReqs(req1: 1, req2: 2) } }")
        try expectValid(.providedRequiredArguments, "{ complicatedArgs { multipleReqs(req2: 2, req1: 1) } }")
        try expectValid(.providedRequiredArguments, "{ complicatedArgs { multipleOpts } }")
        try expectValid(.providedRequiredArguments, "{ complicatedArgs { multipleOptAndReq(req1: 3, req2: 4, opt1: 5) } }")
        try expectValid(.providedRequiredArguments, "{ complicatedArgs { nonNullFieldWithDefault } }")
        try expectValid(.providedRequiredArguments, "{ dog { unknownField } }")
        try expectValid(.providedRequiredArguments, "{ dog @unknown { name } }")
        try expectValid(.providedRequiredArguments, "{ dog @include(if: true) { name } human @skip(if: false) { name } }")
    }

    @Test func missingFieldArguments() throws {
        try expectErrors(.providedRequiredArguments, """
            {
              complicatedArgs {
                multipleReqs(req2: 2)
              }
            }
            """, [
                ("Field \"multipleReqs\" argument \"req1\" of type \"Int!\" is required, but it was not provided.",
                    [(3, 5)]),
            ])
        try expectErrors(.providedRequiredArguments, """
            {
              complicatedArgs {
                multipleReqs
              }
            }
            """, [
                ("Field \"multipleReqs\" argument \"req1\" of type \"Int!\" is required, but it was not provided.",
                    [(3, 5)]),
                ("Field \"multipleReqs\" argument \"req2\" of type \"Int!\" is required, but it was not provided.",
                    [(3, 5)]),
            ])
        try expectErrors(.providedRequiredArguments, """
            {
              complicatedArgs {
                multipleReqs(req1: "one")
              }
            }
            """, [
                ("Field \"multipleReqs\" argument \"req2\" of type \"Int!\" is required, but it was not provided.",
                    [(3, 5)]),
            ])
    }

    @Test func missingDirectiveArguments() throws {
        try expectErrors(.providedRequiredArguments, """
            {
              dog @include {
                name @skip
              }
            }
            """, [
                ("Directive \"@include\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.",
                    [(2, 7)]),
                ("Directive \"@skip\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.",
                    [(3, 10)]),
            ])
    }

    @Test func directivesDefinedInTheDocument() throws {
        try expectErrors(.providedRequiredArguments, """
            { dog @mine { name } }
            directive @mine(a: [Int!]!, b: Int! = 1, c: Int) on FIELD
            """, [
                ("Directive \"@mine\" argument \"a\" of type \"[Int!]!\" is required, but it was not provided.",
                    [(1, 7)]),
            ])
    }
}
