-- Friends (issue 5 "Profile and friends"): friend requests waiting for an answer, and friendships. Screenshots,
-- their media and messages are shared with friends, so the other Screen Cache tables read `friendships`.

-- A request from `sender_id` to `recipient_id`, until it is accepted (it then becomes a friendship), declined
-- or cancelled (the row is deleted). One pending request per pair of users, whichever way it was sent.
CREATE TABLE friend_requests (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    sender_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    recipient_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CHECK (sender_id <> recipient_id)
);
CREATE UNIQUE INDEX friend_requests_pair_key
    ON friend_requests (least(sender_id, recipient_id), greatest(sender_id, recipient_id));
CREATE INDEX friend_requests_recipient_idx ON friend_requests (recipient_id, created_at DESC);
CREATE INDEX friend_requests_sender_idx ON friend_requests (sender_id, created_at DESC);

-- A friendship is stored once per direction, so "the friends of X" and "is Y a friend of X" are one index
-- lookup on the primary key; both rows are written and deleted together.
CREATE TABLE friendships (
    user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    friend_id  uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, friend_id),
    CHECK (user_id <> friend_id)
);
CREATE INDEX friendships_friend_idx ON friendships (friend_id);
