import GraphQLLanguage
import GraphQLType
import Testing

@testable import GraphQLValidation

/// The optional depth and alias limits: measured through fragments, safe on cycles.
@Suite struct LimitsDepthAndAliasesTests {
    private func operation(_ query: String) throws -> (OperationDefinitionNode, [String: FragmentDefinitionNode]) {
        let document = try Parser.parse(query)
        let fragments = Dictionary(document.fragments.map { ($0.name.value, $0) }, uniquingKeysWith: { _, last in last })
        return (try #require(document.operations.first), fragments)
    }

    private func depth(_ query: String) throws -> Int {
        let (operation, fragments) = try operation(query)
        return selectionDepth(of: operation, fragments: fragments)
    }

    private func aliases(_ query: String) throws -> Int {
        let (operation, fragments) = try operation(query)
        return aliasCount(of: operation, fragments: fragments)
    }

    @Test func depthCountsNestedFields() throws {
        #expect(try depth("{ dog { name } }") == 2)
        #expect(try depth("{ __typename }") == 1)
        #expect(try depth("{ dog { name mother { father { name } } } cat { name } }") == 4)
    }

    @Test func depthGoesThroughFragmentsButTheyAddNoLevel() throws {
        #expect(try depth("{ dog { ... on Dog { mother { name } } } }") == 3)
        #expect(
            try depth(
                """
                { dog { name ...Parents } }
                fragment Parents on Dog { mother { ...Names } father { name } }
                fragment Names on Dog { name mother { name } }
                """) == 4)
        // The deepest use of a fragment counts, wherever it is spread.
        #expect(try depth("{ dog { ...N } human { pets { ... on Dog { ...N } } } } fragment N on Dog { mother { name } }") == 4)
    }

    @Test func depthOfCyclicFragmentsIsFinite() throws {
        #expect(try depth("{ dog { ...A } } fragment A on Dog { mother { ...A } }") == 2)
        #expect(try depth("{ dog { ...A } } fragment A on Dog { name ...B } fragment B on Dog { father { ...A } }") == 2)
        #expect(try depth("{ dog { ...Unknown name } }") == 2)
    }

    @Test func depthOfALongFragmentChain() throws {
        let chain = (0..<2000).map { "fragment F\($0) on Dog { mother { ...F\($0 + 1) } }" }.joined(separator: "\n")
        #expect(try depth("{ dog { ...F0 } }\n" + chain + "\nfragment F2000 on Dog { name }") == 2002)
    }

    @Test func maxDepthRejectsDeeperOperations() throws {
        let query = """
            query Deep { dog { mother { mother { name } } } }
            query Shallow { dog { name } }
            """
        let errors = try validationErrors([.maxDepth(3)], query)
        #expect(errors.map(\.message) == ["Query depth 4 exceeds the maximum of 3."])
        #expect(errors.first?.locations == [GraphQLLanguage.SourceLocation(line: 1, column: 1)])
        #expect(errors.first?.extensions == ["code": "QUERY_TOO_DEEP", "depth": 4, "maximumDepth": 3])
        #expect(try validationErrors([.maxDepth(4)], query).isEmpty)
    }

    @Test func aliasesAreCountedThroughFragments() throws {
        #expect(try aliases("{ dog { name } }") == 0)
        #expect(try aliases("{ a: dog { b: name c: name } d: cat { name } }") == 4)
        #expect(try aliases("{ dog { ...F x: name } } fragment F on Dog { a: name b: barks ... on Dog { c: name } }") == 4)
        // A fragment spread twice counts twice.
        #expect(try aliases("{ d1: dog { ...F } d2: dog { ...F } } fragment F on Dog { a: name b: barks }") == 6)
        #expect(try aliases("{ dog { ...A } } fragment A on Dog { a: name mother { ...A } }") == 1)
    }

    @Test func aliasCountsSaturateInsteadOfOverflowing() throws {
        // Each fragment spreads the next 16 times: 16^40 aliases, far past Int.max.
        let chain = (0..<40).map { level in
            "fragment F\(level) on Dog { " + String(repeating: "...F\(level + 1) ", count: 16) + "}"
        }
        let query = "{ dog { ...F0 } }\n" + chain.joined(separator: "\n") + "\nfragment F40 on Dog { a: name }"
        #expect(try aliases(query) == Int.max)
    }

    @Test func maxAliasesRejectsOperationsWithMoreAliases() throws {
        let query = "{ a: dog { b: name } ...F } fragment F on QueryRoot { c: cat { name } }"
        let errors = try validationErrors([.maxAliases(2)], query)
        #expect(errors.map(\.message) == ["Query alias count 3 exceeds the maximum of 2."])
        #expect(errors.first?.locations == [GraphQLLanguage.SourceLocation(line: 1, column: 1)])
        #expect(errors.first?.extensions == ["code": "TOO_MANY_ALIASES", "aliases": 3, "maximumAliases": 2])
        #expect(try validationErrors([.maxAliases(3)], query).isEmpty)
    }

    @Test func limitRulesAreNotSpecifiedRules() {
        let names = Set(specifiedRules.map(\.name))
        #expect(!names.contains("MaxDepthRule"))
        #expect(!names.contains("MaxAliasesRule"))
        #expect(!names.contains("QueryCostRule"))
    }
}
