import Testing

@testable import GraphQLValidation

@Suite struct NoFragmentCyclesRuleTests {
    @Test func noCycles() throws {
        try expectValid(.noFragmentCycles, "fragment fragA on Dog { ...fragB } fragment fragB on Dog { name }")
        try expectValid(.noFragmentCycles, "fragment fragA on Dog { ...fragB, ...fragB } fragment fragB on Dog { name }")
        try expectValid(.noFragmentCycles, """
            fragment fragA on Dog { ...fragB, ...fragC }
            fragment fragB on Dog { ...fragC }
            fragment fragC on Dog { name }
            """)
        try expectValid(.noFragmentCycles, "fragment nameFragment on Pet { ... on Dog { name } ... on Cat { name } }")
        try expectValid(.noFragmentCycles, "fragment fragA on Dog { ...fragB } fragment fragB on Dog { ...unknown }")
    }

    @Test func directSelfReference() throws {
        try expectErrors(.noFragmentCycles, "fragment fragA on Human { ...fragA }", [
            ("Cannot spread fragment \"fragA\" within itself.", [(1, 27)]),
        ])
        try expectErrors(.noFragmentCycles, """
            fragment fragA on Pet {
              ... on Dog {
                ...fragA
              }
            }
            """, [("Cannot spread fragment \"fragA\" within itself.", [(3, 5)])])
    }

    @Test func cyclesThroughOtherFragments() throws {
        try expectErrors(.noFragmentCycles, """
            fragment fragA on Dog { ...fragB }
            fragment fragB on Dog { ...fragA }
            """, [("Cannot spread fragment \"fragA\" within itself via \"fragB\".", [(1, 25), (2, 25)])])
        try expectErrors(.noFragmentCycles, """
            fragment fragA on Dog { ...fragB }
            fragment fragB on Dog { ...fragC }
            fragment fragC on Dog { ...fragO }
            fragment fragX on Dog { ...fragY }
            fragment fragY on Dog { ...fragZ }
            fragment fragZ on Dog { ...fragO }
            fragment fragO on Dog { ...fragP }
            fragment fragP on Dog { ...fragA, ...fragX }
            """, [
                ("Cannot spread fragment \"fragA\" within itself via \"fragB\", \"fragC\", \"fragO\", \"fragP\".",
                    [(1, 25), (2, 25), (3, 25), (7, 25), (8, 25)]),
                ("Cannot spread fragment \"fragO\" within itself via \"fragP\", \"fragX\", \"fragY\", \"fragZ\".",
                    [(7, 25), (8, 35), (4, 25), (5, 25), (6, 25)]),
            ])
    }

    @Test func multipleCyclesFromOneFragment() throws {
        try expectErrors(.noFragmentCycles, """
            fragment fragA on Dog { ...fragB, ...fragC }
            fragment fragB on Dog { ...fragA }
            fragment fragC on Dog { ...fragA }
            """, [
                ("Cannot spread fragment \"fragA\" within itself via \"fragB\".", [(1, 25), (2, 25)]),
                ("Cannot spread fragment \"fragA\" within itself via \"fragC\".", [(1, 35), (3, 25)]),
            ])
        try expectErrors(.noFragmentCycles, """
            fragment fragA on Dog { ...fragB }
            fragment fragB on Dog { ...fragB, ...fragC }
            fragment fragC on Dog { ...fragA, ...fragB }
            """, [
                ("Cannot spread fragment \"fragB\" within itself.", [(2, 25)]),
                ("Cannot spread fragment \"fragA\" within itself via \"fragB\", \"fragC\".", [(1, 25), (2, 35), (3, 25)]),
                ("Cannot spread fragment \"fragB\" within itself via \"fragC\".", [(2, 35), (3, 35)]),
            ])
    }
}

@Suite struct NoFragmentCyclesLongChainTests {
    /// A chain of thousands of fragments is explored without recursion.
    @Test func longChainClosingACycle() throws {
        let count = 3000
        var document = ""
        for index in 0..<count {
            document += "fragment F\(index) on Dog { ...F\((index + 1) % count) }\n"
        }
        let errors = try validationErrors([.noFragmentCycles], document)
        #expect(errors.count == 1)
        #expect(errors.first?.message.hasPrefix("Cannot spread fragment \"F0\" within itself via \"F1\", \"F2\",") == true)
        #expect(errors.first?.locations.count == count)
    }
}
