-- The image feed (issue 14; API.md "Image feed and comments"; seed image-feed.txt): images with an optional
-- description and location, shared with the author's friends (FRIENDS) or with everyone (PUBLIC), and their
-- comments. A signed-in user's feed is their own and their friends' images, a guest's the PUBLIC ones, newest
-- first on (created_at, id) keysets.

CREATE TABLE feed_images (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    author_id   uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- One medium per image; deleting the image deletes its medium in the same transaction.
    media_id    uuid NOT NULL UNIQUE REFERENCES media (id) ON DELETE CASCADE,
    -- NULL when absent, never empty (the REST payload omits absent keys); limits match FeedInput.
    description text CHECK (char_length(description) BETWEEN 1 AND 2000),
    location    text CHECK (char_length(location) BETWEEN 1 AND 200),
    visibility  text NOT NULL DEFAULT 'FRIENDS' CHECK (visibility IN ('PUBLIC', 'FRIENDS')),
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- A signed-in user's feed: one range scan per author (the viewer and each friend), merged newest first.
CREATE INDEX feed_images_author_created_idx ON feed_images (author_id, created_at DESC, id DESC);
-- A guest's feed: the PUBLIC images newest first.
CREATE INDEX feed_images_public_created_idx ON feed_images (created_at DESC, id DESC) WHERE visibility = 'PUBLIC';

CREATE TABLE image_comments (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    image_id   uuid NOT NULL REFERENCES feed_images (id) ON DELETE CASCADE,
    author_id  uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    message    text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 2000),
    created_at timestamptz NOT NULL DEFAULT now()
);

-- An image's comments newest first (one range scan per image, also for a page of images with their comments).
CREATE INDEX image_comments_image_created_idx ON image_comments (image_id, created_at DESC, id DESC);
CREATE INDEX image_comments_author_idx ON image_comments (author_id);
