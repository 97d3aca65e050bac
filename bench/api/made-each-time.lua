-- wrk script for bench/api: every request a new query string, so no kept reply answers it.
local counter = 0
function setup(thread)
  counter = counter + 1
  thread:set("id", counter)
end
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", wrk.path .. "&n=" .. id .. "-" .. n)
end
