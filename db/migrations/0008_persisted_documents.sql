-- Automatic persisted queries (issue 11; Apollo's protocol, https://www.apollographql.com/docs/apollo-server/performance/apq):
-- a client sends the SHA-256 of a document instead of its text once the server knows it. Shared by every
-- instance, so a document registered on one is found on all. Only documents that parse and validate are stored
-- (Sources/App/PersistedDocuments/PersistedDocumentStore.swift), and the table is bounded: after each registration
-- the rows beyond QUARRY_PERSISTED_QUERIES_MAX are deleted, least recently used first.

CREATE TABLE persisted_documents (
    -- 64 lower-case hex digits: SHA-256 of the exact UTF-8 text.
    hash         text PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
    text         text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    -- Set when the document is registered or read from this table (a read answered by an instance's own
    -- in-memory copy costs no statement and does not touch it).
    last_used_at timestamptz NOT NULL DEFAULT now()
);

-- Eviction reads the rows from the most recently used, past the bound.
CREATE INDEX persisted_documents_last_used_idx ON persisted_documents (last_used_at DESC, hash DESC);
