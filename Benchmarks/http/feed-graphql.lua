-- wrk script: the feed's first page of 50 through GraphQL, with the fields GET /feed answers (measure-feed.sh).
wrk.method = "POST"
wrk.path = "/graphql"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("QUARRY_BENCH_TOKEN")
wrk.body = '{"query":"{ feed(first: 50) { edges { node { id description location url } } } }"}'
