-- Demo data for the friends-with-screenshots benchmark (measure-friends.sh; issue 5 "Tests and benchmark"):
-- 1,000 users (the signed-up bench account and 999 more), each with 50 friends, 20 screenshots and two
-- messages exchanged with each friend. Run with psql after the server has migrated the database.
\set ON_ERROR_STOP on
BEGIN;

INSERT INTO users (email, nickname, accepted_terms_at, email_verified_at, bio)
SELECT 'bench' || n || '@example.com', 'bench_' || n, now(), now(), 'Bench user number ' || n
FROM generate_series(1, 999) AS n;

-- Every user numbered 0 (the bench account) to 999.
CREATE TEMP TABLE numbered AS
SELECT CASE WHEN nickname = 'bench' THEN 0 ELSE substr(nickname, 7)::int END AS n, id
FROM users WHERE nickname = 'bench' OR nickname LIKE 'bench\_%';

-- User n is friends with n ± 1 … n ± 25 (mod 1,000): 50 friends each, both rows of each friendship.
CREATE TEMP TABLE pairs AS
SELECT a.id AS low, b.id AS high, a.n * 25 + k AS seq
FROM numbered a CROSS JOIN generate_series(1, 25) AS k JOIN numbered b ON b.n = (a.n + k) % 1000;
INSERT INTO friendships (user_id, friend_id, created_at)
SELECT low, high, now() - seq * interval '1 second' FROM pairs
UNION ALL SELECT high, low, now() - seq * interval '1 second' FROM pairs;

-- 20 screenshots each, newest an hour ago, with annotations of a few common words.
CREATE TEMP TABLE shots AS
SELECT gen_random_uuid() AS media_id, u.id AS owner_id, s,
       (ARRAY['login screen', 'dark mode settings', 'onboarding flow', 'error banner', 'chat bubble layout'])[1 + (u.n + s) % 5]
         || ' #' || s AS annotation
FROM numbered u CROSS JOIN generate_series(1, 20) AS s;
INSERT INTO media (id, owner_id, sha256, content_type, byte_size, width, height, kind, visibility)
SELECT media_id, owner_id, md5(media_id::text) || md5(owner_id::text), 'image/png', 48213, 1170, 2532, 'SCREENSHOT', 'FRIENDS'
FROM shots;
INSERT INTO screenshots (owner_id, media_id, annotation, created_at, updated_at)
SELECT owner_id, media_id, annotation, now() - s * interval '1 hour', now() - s * interval '1 hour' FROM shots;

-- Two messages in each friendship, one each way.
INSERT INTO messages (sender_id, recipient_id, text, created_at)
SELECT low, high, 'Saw your new screenshot!', now() - seq * interval '2 seconds' FROM pairs
UNION ALL SELECT high, low, 'Thanks, it is the new login screen.', now() - seq * interval '2 seconds' + interval '1 second' FROM pairs;

COMMIT;
ANALYZE;
