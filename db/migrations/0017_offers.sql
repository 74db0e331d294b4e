-- Offers by place (issue 15; API.md "Cards and offers"; seed my-cards.md UC1.1, UC1.2.7, UC1.3): the stores of
-- the catalogue's issuers, each at a point, and the offers (leaflets, coupons, discounts) a store has for a
-- while. "Offers in my area" is every offer valid now whose store lies within QUARRY_OFFERS_RADIUS_KM of a
-- point, nearest first. Kept by ADMIN; read by everyone (offersAvailable, offerSummary) and USER (offers, Card.offers).

-- A B-tree operator class for timestamptz inside a GiST index (offers_nearby_idx). Trusted since PostgreSQL 13:
-- no superuser needed.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE stores (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    -- A store belongs to one issuer; deleting the issuer deletes its stores and their offers.
    issuer_id  uuid NOT NULL REFERENCES issuers (id) ON DELETE CASCADE,
    name       text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
    address    text NOT NULL CHECK (char_length(address) BETWEEN 1 AND 300),
    location   geography(Point, 4326) NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- stores(issuerId:): an issuer's stores alphabetically, as the admin dashboard picks one for an offer.
CREATE INDEX stores_issuer_name_idx ON stores (issuer_id, lower(name), id);
CREATE INDEX stores_location_idx ON stores USING gist (location);

CREATE TABLE offers (
    id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    store_id           uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    -- The store's issuer and location, copied so that one index answers "nearest valid offers" (and "this
    -- issuer's offers") without a join per candidate row. StoreChanges.update rewrites both in the statement
    -- that moves a store; OfferChanges copies them from the store on every write.
    issuer_id          uuid NOT NULL REFERENCES issuers (id) ON DELETE CASCADE,
    location           geography(Point, 4326) NOT NULL,
    details            text NOT NULL CHECK (char_length(details) BETWEEN 1 AND 2000),
    -- A PUBLIC medium (the thumbnail is shown to guests' apps too); deleting the offer deletes it in the same statement.
    thumbnail_media_id uuid UNIQUE REFERENCES media (id) ON DELETE SET NULL,
    valid_from         timestamptz NOT NULL,
    valid_to           timestamptz NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    CHECK (valid_from < valid_to)
);

-- "Nearest valid offers around a point": ST_DWithin(location, point, radius) is the index condition,
-- `location <-> point` the index's KNN order, and valid_to > now() is checked on the index entry, so an
-- expired offer costs no heap visit. A partial index cannot say "valid now" (now() is not immutable), hence
-- valid_to as a second column (btree_gist). Benchmarks/README.md "Offers" has the plan on 100,000 offers.
CREATE INDEX offers_nearby_idx ON offers USING gist (location, valid_to);
-- Without a point: the valid offers soonest-ending first, (valid_to, id) keysets; and one issuer's (Card.offers,
-- offerSummary).
CREATE INDEX offers_ending_idx ON offers (valid_to, id);
CREATE INDEX offers_issuer_ending_idx ON offers (issuer_id, valid_to, id);
CREATE INDEX offers_store_idx ON offers (store_id);
