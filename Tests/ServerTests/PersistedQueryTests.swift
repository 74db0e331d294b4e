import App
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Postgres
import QuarryTestSupport
import TestDatabaseSupport
import Testing

@testable import Server

/// Automatic persisted queries (Apollo's protocol) over `/graphql`, stored in
/// PostgreSQL for every instance.
@Suite("Automatic persisted queries", .timeLimit(.minutes(3)))
struct PersistedQueryTests {
    typealias R = PersistedRequests

    @Test("an unknown hash is PersistedQueryNotFound: 200 with either media type, not cacheable")
    func miss() async throws {
        let hash = DocumentHash.sha256(R.uniqueQuery("Miss"))
        try await makeTestApplication().test(.router) { client in
            for headers in [R.json, R.graphQLResponse] {
                try await client.postGraphQL(R.apqBody(hash: hash), headers: headers) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.cacheControl] == "private, no-cache, must-revalidate")
                    #expect(response.errorCode == "PERSISTED_QUERY_NOT_FOUND")
                    #expect(response.graphQL.messages.first == "PersistedQueryNotFound")
                    #expect(response.graphQL["data"] == nil)
                }
            }
            try await client.getGraphQL(R.apqGET(hash: hash)) { response in
                #expect(response.status == .ok)
                #expect(response.errorCode == "PERSISTED_QUERY_NOT_FOUND")
            }
        }
    }

    @Test("hash with text registers the document; the hash alone then runs it, over POST and GET")
    func registerThenHit() async throws {
        let query = R.uniqueQuery("Hit")
        let hash = DocumentHash.sha256(query)
        try await makeTestApplication().test(.router) { client in
            try await client.postGraphQL(R.apqBody(hash: hash)) { #expect($0.errorCode == "PERSISTED_QUERY_NOT_FOUND") }
            try await client.postGraphQL(R.apqBody(hash: hash, query: query)) { #expect($0.ranPing, "\($0.text)") }
            try await client.postGraphQL(R.apqBody(hash: hash), headers: R.graphQLResponse) {
                #expect($0.status == .ok)
                #expect($0.ranPing, "\($0.text)")
            }
            try await client.getGraphQL(R.apqGET(hash: hash, extra: "&variables=%7B%7D")) {
                #expect($0.status == .ok)
                #expect($0.ranPing, "\($0.text)")
            }
            // Upper-case hex names the same document.
            try await client.postGraphQL(R.apqBody(hash: hash.uppercased())) { #expect($0.ranPing, "\($0.text)") }
        }
    }

    @Test("a persisted mutation over GET is still 405; over POST it runs")
    func mutationOverGET() async throws {
        let mutation = "mutation Apq\(UUID().uuidString.prefix(8).replacingOccurrences(of: "-", with: "")) { logOut }"
        let hash = DocumentHash.sha256(mutation)
        try await makeTestApplication().test(.router) { client in
            try await client.postGraphQL(R.apqBody(hash: hash, query: mutation)) {
                #expect($0.errorCode == "UNAUTHENTICATED", "\($0.text)")
            }
            try await client.getGraphQL(R.apqGET(hash: hash)) {
                #expect($0.status == .methodNotAllowed)
                #expect($0.headers[.allow] == "POST")
            }
        }
    }

    @Test("a hash that does not match its text is refused and nothing is stored")
    func hashMismatch() async throws {
        let (query, other) = (R.uniqueQuery("Mismatch"), R.uniqueQuery("Other"))
        let (hash, otherHash) = (DocumentHash.sha256(query), DocumentHash.sha256(other))
        try await makeTestApplication().test(.router) { client in
            try await client.postGraphQL(R.apqBody(hash: hash, query: other), headers: R.graphQLResponse) {
                #expect($0.status == .badRequest)
                #expect($0.errorCode == "PERSISTED_QUERY_HASH_MISMATCH")
                #expect($0.text.contains("provided sha does not match query"))
            }
            try await client.postGraphQL(R.apqBody(hash: hash, query: other)) {
                #expect($0.status == .ok)
                #expect($0.errorCode == "PERSISTED_QUERY_HASH_MISMATCH")
            }
            for unknown in [hash, otherHash] {
                try await client.postGraphQL(R.apqBody(hash: unknown)) { #expect($0.errorCode == "PERSISTED_QUERY_NOT_FOUND") }
            }
        }
        #expect(try await Self.storedCount([hash, otherHash], in: TestDatabases.sharedPool()) == 0)
    }

    @Test("a document that does not parse or validate is not stored")
    func invalidNotStored() async throws {
        let broken = "query Broken\(UUID().uuidString.prefix(8).replacingOccurrences(of: "-", with: "")) { ping"
        let invalid = "query Invalid\(UUID().uuidString.prefix(8).replacingOccurrences(of: "-", with: "")) { noSuchField }"
        try await makeTestApplication().test(.router) { client in
            for (text, code) in [(broken, "GRAPHQL_PARSE_FAILED"), (invalid, "GRAPHQL_VALIDATION_FAILED")] {
                let hash = DocumentHash.sha256(text)
                try await client.postGraphQL(R.apqBody(hash: hash, query: text)) { #expect($0.errorCode == code, "\($0.text)") }
                try await client.postGraphQL(R.apqBody(hash: hash)) { #expect($0.errorCode == "PERSISTED_QUERY_NOT_FOUND") }
            }
        }
        let hashes = [broken, invalid].map(DocumentHash.sha256)
        #expect(try await Self.storedCount(hashes, in: TestDatabases.sharedPool()) == 0)
    }

    @Test("another version, a malformed hash or extension is a coded request error")
    func malformed() async throws {
        let hash = DocumentHash.sha256("{ ping }")
        try await makeTestApplication().test(.router) { client in
            try await client.postGraphQL(R.apqBody(hash: hash, query: "{ ping }", version: 2), headers: R.graphQLResponse) {
                #expect($0.status == .badRequest)
                #expect($0.errorCode == "PERSISTED_QUERY_VERSION_NOT_SUPPORTED")
            }
            for body in [
                R.apqBody(hash: "abc"), R.apqBody(hash: String(repeating: "g", count: 64)),
                R.body(["extensions": ["persistedQuery": "yes"]]),
                R.body(["extensions": ["persistedQuery": ["version": 1]]]),
            ] {
                try await client.postGraphQL(body, headers: R.graphQLResponse) {
                    #expect($0.status == .badRequest)
                    #expect($0.errorCode == "BAD_REQUEST", "\(body): \($0.text)")
                }
            }
        }
    }

    @Test("a second instance on the same database finds a hash the first stored; a hash in memory costs no SQL")
    func sharedAcrossInstances() async throws {
        let query = R.uniqueQuery("Shared")
        let hash = DocumentHash.sha256(query)
        let first = try await makeTestApplication()
        let second = try await TestServer.start().components
        try await first.test(.router) { client in
            try await client.postGraphQL(R.apqBody(hash: hash, query: query)) { #expect($0.ranPing, "\($0.text)") }
        }
        let logger = Logger(label: "quarry.test")
        let (cold, coldStatements) = await StatementCounter.counting {
            await second.graphQL.prepare(.persistedQuery(hash: hash, text: nil), operationName: nil, logger: logger)
        }
        #expect((try? cold.get()) != nil)
        #expect(coldStatements == 1)
        let (warm, warmStatements) = await StatementCounter.counting {
            await second.graphQL.prepare(.documentID(hash: hash), operationName: nil, logger: logger)
        }
        #expect((try? warm.get()) != nil)
        #expect(warmStatements == 0)
    }

    @Test("registering a hash the instance already holds writes nothing again")
    func registerTwice() async throws {
        let query = R.uniqueQuery("Twice")
        let hash = DocumentHash.sha256(query)
        let components = try await TestServer.start().components
        let logger = Logger(label: "quarry.test")
        var statements: [Int] = []
        for _ in 0..<2 {
            let (prepared, count) = await StatementCounter.counting {
                await components.graphQL.prepare(.persistedQuery(hash: hash, text: query), operationName: nil, logger: logger)
            }
            #expect((try? prepared.get()) != nil)
            statements.append(count)
        }
        // The first registration inserts, then enforces the bound.
        #expect(statements == [2, 0])
    }

    @Test("the table keeps at most QUARRY_PERSISTED_QUERIES_MAX documents, evicting the least recently used")
    func bounded() async throws {
        // A database of its own, so that no other test's registrations count, and a bound of 3
        // (instead of the shipped 10,000) so that the test registers a handful of documents.
        let (_, pool) = try await TestDatabases.migrated(prefix: "quarry_apq")
        defer { pool.shutdown() }
        let environment = ["QUARRY_PERSISTED_QUERIES_MAX": "3"]
        let writer = try await TestServer.start(environment: environment, database: pool).components
        let reader = try await TestServer.start(environment: environment, database: pool).components
        let logger = Logger(label: "quarry.test")
        let queries = (1...4).map { "query Bounded\($0) { ping }" }
        let hashes = queries.map(DocumentHash.sha256)
        for index in 0..<3 {
            let prepared = await writer.graphQL.prepare(
                .persistedQuery(hash: hashes[index], text: queries[index]), operationName: nil, logger: logger
            )
            #expect((try? prepared.get()) != nil)
        }
        // The reader has nothing in memory: reading the first document marks it used in the table.
        #expect((try? await reader.graphQL.prepare(.documentID(hash: hashes[0]), operationName: nil, logger: logger).get()) != nil)
        _ = await writer.graphQL.prepare(.persistedQuery(hash: hashes[3], text: queries[3]), operationName: nil, logger: logger)
        let stored = try await pool.query("SELECT hash FROM persisted_documents ORDER BY hash").map {
            try $0.decode("hash", as: String.self)
        }
        #expect(stored == [hashes[0], hashes[2], hashes[3]].sorted())
    }

    static func storedCount(_ hashes: [String], in pool: PostgresPool) async throws -> Int {
        let rows = try await pool.query("SELECT count(*)::int AS n FROM persisted_documents WHERE hash = ANY(\(hashes))")
        return try rows[0].decode("n", as: Int.self)
    }
}
