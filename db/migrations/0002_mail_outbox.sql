-- The transactional outbox for email (target Mail). A message is inserted in the same
-- transaction as the change it is about, so it exists exactly when that change commits;
-- OutboxSender delivers it afterwards. The table stands alone: it references no other.
CREATE TABLE mail_outbox (
    id bigserial PRIMARY KEY,
    -- What the message is about (verification, password_reset, …), for logs and queries.
    kind text NOT NULL CHECK (kind <> ''),
    recipient text NOT NULL,
    subject text NOT NULL,
    body_text text NOT NULL,
    body_html text,
    created_at timestamptz NOT NULL DEFAULT now(),
    -- Delivery attempts started so far (counted when a sender claims the message).
    attempts integer NOT NULL DEFAULT 0,
    -- Not claimed before this time: exponential back-off after a failed attempt.
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    -- The lease of the sender working on it; claimable again once it has passed,
    -- so a sender that crashed mid-send loses nothing.
    locked_by text,
    locked_until timestamptz,
    last_error text,
    sent_at timestamptz,
    -- Given up after the maximum number of attempts (kept for inspection, never deleted).
    failed_at timestamptz,
    -- Written to the log by a sender without SMTP (the message stays unsent).
    logged_at timestamptz
);

-- The senders' claim query scans only what is still to deliver, oldest due first.
CREATE INDEX mail_outbox_pending ON mail_outbox (next_attempt_at, id)
    WHERE sent_at IS NULL AND failed_at IS NULL;
