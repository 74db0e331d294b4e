import Foundation
import TestDatabaseSupport
import Testing

@testable import Postgres

@Suite("Migrator")
struct MigratorTests {
    /// Each test migrates its own database, so the shared `quarry_migrations` table and
    /// the advisory lock are not shared with tests running in parallel.
    func freshDatabase() async throws -> (PostgresPool, String) {
        let admin = try TestDatabases.pool(poolSize: 1)
        defer { admin.shutdown() }
        let name = TestDatabases.uniqueName("migrate")
        try await admin.withConnection { connection in
            try await connection.executeScript(unsafeSQL: "CREATE DATABASE \(SQL.quoteIdentifier(name))")
        }
        var configuration = try TestDatabases.configuration(poolSize: 3)
        configuration.database = name
        return (PostgresPool(configuration: configuration), name)
    }

    func directory(_ files: [String: String]) throws -> String {
        let path = NSTemporaryDirectory() + TestDatabases.uniqueName("migrations")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, content) in files {
            try content.write(toFile: "\(path)/\(name)", atomically: true, encoding: .utf8)
        }
        return path
    }

    let files = [
        "0001_create_people.sql": "CREATE TABLE people (id serial PRIMARY KEY, name text NOT NULL);",
        "0002_add_email.sql": """
            ALTER TABLE people ADD COLUMN email text;
            INSERT INTO people (name, email) VALUES ('first', 'first@example.com');
            """,
        "README.md": "not a migration",
    ]

    @Test func appliesInOrderOnceAndRecordsThem() async throws {
        let (pool, _) = try await freshDatabase()
        defer { pool.shutdown() }
        let path = try directory(files)
        let migrator = PostgresMigrator(directory: path)
        let first = try await migrator.migrate(on: pool)
        #expect(first.map(\.version) == [1, 2])
        let second = try await migrator.migrate(on: pool)
        #expect(second.isEmpty)
        let recorded = try await pool.query("SELECT version, name, checksum, applied_at FROM quarry_migrations ORDER BY version")
        #expect(try recorded.map { try $0.decode("name", as: String.self) } == ["0001_create_people", "0002_add_email"])
        #expect(try recorded[0].decode("checksum", as: String.self).count == 64)
        #expect(try await pool.query("SELECT count(*) AS n FROM people")[0].decode("n", as: Int.self) == 1)

        try "SELECT 1;".write(toFile: "\(path)/0003_noop.sql", atomically: true, encoding: .utf8)
        #expect(try await migrator.migrate(on: pool).map(\.name) == ["0003_noop"])
    }

    @Test func aChangedAppliedFileIsAnError() async throws {
        let (pool, _) = try await freshDatabase()
        defer { pool.shutdown() }
        let path = try directory(files)
        let migrator = PostgresMigrator(directory: path)
        try await migrator.migrate(on: pool)
        try "CREATE TABLE people (id bigserial PRIMARY KEY);".write(
            toFile: "\(path)/0001_create_people.sql", atomically: true, encoding: .utf8
        )
        let error = try await #require(throws: PostgresError.self) { try await migrator.migrate(on: pool) }
        #expect(error.code == .migrationFailed)
        #expect(error.message.contains("0001_create_people.sql was changed"))
    }

    @Test func aFailingMigrationIsRolledBackAndNotRecorded() async throws {
        let (pool, _) = try await freshDatabase()
        defer { pool.shutdown() }
        let path = try directory([
            "0001_ok.sql": "CREATE TABLE kept (n int);",
            "0002_broken.sql": "CREATE TABLE half (n int); INSERT INTO half VALUES ('nope');",
        ])
        let error = try await #require(throws: PostgresError.self) { try await PostgresMigrator(directory: path).migrate(on: pool) }
        #expect(error.code == .migrationFailed)
        #expect(error.message.contains("0002_broken.sql failed"))
        let versions = try await pool.query("SELECT version FROM quarry_migrations").map { try $0.decode("version", as: Int.self) }
        #expect(versions == [1])
        #expect(try await pool.query("SELECT to_regclass('half') IS NULL AS gone")[0].decode("gone", as: Bool.self))
    }

    @Test func malformedNamesAndDuplicateVersionsAreErrors() throws {
        let badName = try directory(["create.sql": "SELECT 1;"])
        #expect(throws: PostgresError.self) { try PostgresMigrator(directory: badName).loadMigrations() }
        let duplicate = try directory(["0001_a.sql": "SELECT 1;", "001_b.sql": "SELECT 2;"])
        let error = try #require(throws: PostgresError.self) { try PostgresMigrator(directory: duplicate).loadMigrations() }
        #expect(error.message.contains("used twice"))
        #expect(throws: PostgresError.self) { try PostgresMigrator(directory: "/nonexistent/migrations").loadMigrations() }
    }

    @Test func concurrentMigratorsApplyEachMigrationOnce() async throws {
        let (pool, _) = try await freshDatabase()
        defer { pool.shutdown() }
        let path = try directory([
            "0001_slow.sql": "CREATE TABLE slow (n int); SELECT pg_sleep(0.3);",
            "0002_more.sql": "INSERT INTO slow VALUES (1);",
        ])
        let configuration = pool.configuration
        let applied = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    let own = PostgresPool(configuration: configuration)
                    defer { own.shutdown() }
                    return try await PostgresMigrator(directory: path).migrate(on: own).count
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(applied.sorted() == [0, 0, 2])
        #expect(try await pool.query("SELECT count(*) AS n FROM slow")[0].decode("n", as: Int.self) == 1)
    }
}
