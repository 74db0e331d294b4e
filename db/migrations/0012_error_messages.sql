-- The error message catalogue (issue 13, Foodstabook 2.3.2: "Error message is retrieved from the data store"):
-- one row per `extensions.code` the API answers, whose `message` is the text every error with that code shows
-- (API.md "Errors"). A message is a template: `{message}` stands for the text the API composed for this
-- occurrence (it names the field, the limit, the provider…), `{supportEmail}` for QUARRY_SUPPORT_EMAIL. Codes
-- with one fixed text hold it (the seeds' exact texts); codes whose text depends on the occurrence hold
-- `{message}`, which an administrator may replace by a fixed text. `advice` says what to do next; clients read
-- it with `errorMessage(code)`. Every instance caches the table and re-reads it on NOTIFY error_messages, which
-- `upsertErrorMessage` sends in its transaction (Sources/Administration/ErrorMessageChanges.swift).
CREATE TABLE error_messages (
    code       text PRIMARY KEY CHECK (code ~ '^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$'),
    message    text NOT NULL CHECK (btrim(message) <> ''),
    advice     text,
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every code used in Sources (Tests/AppTests/ErrorMessageCatalogueTests.swift finds them in the source text and
-- checks each has a row here).
INSERT INTO error_messages (code, message, advice) VALUES
    -- Every field (API.md "Error codes").
    ('UNAUTHENTICATED', 'You must be logged in to do this.', 'Log in, then try again.'),
    ('FORBIDDEN', '{message}', 'This action is reserved to other roles; ask an administrator if you need it.'),
    ('BAD_USER_INPUT', '{message}', 'Correct the fields listed in extensions.fields, then send again.'),
    ('DATABASE_UNAVAILABLE', 'The database is unavailable. Please try again shortly.', 'Retry in a few seconds.'),
    ('INTERNAL_SERVER_ERROR', 'We''re sorry, there was a problem with our servers. Please make another attempt later.',
     'Try again later; if it keeps happening, contact support with the X-Request-Id of the response.'),
    -- An error report's code for a run of the server that ended without a clean shutdown (never a client's error).
    ('CRASH', 'The server stopped unexpectedly and was restarted.', 'Read the crash report in errorReports.'),
    -- Accounts (roles-and-onboarding.md, screen-cache.md).
    ('INVALID_CREDENTIALS', 'Email or password are incorrect', 'Check your email and password, or reset your password.'),
    ('EMAIL_NOT_VERIFIED', 'Please verify your email address first. Open the confirmation link we sent to your email.',
     'Open the link in the confirmation email, or ask for a new one with resendVerification.'),
    ('ACCOUNT_BLOCKED', 'Your account was blocked by the Administration. To get more information about the reason of blocking please contact us via email {supportEmail}',
     'Write to the support address to learn why.'),
    ('RATE_LIMITED', '{message}', 'Wait the time the message says, then try again.'),
    ('EMAIL_NOT_FOUND', 'We''re sorry, we couldn''t find an account associated with this email.',
     'Check the address, or sign up with it.'),
    ('EMAIL_TAKEN', 'An account with this email already exists', 'Log in, or reset the password of that account.'),
    ('INVALID_VERIFICATION_LINK', 'This verification link is invalid or has expired.', 'Ask for a new link with resendVerification.'),
    ('INVALID_VERIFICATION_CODE', 'This verification code is invalid or has expired.', 'Check the code, or ask for a new one.'),
    ('INVALID_RESET_LINK', 'This password reset link is invalid or has expired.', 'Ask for a new link with requestPasswordReset.'),
    ('INVALID_PASSWORD', 'Your current password is incorrect', 'Enter your current password again.'),
    ('SMS_UNAVAILABLE', 'Verification by SMS is not available. Please choose verification by email.', NULL),
    ('INVALID_ID_TOKEN', 'The sign-in token is invalid or has expired.', 'Sign in with the provider again.'),
    ('ACCOUNT_NOT_FOUND', 'Account was not found', 'Sign up with this provider first.'),
    ('PROVIDER_SIGNUP_FAILED', 'Unable to sign up with this account', 'Sign up with email, or log in to the existing account.'),
    ('PROVIDER_NOT_CONFIGURED', '{message}', 'Sign in with email instead.'),
    ('PROVIDER_UNAVAILABLE', '{message}', 'Try again later, or sign in with email.'),
    -- Onboarding, friends, screenshots, messages.
    ('CHALLENGE_NOT_FOUND', 'This emotion challenge does not exist. Please ask for a new picture.', 'Ask for a new challenge with emotionChallenge.'),
    ('SELFIE_NOT_FOUND', 'This selfie verification does not exist.', NULL),
    ('SELFIE_ALREADY_REVIEWED', 'This selfie has already been reviewed; the list of pending selfies has changed.', 'Reload the list of pending selfies.'),
    ('USER_NOT_FOUND', '{message}', 'The account may have been deleted; reload the list.'),
    ('FRIEND_REQUEST_TO_SELF', 'You cannot send a friend request to yourself.', NULL),
    ('ALREADY_FRIENDS', 'You are already friends with this user.', NULL),
    ('FRIEND_REQUEST_EXISTS', '{message}', NULL),
    ('FRIEND_REQUEST_NOT_FOUND', '{message}', 'Reload your friend requests.'),
    ('NOT_FRIENDS', '{message}', 'Send a friend request first.'),
    ('SCREENSHOT_NOT_FOUND', '{message}', 'Reload your screenshots.'),
    -- Uploads (API.md "Uploads"): the texts name the limits of the server's configuration.
    ('FILE_EMPTY', 'The file is empty.', 'Choose another file.'),
    ('FILE_TOO_LARGE', '{message}', 'Choose a smaller file.'),
    ('UNSUPPORTED_MEDIA_TYPE', '{message}', NULL),
    ('INVALID_IMAGE', 'The image is damaged or incomplete and cannot be read.', 'Choose another image.'),
    ('IMAGE_TOO_LARGE', '{message}', 'Choose a smaller image.'),
    -- The request (no operation ran).
    ('BAD_REQUEST', '{message}', NULL),
    ('GRAPHQL_PARSE_FAILED', '{message}', NULL),
    ('GRAPHQL_VALIDATION_FAILED', '{message}', NULL),
    ('QUERY_TOO_DEEP', '{message}', 'Ask for fewer nested fields.'),
    ('TOO_MANY_ALIASES', '{message}', 'Split the operation.'),
    ('QUERY_TOO_COMPLEX', '{message}', 'Ask for smaller pages or fewer fields.'),
    ('INTROSPECTION_DISABLED', '{message}', NULL),
    ('PERSISTED_QUERY_NOT_FOUND', 'PersistedQueryNotFound', 'Send the query text with its hash.'),
    ('PERSISTED_QUERY_HASH_MISMATCH', 'provided sha does not match query', NULL),
    ('PERSISTED_QUERY_VERSION_NOT_SUPPORTED', '{message}', NULL),
    ('PERSISTED_QUERY_NOT_ALLOWED', 'This server runs only trusted documents: send the hash of a document from the client''s manifest.', NULL),
    ('METHOD_NOT_ALLOWED', '{message}', NULL),
    ('MALFORMED_AUTHORIZATION', 'The Authorization header must be "Bearer <token>".', NULL),
    ('NOT_ACCEPTABLE', 'Quarry answers application/graphql-response+json or application/json; the Accept header allows neither.', NULL),
    ('REQUEST_TOO_LARGE', '{message}', NULL),
    ('CORS_ORIGIN_NOT_ALLOWED', '{message}', NULL),
    ('PREFLIGHT_REQUIRED', 'A multipart request must carry a non-empty Apollo-Require-Preflight or GraphQL-Preflight header (protection against cross-site request forgery).', NULL),
    ('INVALID_MULTIPART', '{message}', NULL),
    ('INVALID_MULTIPART_OPERATIONS', '{message}', NULL),
    ('INVALID_MULTIPART_MAP', '{message}', NULL),
    ('MISSING_UPLOAD', '{message}', NULL),
    ('MULTIPART_TRUNCATED', 'The multipart request ended before its closing boundary: the upload is incomplete.', 'Send the upload again.'),
    ('TOO_MANY_FILES', '{message}', NULL),
    ('TOO_MANY_OPERATIONS', '{message}', 'Complete an operation of this socket first.'),
    ('NOT_FOUND', '{message}', NULL)
ON CONFLICT (code) DO NOTHING;
