-- Accounts (API.md "Accounts" and "Onboarding"): users, bearer tokens, e-mail verification, password resets,
-- provider identities, failed-login throttling and the account event log.

CREATE TABLE users (
    id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email               text NOT NULL,
    email_verified_at   timestamptz,
    nickname            text NOT NULL,
    -- argon2id PHC string; NULL for accounts created through an identity provider only.
    password_hash       text,
    role                text NOT NULL DEFAULT 'USER' CHECK (role IN ('USER', 'ADMIN', 'SUPER_ADMIN')),
    real_name           text,
    phone               text,
    country             text,
    zip_code            text,
    bio                 text,
    avatar_media_id     uuid,
    accepted_terms_at   timestamptz NOT NULL,
    emotion_verified_at timestamptz,
    blocked_at          timestamptz,
    block_reason        text,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);
-- Addresses and nicknames are unique without regard to case.
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_nickname_key ON users (lower(nickname));
CREATE INDEX users_created_at_idx ON users (created_at);

-- Bearer tokens: only the SHA-256 of a token is stored. The expiry slides forward on use.
CREATE TABLE access_tokens (
    token_hash   bytea PRIMARY KEY,
    user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    ip           text,
    user_agent   text
);
CREATE INDEX access_tokens_user_idx ON access_tokens (user_id);

-- The one live verification of a user's address (sign-up, or a change of address): a new one replaces it,
-- so the previous link dies. The code is the same verification by the SMS/code channel.
CREATE TABLE email_verifications (
    user_id        uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    email          text NOT NULL,
    token_hash     bytea NOT NULL UNIQUE,
    code_hash      bytea NOT NULL,
    code_attempts  int NOT NULL DEFAULT 0,
    expires_at     timestamptz NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    -- When the user last asked for a resend: one per 24 hours.
    last_resent_at timestamptz
);

CREATE TABLE password_resets (
    token_hash bytea PRIMARY KEY,
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at    timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);

-- Accounts linked to a Google, Facebook or Apple identity (the token's issuer and subject).
CREATE TABLE user_identities (
    provider   text NOT NULL,
    subject    text NOT NULL,
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, subject)
);
CREATE INDEX user_identities_user_idx ON user_identities (user_id);

-- Failed logins per address (lower-cased), for the lockout window. Kept for unknown addresses too, so a
-- lockout reveals nothing about which addresses have accounts.
CREATE TABLE login_throttle (
    email_key      text PRIMARY KEY,
    failures       int NOT NULL DEFAULT 0,
    window_started timestamptz NOT NULL DEFAULT now(),
    locked_until   timestamptz
);

-- Every account event; the user id is kept without a foreign key so that a deletion stays on record.
CREATE TABLE event_log (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    type       text NOT NULL,
    user_id    uuid,
    at         timestamptz NOT NULL DEFAULT now(),
    ip         text,
    user_agent text,
    details    jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX event_log_at_idx ON event_log (at);
CREATE INDEX event_log_user_idx ON event_log (user_id, at);
