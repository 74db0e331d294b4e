import TestDatabaseSupport
import Testing

@testable import Postgres

@Suite("Transactions")
struct TransactionTests {
    struct Boom: Error {}

    func count(_ pool: PostgresPool, _ table: String) async throws -> Int {
        try await pool.query("SELECT count(*) AS n FROM \(identifier: table)")[0].decode("n", as: Int.self)
    }

    @Test func commitsWhenTheBodyReturns() async throws {
        let pool = try TestDatabases.pool()
        defer { pool.shutdown() }
        let table = TestDatabases.uniqueName("tx_commit")
        _ = try await pool.execute("CREATE TABLE \(identifier: table) (n int)")
        let value = try await pool.withTransaction { tx in
            _ = try await tx.execute("INSERT INTO \(identifier: table) VALUES (\(Int32(1))), (\(Int32(2)))")
            return "done"
        }
        #expect(value == "done")
        #expect(try await count(pool, table) == 2)
    }

    @Test func rollsBackWhenTheBodyThrows() async throws {
        let pool = try TestDatabases.pool(poolSize: 1)
        defer { pool.shutdown() }
        let table = TestDatabases.uniqueName("tx_rollback")
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

    @Test func connectionLeftInATransactionIsNotReused() async throws {
        let pool = try TestDatabases.pool(poolSize: 1)
        defer { pool.shutdown() }
        let table = TestDatabases.uniqueName("tx_left_open")
        _ = try await pool.execute("CREATE TABLE \(identifier: table) (n int)")
        let firstBackend = try await pool.withConnection { connection in
            try await connection.executeScript(unsafeSQL: "BEGIN")
            _ = try await connection.execute("INSERT INTO \(identifier: table) VALUES (1)")
            return try await connection.query("SELECT pg_backend_pid() AS pid")[0].decode("pid", as: Int.self)
        }
        let (backend, rows) = try await pool.withConnection { connection in
            let pid = try await connection.query("SELECT pg_backend_pid() AS pid")[0].decode("pid", as: Int.self)
            let n = try await connection.query("SELECT count(*) AS n FROM \(identifier: table)")[0].decode("n", as: Int.self)
            return (pid, n)
        }
        #expect(backend != firstBackend)
        #expect(rows == 0)
    }

    @Test func nestedTransactionsUseSavepoints() async throws {
        let pool = try TestDatabases.pool()
        defer { pool.shutdown() }
        let table = TestDatabases.uniqueName("tx_nested")
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
