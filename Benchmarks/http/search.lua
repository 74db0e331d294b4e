-- wrk script: searchPosts' first page of 20 with each post's author, for the keywords in QUARRY_BENCH_KEYWORDS
-- (measure-search.sh).
wrk.method = "POST"
wrk.path = "/graphql"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("QUARRY_BENCH_TOKEN")
wrk.body = '{"query":"query($k: String!) { searchPosts(keywords: $k, first: 20) { posts { edges { node { id caption author { nickname } } } } message } }","variables":{"k":"' .. os.getenv("QUARRY_BENCH_KEYWORDS") .. '"}}'
