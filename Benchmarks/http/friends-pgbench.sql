-- pgbench script (`-M prepared`): the statements Quarry runs for one friends.lua request, with the same
-- parameters, so measure-friends.sh and measure-peer.sh can set Quarry's friends rate against PostgreSQL's own
-- rate for the same work (issue 17). One transaction of the script is one request: the token lookup (which also
-- reads the viewer's row), the viewer's first 50 friends (51 rows asked: the 51st tells hasNextPage), their
-- latest 3 screenshots (4 asked), the last message with each. Quarry runs each in a transaction of its own, as
-- pgbench does here, one level after another; the last two, one level, at once on two connections (pgbench one
-- after the other). The texts are Quarry's own, captured from the test cluster's log with `ALTER SYSTEM SET
-- log_statement = 'all'` while serving friends.lua's request; pgbench.sh `check_pgbench_statements` compares them
-- with what Quarry runs before each measurement, and asks for them to be captured again when they differ.
-- Variables given with `-D` (pgbench.sh `friends_pgbench_variables`): token_hash (the bench token's SHA-256,
-- `\x…`), viewer (its user id), viewer_array (`{id}`, the friends page's parents) and friends (its 50 friends'
-- ids, newest friendship first, `{id,…}`: the next level's parents). The rest are Quarry's defaults: a token
-- lives 720 hours (QUARRY_AUTH_TOKEN_TTL_HOURS) and slides once it has fallen a minute behind (a second
-- statement, which the bench token, just issued, does not reach).
\set lifetime 2592000
\set slide_after :lifetime - 60
\set friends_limit 51
\set screenshots_limit 4
SELECT t.expires_at < now() + make_interval(secs => :slide_after) AS token_slides, u.id, u.email, u.email_verified_at IS NOT NULL AS email_verified, u.nickname, u.role, u.real_name, u.phone, u.country, u.zip_code, u.bio, u.avatar_media_id, u.emotion_verified_at IS NOT NULL AS emotion_verified, u.blocked_at IS NOT NULL AS blocked, u.block_reason, u.created_at,ST_Y(u.home_location::geometry) AS home_latitude, ST_X(u.home_location::geometry) AS home_longitude
FROM access_tokens t JOIN users u ON u.id = t.user_id
WHERE t.token_hash = :token_hash AND t.expires_at > now() AND u.blocked_at IS NULL;
SELECT k.parent AS page_parent, p.* FROM unnest(:viewer_array::uuid[]) AS k(parent)
LEFT JOIN LATERAL (
    SELECT u.id, u.email, u.email_verified_at IS NOT NULL AS email_verified, u.nickname, u.role, u.real_name, u.phone, u.country, u.zip_code, u.bio, u.avatar_media_id, u.emotion_verified_at IS NOT NULL AS emotion_verified, u.blocked_at IS NOT NULL AS blocked, u.block_reason, u.created_at,ST_Y(u.home_location::geometry) AS home_latitude, ST_X(u.home_location::geometry) AS home_longitude, EXISTS (SELECT 1 FROM friendships vf WHERE vf.user_id = :viewer AND vf.friend_id = u.id) AS viewer_is_friend, f.created_at AS page_time, f.friend_id AS page_id FROM friendships f JOIN users u ON u.id = f.friend_id
    WHERE f.user_id = k.parent AND TRUE AND TRUE
    ORDER BY f.created_at DESC, f.friend_id DESC LIMIT :friends_limit
) p ON TRUE
ORDER BY k.parent, p.page_time DESC, p.page_id DESC;
SELECT k.parent AS page_parent, p.* FROM unnest(:friends::uuid[]) AS k(parent)
LEFT JOIN LATERAL (
    SELECT s.id, s.owner_id, s.media_id, m.width, m.height, s.annotation, s.created_at, s.updated_at, s.created_at AS page_time, s.id AS page_id FROM screenshots s JOIN media m ON m.id = s.media_id
    WHERE s.owner_id = k.parent AND TRUE
    ORDER BY s.created_at DESC, s.id DESC LIMIT :screenshots_limit
) p ON TRUE
ORDER BY k.parent, p.page_time DESC, p.page_id DESC;
SELECT o.id AS other_id, m.id, m.sender_id, m.recipient_id, m.text, m.created_at
FROM unnest(:friends::uuid[]) AS o (id)
CROSS JOIN LATERAL (
    SELECT * FROM messages
    WHERE user_low = least(:viewer, o.id) AND user_high = greatest(:viewer, o.id)
    ORDER BY created_at DESC, id DESC LIMIT 1
) AS m;
