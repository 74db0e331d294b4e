-- wrk script: logIn as the benchmark user (argon2id verification on every request).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"query":"mutation { logIn(email: \\"bench@example.com\\", password: \\"correct horse battery staple 42\\") { expiresAt } }"}'
