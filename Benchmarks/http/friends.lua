-- wrk script: the Screen Cache profile/messages screen: the viewer's 50 friends, each with avatar, latest 3
-- screenshots and the last message exchanged (measure-friends.sh; the statement count must not grow with friends).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("QUARRY_BENCH_TOKEN")
wrk.body = '{"query":"{ viewer { friends(first: 50) { edges { node { nickname avatarUrl screenshots(first: 3) { edges { node { imageUrl annotation createdAt } } } lastMessage { text createdAt } } } } } }"}'
