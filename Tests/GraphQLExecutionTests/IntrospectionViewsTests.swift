import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Testing

/// Introspection from per-caller views (spec §4 answered over part of the
/// schema): hidden fields, types left with no field, and unions left with no
/// member disappear everywhere a client could find them.
@Suite struct IntrospectionViewsTests {
    let sdl = """
        directive @secret on FIELD_DEFINITION
        type Query { open: String, me: Me, stats: Stats, search: Result }
        type Me { name: String, email: String @secret }
        type Stats { count: Int @secret }
        union Result = Me | Stats
        """

    func introspect(_ query: String, view: String) async throws -> String {
        try await run(sdl, query: query, context: view) { b in
            b.resolve("Query", "open") { _ in "open" }
            b.resolve("Query", "me") { _ in nil }
            b.resolve("Query", "stats") { _ in nil }
            b.resolve("Query", "search") { _ in nil }
            b.readProperties(of: "Me")
            b.readProperties(of: "Stats")
            b.resolveType("Result") { _, _, _ in nil }
            b.introspectionViews(["guest", "admin"], of: { $0 }) { view, _, field in
                view == "admin" || field.directives.first(named: "secret") == nil
            }
        }
    }

    @Test("a view hides its fields, then the types left empty, then the fields returning them")
    func hidesFieldsAndEmptyTypes() async throws {
        let query = #"{ __type(name: "Query") { fields { name } } me: __type(name: "Me") { fields { name } } stats: __type(name: "Stats") { name } }"#
        let guest = try await introspect(query, view: "guest")
        #expect(guest == #"{"data":{"__type":{"fields":[{"name":"open"},{"name":"me"},{"name":"search"}]},"me":{"fields":[{"name":"name"}]},"stats":null}}"#)
        let admin = try await introspect(query, view: "admin")
        #expect(admin == #"{"data":{"__type":{"fields":[{"name":"open"},{"name":"me"},{"name":"stats"},{"name":"search"}]},"me":{"fields":[{"name":"name"},{"name":"email"}]},"stats":{"name":"Stats"}}}"#)
    }

    @Test("hidden types leave __schema.types and unions' possibleTypes; an unknown view sees everything")
    func schemaTypesAndPossibleTypes() async throws {
        let query = #"{ __schema { types { name } } __type(name: "Result") { possibleTypes { name } } }"#
        let guest = try await introspect(query, view: "guest")
        #expect(!guest.contains(#""name":"Stats""#))
        #expect(guest.contains(#""possibleTypes":[{"name":"Me"}]"#))
        let other = try await introspect(query, view: "someone else")
        #expect(other.contains(#""possibleTypes":[{"name":"Me"},{"name":"Stats"}]"#))
    }

    @Test("a mutation or subscription root left empty is hidden and no longer named by __schema; the query root stays")
    func emptyRootsAreHidden() async throws {
        let sdl = """
            directive @secret on FIELD_DEFINITION
            type Query { open: String }
            type Mutation { change: Int @secret }
            type Subscription { events: Int @secret }
            """
        let query = #"{ __schema { queryType { name } mutationType { name } subscriptionType { name } types { name } } m: __type(name: "Mutation") { name } }"#
        func introspect(_ view: String) async throws -> String {
            try await run(sdl, query: query, context: view) { b in
                b.resolve("Query", "open") { _ in "open" }
                b.resolve("Mutation", "change") { _ in 1 }
                b.subscribe("Subscription", "events") { _ in AsyncThrowingStream<any Sendable, any Error> { $0.finish() } }
                b.introspectionViews(["guest", "admin"], of: { $0 }) { view, _, field in
                    view == "admin" || field.directives.first(named: "secret") == nil
                }
            }
        }
        let guest = try await introspect("guest")
        #expect(guest.contains(#""queryType":{"name":"Query"},"mutationType":null,"subscriptionType":null"#))
        #expect(!guest.contains(#"{"name":"Mutation"}"#) && !guest.contains(#"{"name":"Subscription"}"#))
        #expect(guest.hasSuffix(#""m":null}}"#))
        let admin = try await introspect("admin")
        #expect(admin.contains(#""mutationType":{"name":"Mutation"},"subscriptionType":{"name":"Subscription"}"#))
    }
}
