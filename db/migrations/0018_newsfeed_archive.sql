-- The newsfeed and the deleted posts' archive (issue 16; seed foodstabook.md 2.5.2 and 2.6.1; API.md "Posts,
-- newsfeed, search, food suggestions").
--
-- The newsfeed reads indexes 0015 and 0016 made: posts_author_created_idx for the viewer's, their friends' and
-- followed users' posts (one range per author), posts_location_idx for nearby posts, posts_created_idx for
-- everyone's; follows' primary key gives whom the viewer follows.
--
-- 2.5.2: a deleted post "must be deleted from the photo database by at least 30 days ... and from archived by
-- 180 days from deletion". After QUARRY_POST_PURGE_DAYS (30) the `deleted-post-purge` job deletes the post's
-- photo (its medium; the file goes with the media orphan sweep), its likes and comments, and moves the post's
-- own row here (PostChanges.archiveDeleted); after QUARRY_POST_ARCHIVE_DAYS (180) from deletion the
-- `post-archive-removal` job deletes it from here (PostChanges.removeArchived). Nothing reads the archive but
-- those jobs: it is kept for the operators, out of the live table and its indexes.
CREATE TABLE posts_archive (
    id          uuid PRIMARY KEY,
    author_id   uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    caption     text,
    latitude    double precision,
    longitude   double precision,
    created_at  timestamptz NOT NULL,
    deleted_at  timestamptz NOT NULL,
    archived_at timestamptz NOT NULL DEFAULT now()
);

-- The removal job's scan.
CREATE INDEX posts_archive_deleted_idx ON posts_archive (deleted_at);
