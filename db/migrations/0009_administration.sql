-- Administration (issue 13, API.md "Administration"): the admin dashboard's user list searches nicknames and
-- e-mail addresses by substring (the nickname's trigram index is 0005's) and pages newest first by
-- (created_at, id), the keyset of Sources/AppCore/Pagination.
CREATE INDEX users_email_trgm_idx ON users USING gin (lower(email) gin_trgm_ops);
CREATE INDEX users_created_id_idx ON users (created_at DESC, id DESC);
DROP INDEX users_created_at_idx;

-- The event log (issue 13 "Event logs"): events are listed newest first by (at, uid), the keyset of
-- Sources/AppCore/Pagination (whose cursors carry a UUID), and older events move in batches to an archive table
-- of the same shape, read by `eventLogs(archived: true)`.
ALTER TABLE event_log ADD COLUMN uid uuid NOT NULL DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX event_log_uid_key ON event_log (uid);
CREATE INDEX event_log_at_uid_idx ON event_log (at DESC, uid DESC);
DROP INDEX event_log_at_idx;
CREATE TABLE event_log_archive (
    id         bigint PRIMARY KEY,
    uid        uuid NOT NULL UNIQUE,
    type       text NOT NULL,
    user_id    uuid,
    at         timestamptz NOT NULL,
    ip         text,
    user_agent text,
    details    jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX event_log_archive_at_uid_idx ON event_log_archive (at DESC, uid DESC);
CREATE INDEX event_log_archive_user_idx ON event_log_archive (user_id, at);
