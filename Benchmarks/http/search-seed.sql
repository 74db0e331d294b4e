-- Posts for the search benchmark (measure-search.sh; issue 16 "Benchmark"), loaded after the bench account signed
-- up: 10,000 users (search_1 … search_10000, search1@example.com …), ten posts each (100,000), each caption four
-- to seven words drawn from 100 food words (so a word is in about one caption in 18), three posts in four with a
-- location across western Europe, and the bench account living in Lyon with 50 friends among them. The photos'
-- media rows are faked as feed-seed.sql does (no files: the search never reads one).
\set ON_ERROR_STOP on
BEGIN;

INSERT INTO users (email, nickname, accepted_terms_at, email_verified_at)
SELECT 'search' || n || '@example.com', 'search_' || n, now(), now()
FROM generate_series(1, 10000) AS n;
UPDATE users SET home_location = ST_SetSRID(ST_MakePoint(4.8357, 45.7640), 4326)::geography WHERE nickname = 'bench';

CREATE TEMP TABLE numbered AS
SELECT substr(nickname, 8)::int AS n, id FROM users WHERE nickname LIKE 'search\_%';
INSERT INTO friendships (user_id, friend_id)
SELECT b.id, u.id FROM users b CROSS JOIN numbered u WHERE b.nickname = 'bench' AND u.n % 200 = 0
UNION ALL
SELECT u.id, b.id FROM users b CROSS JOIN numbered u WHERE b.nickname = 'bench' AND u.n % 200 = 0;

CREATE TEMP TABLE words AS
SELECT row_number() OVER () - 1 AS i, w FROM unnest(ARRAY[
  'pizza', 'pasta', 'salad', 'soup', 'burger', 'taco', 'sushi', 'ramen', 'curry', 'steak',
  'bread', 'cheese', 'tomato', 'basil', 'garlic', 'lemon', 'chocolate', 'cake', 'cookie', 'pancake',
  'breakfast', 'lunch', 'dinner', 'brunch', 'homemade', 'spicy', 'sweet', 'crispy', 'fresh', 'grilled',
  'roasted', 'vegan', 'chicken', 'salmon', 'rice', 'noodle', 'avocado', 'mushroom', 'pepper', 'delicious',
  'onion', 'carrot', 'potato', 'spinach', 'bacon', 'egg', 'omelette', 'waffle', 'croissant', 'muffin',
  'bagel', 'yogurt', 'granola', 'berry', 'strawberry', 'banana', 'apple', 'mango', 'peach', 'cherry',
  'coconut', 'almond', 'walnut', 'honey', 'maple', 'cinnamon', 'vanilla', 'caramel', 'espresso', 'latte',
  'smoothie', 'juice', 'tea', 'lemonade', 'cocktail', 'wine', 'beer', 'tofu', 'tempeh', 'lentil',
  'chickpea', 'hummus', 'falafel', 'kebab', 'dumpling', 'risotto', 'lasagna', 'gnocchi', 'paella', 'burrito',
  'quesadilla', 'nachos', 'salsa', 'guacamole', 'kimchi', 'bibimbap', 'pho', 'gelato', 'tiramisu', 'brownie'
]) AS w;

CREATE TEMP TABLE seeded AS
SELECT gen_random_uuid() AS id, gen_random_uuid() AS media_id, u.id AS author_id, u.n * 10 + k AS seq
FROM numbered u CROSS JOIN generate_series(0, 9) AS k;

INSERT INTO media (id, owner_id, sha256, content_type, byte_size, width, height, kind, visibility)
SELECT media_id, author_id, md5(media_id::text) || md5(author_id::text), 'image/jpeg', 183344, 1080, 1350, 'IMAGE', 'PUBLIC'
FROM seeded;
-- Word j of post s is words[(s * 7 + j * 13 + s / 100) mod 100]: varied, repeatable, and never the same word twice
-- in one caption.
INSERT INTO posts (id, author_id, media_id, caption, latitude, longitude, created_at)
SELECT s.id, s.author_id, s.media_id,
       (SELECT string_agg(w.w, ' ' ORDER BY j) FROM generate_series(0, 3 + s.seq % 4) AS j
          JOIN words w ON w.i = (s.seq * 7 + j * 13 + s.seq / 100) % 100),
       CASE WHEN s.seq % 4 <> 0 THEN 43 + (s.seq * 37 % 1000) / 100.0 END,
       CASE WHEN s.seq % 4 <> 0 THEN -2 + (s.seq * 53 % 1200) / 100.0 END,
       now() - s.seq * interval '13 seconds'
FROM seeded s;

COMMIT;
-- The GIN indexes take the bulk insert into their pending lists; VACUUM merges them, as autovacuum would.
VACUUM ANALYZE users, posts, media, friendships;
