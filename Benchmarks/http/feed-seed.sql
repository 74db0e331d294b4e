-- Feed images for the feed benchmark (measure-feed.sh; issue 14 "Benchmark"), loaded after friends-seed.sql:
-- five images for each of the 1,000 users (one in five PUBLIC), the optional texts present on some and absent on
-- others as in the seed's payload examples, and two comments on every tenth image. The bench account's feed is
-- then its own 5 images and its 50 friends' 250, newest first.
\set ON_ERROR_STOP on
BEGIN;

CREATE TEMP TABLE images AS
SELECT gen_random_uuid() AS id, gen_random_uuid() AS media_id, u.id AS author_id, i,
       row_number() OVER () AS seq
FROM users u CROSS JOIN generate_series(1, 5) AS i
WHERE u.nickname = 'bench' OR u.nickname LIKE 'bench\_%';

INSERT INTO media (id, owner_id, sha256, content_type, byte_size, width, height, kind, visibility)
SELECT media_id, author_id, md5(media_id::text) || md5(author_id::text), 'image/jpeg', 183344, 1080, 1350, 'IMAGE',
       CASE WHEN seq % 5 = 0 THEN 'PUBLIC' ELSE 'FRIENDS' END
FROM images;
INSERT INTO feed_images (id, author_id, media_id, description, location, visibility, created_at)
SELECT id, author_id, media_id,
       CASE WHEN seq % 3 <> 0 THEN 'Picture number ' || seq || ' of the day' END,
       CASE WHEN seq % 4 <> 0 THEN 'Lyon, France' END,
       CASE WHEN seq % 5 = 0 THEN 'PUBLIC' ELSE 'FRIENDS' END,
       now() - seq * interval '37 seconds'
FROM images;
INSERT INTO image_comments (image_id, author_id, message, created_at)
SELECT id, author_id, 'Lovely light in this one', now() - seq * interval '37 seconds' + interval '5 minutes'
FROM images WHERE seq % 10 = 0
UNION ALL
SELECT id, author_id, 'Thanks!', now() - seq * interval '37 seconds' + interval '9 minutes' FROM images WHERE seq % 10 = 0;

COMMIT;
ANALYZE;
