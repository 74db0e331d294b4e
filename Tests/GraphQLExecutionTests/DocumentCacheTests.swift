import GraphQLLanguage
import GraphQLType
import Testing

@testable import GraphQLExecution

@Suite("DocumentCache: a bounded LRU of parsed and validated documents")
struct DocumentCacheTests {
    static let schema = try! buildSchema(sdl: "type Query { a: Int b(x: Int!): String c: Query }")

    @Test("a repeated document is a hit and returns the same parsed document")
    func hits() throws {
        let cache = DocumentCache(schema: Self.schema, capacity: 4)
        let first = try cache.document(for: "{ a c { a } }").get()
        let second = try cache.document(for: "{ a c { a } }").get()
        #expect(first.definitions.count == 1)
        #expect(printAST(first) == printAST(second))
        #expect(first == second)
        #expect(cache.statistics == (hits: 1, misses: 1))
        #expect(cache.count == 1)
        _ = cache.document(for: "{ a c { a }}")  // other text, other entry
        #expect(cache.statistics == (hits: 1, misses: 2))
        #expect(cache.count == 2)
    }

    @Test("syntax and validation errors are returned, and cached like documents")
    func failures() {
        let cache = DocumentCache(schema: Self.schema, capacity: 4)
        let syntax = cache.document(for: "{ a ")
        #expect(syntax.failureErrors?.map(\.description) == ["Syntax Error: Expected Name, found <EOF>. (1:5)"])
        let invalid = cache.document(for: "{ b nope }")
        #expect(invalid.failureErrors?.map(\.message) == [
            "Field \"b\" argument \"x\" of type \"Int!\" is required, but it was not provided.",
            "Cannot query field \"nope\" on type \"Query\".",
        ])
        #expect(cache.document(for: "{ a ").failureErrors == syntax.failureErrors)
        #expect(cache.document(for: "{ b nope }").failureErrors == invalid.failureErrors)
        #expect(cache.statistics == (hits: 2, misses: 2))
    }

    @Test("beyond capacity the least recently used document is evicted")
    func eviction() {
        let cache = DocumentCache(schema: Self.schema, capacity: 2)
        _ = cache.document(for: "{ a }")
        _ = cache.document(for: "query Q { a }")
        _ = cache.document(for: "{ a }")  // hit: "{ a }" is now the most recently used
        _ = cache.document(for: "{ c { a } }")  // full: evicts "query Q { a }"
        #expect(cache.count == 2)
        #expect(cache.statistics == (hits: 1, misses: 3))
        _ = cache.document(for: "{ a }")
        #expect(cache.statistics == (hits: 2, misses: 3))
        _ = cache.document(for: "query Q { a }")  // was evicted: parsed again
        #expect(cache.statistics == (hits: 2, misses: 4))
        cache.removeAll()
        #expect(cache.count == 0)
    }

    @Test("the LRU table keeps recency order through hits, inserts and evictions")
    func lruOrder() {
        var table = LRUTable<String, Int>(capacity: 3)
        table.insert(1, for: "a")
        table.insert(2, for: "b")
        table.insert(3, for: "c")
        #expect(table.keysByRecency == ["c", "b", "a"])
        #expect(table.value(for: "a") == 1)
        #expect(table.keysByRecency == ["a", "c", "b"])
        table.insert(4, for: "d")
        #expect(table.keysByRecency == ["d", "a", "c"])
        #expect(table.value(for: "b") == nil)
        table.insert(9, for: "c")  // present: keeps its value, becomes newest
        #expect(table.value(for: "c") == 3)
        #expect(table.keysByRecency == ["c", "d", "a"])
        var single = LRUTable<Int, Int>(capacity: 1)
        for key in 0 ..< 5 { single.insert(key * 10, for: key) }
        #expect(single.keysByRecency == [4])
        #expect(single.value(for: 4) == 40)
    }

    @Test("concurrent lookups from many tasks agree and stay within capacity")
    func concurrency() async {
        let cache = DocumentCache(schema: Self.schema, capacity: 8)
        let texts = (0 ..< 16).map { "query Q\($0) { a }" }
        await withTaskGroup(of: Bool.self) { group in
            for round in 0 ..< 200 {
                let text = texts[round % texts.count]
                group.addTask { (try? cache.document(for: text).get()) != nil }
            }
            for await ok in group { #expect(ok) }
        }
        let stats = cache.statistics
        #expect(stats.hits + stats.misses == 200)
        #expect(cache.count == 8)
    }
}

extension Result where Failure == DocumentCache.Failure {
    var failureErrors: [GraphQLError]? {
        if case .failure(let failure) = self { return failure.errors }
        return nil
    }
}
