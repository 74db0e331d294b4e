import Testing

@testable import Postgres

@Suite("Transactions")
struct TransactionTests {
    struct Boom: Error {}

    func count(_ pool: PostgresPool, _ table: String) async throws -> Int {
        try await pool.query("SELECT count(*) AS n FROM \(identifier: table)")[0].decode("n", as: Int.self)
    }

    @Test func commitsWhenTheBodyReturns() async throws {
        let pool = try TestDatabase.pool()
        defer { pool.shutdown() }
        let table = TestDatabase.uniqueName("tx_commit")
        _ = try await pool.execute("CREATE TABLE \(identifier: table) (n int)")
        let value = try await pool.withTransaction { tx in
            _ = try await tx.execute("INSERT INTO \(identifier: table) VALUES (\(Int32(1))), (\(Int32(2)))")
            return "done"
        }
        #expect(value == "done")
        #expect(try await count(pool, table) == 2)
    }

    @Test func rollsBackWhenTheBodyThrows() async throws {
        let pool = try TestDatabase.pool(poolSize: 1)
        defer { pool.shutdown() }
        let table = TestDatabase.uniqueName("tx_rollback")
        _ = try await pool.execute("CREATE TABLE \(identifier: table) (n int)")
        await #expect(throws: Boom.self) {
            try await pool.withTransaction { tx in
                _ = try await tx.execute("INSERT INTO \(identifier: table) VALUES (1)")
                throw Boom()
            }
        }
        #expect(try await count(pool, table) == 0)
        // A failing statement aborts the transaction; the rollback makes the (only) connection
        // usable again, as the count below shows (an aborted transaction would refuse it).
        await #expect(throws: PostgresError.self) {
            try await pool.withTransaction { tx in
                _ = try await tx.execute("INSERT INTO \(identifier: table) VALUES (1)")
                _ = try await tx.execute("INSERT INTO \(identifier: table) VALUES (\("not a number"))")
            }
        }
        #expect(try await count(pool, table) == 0)
    }

    @Test func nestedTransactionsUseSavepoints() async throws {
        let pool = try TestDatabase.pool()
        defer { pool.shutdown() }
        let table = TestDatabase.uniqueName("tx_nested")
        _ = try await pool.execute("CREATE TABLE \(identifier: table) (n int)")
        try await pool.withTransaction { tx in
            _ = try await tx.execute("INSERT INTO \(identifier: table) VALUES (1)")
            do {
                try await tx.withTransaction { inner in
                    _ = try await inner.execute("INSERT INTO \(identifier: table) VALUES (2)")
                    throw Boom()
                }
            } catch is Boom {}
            try await tx.withTransaction { inner in
                _ = try await inner.execute("INSERT INTO \(identifier: table) VALUES (3)")
            }
        }
        let values = try await pool.query("SELECT n FROM \(identifier: table) ORDER BY n").map { try $0.decode("n", as: Int.self) }
        #expect(values == [1, 3])
    }
}
