-- Administration (issue 13, API.md "Administration"): the admin dashboard's user list searches nicknames and
-- e-mail addresses by substring (the nickname's trigram index is 0005's) and pages newest first by
-- (created_at, id), the keyset of Sources/AppCore/Pagination.
CREATE INDEX users_email_trgm_idx ON users USING gin (lower(email) gin_trgm_ops);
CREATE INDEX users_created_id_idx ON users (created_at DESC, id DESC);
DROP INDEX users_created_at_idx;
