-- Issue 16 (Foodstabook 2.1.1: "a method, either email or phone number, to receive a verification code";
-- "security questions"): sign-up codes by SMS, and security questions as an extra check on a password reset.

-- The transactional outbox for SMS (target Mail, SMSOutbox and SMSOutboxSender), on the shape of mail_outbox
-- (0002): a message is a row written by the transaction of the change it is about, and the sender delivers it
-- afterwards through the gateway of QUARRY_SMS_URL, with the same claims, leases and back-off.
CREATE TABLE sms_outbox (
    id bigserial PRIMARY KEY,
    -- What the message is about (verification), for logs and queries.
    kind text NOT NULL CHECK (kind <> ''),
    -- E.164: '+' and 8 to 15 digits.
    recipient text NOT NULL CHECK (recipient ~ '^\+[1-9][0-9]{7,14}$'),
    body text NOT NULL CHECK (body <> ''),
    created_at timestamptz NOT NULL DEFAULT now(),
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    locked_by text,
    locked_until timestamptz,
    last_error text,
    sent_at timestamptz,
    -- Given up after the maximum number of attempts (kept for inspection).
    failed_at timestamptz
);

CREATE INDEX sms_outbox_pending ON sms_outbox (next_attempt_at, id)
    WHERE sent_at IS NULL AND failed_at IS NULL;

-- How the pending verification's code was sent: by e-mail (with the link) or by SMS to users.phone.
ALTER TABLE email_verifications
    ADD COLUMN channel text NOT NULL DEFAULT 'EMAIL' CHECK (channel IN ('EMAIL', 'SMS'));

-- The fixed list of security questions (Query.securityQuestions). Ids are stable: answers refer to them.
CREATE TABLE security_questions (
    id   smallint PRIMARY KEY,
    text text NOT NULL UNIQUE CHECK (btrim(text) <> '')
);

INSERT INTO security_questions (id, text) VALUES
    (1, 'What was the name of your first pet?'),
    (2, 'In what city were you born?'),
    (3, 'What is the name of the street you grew up on?'),
    (4, 'What was the name of your first school?'),
    (5, 'What was the first dish you learned to cook?'),
    (6, 'What is the middle name of your oldest sibling?'),
    (7, 'What was the make of your first car or bicycle?'),
    (8, 'What was the name of your childhood best friend?'),
    (9, 'In what town did your parents meet?'),
    (10, 'What was your favourite food as a child?');

-- A user's answers, normalised and hashed with argon2id like a password; never readable back.
CREATE TABLE security_answers (
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    question_id smallint NOT NULL REFERENCES security_questions (id),
    answer_hash text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, question_id)
);

-- The question a reset link asks (one of the user's, picked when the link is sent; null when the user had none),
-- and the wrong answers given so far: the link dies at the limit.
ALTER TABLE password_resets
    ADD COLUMN question_id smallint REFERENCES security_questions (id),
    ADD COLUMN answer_attempts integer NOT NULL DEFAULT 0;

INSERT INTO error_messages (code, message, advice) VALUES
    ('SECURITY_ANSWER_INCORRECT', 'The answer to the security question is incorrect.',
     'Check the spelling and try again; after 5 wrong answers the reset link stops working.');
