import GraphQLType
import Testing

@testable import GraphQLValidation

@Suite struct UniqueDirectivesPerLocationRuleTests {
    private static let schema: GraphQLSchema = {
        do {
            return try buildSchema(sdl: harnessSDL + """

                directive @directive on FIELD | FRAGMENT_DEFINITION | QUERY
                directive @directiveA on FIELD | FRAGMENT_DEFINITION
                directive @directiveB on FIELD | FRAGMENT_DEFINITION
                directive @repeatable repeatable on FIELD | FRAGMENT_DEFINITION
                """)
        } catch {
            preconditionFailure("\(error)")
        }
    }()

    @Test func uniqueDirectives() throws {
        try expectValid(.uniqueDirectivesPerLocation, "fragment Test on Type { field }", schema: Self.schema)
        try expectValid(.uniqueDirectivesPerLocation, """
            fragment Test on Type @directiveA @directiveB { field @directiveA @directiveB }
            """, schema: Self.schema)
        try expectValid(.uniqueDirectivesPerLocation, """
            fragment Test on Type @directive { field @directive { field @directive } }
            """, schema: Self.schema)
        try expectValid(.uniqueDirectivesPerLocation, "{ field @unknown @unknown }", schema: Self.schema)
    }

    @Test func repeatableDirectives() throws {
        try expectValid(.uniqueDirectivesPerLocation, """
            fragment Test on Type @repeatable @repeatable { field @repeatable @repeatable }
            """, schema: Self.schema)
    }

    @Test func duplicatedDirectives() throws {
        try expectErrors(.uniqueDirectivesPerLocation, """
            fragment Test on Type {
              field @directive @directive @directive
            }
            """, [
                ("The directive \"@directive\" can only be used once at this location.", [(2, 9), (2, 20)]),
                ("The directive \"@directive\" can only be used once at this location.", [(2, 9), (2, 31)]),
            ], schema: Self.schema)
        try expectErrors(.uniqueDirectivesPerLocation, """
            fragment Test on Type @directive @directive {
              field @directiveA @directiveB @directiveA @directiveB
            }
            """, [
                ("The directive \"@directive\" can only be used once at this location.", [(1, 23), (1, 34)]),
                ("The directive \"@directiveA\" can only be used once at this location.", [(2, 9), (2, 33)]),
                ("The directive \"@directiveB\" can only be used once at this location.", [(2, 21), (2, 45)]),
            ], schema: Self.schema)
        try expectErrors(.uniqueDirectivesPerLocation, "query Q @directive @directive { __typename }", [
            ("The directive \"@directive\" can only be used once at this location.", [(1, 9), (1, 20)]),
        ], schema: Self.schema)
    }
}
