-- Scheduled jobs (issue 13 "Scheduled jobs"): every run of a named job, recorded by the job runner
-- (Sources/Server/Jobs/JobRunner.swift). A run's row is written before the job starts, so it is also what keeps
-- the other instances from running the job again in the same period; a run whose instance died shows with no
-- finished_at. `jobRuns` lists them newest first by (started_at, id), the keyset of Sources/AppCore/Pagination,
-- for one job (also the runner's "did this job run in this period" check) or for all.
CREATE TABLE job_runs (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name          text NOT NULL,
    started_at    timestamptz NOT NULL DEFAULT now(),
    finished_at   timestamptz,
    rows_affected bigint,
    error         text
);
CREATE INDEX job_runs_started_id_idx ON job_runs (started_at DESC, id DESC);
CREATE INDEX job_runs_name_started_id_idx ON job_runs (name, started_at DESC, id DESC);

-- The sent mail's purge (issue 13: sent outbox rows go after 30 days) deletes in batches of the oldest sent rows.
CREATE INDEX mail_outbox_sent_idx ON mail_outbox (sent_at) WHERE sent_at IS NOT NULL;
