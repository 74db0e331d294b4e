-- wrk script: the soak's mixed workload (measure-soak.sh; issue 18 "Soak"). Four requests in five read the
-- Screen Cache feed screen (20 friends, each with avatar, latest 3 screenshots, last message); one in five
-- sends a message to one of the bench account's friends. Every answer must be a 200 without GraphQL errors:
-- each thread counts those that are not, and `done` adds them up.
local token = os.getenv("QUARRY_BENCH_TOKEN")
local friends = {}
for id in string.gmatch(os.getenv("QUARRY_SOAK_FRIENDS"), "[^,]+") do friends[#friends + 1] = id end
local headers = { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token }
local read = '{"query":"{ viewer { friends(first: 20) { edges { node { nickname avatarUrl '
  .. 'screenshots(first: 3) { edges { node { imageUrl annotation createdAt } } } lastMessage { text createdAt } } } } } }"}'
local send = '{"query":"mutation($to: ID!, $text: String!) { sendMessage(toUserId: $to, text: $text) { id } }",'
  .. '"variables":{"to":"%s","text":"soak message %d"}}'

local threads = {}
local counter = 0
function setup(thread)
  counter = counter + 1
  thread:set("seed", counter)
  table.insert(threads, thread)
end

function init(args)
  math.randomseed(os.time() * 100 + seed)
  reads, writes, failures, sample = 0, 0, 0, ""
end

function request()
  if math.random(5) == 1 then
    writes = writes + 1
    return wrk.format("POST", nil, headers, string.format(send, friends[math.random(#friends)], math.random(1000000)))
  end
  reads = reads + 1
  return wrk.format("POST", nil, headers, read)
end

function response(status, headers, body)
  if status ~= 200 or string.find(body, '"errors"', 1, true) then
    failures = failures + 1
    if sample == "" then sample = status .. " " .. string.sub(body, 1, 300) end
  end
end

function done(summary, latency, requests)
  local r, w, f, s = 0, 0, 0, ""
  for _, thread in ipairs(threads) do
    r, w, f = r + thread:get("reads"), w + thread:get("writes"), f + thread:get("failures")
    if s == "" then s = thread:get("sample") end
  end
  io.write(string.format("soak reads=%d writes=%d failures=%d\n", r, w, f))
  if s ~= "" then io.write("soak first failure: " .. s .. "\n") end
end
