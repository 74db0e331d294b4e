-- Screenshots (issue 5 "Screenshots"; API.md "Screenshots, profile, friends, messages"): a user's uploaded
-- screenshots with an optional annotation, listed newest first and searched by the annotation's words. They are
-- shared with the owner's friends, and so are their images: media get a third visibility, FRIENDS, which
-- GET /media/{id} serves to the owner, the owner's friends and ADMIN and above (404 to everyone else).

ALTER TABLE media DROP CONSTRAINT media_visibility_check;
ALTER TABLE media ADD CONSTRAINT media_visibility_check CHECK (visibility IN ('PUBLIC', 'PRIVATE', 'FRIENDS'));
ALTER TABLE media DROP CONSTRAINT media_kind_check;
ALTER TABLE media ADD CONSTRAINT media_kind_check CHECK (kind IN ('AVATAR', 'SELFIE', 'IMAGE', 'SCREENSHOT'));

CREATE TABLE screenshots (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    owner_id   uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- One medium per screenshot; deleting a screenshot deletes its medium in the same transaction.
    media_id   uuid NOT NULL UNIQUE REFERENCES media (id) ON DELETE CASCADE,
    -- NULL until the user annotates it; the limit matches ScreenshotInput.maxAnnotationLength.
    annotation text CHECK (char_length(annotation) <= 5000),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- A user's screenshots newest first (keyset pagination on created_at, id; one range scan per owner, also for
-- the batched read of many friends' latest screenshots).
CREATE INDEX screenshots_owner_created_idx ON screenshots (owner_id, created_at DESC, id DESC);

-- Full-text search of annotations; the expression is exactly ScreenshotSearch.document(column:)'s, so the
-- planner can use this index for the search condition.
CREATE INDEX screenshots_annotation_search_idx ON screenshots USING gin (to_tsvector('simple', coalesce(annotation, '')));
