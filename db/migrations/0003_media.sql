-- Media (issue 5 "Media") and emotion verification (API.md "Onboarding"): uploaded images' metadata, the
-- bytes living in the media store (a content-addressed folder by default) under their SHA-256, and selfies
-- waiting for an administrator's review.

CREATE TABLE media (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    owner_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- Hex SHA-256 of the bytes: the file's name in the store, and the ETag of GET /media/{id}.
    sha256       text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
    byte_size    bigint NOT NULL CHECK (byte_size > 0),
    width        int NOT NULL CHECK (width > 0),
    height       int NOT NULL CHECK (height > 0),
    -- What the image is for; visibility decides who GET /media/{id} serves it to.
    kind         text NOT NULL CHECK (kind IN ('AVATAR', 'SELFIE', 'IMAGE')),
    visibility   text NOT NULL CHECK (visibility IN ('PUBLIC', 'PRIVATE')),
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX media_owner_idx ON media (owner_id);
CREATE INDEX media_sha256_idx ON media (sha256);

-- A user's avatar goes with its media row.
ALTER TABLE users
    ADD CONSTRAINT users_avatar_media_fkey FOREIGN KEY (avatar_media_id) REFERENCES media (id) ON DELETE SET NULL;

-- Selfies taken for an emotion challenge. An administrator approves (users.emotion_verified_at is then set)
-- or rejects each; the review itself belongs to the administration area.
CREATE TABLE selfie_verifications (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    media_id     uuid NOT NULL REFERENCES media (id) ON DELETE CASCADE,
    challenge_id text NOT NULL,
    status       text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
    reason       text,
    reviewed_by  uuid REFERENCES users (id) ON DELETE SET NULL,
    reviewed_at  timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX selfie_verifications_user_idx ON selfie_verifications (user_id, created_at DESC);
CREATE INDEX selfie_verifications_pending_idx ON selfie_verifications (created_at) WHERE status = 'PENDING';
