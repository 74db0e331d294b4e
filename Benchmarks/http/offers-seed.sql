-- Stores and offers for the offers benchmark (measure-offers.sh; issue 15 "offers by place"): 10 issuers,
-- 10,000 stores spread evenly over a 55 × 55 km square around Paris (48.6–49.1 N, 2.0–2.75 E), and 100,000
-- offers, 10 a store: 90 % valid now, 5 % expired, 5 % starting next week. The bench point (Paris centre) then
-- has about 6,000 stores and 54,000 valid offers within the default 25 km.
\set ON_ERROR_STOP on
BEGIN;

INSERT INTO issuers (name, website)
SELECT 'Bench Issuer ' || i, 'https://bench' || i || '.example.com' FROM generate_series(1, 10) AS i;

INSERT INTO stores (issuer_id, name, address, location)
SELECT (SELECT id FROM issuers WHERE name = 'Bench Issuer ' || (1 + s % 10)),
       'Bench Store ' || s, s || ' rue du Banc, Paris',
       ST_SetSRID(ST_MakePoint(2.0 + 0.75 * random(), 48.6 + 0.5 * random()), 4326)::geography
FROM generate_series(1, 10000) AS s;

INSERT INTO offers (store_id, issuer_id, location, details, valid_from, valid_to)
SELECT st.id, st.issuer_id, st.location, 'Offer ' || n || ' of ' || st.name || ': 20 % off fresh bread',
       CASE WHEN n = 10 THEN now() + interval '7 days' ELSE now() - interval '10 days' END,
       CASE WHEN n = 9 THEN now() - interval '1 day' ELSE now() + interval '30 days' + n * interval '1 day' END
FROM stores st CROSS JOIN generate_series(1, 10) AS n
WHERE st.name LIKE 'Bench Store %';

COMMIT;
ANALYZE stores;
ANALYZE offers;
