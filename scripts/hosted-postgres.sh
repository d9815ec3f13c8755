#!/usr/bin/env bash
# A local PostgreSQL 15 prepared as hosted Supabase's is (../shared/HOSTED-SUPABASE.md), for CI's
# PostgreSQL pass and for trying the deploy path before go-live:
#
# - its superuser is supabase_admin, so `postgres` is an ordinary role: the stand-in's bootstrap
#   (server/db/supabase-bootstrap.sql, applied by the first migrate) makes it NOSUPERUSER
#   BYPASSRLS, the owner of the project's migrations, as on hosted;
# - the pg-safeupdate stand-in (server/db/safeupdate) is built and installed, and the local server
#   loads it into every API connection;
# - the supautils stand-in (server/db/safeupdate/chairside_supautils.c) is preloaded in every
#   session: `postgres` may write policies on the platform tables hosted lists and create pgTAP and
#   plpgsql_check, as there, so `supabase db push` runs as on hosted;
# - pgTAP (Debian's postgresql-15-pgtap) is there for `npm run check:db`.
#
# Usage (as root, Debian 12 with postgresql-15 and postgresql-server-dev-15 installed):
#   scripts/hosted-postgres.sh          start it (made once), print DATABASE_URL
#   scripts/hosted-postgres.sh stop     stop it
# Environment: HOSTED_PG_DIR (default /var/tmp/chairside-hosted-pg), HOSTED_PG_PORT (54322).
# Local CI only: it trusts every connection from 127.0.0.1, so it listens nowhere else.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=${HOSTED_PG_DIR:-/var/tmp/chairside-hosted-pg}
port=${HOSTED_PG_PORT:-54322}
bin=$(pg_config --bindir)
as_postgres() { runuser -u postgres -- "$@"; }

if [ "${1:-start}" = stop ]; then
  [ -d "$dir" ] && as_postgres "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null || true
  exit 0
fi

make -s -C server/db/safeupdate install >/dev/null
make -s -C server/db/safeupdate clean >/dev/null

if [ ! -f "$dir/PG_VERSION" ]; then
  mkdir -p "$dir"
  chown postgres:postgres "$dir"
  as_postgres "$bin/initdb" -D "$dir" -U supabase_admin --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
fi
if ! as_postgres "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
  as_postgres "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w \
    -o "-p $port -c listen_addresses=127.0.0.1 -k /tmp -c max_connections=200" start >/dev/null
fi
# supautils' allowance for `postgres` (server/db/safeupdate/chairside_supautils.c) in every new
# session, so `supabase db push` as `postgres` writes the policies on platform tables as on hosted.
"$bin/psql" -q -X -h 127.0.0.1 -p "$port" -U supabase_admin -d postgres \
  -c "alter system set session_preload_libraries = '\$libdir/plugins/chairside_supautils'" \
  -c 'select pg_reload_conf()' >/dev/null
echo "DATABASE_URL=postgres://supabase_admin@127.0.0.1:$port/postgres"
