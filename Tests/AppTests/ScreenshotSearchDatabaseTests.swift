import Postgres
import QuarryTestSupport
import ScreenCache
import TestDatabaseSupport
import Testing

/// `ScreenshotSearch.condition` run by PostgreSQL over a table of annotations: which rows each
/// search keeps (seed `screen-cache.md`, search story: whole words, case-insensitive), and that
/// injection-looking input stays data.
@Suite("Screenshot search in PostgreSQL")
struct ScreenshotSearchDatabaseTests {
    static let annotations: [(id: Int, annotation: String?)] = [
        (1, "A cat on the sofa"),
        (2, "The dog and the CAT"),
        (3, "Dog walking in the park"),
        (4, "Cats everywhere"),
        (5, "Café menu, don't forget"),
        (6, "Error: a' | b & !c:* in the log"),
        (7, nil),
        (8, "Receipt 2024 — well-known shop"),
    ]

    @Test("searches keep exactly the matching annotations", arguments: [
        ("cat", [1, 2]),
        ("CAT", [1, 2]),
        ("cats", [4]),
        ("cat dog", [2]),
        ("cat+dog", [2]),
        ("cat and dog", [2]),
        ("cat,dog", [2]),
        ("cat or dog", [1, 2, 3]),
        ("dog -cat", [3]),
        ("dog not cat", [3]),
        ("-cat", [3, 4, 5, 6, 7, 8]),
        ("cat dog or park", [2, 3]),
        ("not dog or sofa", [1, 4, 5, 6, 7, 8]),
        ("not not cat", [1, 2]),
        ("CAFÉ", [5]),
        ("don't", [5]),
        ("2024", [8]),
        ("known", [8]),
        ("the", [1, 2, 3, 6]),
        ("a' | b & !c:*", [6]),
        ("x'); DELETE FROM annotations; --", []),
        ("cat or", [1, 2]),
        ("sofa or -", [1]),
        ("park & (dog | cat)", []),  // parentheses are punctuation (AND), not grouping
    ])
    func matches(query: String, expected: [Int]) async throws {
        let pool = try await TestDatabases.sharedPool()
        // A temporary table dropped at the end of the transaction (or by its rollback on failure).
        let ids = try await pool.withTransaction { connection in
            try await connection.executeScript(
                unsafeSQL: "CREATE TEMP TABLE annotations (id int PRIMARY KEY, annotation text) ON COMMIT DROP")
            for row in Self.annotations {
                _ = try await connection.execute("INSERT INTO annotations (id, annotation) VALUES (\(row.id), \(row.annotation))")
            }
            let condition = try #require(ScreenshotSearch.condition(column: "annotation", query: query))
            let rows = try await connection.query("SELECT id FROM annotations WHERE \(condition) ORDER BY id")
            let total = try await connection.query("SELECT count(*) AS n FROM annotations")
            #expect(try total[0].decode("n", as: Int.self) == Self.annotations.count)
            return try rows.map { try $0.decode("id", as: Int.self) }
        }
        #expect(ids == expected, "\(query)")
    }

    @Test("PostgreSQL accepts the tsquery of 2,000 random criteria, each keyword as one lexeme")
    func randomQueriesAreValidTsqueries() async throws {
        let pool = try await TestDatabases.sharedPool()
        let expressions = ScreenshotSearchFuzzTests.randomCriteria(count: 2_000, seed: 9).compactMap(ScreenshotSearch.parse)
        #expect(expressions.count > 1_000)
        for expression in expressions {
            let rows = try await pool.query("SELECT numnode(to_tsquery('simple', \(expression.tsquery))) AS nodes")
            // A keyword, NOT and each AND/OR is one node: nothing was dropped, split or added.
            #expect(try rows[0].decode("nodes", as: Int.self) == expression.nodeCount, "\(expression)")
        }
    }
}

extension ScreenshotSearch.Expression {
    var nodeCount: Int {
        switch self {
        case .keyword: 1
        case .not(let operand): 1 + operand.nodeCount
        case .and(let left, let right), .or(let left, let right): 1 + left.nodeCount + right.nodeCount
        }
    }
}
