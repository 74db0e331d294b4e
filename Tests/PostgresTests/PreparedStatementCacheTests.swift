import Testing

@testable import Postgres

@Suite("Prepared statement cache")
struct PreparedStatementCacheTests {
    @Test func namesAreUniqueAndKeyedByTextAndTypes() {
        var cache = PreparedStatementCache(capacity: 2)
        let byInt = PreparedStatementCache.Key(text: "SELECT $1", types: [PostgresDataType.int8.rawValue])
        let byText = PreparedStatementCache.Key(text: "SELECT $1", types: [PostgresDataType.text.rawValue])
        let first = cache.makeName()
        cache.insert(first, for: byInt)
        #expect(cache.name(for: byInt) == first)
        #expect(cache.name(for: byText) == nil)
        let second = cache.makeName()
        #expect(second != first)
        cache.insert(second, for: byText)
        #expect(cache.isFull)
        cache.remove(byInt)
        #expect(cache.name(for: byInt) == nil)
        #expect(!cache.isFull)
    }
}
