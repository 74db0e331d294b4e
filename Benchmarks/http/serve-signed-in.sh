# Sourced by the measure scripts that read as a signed-in user (inside scripts/with-test-postgres.sh): serves
# Quarry as serve.sh does, with the shipped pool size unless the caller set one and without e-mail verification
# (the bench account signs in at once), signs up bench@example.com and exports its QUARRY_BENCH_TOKEN for wrk's
# Lua scripts. Sets what serve.sh sets (`work`, `url`).
export QUARRY_DATABASE_POOL_SIZE=${QUARRY_DATABASE_POOL_SIZE:-10}
export QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION=false
source "$here/serve.sh"
QUARRY_BENCH_TOKEN=$(curl -sf "$url" -H 'content-type: application/json' -d '{"query":"mutation { signUp(input: {email: \"bench@example.com\", nickname: \"bench\", password: \"correct horse battery staple 42\", acceptedTerms: true}) { token } }"}' |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["signUp"]["token"])')
export QUARRY_BENCH_TOKEN
