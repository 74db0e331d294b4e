-- wrk script: a page of 20 of the bench account's newsfeed, after QUARRY_BENCH_AFTER when set (measure-newsfeed.sh).
local after = os.getenv("QUARRY_BENCH_AFTER") or ""
local argument = after ~= "" and (', after: \\"' .. after .. '\\"') or ""
wrk.method = "POST"
wrk.path = "/graphql"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("QUARRY_BENCH_TOKEN")
wrk.body = '{"query":"{ newsfeed(first: 20' .. argument .. ') { edges { cursor node { id caption photoUrl createdAt likeCount viewerHasLiked author { nickname } } } pageInfo { hasNextPage endCursor } } }"}'
