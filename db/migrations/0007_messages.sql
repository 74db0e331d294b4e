-- Messages between friends (issue 5 "Messages"; API.md "Screenshots, profile, friends, messages"): a
-- conversation is read in ascending time, paged back with `last`/`before` and pulled forward with `after`; each
-- friend in a list shows the last message exchanged with the viewer. Sending NOTIFYs `quarry_messages` (see
-- Sources/App/Messages/MessageNotification.swift) so every server instance can push it to subscribers.

CREATE TABLE messages (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    sender_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    recipient_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The same limit as Sources/App/Messages/MessageText.swift; blank text is refused there with its own message.
    text         text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 4000),
    created_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
    -- The conversation a message belongs to, whichever way it was sent: the pair of users, lower id first.
    user_low     uuid NOT NULL GENERATED ALWAYS AS (least(sender_id, recipient_id)) STORED,
    user_high    uuid NOT NULL GENERATED ALWAYS AS (greatest(sender_id, recipient_id)) STORED,
    CHECK (sender_id <> recipient_id)
);

-- A page of a conversation is one range scan of this index (keyset on created_at, id), forward or backward;
-- the last message of each pair ("last message per friend") is its first entry read backward, so the batch of
-- a friends list costs one statement of one index probe per friend.
CREATE INDEX messages_conversation_idx ON messages (user_low, user_high, created_at, id);
-- Deleting a user deletes their messages (ON DELETE CASCADE) without scanning the table.
CREATE INDEX messages_sender_idx ON messages (sender_id);
CREATE INDEX messages_recipient_idx ON messages (recipient_id);
