import AppCore
import CommonTestSupport
import Foundation
import Logging
import Postgres
import QuarryTestSupport
import ServiceLifecycle
import Synchronization
import TestDatabaseSupport
import Testing

@testable import Server

/// Runs a job's closure counted, across the tasks of two runners.
private final class RunCounter: Sendable {
    private let count = Atomic<Int>(0)
    func increment() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// What a failing job throws.
private struct DiskFull: Error, CustomStringConvertible {
    var description: String { "the disk is full" }
}

/// The scheduled jobs (issue 13 "Scheduled jobs"): each shipped job's work, the record of every run, a failure
/// that stops no other job, one run per period across instances racing for it, `jobRuns` for ADMIN, and a
/// runner that stops at once on graceful shutdown. The jobs act on whole tables, so each test has a database
/// of its own.
@Suite("Scheduled jobs")
struct JobRunnerTests {
    static let logger = Logger(label: "quarry.test.jobs")

    static func runner(_ jobs: [ScheduledJob], pool: PostgresPool, tick: Duration = JobsConfiguration.shippedTick) -> JobRunner {
        JobRunner(jobs: jobs, pool: pool, logger: logger, tick: tick)
    }

    /// `(name, rows_affected, error, finished)` of every run, by name.
    static func runs(_ pool: PostgresPool) async throws -> [(String, Int?, String?, Bool)] {
        try await pool.query("""
            SELECT name, rows_affected, error, finished_at IS NOT NULL AS finished FROM job_runs ORDER BY name, started_at
            """).map {
            (
                try $0.decode("name", as: String.self), try $0.decode("rows_affected", as: Int?.self),
                try $0.decode("error", as: String?.self), try $0.decode("finished", as: Bool.self)
            )
        }
    }

    static func count(_ sql: SQL, _ pool: PostgresPool) async throws -> Int {
        try await pool.query(sql)[0].decode("n", as: Int.self)
    }

    /// A name shaped like a SHA-256 (64 hex digits), for files the store holds.
    static func contentName() -> String {
        (UUID().uuidString + UUID().uuidString).replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// Puts a file named `name` in `store`, written `age` ago.
    static func storeFile(_ name: String, in store: FileSystemMediaStore, age: Duration) async throws {
        let source = TestService.temporaryPath()
        try Data(name.utf8).write(to: URL(fileURLWithPath: source))
        defer { try? FileManager.default.removeItem(atPath: source) }
        try await store.put(contentsOf: source, sha256: name)
        try setAge(age, of: store.path(of: name))
    }

    static func setAge(_ age: Duration, of path: String) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-age.inSeconds)], ofItemAtPath: path
        )
    }

    @Test("one tick runs the shipped jobs: old events archived, old sent mail purged, old orphaned files removed; each run recorded")
    func shippedJobs() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "jobs")
        defer { pool.shutdown() }
        let service = try await TestService.start(database: pool)
        let owner = try await service.signUp("owner")

        // The event log: older than 60 days moves, younger stays.
        _ = try await pool.execute("""
            INSERT INTO event_log (type, at) VALUES ('LOGIN', now() - interval '61 days'), ('LOGIN', now() - interval '59 days')
            """)
        // The outbox: sent over 30 days ago goes; sent more recently, or never sent however old, stays.
        _ = try await pool.execute("""
            INSERT INTO mail_outbox (kind, recipient, subject, body_text, created_at, sent_at) VALUES
                ('test', 'a@example.com', 'old', 'x', now() - interval '40 days', now() - interval '31 days'),
                ('test', 'a@example.com', 'recent', 'x', now() - interval '40 days', now() - interval '29 days'),
                ('test', 'a@example.com', 'unsent', 'x', now() - interval '40 days', NULL)
            """)
        // The store, with the shipped grace of an hour: an old file a medium names stays, an old orphan and an
        // interrupted copy's old leftover go, an orphan younger than the grace (an upload in flight) stays.
        let store = FileSystemMediaStore(directory: TestService.temporaryPath("media"))
        let named = Self.contentName(), orphan = Self.contentName(), fresh = Self.contentName(), cut = Self.contentName()
        try await Self.storeFile(named, in: store, age: .seconds(7_200))
        try await Self.storeFile(orphan, in: store, age: .seconds(7_200))
        try await Self.storeFile(fresh, in: store, age: .zero)
        try await Self.storeFile(cut, in: store, age: .zero)
        let leftover = store.path(of: cut) + ".partial-" + UUID().uuidString
        try FileManager.default.moveItem(atPath: store.path(of: cut), toPath: leftover)
        try Self.setAge(.seconds(7_200), of: leftover)
        _ = try await pool.execute("""
            INSERT INTO media (owner_id, sha256, content_type, byte_size, width, height, kind, visibility)
            VALUES (\(owner.id), \(named), 'image/png', 64, 1, 1, 'SCREENSHOT', 'FRIENDS')
            """)
        // A post deleted 31 days ago and one deleted yesterday (issue 16): the first is purged with its medium.
        _ = try await pool.execute("""
            WITH photos AS (
                INSERT INTO media (owner_id, sha256, content_type, byte_size, width, height, kind, visibility)
                SELECT \(owner.id), name, 'image/jpeg', 64, 200, 200, 'IMAGE', 'PRIVATE'
                FROM unnest(ARRAY[\(Self.contentName())::text, \(Self.contentName())::text]) AS name
                RETURNING id
            )
            INSERT INTO posts (author_id, media_id, deleted_at)
            SELECT \(owner.id), id, now() - CASE WHEN row_number() OVER (ORDER BY id) = 1 THEN interval '31 days' ELSE interval '1 day' END
            FROM photos
            """)
        // Two archived posts (QUARRY_POST_ARCHIVE_DAYS, 180): deleted 181 days ago goes, 179 days ago stays.
        _ = try await pool.execute("""
            INSERT INTO posts_archive (id, author_id, created_at, deleted_at)
            SELECT gen_random_uuid(), \(owner.id), now() - interval '200 days', now() - d * interval '1 day'
            FROM unnest(ARRAY[181, 179]) AS d
            """)

        _ = try await pool.execute("""
            INSERT INTO error_reports (code, message, created_at) VALUES
                ('INTERNAL_SERVER_ERROR', 'old', now() - interval '31 days'), ('INTERNAL_SERVER_ERROR', 'recent', now())
            """)

        let configuration = try ServerConfiguration(environment: [:]).jobs
        let media = MediaServices(store: store, maxUploadBytes: MediaServices.defaultMaxUploadBytes)
        let jobs = ScheduledJobs.shipped(
            configuration: configuration, database: pool, media: media, errorReportsDirectory: TestService.temporaryPath("reports")
        )
        var nextPeriods: [String: ContinuousClock.Instant] = [:]
        await Self.runner(jobs, pool: pool).runDueJobs(nextPeriods: &nextPeriods)

        #expect(try await Self.count("SELECT count(*) AS n FROM event_log WHERE at < now() - interval '60 days'", pool) == 0)
        #expect(try await Self.count("SELECT count(*) AS n FROM event_log WHERE at > now() - interval '60 days'", pool) >= 1)
        #expect(try await Self.count("SELECT count(*) AS n FROM event_log_archive", pool) == 1)
        let subjects = try await pool.query("SELECT subject FROM mail_outbox WHERE kind = 'test' ORDER BY subject").map { try $0.decode("subject", as: String.self) }
        #expect(subjects == ["recent", "unsent"])
        #expect(Set(try await store.entries().map(\.name)) == [named, fresh])
        #expect(try await Self.count("SELECT count(*) AS n FROM error_reports_archive WHERE message = 'old'", pool) == 1)
        #expect(try await Self.count("SELECT count(*) AS n FROM error_reports WHERE message = 'recent'", pool) == 1)
        #expect(try await Self.count("SELECT count(*) AS n FROM posts WHERE author_id = \(owner.id)", pool) == 1)
        #expect(try await Self.count("SELECT count(*) AS n FROM posts_archive WHERE deleted_at < now() - interval '30 days'", pool) == 2,
                "the post purged now, and the one deleted 179 days ago")
        #expect(try await Self.runs(pool).map { "\($0.0) \($0.1.map(String.init) ?? "nil") \($0.2 ?? "ok") \($0.3)" } == [
            "deleted-post-purge 1 ok true", "error-report-archive 1 ok true", "event-log-archive 1 ok true", "mail-outbox-purge 1 ok true",
            "media-orphan-sweep 2 ok true", "post-archive-removal 1 ok true",
        ])
        #expect(Set(nextPeriods.keys) == [
            "deleted-post-purge", "error-report-archive", "event-log-archive", "mail-outbox-purge", "media-orphan-sweep",
            "post-archive-removal",
        ])
    }

    @Test("a failing job records its error and the others still run; a second instance in the same period runs nothing")
    func failureAndOnePerPeriod() async throws {
        let (configuration, pool) = try await TestDatabases.migrated(prefix: "jobs")
        defer { pool.shutdown() }
        let counter = RunCounter()
        let period = JobsConfiguration.shippedPeriod
        let jobs = [
            ScheduledJob(name: "first", period: period) { counter.increment(); return 2 },
            ScheduledJob(name: "broken", period: period) { counter.increment(); throw DiskFull() },
            ScheduledJob(name: "last", period: period) { counter.increment(); return 5 },
        ]
        var nextPeriods: [String: ContinuousClock.Instant] = [:]
        let runner = Self.runner(jobs, pool: pool)
        await runner.runDueJobs(nextPeriods: &nextPeriods)
        let recorded = try await Self.runs(pool).map { "\($0.0) \($0.1.map(String.init) ?? "nil") \($0.2 ?? "ok") \($0.3)" }
        #expect(recorded == ["broken nil the disk is full true", "first 2 ok true", "last 5 ok true"])
        #expect(counter.value == 3)

        // This instance knows the period is done; another instance (its own pool, nothing known) finds the runs.
        #expect(nextPeriods.values.allSatisfy { $0 > .now })
        await runner.runDueJobs(nextPeriods: &nextPeriods)
        let other = PostgresPool(configuration: configuration)
        defer { other.shutdown() }
        var otherPeriods: [String: ContinuousClock.Instant] = [:]
        await Self.runner(jobs, pool: other).runDueJobs(nextPeriods: &otherPeriods)
        #expect(try await Self.runs(pool).count == 3)
        #expect(counter.value == 3)
        #expect(Set(otherPeriods.keys) == ["first", "broken", "last"])
    }

    @Test("two instances racing for a job with a 1-second period run it exactly once per period")
    func twoInstancesRace() async throws {
        let (configuration, poolA) = try await TestDatabases.migrated(prefix: "jobs")
        let poolB = PostgresPool(configuration: configuration)
        defer {
            poolA.shutdown()
            poolB.shutdown()
        }
        let counter = RunCounter()
        // A short period and tick so that several periods pass within the test; the job takes long enough that
        // the other instance ticks while it runs (its lock is taken) and again after (the period's run is there).
        let job = { @Sendable () async throws -> Int in
            try await Task.sleep(for: .milliseconds(150))
            counter.increment()
            return 1
        }
        let runners = [poolA, poolB].map { pool in
            Self.runner([ScheduledJob(name: "race", period: .seconds(1), run: job)], pool: pool, tick: .milliseconds(20))
        }
        let group = ServiceGroup(configuration: .init(services: runners, logger: Self.logger))
        let running = Task { try await group.run() }
        try await waitUntil {
            try await Self.count("SELECT count(*) AS n FROM job_runs WHERE finished_at IS NOT NULL", poolA) >= 3
        }
        await group.triggerGracefulShutdown()
        try await withTimeout { try await running.value }

        let row = try await poolA.query("""
            SELECT count(*) AS runs, count(DISTINCT floor(extract(epoch FROM started_at))) AS periods,
                   count(*) FILTER (WHERE finished_at IS NOT NULL AND rows_affected = 1) AS done
            FROM job_runs WHERE name = 'race'
            """)[0]
        let runs = try row.decode("runs", as: Int.self)
        #expect(runs >= 3)
        #expect(try row.decode("periods", as: Int.self) == runs)
        #expect(try row.decode("done", as: Int.self) == runs)
        #expect(counter.value == runs)
    }

    @Test("graceful shutdown ends the runner's wait for its next tick at once")
    func stopsPromptly() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "jobs")
        defer { pool.shutdown() }
        let runner = Self.runner([ScheduledJob(name: "once", period: JobsConfiguration.shippedPeriod) { 0 }], pool: pool)
        let group = ServiceGroup(configuration: .init(services: [runner], logger: Self.logger))
        let running = Task { try await group.run() }
        try await waitUntil { try await Self.count("SELECT count(*) AS n FROM job_runs WHERE finished_at IS NOT NULL", pool) == 1 }
        let asked = ContinuousClock.now
        await group.triggerGracefulShutdown()
        try await withTimeout(.seconds(40)) { try await running.value }
        // The shipped tick is a minute; the runner returned without waiting for it. The bound is half
        // the tick, not a few seconds: under `make test`'s parallel suites on 2 cores the shutdown
        // itself once took 6.3 s, and a runner that waited for its tick would take about 60 s.
        #expect(ContinuousClock.now - asked < .seconds(30))
    }

    @Test("jobRuns: newest first, narrowed by name, in pages; ADMIN only")
    func jobRunsOverGraphQL() async throws {
        let (_, pool) = try await TestDatabases.migrated(prefix: "jobs")
        defer { pool.shutdown() }
        let service = try await TestService.start(database: pool)
        let admin = try await service.signUp("boss", role: .admin)
        let user = try await service.signUp("member")
        _ = try await pool.execute("""
            INSERT INTO job_runs (name, started_at, finished_at, rows_affected, error) VALUES
                ('event-log-archive', now() - interval '2 days', now() - interval '2 days', 7, NULL),
                ('mail-outbox-purge', now() - interval '2 days' + interval '1 second', now() - interval '2 days' + interval '2 seconds', NULL,
                 'the disk is full'),
                ('event-log-archive', now() - interval '1 day', now() - interval '1 day', 0, NULL),
                ('event-log-archive', now(), NULL, NULL, NULL)
            """)
        let query = """
            query($n: String, $f: Int, $a: String) { jobRuns(name: $n, first: $f, after: $a) {
              edges { node { name startedAt finishedAt rowsAffected error } } pageInfo { hasNextPage endCursor } } }
            """
        func nodes(_ r: TestService.Response) -> [String] {
            (r["data.jobRuns.edges"] as? [[String: Any]] ?? []).compactMap { $0["node"] as? [String: Any] }.map { node in
                let rows = (node["rowsAffected"] as? Int).map(String.init) ?? "nil"
                let finished = node["finishedAt"] is String ? "finished" : "running"
                return "\(node["name"] as? String ?? "?") \(rows) \(node["error"] as? String ?? "ok") \(finished)"
            }
        }

        let all = try await service.post(query, [:], token: admin.token)
        #expect(all.errors.isEmpty, "\(all)")
        #expect(nodes(all) == [
            "event-log-archive nil ok running", "event-log-archive 0 ok finished", "mail-outbox-purge nil the disk is full finished",
            "event-log-archive 7 ok finished",
        ])
        let first = try await service.post(query, ["n": "event-log-archive", "f": 2], token: admin.token)
        #expect(nodes(first) == ["event-log-archive nil ok running", "event-log-archive 0 ok finished"])
        #expect(first["data.jobRuns.pageInfo.hasNextPage"] as? Bool == true)
        let second = try await service.post(
            query, ["n": "event-log-archive", "f": 2, "a": first.string("data.jobRuns.pageInfo.endCursor") ?? ""], token: admin.token
        )
        #expect(nodes(second) == ["event-log-archive 7 ok finished"])
        #expect(second["data.jobRuns.pageInfo.hasNextPage"] as? Bool == false)

        let asUser = try await service.post(query, [:], token: user.token)
        #expect(asUser.codes == ["FORBIDDEN"])
        let asGuest = try await service.post(query, [:])
        #expect(asGuest.codes == ["UNAUTHENTICATED"])
    }
}
