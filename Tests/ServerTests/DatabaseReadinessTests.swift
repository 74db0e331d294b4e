import Foundation
import Logging
import Postgres
import QuarryTestSupport
import TestDatabaseSupport
import Testing

@testable import Server

@Suite("readyz against PostgreSQL")
struct DatabaseReadinessTests {
    @Test("not ready while a migration is pending, ready once applied; unreachable database is not ready")
    func readiness() async throws {
        let admin = try await TestDatabases.sharedPool()
        let name = "quarry_ready_\(UInt32.random(in: 0...UInt32.max))"
        _ = try await admin.execute(SQL(unsafeSQL: "CREATE DATABASE \(name)"))
        let migrations = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: migrations, withIntermediateDirectories: true)
        try "CREATE TABLE readiness_probe (id int);".write(
            to: migrations.appendingPathComponent("0001_readiness_probe.sql"), atomically: true, encoding: .utf8
        )
        var configuration = try PostgresConfiguration(url: try TestDatabases.clusterURL())
        configuration.database = name
        configuration.poolSize = 1
        let pool = PostgresPool(configuration: configuration)
        let migrator = PostgresMigrator(directory: migrations.path)
        let readiness = DatabaseReadiness(pool: pool, migrator: migrator)

        #expect(await readiness.check() == .notReady(reason: "migrations pending: 0001_readiness_probe"))
        _ = try await migrator.migrate(on: pool)
        #expect(await readiness.check() == .ready)

        pool.shutdown()
        try? FileManager.default.removeItem(at: migrations)
        _ = try await admin.execute(SQL(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)"))

        var unreachable = configuration
        unreachable.port = 1
        unreachable.connectTimeout = .seconds(1)
        unreachable.poolWaitTimeout = .seconds(1)
        let down = DatabaseReadiness(pool: PostgresPool(configuration: unreachable), migrator: migrator)
        guard case .notReady(let reason) = await down.check() else {
            Issue.record("an unreachable database must not be ready")
            return
        }
        #expect(reason.hasPrefix("database unreachable: "))
    }
}
