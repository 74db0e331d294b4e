import App
import Foundation
import GraphQLLanguage
import GraphQLType
import GraphQLValidation
import QuarryTestSupport
import TestDatabaseSupport
import Testing

/// The shipped limits (``GraphQLService/Options/shipped``) measured against what real clients send: the
/// introspection queries of the tools (Tests/EndToEnd/fixtures/introspection) and the apps' screens
/// (fixtures/screens), whose costs the README lists beside the limits. The end-to-end suite sends the
/// same files to a running server; this test says how far each one is from each limit.
@Suite("Shipped limits against real clients' documents")
struct ShippedLimitsTests {
    static let fixtures = TestDatabases.repositoryRoot().appendingPathComponent("Tests/EndToEnd/fixtures")
    static let schema: GraphQLSchema = {
        do {
            return try QuarrySchema.build(directory: SchemaFiles.directory())
        } catch {
            preconditionFailure("schema/ must build: \(error)")
        }
    }()

    struct Measure: Equatable, CustomStringConvertible {
        let depth: Int
        let aliases: Int
        let cost: Int
        var description: String { "depth \(depth), aliases \(aliases), cost \(cost)" }
    }

    static func documents(in folder: String) throws -> [(name: String, text: String)] {
        let directory = fixtures.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".graphql") }
            .sorted().map { ($0, try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8)) }
    }

    static func measure(_ text: String) throws -> Measure {
        let document = try Parser.parse(text)
        let fragments = Dictionary(document.fragments.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        let operation = try #require(document.operations.first)
        return Measure(
            depth: selectionDepth(of: operation, fragments: fragments),
            aliases: aliasCount(of: operation, fragments: fragments),
            cost: estimatedCost(of: operation, fragments: fragments, schema: schema)
        )
    }

    @Test("every tool's introspection query is valid and within every shipped limit")
    func toolsIntrospection() throws {
        let shipped = GraphQLService.Options.shipped
        let documents = try Self.documents(in: "introspection")
        #expect(documents.count >= 10)
        for (name, text) in documents {
            let measure = try Self.measure(text)
            #expect(measure.depth <= shipped.maxDepth, "\(name): \(measure)")
            #expect(measure.aliases <= shipped.maxAliases, "\(name): \(measure)")
            #expect(measure.cost == 100, "\(name): one introspection field at its flat cost, \(measure)")
            let errors = validate(schema: Self.schema, document: try Parser.parse(text), rules: shipped.validationRules)
            #expect(errors.isEmpty, "\(name): \(errors.map(\.message))")
        }
    }

    /// The README's table "Limits and the apps' screens" lists these figures.
    @Test("the apps' screens are within every shipped limit, at the costs the README lists")
    func appScreens() throws {
        let expected: [String: Measure] = [
            "profile-with-friends.graphql": Measure(depth: 9, aliases: 0, cost: 2_667),
            "relay-pagination.graphql": Measure(depth: 6, aliases: 0, cost: 976),
        ]
        let shipped = GraphQLService.Options.shipped
        let documents = try Self.documents(in: "screens")
        #expect(documents.map(\.name) == expected.keys.sorted())
        for (name, text) in documents {
            let measure = try Self.measure(text)
            #expect(measure == expected[name], "\(name): \(measure)")
            #expect(measure.depth <= shipped.maxDepth && measure.aliases <= shipped.maxAliases)
            #expect(measure.cost <= shipped.maxCost)
            let errors = validate(schema: Self.schema, document: try Parser.parse(text), rules: shipped.validationRules)
            #expect(errors.isEmpty, "\(name): \(errors.map(\.message))")
        }
    }

    @Test("each limit fixture exceeds its limit")
    func limitFixtures() throws {
        let shipped = GraphQLService.Options.shipped
        let measures = Dictionary(uniqueKeysWithValues: try Self.documents(in: "limits").map { ($0.name, try Self.measure($0.text)) })
        #expect(try #require(measures["too-deep.graphql"]).depth == shipped.maxDepth + 1)
        #expect(try #require(measures["too-many-aliases.graphql"]).aliases == shipped.maxAliases + 1)
        #expect(try #require(measures["too-complex.graphql"]).cost == 30_302)
        #expect(try #require(measures["introspection-too-deep.graphql"]).depth == 17)
    }
}
