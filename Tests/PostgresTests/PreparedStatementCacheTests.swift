import Testing

@testable import Postgres

@Suite("Prepared statement cache")
struct PreparedStatementCacheTests {
    @Test func namesAreUniqueAndKeyedByTextAndTypes() {
        var cache = PreparedStatementCache(capacity: 2)
        let byInt = PreparedStatementCache.Key(text: "SELECT $1", types: [PostgresDataType.int8.rawValue])
        let byText = PreparedStatementCache.Key(text: "SELECT $1", types: [PostgresDataType.text.rawValue])
        let first = cache.makeName()
        cache.insert(first, binaryResults: true, for: byInt)
        #expect(cache.entry(for: byInt)?.name == first)
        #expect(cache.entry(for: byInt)?.binaryResults == true)
        #expect(cache.entry(for: byText) == nil)
        let second = cache.makeName()
        #expect(second != first)
        cache.insert(second, binaryResults: false, for: byText)
        #expect(cache.isFull)
        cache.remove(byInt)
        #expect(cache.entry(for: byInt) == nil)
        #expect(!cache.isFull)
    }
}
