-- Card.offers nearest first (issue 15; API.md "Cards and offers"): one issuer's valid offers around the card
-- owner's homeLocation. With only offers_nearby_idx (location, valid_to), PostgreSQL read the issuer's
-- offers through offers_issuer_ending_idx and sorted all of them in the area (about 5,000 on offers-seed.sql,
-- 40 ms an issuer). Here `issuer_id = $1` and the radius's bounding box are the index condition and
-- `location <-> point` the KNN order, so a page reads about as many index entries as it returns
-- (OfferQueries.pageRows; Benchmarks/README.md "Offers" has the plans). btree_gist (0017) gives uuid and
-- timestamptz their GiST operator classes.
CREATE INDEX offers_issuer_nearby_idx ON offers USING gist (issuer_id, location, valid_to);
