-- Foodstabook's photo posts (issue 16; seed foodstabook.md 2.5; API.md "Posts, newsfeed, search, food
-- suggestions"): a JPEG photo with an optional caption and location, likes, comments, and who follows whom.
-- A deleted post is hidden at once (deleted_at) and purged with its medium later by a scheduled job
-- (PostChanges.purgeDeleted).

CREATE TABLE posts (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    author_id  uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- One medium per post; purging the post deletes its medium in the same statement (PostChanges.purgeDeleted).
    media_id   uuid NOT NULL UNIQUE REFERENCES media (id) ON DELETE CASCADE,
    -- NULL when absent, never empty; the limit matches PostInput.maxCaptionLength.
    caption    text CHECK (char_length(caption) BETWEEN 1 AND 2200),
    -- Where the photo was taken, in degrees (no PostGIS in this part): both or neither.
    latitude   double precision CHECK (latitude BETWEEN -90 AND 90),
    longitude  double precision CHECK (longitude BETWEEN -180 AND 180),
    created_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz,
    CHECK ((latitude IS NULL) = (longitude IS NULL))
);

-- A user's posts newest first (the profile page), live ones only.
CREATE INDEX posts_author_created_idx ON posts (author_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
-- Today's posts (adminStats.postsToday) and everyone's recent posts.
CREATE INDEX posts_created_idx ON posts (created_at DESC, id DESC) WHERE deleted_at IS NULL;
-- The purge job's scan.
CREATE INDEX posts_deleted_idx ON posts (deleted_at) WHERE deleted_at IS NOT NULL;

CREATE TABLE post_likes (
    post_id    uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (post_id, user_id)
);

CREATE INDEX post_likes_user_idx ON post_likes (user_id);

CREATE TABLE post_comments (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    post_id    uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    author_id  uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    text       text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 2200),
    created_at timestamptz NOT NULL DEFAULT now()
);

-- A post's comments newest first: one range scan per post, also for a page of posts with their comments.
CREATE INDEX post_comments_post_created_idx ON post_comments (post_id, created_at DESC, id DESC);
CREATE INDEX post_comments_author_idx ON post_comments (author_id);

CREATE TABLE follows (
    follower_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    followed_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (follower_id, followed_id),
    CHECK (follower_id <> followed_id)
);

-- User.following (newest first) and User.followers (newest first).
CREATE INDEX follows_follower_created_idx ON follows (follower_id, created_at DESC, followed_id DESC);
CREATE INDEX follows_followed_created_idx ON follows (followed_id, created_at DESC, follower_id DESC);

-- The catalogue rows of the photo rules' codes (db/migrations/0012_error_messages.sql: every code has one).
INSERT INTO error_messages (code, message, advice) VALUES
    ('UNSUPPORTED_IMAGE_TYPE', 'Photos must be JPEG images.', 'Choose a JPEG photo.'),
    ('IMAGE_TOO_SMALL', '{message}', 'Choose a photo of at least 200 × 200 pixels.');
