import GraphQLLanguage
import GraphQLType
import Testing

@testable import GraphQLValidation

/// Documents that make a naive field selection merging check quadratic in the
/// best case and exponential in the worst: they must validate, without errors,
/// in well under a second each (no timed assertion; the duration is printed).
@Suite struct OverlappingFieldsPerformanceTests {
    /// Validates with the rule alone, expects no error, and prints how long it took.
    private func expectValidQuickly(_ label: String, _ query: String) throws {
        let document = try Parser.parse(query, options: ParseOptions(maxDepth: 10_000))
        let clock = ContinuousClock()
        var errors: [GraphQLError] = []
        let duration = clock.measure {
            errors = validate(schema: harnessSchema, document: document, rules: [.overlappingFieldsCanBeMerged])
        }
        print("OverlappingFieldsCanBeMerged \(label): \(duration)")
        #expect(errors.isEmpty, "\(label)")
    }

    @Test func thousandIdenticalSiblingFields() throws {
        let fields = String(repeating: "name ", count: 1000)
        try expectValidQuickly("1000 identical leaf fields", "{ dog { \(fields)} }")
        // Fields with subselections are compared pair by pair, as in graphql-js: quadratic.
        let subselections = String(repeating: "dog { name barks mother { name } } ", count: 300)
        try expectValidQuickly("300 identical fields with subselections", "{ \(subselections)}")
    }

    @Test func fragmentsInAChain() throws {
        // Each fragment spreads the next: each set of fields is compared once with
        // every fragment after it (quadratic, as in graphql-js), never once per path.
        let fragments = (0..<300).map { "fragment F\($0) on Dog { name barks ...F\($0 + 1) }" }
        let query = "{ dog { name ...F0 } }\n" + fragments.joined(separator: "\n")
            + "\nfragment F300 on Dog { name }"
        try expectValidQuickly("chain of 300 fragments", query)
    }

    @Test func twoHundredFragmentsSpreadTogether() throws {
        // 19,900 pairs of fragments, each compared once.
        let fragments = (0..<200).map { "fragment F\($0) on Dog { name barks mother { name } }" }
        let spreads = (0..<200).map { "...F\($0)" }.joined(separator: " ")
        try expectValidQuickly(
            "200 fragments spread together", "{ dog { \(spreads) } }\n" + fragments.joined(separator: "\n"))
    }

    @Test func fragmentsThatDoubleAtEachLevel() throws {
        // Expanded, this selects 2^30 fields: each fragment is spread twice, in two fields.
        let fragments = (0..<30).map {
            "fragment F\($0) on Dog { mother { ...F\($0 + 1) } father { ...F\($0 + 1) } mother { ...F\($0 + 1) name } }"
        }
        let query = "{ dog { ...F0 } }\n" + fragments.joined(separator: "\n") + "\nfragment F30 on Dog { name }"
        try expectValidQuickly("fragments doubling over 30 levels", query)
    }

    @Test func mirroredFragmentChainsComparedLevelByLevel() throws {
        // Two distinct chains whose fields overlap at every level: comparing the
        // first fragments compares their subfields, the next fragments, and so on.
        let depth = 250
        try expectValidQuickly("two mirrored chains of \(depth) fragments", mirroredChains(depth: depth))
    }

    @Test func comparisonsTooDeepForTheStackAreAnError() throws {
        // 5,000 levels of subselections to compare, in a 300 KB document: the
        // comparison stops at 256 levels with an error instead of exhausting the stack.
        let document = try Parser.parse(mirroredChains(depth: 5000))
        let errors = validate(schema: harnessSchema, document: document, rules: [.overlappingFieldsCanBeMerged])
        #expect(
            errors.map(\.message) == [
                "Fields \"mother\" nest selections more than 256 levels deep through fragments,"
                    + " too deep to check that they can be merged."
            ])
        #expect(errors.first?.locations.map(\.line) == [258, 5258])
        #expect(errors.first?.extensions == ["code": "QUERY_TOO_DEEP"])
    }

    /// Two distinct chains of fragments, `A0 → A1 → …` and `B0 → B1 → …`, spread together.
    private func mirroredChains(depth: Int) -> String {
        let chainA = (0..<depth).map { "fragment A\($0) on Dog { name mother { ...A\($0 + 1) } }" }
        let chainB = (0..<depth).map { "fragment B\($0) on Dog { name mother { ...B\($0 + 1) } }" }
        return "{ dog { ...A0 ...B0 } }\n" + (chainA + chainB).joined(separator: "\n")
            + "\nfragment A\(depth) on Dog { name }\nfragment B\(depth) on Dog { name }"
    }
}
