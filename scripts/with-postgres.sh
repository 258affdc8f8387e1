#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL cluster (the firm's archive's tests, issue 30):
# initdb in a temp folder with a password for an admin role, pg_ctl start on a free TCP port
# (127.0.0.1 only) and a unix socket in the same folder, then the command with
# INVOICE_DESK_TEST_PG_URL (the admin's URL) in its environment; the cluster is stopped and
# removed whatever the command's end (trap). PostgreSQL refuses to run as root: as root (CI) the
# cluster runs as `nobody`. The port is INVOICE_DESK_TEST_PG_PORT when set, else one the kernel
# hands out (never an assumed 5432). Tuned for tests, not for data: no fsync.
set -euo pipefail

pg_bin=${INVOICE_DESK_PG_BIN:-}
if [ -z "$pg_bin" ]; then
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
fi
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
  echo "with-postgres: no PostgreSQL server found (Debian: apt-get install postgresql)" >&2
  exit 1
fi

port=${INVOICE_DESK_TEST_PG_PORT:-$(node -e \
  'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')}
cluster=$(mktemp -d "${TMPDIR:-/tmp}/invoice-desk-pg.XXXXXX")
password=$(head -c 18 /dev/urandom | od -An -tx1 | tr -d ' \n')
admin=invoice_desk_admin

as_owner=()
if [ "$(id -u)" = 0 ]; then
  as_owner=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
  chown nobody:nogroup "$cluster"
fi

cleanup() {
  if [ -f "$cluster/data/postmaster.pid" ]; then
    "${as_owner[@]}" "$pg_bin/pg_ctl" -D "$cluster/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$cluster"
}
trap cleanup EXIT

# The password reaches initdb through a file only its owner reads, never a command line.
(umask 077 && printf '%s\n' "$password" >"$cluster/pwfile")
[ "${#as_owner[@]}" -gt 0 ] && chown nobody:nogroup "$cluster/pwfile"
"${as_owner[@]}" "$pg_bin/initdb" -D "$cluster/data" -U "$admin" --pwfile="$cluster/pwfile" \
  --auth=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 --no-sync >"$cluster/initdb.log" 2>&1 \
  || { cat "$cluster/initdb.log" >&2; exit 1; }
rm -f "$cluster/pwfile"
"${as_owner[@]}" "$pg_bin/pg_ctl" -D "$cluster/data" -l "$cluster/server.log" -w -t 20 \
  -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$cluster \
-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null || { cat "$cluster/server.log" >&2; exit 1; }

export INVOICE_DESK_TEST_PG_URL="postgres://$admin:$password@127.0.0.1:$port/postgres"
export INVOICE_DESK_TEST_PG_BIN="$pg_bin"
export INVOICE_DESK_TEST_PG_SOCKET="$cluster"
status=0
"$@" || status=$?
exit "$status"
