-- wrk script: the query that runs one SQL statement (SELECT now()), POSTed as application/json.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"query":"{ serverTime }"}'
