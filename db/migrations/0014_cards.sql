-- My Cards (issue 15; API.md "Cards and offers"; seed my-cards.md): a public catalogue of card issuers, kept by
-- ADMIN, and each user's loyalty cards (barcode, front photo, colours, issuer), which are their owner's alone.
-- The limits and formats are CardInput's (Sources/Cards/CardInput.swift, BarcodeFormat.swift); the CHECKs
-- repeat the ones a bug could break without a client noticing.

CREATE TABLE issuers (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name       text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
    logo_url   text CHECK (char_length(logo_url) BETWEEN 1 AND 2000),
    website    text CHECK (char_length(website) BETWEEN 1 AND 2000),
    created_at timestamptz NOT NULL DEFAULT now()
);

-- One issuer per name, whatever its case (the app picks an issuer by name).
CREATE UNIQUE INDEX issuers_name_key ON issuers (lower(name));
-- issuers(search:): a substring of the name (pg_trgm is created by 0005).
CREATE INDEX issuers_name_trgm_idx ON issuers USING gin (lower(name) gin_trgm_ops);

CREATE TABLE cards (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    owner_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name            text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
    barcode_value   text NOT NULL CHECK (char_length(barcode_value) BETWEEN 1 AND 2953),
    barcode_format  text NOT NULL CHECK (barcode_format IN
                        ('QR', 'EAN_13', 'EAN_8', 'CODE_128', 'CODE_39', 'PDF_417', 'AZTEC', 'DATA_MATRIX', 'UPC_A')),
    -- NULL: the app's default look; PHOTO: the front photo; otherwise an upper-case #RRGGBB colour.
    background      text CHECK (background = 'PHOTO' OR background ~ '^#[0-9A-F]{6}$'),
    dominant_colors text[] NOT NULL DEFAULT '{}' CHECK (cardinality(dominant_colors) <= 4),
    -- The front photo is the card's alone (a PRIVATE medium); deleting the card deletes it in the same statement.
    front_media_id  uuid UNIQUE REFERENCES media (id) ON DELETE SET NULL,
    -- The card's 4 corners in the photo as x1, y1, … x4, y4, fractions 0–1.
    card_area       double precision[] CHECK (cardinality(card_area) = 8),
    issuer_id       uuid REFERENCES issuers (id) ON DELETE SET NULL,
    last_used_at    timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now()
);

-- cards(search:): a user's cards alphabetically, (lower(name), id) keysets.
CREATE INDEX cards_owner_name_idx ON cards (owner_id, lower(name), id);
-- recentCards: a user's most recently used cards.
CREATE INDEX cards_owner_used_idx ON cards (owner_id, last_used_at DESC, id DESC) WHERE last_used_at IS NOT NULL;
CREATE INDEX cards_issuer_idx ON cards (issuer_id);
