import GraphQLLanguage
import GraphQLType
import Testing

@testable import GraphQLValidation

/// The optional cost limit: field weights from `@cost`, list sizes from `first`/`last`.
@Suite struct LimitsCostTests {
    static let schema: GraphQLSchema = {
        do {
            return try buildSchema(
                sdl: """
                    directive @cost(weight: Int!) on FIELD_DEFINITION
                    type Query {
                      viewer: User
                      users(first: Int, last: Int, after: String): UserConnection @cost(weight: 5)
                      search(term: String!, last: Int = 20): [User!]!
                      expensive: Int @cost(weight: 50)
                    }
                    type User {
                      id: ID!
                      name: String
                      friends(first: Int = 5): [User!]!
                      posts: [Post!]!
                    }
                    type Post { id: ID! title: String }
                    type UserConnection { edges: [UserEdge!]! nodes: [User!]! pageInfo: PageInfo! }
                    type UserEdge { cursor: String! node: User! }
                    type PageInfo { hasNextPage: Boolean! }
                    """)
        } catch {
            preconditionFailure("The cost schema must build: \(error)")
        }
    }()

    private func cost(_ query: String, options: QueryCostOptions = QueryCostOptions()) throws -> Int {
        let document = try Parser.parse(query)
        let fragments = Dictionary(document.fragments.map { ($0.name.value, $0) }, uniquingKeysWith: { _, last in last })
        return estimatedCost(
            of: try #require(document.operations.first), fragments: fragments, schema: Self.schema, options: options)
    }

    @Test func eachFieldCostsOneOrItsWeight() throws {
        #expect(try cost("{ viewer { name id } }") == 3)
        #expect(try cost("{ expensive viewer { __typename } }") == 52)
        #expect(try cost("{ viewer { name } }", options: QueryCostOptions(defaultFieldCost: 2)) == 4)
    }

    @Test func listsWithoutPageSizeUseTheDefaultListSize() throws {
        // viewer 1 + posts 1 + 10 × title 1
        #expect(try cost("{ viewer { posts { title } } }") == 12)
        #expect(try cost("{ viewer { posts { title } } }", options: QueryCostOptions(defaultListSize: 3)) == 5)
    }

    @Test func firstAndLastSizeTheirSubselection() throws {
        // users 5 + 3 × (edges 1 + 1 × (node 1 + name 1)): edges are the page `first` sized.
        #expect(try cost("{ users(first: 3) { edges { node { name } } } }") == 14)
        #expect(try cost("{ users(last: 4) { nodes { id } pageInfo { hasNextPage } } }") == 5 + 4 * (2 + 2))
        // The larger of first and last.
        #expect(try cost("{ users(first: 2, last: 6) { nodes { id } } }") == 5 + 6 * 2)
        // The argument's default: friends(first: Int = 5), search(last: Int = 20).
        #expect(try cost("{ viewer { friends { name } } }") == 1 + 1 + 5)
        #expect(try cost("{ search(term: \"a\") { id } }") == 1 + 20)
        // No value and no default: the default list size.
        #expect(try cost("{ users { nodes { id } } }") == 5 + 10 * 2)
    }

    @Test func pageSizesFromVariables() throws {
        let query = "query ($n: Int = 4, $m: Int) { users(first: $n) { nodes { id } } u2: users(first: $m) { nodes { id } } }"
        // $n: its default 4; $m: no value, no default, so the default list size.
        #expect(try cost(query) == (5 + 4 * 2) + (5 + 10 * 2))
        let known = QueryCostOptions(variableValues: ["n": .int(2), "m": .int(1)])
        #expect(try cost(query, options: known) == (5 + 2 * 2) + (5 + 1 * 2))
        // A variable for an argument with a default: the argument's default.
        #expect(try cost("query ($k: Int) { viewer { friends(first: $k) { id } } }") == 1 + 1 + 5)
    }

    @Test func fragmentsAreCountedWhereTheyAreSpread() throws {
        // F = name 1 + posts (1 + 10 × id 1) = 12, spread twice in viewer.
        #expect(try cost("{ viewer { ...F ...F } } fragment F on User { name posts { id } }") == 1 + 24)
        // Inside a page, a fragment's lists are the page.
        #expect(try cost("{ users(first: 2) { ...C } } fragment C on UserConnection { nodes { id } }") == 5 + 2 * 2)
        #expect(try cost("{ users(first: 2) { ... on UserConnection { nodes { id } } } }") == 5 + 2 * 2)
        // A cycle counts once around.
        #expect(try cost("{ viewer { ...A } } fragment A on User { friends(first: 2) { ...A } }") == 1 + 1)
    }

    @Test func introspectionFieldsCostAFlatAmountWhateverTheySelect() throws {
        // The ofType chain of the standard introspection query would be 10-item lists seven deep.
        let typeRef = String(repeating: "ofType { kind name ", count: 7) + String(repeating: "} ", count: 7)
        #expect(try cost("{ __schema { types { fields { args { type { \(typeRef) } } } } } }") == 100)
        #expect(try cost("{ __type(name: \"User\") { name } viewer { name } }") == 100 + 2)
        // Each introspection field counts, aliased or spread.
        #expect(try cost("{ a: __schema { queryType { name } } ...S } fragment S on Query { __schema { types { name } } }") == 200)
        #expect(try cost("{ __schema { types { name } } }", options: QueryCostOptions(introspectionFieldCost: 7)) == 7)
    }

    @Test func costsSaturateInsteadOfOverflowing() throws {
        let nested = String(repeating: "friends(first: 2147483647) { ", count: 6) + "id" + String(repeating: " }", count: 6)
        #expect(try cost("{ viewer { \(nested) } }") == Int.max)
    }

    @Test func maxCostRejectsExpensiveOperations() throws {
        let query = "query Page($n: Int) { users(first: $n) { nodes { id } } }"
        let document = try Parser.parse(query)
        let rule = ValidationRule.maxCost(20, options: QueryCostOptions(variableValues: ["n": .int(50)]))
        let errors = validate(schema: Self.schema, document: document, rules: [rule])
        #expect(errors.map(\.message) == ["Query cost 105 exceeds the maximum of 20."])
        #expect(errors.first?.locations == [GraphQLLanguage.SourceLocation(line: 1, column: 1)])
        #expect(errors.first?.extensions == ["code": "QUERY_TOO_COMPLEX", "cost": 105, "maximumCost": 20])
        let cheap = ValidationRule.maxCost(20, options: QueryCostOptions(variableValues: ["n": .int(5)]))
        #expect(validate(schema: Self.schema, document: document, rules: [cheap]).isEmpty)
    }
}
