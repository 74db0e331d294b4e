-- wrk script: the trivial query, POSTed as application/json.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"query":"{ ping }"}'
