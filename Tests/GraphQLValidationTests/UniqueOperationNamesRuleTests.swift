import Testing

@testable import GraphQLValidation

@Suite struct UniqueOperationNamesRuleTests {
    @Test func uniqueAndAnonymousOperations() throws {
        try expectValid(.uniqueOperationNames, "{ dog { name } }")
        try expectValid(.uniqueOperationNames, """
            query Foo { dog { name } }
            query Bar { dog { name } }
            fragment Foo on Dog { name }
            """)
        try expectValid(.uniqueOperationNames, "query Foo { dog { name } } mutation Bar { x } subscription Baz { y }")
    }

    @Test func duplicatedOperationNames() throws {
        try expectErrors(.uniqueOperationNames, """
            query Foo { fieldA }
            query Foo { fieldB }
            """, [("There can be only one operation named \"Foo\".", [(1, 7), (2, 7)])])
    }

    @Test func duplicatedNamesOfDifferentKinds() throws {
        try expectErrors(.uniqueOperationNames, """
            query Foo { fieldA }
            mutation Foo { fieldB }
            subscription Foo { fieldC }
            """, [
                ("There can be only one operation named \"Foo\".", [(1, 7), (2, 10)]),
                ("There can be only one operation named \"Foo\".", [(1, 7), (3, 14)]),
            ])
    }
}
