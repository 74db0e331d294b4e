-- Places measured by PostGIS (issues 15 and 16; API.md "Cards and offers": "Geography: PostGIS"). Distances
-- and "within N km" are answered on geography(Point, 4326) columns (metres on the WGS 84 spheroid) through
-- GiST indexes: ST_DWithin for "in my area", `<->` for nearest first.
--
-- The extension comes from Debian's postgresql-15-postgis-3 (scripts/install-deps.sh) or the compose file's
-- PostGIS image. Creating it needs a superuser once per database; on a server where Quarry's role is not one,
-- a database administrator runs this line first, and then it is a no-op here.
CREATE EXTENSION IF NOT EXISTS postgis;

-- A signed-in user's area (User.homeLocation, set by updateProfile): where "offers near me" and the
-- newsfeed's nearby posts are measured from when a query names no point.
ALTER TABLE users ADD COLUMN home_location geography(Point, 4326);

-- A post's location as a point (0015 kept degrees only), derived so the two never disagree: the newsfeed's
-- "nearby" tier and searchPosts' distance order read it through the GiST index.
ALTER TABLE posts ADD COLUMN location geography(Point, 4326) GENERATED ALWAYS AS (
    CASE WHEN latitude IS NOT NULL THEN ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)::geography END
) STORED;
CREATE INDEX posts_location_idx ON posts USING gist (location) WHERE deleted_at IS NULL;
