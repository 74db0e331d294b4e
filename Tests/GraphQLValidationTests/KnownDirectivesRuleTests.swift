import Testing

@testable import GraphQLValidation

@Suite struct KnownDirectivesRuleTests {
    @Test func knownDirectivesInValidLocations() throws {
        try expectValid(.knownDirectives, "query Foo { dog { name } }")
        try expectValid(.knownDirectives, """
            query Foo($var: Boolean @onVariableDefinition) @onQuery {
              name @include(if: $var)
              ...Frag @include(if: true) @onFragmentSpread
              skippedField @skip(if: true)
              ... @skip(if: true) @onInlineFragment { skippedField }
            }
            mutation Bar @onMutation { someField @onField }
            subscription Baz @onSubscription { someField }
            fragment Frag on Human @onFragmentDefinition { name }
            """)
    }

    @Test func unknownDirectives() throws {
        try expectErrors(.knownDirectives, """
            {
              dog @unknown(directive: "value") {
                name
              }
            }
            """, [("Unknown directive \"@unknown\".", [(2, 7)])])
        try expectErrors(.knownDirectives, """
            {
              __typename @unknown
              dog @unknown {
                name @unknown
              }
            }
            """, [
                ("Unknown directive \"@unknown\".", [(2, 14)]),
                ("Unknown directive \"@unknown\".", [(3, 7)]),
                ("Unknown directive \"@unknown\".", [(4, 10)]),
            ])
    }

    @Test func misplacedDirectives() throws {
        try expectErrors(.knownDirectives, """
            query Foo($var: Boolean @onQuery) @onMutation {
              name @onQuery @include(if: $var)
              ...Frag @onQuery
            }
            mutation Bar @onQuery { someField }
            fragment Frag on Human @onField { name }
            subscription Sub @onVariableDefinition { ... @onFragmentSpread { x } }
            """, [
                ("Directive \"@onQuery\" may not be used on VARIABLE_DEFINITION.", [(1, 25)]),
                ("Directive \"@onMutation\" may not be used on QUERY.", [(1, 35)]),
                ("Directive \"@onQuery\" may not be used on FIELD.", [(2, 8)]),
                ("Directive \"@onQuery\" may not be used on FRAGMENT_SPREAD.", [(3, 11)]),
                ("Directive \"@onQuery\" may not be used on MUTATION.", [(5, 14)]),
                ("Directive \"@onField\" may not be used on FRAGMENT_DEFINITION.", [(6, 24)]),
                ("Directive \"@onVariableDefinition\" may not be used on SUBSCRIPTION.", [(7, 18)]),
                ("Directive \"@onFragmentSpread\" may not be used on INLINE_FRAGMENT.", [(7, 46)]),
            ])
    }

    @Test func directivesDefinedInTheDocument() throws {
        try expectValid(.knownDirectives, """
            { dog @mine { name } }
            directive @mine on FIELD
            """)
    }
}
