-- Error reports (issue 13, Foodstabook 2.3.1, API.md "Administration"): every unexpected error — a masked
-- INTERNAL_SERVER_ERROR, an HTTP 500, a crash found at the next start — is one row, written in the background
-- within seconds, beside a `.txt` file of the same details in QUARRY_ERROR_REPORTS_DIR (`file_name`, relative to
-- that folder). `errorReports` lists them newest first by (created_at, id), the keyset of
-- Sources/AppCore/Pagination; reports older than 30 days move in batches to an archive table of the same shape
-- (and their files to `archive/`). `viewer_id` has no foreign key: a report outlives the account it names.
CREATE TABLE error_reports (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    code           text NOT NULL,
    message        text NOT NULL,
    request_id     text,
    operation_name text,
    path           text,
    viewer_id      uuid,
    context        jsonb NOT NULL DEFAULT '{}',
    file_name      text,
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX error_reports_created_id_idx ON error_reports (created_at DESC, id DESC);

CREATE TABLE error_reports_archive (
    id             uuid PRIMARY KEY,
    code           text NOT NULL,
    message        text NOT NULL,
    request_id     text,
    operation_name text,
    path           text,
    viewer_id      uuid,
    context        jsonb NOT NULL DEFAULT '{}',
    file_name      text,
    created_at     timestamptz NOT NULL
);
CREATE INDEX error_reports_archive_created_id_idx ON error_reports_archive (created_at DESC, id DESC);
