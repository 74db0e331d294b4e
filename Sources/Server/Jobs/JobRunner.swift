import Administration
import Logging
import Postgres
import ServiceLifecycle

/// Runs the scheduled jobs, each once per period across every instance (issue 13
/// "Scheduled jobs"). Every `tick`, for each job whose current period this
/// instance has not yet seen done, it takes the job's advisory lock (skipping the
/// job when another instance holds it: that one is running it), records a run
/// unless one already started in the period (``JobRunChanges``), runs the job,
/// records how it ended, and releases the lock. A failed job is recorded with its
/// error and the others still run. On graceful shutdown it starts no other job and
/// returns once the one in progress has ended; being listed after ``PoolService``,
/// it is shut down before the pool closes.
struct JobRunner: Service {
    let jobs: [ScheduledJob]
    let pool: PostgresPool
    let logger: Logger
    var tick: Duration

    func run() async throws {
        var nextPeriods: [String: ContinuousClock.Instant] = [:]
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            await runDueJobs(nextPeriods: &nextPeriods)
            do {
                try await cancelWhenGracefulShutdown { [tick] in try await Task.sleep(for: tick) }
            } catch {
                return
            }
        }
    }

    /// One tick. The locks are taken on a connection of the runner's own, opened
    /// for the tick: a session lock must not go back into the pool with a pooled
    /// connection, and a running job must not keep one of the requests'
    /// connections. If this instance dies, its connection and so its locks go too.
    func runDueJobs(nextPeriods: inout [String: ContinuousClock.Instant]) async {
        let now = ContinuousClock.now
        let due = jobs.filter { job in nextPeriods[job.name].map { $0 <= now } ?? true }
        guard !due.isEmpty else { return }
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: pool.configuration)
        } catch {
            logger.warning("the job runner cannot reach the database; trying at the next tick", metadata: ["error": "\(error)"])
            return
        }
        for job in due where !Task.isShuttingDownGracefully {
            nextPeriods[job.name] = await runIfDue(job, lockingOn: connection)
        }
        await connection.close()
    }

    /// Runs `job` if this instance gets its lock and no run started in the
    /// current period; answers when the job's next period begins, or nil to look
    /// at it again at the next tick (another instance has the lock, or the
    /// database failed).
    private func runIfDue(_ job: ScheduledJob, lockingOn connection: PostgresConnection) async -> ContinuousClock.Instant? {
        do {
            guard try await JobRunChanges.lock(job.name, on: connection) else { return nil }
        } catch {
            logger.warning("a job's lock could not be taken", metadata: ["job": "\(job.name)", "error": "\(error)"])
            return nil
        }
        let next = await claimAndRun(job, on: connection)
        do {
            try await JobRunChanges.unlock(job.name, on: connection)
        } catch {
            // The connection broke, and the session's lock went with it.
            logger.warning("a job's lock could not be released", metadata: ["job": "\(job.name)", "error": "\(error)"])
        }
        return next
    }

    private func claimAndRun(_ job: ScheduledJob, on connection: PostgresConnection) async -> ContinuousClock.Instant? {
        let claim: JobRunClaim
        do {
            claim = try await JobRunChanges.claim(job.name, period: job.period, on: connection)
        } catch {
            logger.warning("a job's run could not be recorded", metadata: ["job": "\(job.name)", "error": "\(error)"])
            return nil
        }
        let nextPeriod = ContinuousClock.now + claim.untilNextPeriod
        guard let runID = claim.runID else { return nextPeriod }
        let started = ContinuousClock.now
        var rowsAffected: Int?
        var failure: String?
        do {
            rowsAffected = try await job.run()
            logger.info(
                "job ran",
                metadata: ["job": "\(job.name)", "rows_affected": "\(rowsAffected ?? 0)", "duration": "\(ContinuousClock.now - started)"]
            )
        } catch {
            failure = "\(error)"
            logger.error("job failed", metadata: ["job": "\(job.name)", "error": "\(error)"])
        }
        do {
            try await JobRunChanges.finish(runID, rowsAffected: rowsAffected, error: failure, database: pool)
        } catch {
            logger.error("a job run's end could not be recorded", metadata: ["job": "\(job.name)", "error": "\(error)"])
        }
        return nextPeriod
    }
}
