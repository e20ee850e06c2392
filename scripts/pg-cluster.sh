# Sourced by the test scripts: finds the PostgreSQL binaries and starts a throwaway cluster.
#   pg_bindir                  prints the newest /usr/lib/postgresql/*/bin with initdb, or nothing
#   start_pg_cluster WORKDIR   starts a cluster in WORKDIR/data on a free port; sets PG_URL
#   stop_pg_cluster WORKDIR    stops it (safe to call twice), first printing the CPU seconds the
#                              cluster used (its processes are no children of the tests', so a
#                              step's own CPU figure in scripts/test.sh leaves them out)

pg_bindir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then echo "$dir"; fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

_as_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_pg_cluster() {
  local work=$1 bindir port
  bindir=$(pg_bindir)
  if [ "$(id -u)" = "0" ]; then
    chown postgres:postgres "$work" 2>/dev/null || { echo "no postgres user to run the cluster as" >&2; return 1; }
  fi
  port=$(free_port)
  _as_pg "$bindir/initdb" -D "$work/data" -U postgres -A trust --no-sync >/dev/null
  _as_pg "$bindir/pg_ctl" -D "$work/data" -l "$work/log" -w \
    -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null
  echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on port $port"
  PG_URL="postgres://postgres@127.0.0.1:$port/postgres"
  export PG_URL
}

# The cluster's CPU seconds so far: the postmaster's own and its reaped backends' (utime, stime,
# cutime, cstime in /proc/PID/stat), and its live processes'. Nothing where /proc is missing.
pg_cluster_cpu() {
  local pid ticks
  pid=$(head -n 1 "$1/data/postmaster.pid" 2>/dev/null) || return 0
  [ -r "/proc/$pid/stat" ] || return 0
  ticks=$(getconf CLK_TCK 2>/dev/null || echo 100)
  {
    sed 's/.*) //' "/proc/$pid/stat" | awk '{ print $12 + $13 + $14 + $15 }'
    for child in $(cat "/proc/$pid/task/$pid/children" 2>/dev/null); do
      sed 's/.*) //' "/proc/$child/stat" 2>/dev/null | awk '{ print $12 + $13 }'
    done
  } | awk -v hz="$ticks" '{ t += $1 } END { printf "%.1f", t / hz }'
}

stop_pg_cluster() {
  local work=$1 bindir
  bindir=$(pg_bindir)
  [ -d "$work/data" ] && [ -f "$work/data/postmaster.pid" ] &&
    echo "PostgreSQL's own CPU: $(pg_cluster_cpu "$work") s (user + sys of the cluster's processes)"
  [ -n "$bindir" ] && [ -d "$work/data" ] && _as_pg "$bindir/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1
  return 0
}
