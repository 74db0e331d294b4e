import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Testing

/// Binding resolvers by name fails fast at start-up with every problem listed.
@Suite struct BindingCheckTests {
    let schema = try! buildSchema(
        sdl: """
            directive @auth on FIELD_DEFINITION
            type Query { user: User, search: Result }
            type User { name: String, friends: [User] }
            union Result = User
            type Subscription { tick: Int }
            """)

    @Test func typosAndUnboundFieldsAreReportedTogether() {
        var b = ExecutableSchemaBuilder<Void>(schema: schema)
        b.resolve("Query", "usr") { _ in nil }
        b.resolve("Usr", "name") { _ in nil }
        b.readProperties(of: "User", fields: ["name", "nmae"])
        b.resolveType("Reslt") { _, _, _ in nil }
        b.guardFields(withDirective: "auht") { _ in { _ in } }
        b.resolve("Query", "search") { _ in nil }
        #expect(throws: SchemaBindingError.self) { try b.build() }
        do {
            _ = try b.build()
        } catch {
            #expect(
                error.problems == [
                    "Cannot bind \"Query.usr\": type \"Query\" has no field \"usr\". Did you mean \"user\"?",
                    "Unknown type \"Usr\". Did you mean \"User\"?",
                    "Cannot bind \"User.nmae\": type \"User\" has no field \"nmae\". Did you mean \"name\"?",
                    "Cannot bind resolveType to \"Reslt\": no interface or union has that name.",
                    "Cannot guard fields with \"@auht\": the schema defines no such directive.",
                    "Field \"Query.user\" has no resolver: add it to its record's fieldReaders, bind a resolver, or declare it with readProperties(of:).",
                    "Field \"User.friends\" has no resolver: add it to its record's fieldReaders, bind a resolver, or declare it with readProperties(of:).",
                    "Subscription field \"Subscription.tick\" has no source stream: bind one with subscribe(_:_:_:).",
                ])
        }
    }

    @Test func completeBindingsBuild() throws {
        var b = ExecutableSchemaBuilder<Void>(schema: schema)
        b.resolve("Query", "user") { _ in nil }
        b.resolve("Query", "search") { _ in nil }
        b.readProperties(of: "User")
        b.subscribe("Subscription", "tick") { _ in AsyncThrowingStream<any Sendable, any Error> { $0.finish() } }
        let executable = try b.build()
        #expect(executable.schema.queryType?.name == "Query")
    }

    @Test func bindingTwiceIsAProblem() {
        var b = ExecutableSchemaBuilder<Void>(schema: schema)
        b.resolve("Query", "user") { _ in nil }
        b.resolve("Query", "user") { _ in nil }
        #expect(throws: SchemaBindingError.self) { try b.build() }
    }
}
