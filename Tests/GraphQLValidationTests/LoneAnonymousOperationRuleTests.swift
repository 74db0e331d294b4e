import Testing

@testable import GraphQLValidation

@Suite struct LoneAnonymousOperationRuleTests {
    @Test func loneOrNamedOperations() throws {
        try expectValid(.loneAnonymousOperation, "fragment fragA on Type { field }")
        try expectValid(.loneAnonymousOperation, "{ field }")
        try expectValid(.loneAnonymousOperation, "query Foo { field } query Bar { field }")
        try expectValid(.loneAnonymousOperation, "{ field } fragment Foo on Type { field }")
    }

    @Test func anonymousOperationWithOthers() throws {
        try expectErrors(.loneAnonymousOperation, """
            {
              fieldA
            }
            {
              fieldB
            }
            """, [
                ("This anonymous operation must be the only defined operation.", [(1, 1)]),
                ("This anonymous operation must be the only defined operation.", [(4, 1)]),
            ])
        try expectErrors(.loneAnonymousOperation, """
            {
              fieldA
            }
            mutation Foo {
              fieldB
            }
            """, [("This anonymous operation must be the only defined operation.", [(1, 1)])])
    }
}
