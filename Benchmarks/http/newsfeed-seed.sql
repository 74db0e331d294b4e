-- Posts for the newsfeed benchmark (measure-newsfeed.sh; issue 16 "Benchmark"), after the bench account signed up:
-- 10,000 users (the bench account and 9,999 more) in ten cities, each with 20 friends (n ± 1 … n ± 10, mod
-- 10,000), following 20 others, and 10 posts: 100,000 posts over the last 60 days, 7 in 10 with a place near the
-- author's city. The bench account lives in Lyon: its newsfeed is its own 10 posts and its friends' and followed
-- users' 400 (tier 1), then about 5,000 recent posts of others around Lyon (tier 2), then about 45,000 more (tier 3).
\set ON_ERROR_STOP on
BEGIN;

INSERT INTO users (email, nickname, accepted_terms_at, email_verified_at)
SELECT 'bench' || n || '@example.com', 'bench_' || n, now(), now() FROM generate_series(1, 9999) AS n;

-- Every user numbered 0 (the bench account) to 9,999, with a city (n mod 10; 0 is Lyon).
CREATE TEMP TABLE numbered AS
SELECT CASE WHEN nickname = 'bench' THEN 0 ELSE substr(nickname, 7)::int END AS n, id
FROM users WHERE nickname = 'bench' OR nickname LIKE 'bench\_%';
CREATE TEMP TABLE cities (city int, latitude float8, longitude float8);
INSERT INTO cities VALUES (0, 45.764, 4.836), (1, 48.857, 2.352), (2, 43.296, 5.370), (3, 44.838, -0.579),
    (4, 50.629, 3.057), (5, 43.605, 1.444), (6, 47.218, -1.554), (7, 48.573, 7.752), (8, 52.520, 13.405), (9, 41.390, 2.154);

-- Homes within about 10 km of the city centre.
UPDATE users u SET home_location = ST_SetSRID(ST_MakePoint(
    c.longitude + ((x.n * 7919) % 200 - 100) / 1000.0, c.latitude + ((x.n * 104729) % 200 - 100) / 1000.0), 4326)::geography
FROM numbered x JOIN cities c ON c.city = x.n % 10 WHERE u.id = x.id;

-- 20 friends each, both rows of each friendship.
CREATE TEMP TABLE pairs AS
SELECT a.id AS low, b.id AS high FROM numbered a CROSS JOIN generate_series(1, 10) AS k JOIN numbered b ON b.n = (a.n + k) % 10000;
INSERT INTO friendships (user_id, friend_id) SELECT low, high FROM pairs UNION ALL SELECT high, low FROM pairs;

-- Each follows 20 users spread over all cities (n + 37 k + 500 mod 10,000: never oneself nor a friend).
INSERT INTO follows (follower_id, followed_id)
SELECT a.id, b.id FROM numbered a CROSS JOIN generate_series(1, 20) AS k JOIN numbered b ON b.n = (a.n + 37 * k + 500) % 10000;

-- 10 posts each over the last 60 days (post seq every 52 seconds back from now), most with a place.
CREATE TEMP TABLE seeded AS
SELECT gen_random_uuid() AS id, gen_random_uuid() AS media_id, x.id AS author_id, x.n, i, c.latitude, c.longitude,
       row_number() OVER (ORDER BY i, x.n) AS seq
FROM numbered x CROSS JOIN generate_series(1, 10) AS i JOIN cities c ON c.city = x.n % 10;
INSERT INTO media (id, owner_id, sha256, content_type, byte_size, width, height, kind, visibility)
SELECT media_id, author_id, md5(media_id::text) || md5(author_id::text), 'image/jpeg', 183344, 1080, 1350, 'IMAGE', 'PUBLIC'
FROM seeded;
INSERT INTO posts (id, author_id, media_id, caption, latitude, longitude, created_at)
SELECT id, author_id, media_id, 'Dish number ' || seq,
       CASE WHEN seq % 10 < 7 THEN latitude + (seq % 100 - 50) / 1000.0 END,
       CASE WHEN seq % 10 < 7 THEN longitude + (seq % 80 - 40) / 1000.0 END,
       now() - seq * interval '52 seconds'
FROM seeded;

COMMIT;
ANALYZE;
