import Testing

@testable import GraphQLValidation

@Suite struct UniqueArgumentNamesRuleTests {
    @Test func uniqueArguments() throws {
        try expectValid(.uniqueArgumentNames, "{ field }")
        try expectValid(.uniqueArgumentNames, "{ field(arg: \"value\") }")
        try expectValid(.uniqueArgumentNames, "{ field(arg: \"value\") @directive(arg: \"value\") }")
        try expectValid(.uniqueArgumentNames, "{ one: field(arg: \"value\") two: field(arg: \"value\") }")
        try expectValid(.uniqueArgumentNames, "{ field(arg1: \"value\", arg2: \"value\", arg3: \"value\") }")
    }

    @Test func duplicatedFieldArguments() throws {
        try expectErrors(.uniqueArgumentNames, """
            {
              field(arg1: "value", arg1: "value")
            }
            """, [("There can be only one argument named \"arg1\".", [(2, 9), (2, 24)])])
        try expectErrors(.uniqueArgumentNames, """
            {
              field(arg1: "value", arg1: "value", arg1: "value")
            }
            """, [("There can be only one argument named \"arg1\".", [(2, 9), (2, 24), (2, 39)])])
    }

    @Test func duplicatedDirectiveArguments() throws {
        try expectErrors(.uniqueArgumentNames, """
            {
              field @directive(arg1: "value", arg1: "value", arg2: 1, arg2: 2)
            }
            """, [
                ("There can be only one argument named \"arg1\".", [(2, 20), (2, 35)]),
                ("There can be only one argument named \"arg2\".", [(2, 50), (2, 59)]),
            ])
    }
}
