import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Testing

/// Records declare their fields once (``GraphQLRecord``): the table is checked
/// against the SDL at start-up, read without a resolver call's overhead, and a
/// source of another type is a field error, never a silent `null`.
@Suite struct GraphQLRecordTests {
    struct Book: GraphQLRecord {
        let title: String
        let pages: Int
        static let objectTypeName = "Book"
        static let fieldReaders: [String: @Sendable (Book) -> (any Sendable)?] = [
            "title": { $0.title },
            "pages": { $0.pages },
        ]
    }

    struct Misspelt: GraphQLRecord {
        static let objectTypeName = "Book"
        static let fieldReaders: [String: @Sendable (Misspelt) -> (any Sendable)?] = ["titel": { _ in nil }]
    }

    let sdl = """
        directive @auth on FIELD_DEFINITION
        type Query { book: Book, books: [Book!]!, other: Book, shelf: Shelf }
        type Book { title: String!, pages: Int @auth, author: String }
        union Shelf = Book
        """

    func bindQuery(_ b: inout ExecutableSchemaBuilder<Void>) {
        b.resolve("Query", "book") { _ in Book(title: "Dune", pages: 412) }
        b.resolve("Query", "books") { _ in [Book(title: "A", pages: 1), Book(title: "B", pages: 2)] }
        b.resolve("Query", "other") { _ in "not a book" }
        b.resolve("Query", "shelf") { _ in Book(title: "Emma", pages: 474) }
        b.resolve("Book", "author") { info in try info.source(as: Book.self).title == "Dune" ? "Herbert" : nil }
        b.readFields(of: Book.self)
    }

    @Test("table fields, bound resolvers and guards read together; the record names its type for unions")
    func readsTheTable() async throws {
        let json = try await run(sdl, query: "{ book { title pages author } books { title } shelf { ... on Book { title } } }", context: ()) { b in
            bindQuery(&b)
            b.guardFields(withDirective: "auth") { _ in
                { info in
                    if try info.source(as: Book.self).pages > 450 { throw GraphQLError("too long", extensions: ["code": "FORBIDDEN"]) }
                }
            }
        }
        #expect(json == #"{"data":{"book":{"title":"Dune","pages":412,"author":"Herbert"},"books":[{"title":"A"},{"title":"B"}],"shelf":{"title":"Emma"}}}"#)
    }

    /// The type's guard runs once for each book, at its first selected field; the other table
    /// fields take its outcome (a denied book: `null` and the guard's error for each field),
    /// and so does a bound resolver of the same type.
    @Test("a type's guard on table fields runs once per value and its outcome holds for every field")
    func typeGuardOnTableFields() async throws {
        let sdl = """
            directive @auth on OBJECT
            type Query { books: [Book] }
            type Book @auth { title: String, pages: Int, author: String }
            """
        let checks = Locked<[String]>([])
        let json = try await run(sdl, query: "{ books { pages title author } }", context: ()) { b in
            b.resolve("Query", "books") { _ in [Book(title: "A", pages: 100), Book(title: "B", pages: 500)] }
            b.resolve("Book", "author") { info in try info.source(as: Book.self).title.lowercased() }
            b.readFields(of: Book.self)
            b.guardFields(withDirective: "auth") { _ in
                { info in
                    checks.withLock { $0.append(info.path.map { "\($0)" }.joined(separator: ".")) }
                    if try info.source(as: Book.self).pages > 450 { throw GraphQLError("too long", extensions: ["code": "FORBIDDEN"]) }
                }
            }
        }
        #expect(checks.withLock { $0 } == ["books.0.pages", "books.1.pages"])
        let denied = [("pages", 11), ("title", 17), ("author", 23)].map { field, column in
            #"{"message":"too long","locations":[{"line":1,"column":\#(column)}],"path":["books",1,"\#(field)"],"extensions":{"code":"FORBIDDEN"}}"#
        }
        #expect(json == #"{"data":{"books":[{"pages":100,"title":"A","author":"a"},{"pages":null,"title":null,"author":null}]},"errors":[\#(denied.joined(separator: ","))]}"#)
    }

    @Test("a source of another type is a field error naming both types")
    func wrongSourceIsAnError() async throws {
        let json = try await run(sdl, query: "{ other { title } }", context: ()) { bindQuery(&$0) }
        #expect(json.contains(#"Expected the source of Book.title to be Book, got String."#))
        #expect(json.contains(#""data":{"other":null}"#))
    }

    @Test("start-up fails on an entry naming no field, and on an SDL field neither in the table nor bound")
    func tableIsCheckedAgainstTheSDL() {
        var b = ExecutableSchemaBuilder<Void>(schema: try! buildSchema(sdl: sdl))
        b.resolve("Query", "book") { _ in nil }
        b.resolve("Query", "books") { _ in [Book]() }
        b.resolve("Query", "other") { _ in nil }
        b.resolve("Query", "shelf") { _ in nil }
        b.readFields(of: Misspelt.self)
        #expect {
            try b.build()
        } throws: { error in
            (error as? SchemaBindingError)?.problems == [
                "Cannot bind \"Book.titel\": type \"Book\" has no field \"titel\". Did you mean \"title\"?",
                "Field \"Book.title\" has no resolver: add it to its record's fieldReaders, bind a resolver, or declare it with readProperties(of:).",
                "Field \"Book.pages\" has no resolver: add it to its record's fieldReaders, bind a resolver, or declare it with readProperties(of:).",
                "Field \"Book.author\" has no resolver: add it to its record's fieldReaders, bind a resolver, or declare it with readProperties(of:).",
            ]
        }
    }
}
