-- wrk script: GET /feed (the seed's REST payload contract, 50 items) as the bench account, and with
-- QUARRY_BENCH_ETAG set, the client's revalidation: If-None-Match with the current ETag, answered 304
-- (measure-feed.sh checks that the 304 comes back before it measures).
wrk.method = "GET"
wrk.path = "/feed"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("QUARRY_BENCH_TOKEN")
local etag = os.getenv("QUARRY_BENCH_ETAG")
if etag and etag ~= "" then wrk.headers["If-None-Match"] = etag end
