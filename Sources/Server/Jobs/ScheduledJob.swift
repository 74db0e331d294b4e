/// A job the ``JobRunner`` runs once per `period` across every instance
/// (issue 13 "Scheduled jobs"). `name` names its runs in `job_runs` (what
/// `jobRuns(name:)` lists) and keys its advisory lock, so it must not change
/// once shipped; `run` is the owning area's function, answering how many rows
/// (or files) it archived, purged or removed.
struct ScheduledJob: Sendable {
    let name: String
    let period: Duration
    let run: @Sendable () async throws -> Int
}
