import Postgres

/// `GET /readyz` for Quarry: the database answers, and every migration file
/// of `QUARRY_MIGRATIONS_DIR` is recorded as applied.
struct DatabaseReadiness: ReadinessCheck {
    let pool: PostgresPool
    let migrator: PostgresMigrator

    func check() async -> Readiness {
        do {
            try await pool.checkReady()
        } catch {
            return .notReady(reason: "database unreachable: \(error)")
        }
        do {
            let expected = try migrator.loadMigrations()
            let applied = try await appliedVersions()
            let pending = expected.filter { !applied.contains($0.version) }.map(\.name)
            guard pending.isEmpty else {
                return .notReady(reason: "migrations pending: " + pending.joined(separator: ", "))
            }
            return .ready
        } catch {
            return .notReady(reason: "cannot read the migration state: \(error)")
        }
    }

    /// Versions recorded by the migrator; none when its table does not exist yet.
    private func appliedVersions() async throws -> Set<Int> {
        let table = try await pool.query("SELECT to_regclass('quarry_migrations') IS NOT NULL AS present")
        guard try table.first?.decode("present", as: Bool.self) == true else { return [] }
        let rows = try await pool.query("SELECT version FROM quarry_migrations")
        return Set(try rows.map { try $0.decode("version", as: Int.self) })
    }
}
