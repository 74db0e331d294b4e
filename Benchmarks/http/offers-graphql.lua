-- wrk script: the first 20 offers near Paris centre (measure-offers.sh; offers-seed.sql), as the Offers tab asks.
wrk.method = "POST"
wrk.path = "/graphql"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("QUARRY_BENCH_TOKEN")
wrk.body = '{"query":"{ offers(near: {latitude: 48.8566, longitude: 2.3522}, first: 20) { edges { cursor node { id thumbnailUrl storeName validFrom validTo details distanceMeters issuer { name } } } pageInfo { hasNextPage endCursor } } }"}'
