# Shared by the benchmarks that drive wrk. Source it from the repository root.

# wrk_rps URL [WRK OPTIONS…]: the requests per second wrk reached. A run in which any reply was
# not 2xx or 3xx fails the benchmark (wrk still counts those replies as requests served); socket
# errors are told on standard error beside the figure.
wrk_rps() {
  local report
  report=$(wrk "${@:2}" "$1") || { echo "wrk: $1: wrk did not run" >&2; return 1; }
  if grep -q "Non-2xx or 3xx responses" <<<"$report"; then
    echo "wrk: $1 answered $(awk '/Non-2xx or 3xx responses/ {print $NF}' <<<"$report") replies that were not 2xx or 3xx: the figure would count failures" >&2
    return 1
  fi
  if grep -q "Socket errors" <<<"$report"; then echo "wrk: $1: $(grep 'Socket errors' <<<"$report" | sed 's/^ *//')" >&2; fi
  awk '/Requests\/sec/ {print $2}' <<<"$report"
}
