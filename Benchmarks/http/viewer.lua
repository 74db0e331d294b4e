-- wrk script: an authenticated query (the bearer token is resolved to the viewer: one SQL statement).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("QUARRY_BENCH_TOKEN")
wrk.body = '{"query":"{ viewer { nickname } }"}'
