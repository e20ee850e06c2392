# Sourced by the test scripts: finds the PostgreSQL binaries and starts a throwaway cluster.
#   pg_bindir                  prints the newest /usr/lib/postgresql/*/bin with initdb, or nothing
#   start_pg_cluster WORKDIR   starts a cluster in WORKDIR/data on a free port; sets PG_URL
#   stop_pg_cluster WORKDIR    stops it (safe to call twice)

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

stop_pg_cluster() {
  local work=$1 bindir
  bindir=$(pg_bindir)
  [ -n "$bindir" ] && [ -d "$work/data" ] && _as_pg "$bindir/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1
  return 0
}
