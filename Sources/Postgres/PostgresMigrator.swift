import Foundation
import Logging

/// Applies `NNNN_name.sql` files from a directory in version order, each in its own
/// transaction, and records them in `quarry_migrations(version, name, checksum, applied_at)`.
///
/// - Safe to run from several instances at once: the whole run holds a session-level
///   `pg_advisory_lock`, so a second migrator waits, then finds everything applied.
/// - Idempotent: applied versions are skipped; a second run applies nothing.
/// - An applied file whose content changed is an error (`DATABASE_MIGRATION_FAILED`),
///   as is a malformed file name or a duplicate version. Fix forward with a new file.
/// - A file runs as one simple-protocol script inside `BEGIN … COMMIT`, so it may hold
///   several statements but no transaction control and nothing that refuses to run in a
///   transaction (e.g. `CREATE INDEX CONCURRENTLY`).
public struct PostgresMigrator: Sendable {
    /// One migration file.
    public struct Migration: Sendable, Equatable {
        public let version: Int
        public let name: String
        public let sql: String
    }

    public let directory: String
    private let logger: Logger
    /// The advisory lock key all Quarry migrators agree on.
    static let lockKey = 7_372_616_579_601_003

    /// `directory` is e.g. `<repo>/db/migrations`.
    public init(directory: String, logger: Logger = Logger(label: "quarry.postgres.migrator")) {
        self.directory = directory
        self.logger = logger
    }

    /// Reads and orders the migration files. Files not ending in `.sql` are ignored.
    public func loadMigrations() throws -> [Migration] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw PostgresError.migration("cannot read the migrations directory \(directory)")
        }
        var migrations: [Migration] = []
        for file in names.sorted() where file.hasSuffix(".sql") {
            let stem = file.dropLast(4)
            guard let underscore = stem.firstIndex(of: "_"), let version = Int(stem[..<underscore]),
                !stem[stem.index(after: underscore)...].isEmpty
            else {
                throw PostgresError.migration("migration file \(file) must be named NNNN_name.sql")
            }
            if let existing = migrations.first(where: { $0.version == version }) {
                throw PostgresError.migration("migration version \(version) is used twice (\(existing.name) and \(stem))")
            }
            guard let sql = try? String(contentsOfFile: "\(directory)/\(file)", encoding: .utf8) else {
                throw PostgresError.migration("cannot read migration file \(file) as UTF-8")
            }
            migrations.append(Migration(version: version, name: String(stem), sql: sql))
        }
        return migrations.sorted { $0.version < $1.version }
    }

    /// Applies the pending migrations; returns those applied by this call.
    @discardableResult
    public func migrate(on pool: PostgresPool) async throws -> [Migration] {
        let migrations = try loadMigrations()
        return try await pool.withConnection { connection in
            _ = try await connection.execute("SELECT pg_advisory_lock(\(Self.lockKey))")
            do {
                let applied = try await apply(migrations, on: connection)
                _ = try await connection.execute("SELECT pg_advisory_unlock(\(Self.lockKey))")
                return applied
            } catch {
                if connection.isUsable {
                    _ = try? await connection.execute("SELECT pg_advisory_unlock(\(Self.lockKey))")
                }
                throw error
            }
        }
    }

    private func apply(_ migrations: [Migration], on connection: PostgresConnection) async throws -> [Migration] {
        try await connection.executeScript(
            unsafeSQL: """
                CREATE TABLE IF NOT EXISTS quarry_migrations (
                    version integer PRIMARY KEY,
                    name text NOT NULL,
                    checksum text NOT NULL,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """
        )
        var recorded: [Int: String] = [:]
        for row in try await connection.query("SELECT version, checksum FROM quarry_migrations") {
            recorded[try row.decode("version", as: Int.self)] = try row.decode("checksum", as: String.self)
        }
        var applied: [Migration] = []
        for migration in migrations {
            let checksum = try await connection.query(
                "SELECT encode(sha256(convert_to(\(migration.sql), 'UTF8')), 'hex') AS checksum"
            )[0].decode("checksum", as: String.self)
            if let existing = recorded[migration.version] {
                guard existing == checksum else {
                    throw PostgresError.migration(
                        "migration \(migration.name).sql was changed after it was applied; add a new migration instead"
                    )
                }
                continue
            }
            logger.info("applying migration", metadata: ["migration": "\(migration.name)"])
            do {
                try await connection.withTransaction { tx in
                    try await tx.executeScript(unsafeSQL: migration.sql)
                    _ = try await tx.execute(
                        "INSERT INTO quarry_migrations (version, name, checksum) VALUES (\(migration.version), \(migration.name), \(checksum))"
                    )
                }
            } catch let error as PostgresError where error.code == .serverError {
                var failure = error
                failure.message = "migration \(migration.name).sql failed: \(error.message)"
                failure.code = .migrationFailed
                throw failure
            }
            applied.append(migration)
        }
        return applied
    }
}
