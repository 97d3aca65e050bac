-- The scale benchmark's workload for wrk: people in one group using the app. Each request is
-- one person's (tokens from TOKENS, comma-separated): their account (30%), the group's
-- standings (30%), their workouts (20%), logging a workout (15%) and changing their quota (5%,
-- which tells every member's stream through the event bus). 80% reads, 20% writes.
local tokens, group = {}, os.getenv("GROUP")
for t in string.gmatch(os.getenv("TOKENS"), "[^,]+") do tokens[#tokens + 1] = t end
local workout = '{"startedAt":"2026-11-30T07:00:00Z","notes":"bench","exercises":[{"exerciseId":"squat","sets":[{"reps":5,"weightKg":60}]}]}'
local counter = 0

request = function()
  counter = counter + 1
  local headers = { ["Authorization"] = "Bearer " .. tokens[math.random(#tokens)], ["Content-Type"] = "application/json" }
  local r = math.random(100)
  if r <= 30 then
    return wrk.format("GET", "/v1/me", headers)
  elseif r <= 60 then
    return wrk.format("GET", "/v1/groups/" .. group .. "/standings", headers)
  elseif r <= 80 then
    return wrk.format("GET", "/v1/workouts?limit=20", headers)
  elseif r <= 95 then
    return wrk.format("POST", "/v1/workouts", headers, workout)
  else
    return wrk.format("PUT", "/v1/me/quota", headers, '{"days":' .. math.random(1, 7) .. '}')
  end
end
