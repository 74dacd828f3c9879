#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: initdb in a temporary folder, a free loopback
# port, trust authentication (loopback and the folder's socket only), fsync off.
#
#   scripts/postgres-cluster.sh start DIR     creates and starts a cluster in DIR (which must not
#                                             exist) and prints its URL
#   scripts/postgres-cluster.sh stop DIR      stops it and removes DIR
#   scripts/postgres-cluster.sh down DIR      stops its server, keeping DIR (an outage)
#   scripts/postgres-cluster.sh up DIR        starts that server again, on the same port
#   scripts/postgres-cluster.sh run CMD…      starts one, runs CMD with GENKAN_TEST_POSTGRES set to
#                                             its URL, stops it (whatever CMD did), exits as CMD did
#
# `run` also sees that the run ends: CMD has GENKAN_TEST_TIME_LIMIT seconds (default 1800), after
# which it is ended and the run fails; and a program CMD started but left running (a server of a
# test that crashed) is ended when CMD returns, so that nothing holds the output open and CI
# never waits for its own time limit.
#
# PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user (Debian's
# postgresql package creates it), which owns DIR.
set -euo pipefail

bindir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$dir" ] || [ ! -x "$dir/initdb" ]; then
    echo "postgres-cluster: no PostgreSQL server found (Debian package postgresql; scripts/install-deps.sh test)" >&2
    exit 1
  fi
  echo "$dir"
}

# Runs a command as the cluster's owner.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start() {
  local dir=$1 bin port
  bin=$(bindir)
  [ ! -e "$dir" ] || { echo "postgres-cluster: $dir exists already" >&2; exit 1; }
  mkdir -p "$dir"
  [ "$(id -u)" -ne 0 ] || chown postgres: "$dir"
  as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --no-sync -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  port=$(free_port)
  # Loopback only; the socket in DIR (not /var/run/postgresql, which may not exist or be
  # writable). In the cluster's own settings, so that `up` starts it again the same way.
  as_owner tee -a "$dir/data/postgresql.conf" >/dev/null <<SETTINGS
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
fsync = off
full_page_writes = off
max_connections = 300
SETTINGS
  up "$dir"
  echo "postgresql://postgres@127.0.0.1:$port/postgres"
}

up() {
  local dir=$1 bin
  bin=$(bindir)
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null \
    || { cat "$dir/server.log" >&2; exit 1; }
}

# Fast shutdown: the server ends its connections and stops, as for a restart or a failover.
down() {
  local dir=$1 bin
  bin=$(bindir)
  as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null
}

stop() {
  local dir=$1 bin
  bin=$(bindir)
  if [ -d "$dir/data" ]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

# Ends every process whose environment holds MARK (what a run started and left behind), saying which.
end_marked() {
  local mark=$1 pid left=()
  for environ in /proc/[0-9]*/environ; do
    pid=${environ#/proc/}
    pid=${pid%/environ}
    [ "$pid" != $$ ] || continue
    if grep -qzxF "$mark" "$environ" 2>/dev/null; then left+=("$pid"); fi
  done
  [ ${#left[@]} -gt 0 ] || return 0
  for pid in "${left[@]}"; do
    echo "postgres-cluster: ending what the tests left running: $( (tr '\0' ' ' <"/proc/$pid/cmdline") 2>/dev/null | cut -c1-120)" >&2
  done
  kill -KILL "${left[@]}" 2>/dev/null || true
}

case "${1:-}" in
  start) start "$2" ;;
  stop) stop "$2" ;;
  up) up "$2" ;;
  down) down "$2" ;;
  run)
    shift
    dir=$(mktemp -d /tmp/genkan-postgres.XXXXXX)
    rmdir "$dir"
    trap 'stop "$dir"' EXIT
    url=$(start "$dir")
    echo "PostgreSQL for the tests: $url"
    # The command runs in the background so that a signal to this script is handled at once
    # (bash runs traps only between foreground commands): it ends the command, then the EXIT
    # trap stops the cluster.
    # Every process of the run inherits this mark in its environment, whatever its process group.
    mark="GENKAN_TEST_RUN=$$-$RANDOM$RANDOM"
    env "$mark" GENKAN_TEST_POSTGRES="$url" timeout --kill-after=20 "${GENKAN_TEST_TIME_LIMIT:-1800}" "$@" &
    child=$!
    trap 'kill -TERM "$child" 2>/dev/null; wait "$child"; end_marked "$mark"; exit 130' INT TERM
    status=0
    wait "$child" || status=$?
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
      echo "postgres-cluster: $1 did not end within ${GENKAN_TEST_TIME_LIMIT:-1800} s and was stopped" >&2
    fi
    end_marked "$mark"
    exit $status
    ;;
  *) echo "usage: $0 start DIR | stop DIR | down DIR | up DIR | run COMMAND…" >&2; exit 2 ;;
esac
