import Testing

@testable import GraphQLValidation

@Suite struct UniqueVariableNamesRuleTests {
    @Test func uniqueNames() throws {
        try expectValid(.uniqueVariableNames, """
            query A($x: Int, $y: String) { __typename }
            query B($x: String, $y: Int) { __typename }
            """)
    }

    @Test func duplicatedNames() throws {
        try expectErrors(.uniqueVariableNames, """
            query A($x: Int, $x: Int, $x: String) { __typename }
            query B($x: String, $x: Int) { __typename }
            query C($x: Int, $x: Int) { __typename }
            """, [
                ("There can be only one variable named \"$x\".", [(1, 10), (1, 19), (1, 28)]),
                ("There can be only one variable named \"$x\".", [(2, 10), (2, 22)]),
                ("There can be only one variable named \"$x\".", [(3, 10), (3, 19)]),
            ])
    }
}
