-- One connection per wrk thread, each rotating its own session's refresh token: every request
-- spends the token the previous response handed back, as an app does.
local next_id = 0

function setup(thread)
  next_id = next_id + 1
  thread:set("id", next_id)
end

function init(args)
  local n = 0
  for line in io.lines(os.getenv("TOKENS")) do
    n = n + 1
    if n == id then token = line end
  end
  failures = 0
end

function request()
  return wrk.format("POST", "/v1/auth/refresh", { ["Content-Type"] = "application/json" },
    '{"refreshToken":"' .. token .. '"}')
end

function response(status, headers, body)
  local found = body:match('"refreshToken":"([^"]+)"')
  if status == 200 and found then token = found else failures = failures + 1 end
end
