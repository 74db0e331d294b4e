-- Finding people and friends by nickname (issue 5 "Profile and friends"): `searchUsers` and the `search` of
-- `User.friends` are case-insensitive substring matches, `lower(nickname) LIKE '%…%'`, which a B-tree cannot
-- serve; a trigram GIN index can, for patterns of three characters and more (shorter ones scan, cheaply).
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX users_nickname_trgm_idx ON users USING gin (lower(nickname) gin_trgm_ops);

-- A friends list is read newest friendship first with keyset pagination on (created_at, friend_id).
CREATE INDEX friendships_user_created_idx ON friendships (user_id, created_at DESC, friend_id DESC);
