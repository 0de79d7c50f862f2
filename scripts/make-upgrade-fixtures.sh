#!/usr/bin/env bash
# Writes the databases in Tests/IntegrationTests/Fixtures/upgrade/ with a placesd release from before tags and
# visit dates (commit b99b4a2, SQLite schema 5, PostgreSQL schema 2), so that UpgradeTests open what that release
# really wrote:
#   - plain.sqlite: a plaintext SQLite store;
#   - sealed.sqlite and sealed.key: a store sealed with that key (the key is test data, nothing else uses it);
#   - postgres.sql: a pg_dump of a PostgreSQL store (run as root: the cluster runs as the user postgres).
# Each holds the same places, written through that release's placesctl: "Eiffel Tower" (with a description),
# "Zürich HB" (added visited), "Colosseum" (visited by an update), and a place added then removed, so the
# change log has every kind of entry.
#
# Usage: scripts/make-upgrade-fixtures.sh OLD_BIN_DIR     (OLD_BIN_DIR holds that release's placesd and placesctl,
#        e.g. from 'git worktree add ../base b99b4a2 && cd ../base && swift build -c release')
set -euo pipefail

cd "$(dirname "$0")/.."
old=${1:?usage: scripts/make-upgrade-fixtures.sh OLD_BIN_DIR}
out=Tests/IntegrationTests/Fixtures/upgrade
pg=/usr/lib/postgresql/15/bin
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT

# Starts the old placesd on $work/s.sock with the arguments given, writes the places, stops it cleanly.
write_places() {
    "$old/placesd" --socket "$work/s.sock" "$@" &
    local daemon=$!
    local ctl=("$old/placesctl" --socket "$work/s.sock")
    until "${ctl[@]}" status >/dev/null 2>&1; do sleep 0.1; done
    "${ctl[@]}" call places.add \
        '{"name":"Eiffel Tower","description":"Iron lady","latitude":48.8584,"longitude":2.2945}' >/dev/null
    "${ctl[@]}" call places.add '{"name":"Zürich HB","latitude":47.378,"longitude":8.54,"visited":true}' >/dev/null
    local colosseum gone
    colosseum=$("${ctl[@]}" call places.add '{"name":"Colosseum","latitude":41.8902,"longitude":12.4922}' |
        sed -n 's/.*"id": *"\([0-9a-f-]*\)".*/\1/p')
    "${ctl[@]}" call places.update "{\"id\":\"$colosseum\",\"visited\":true}" >/dev/null
    gone=$("${ctl[@]}" call places.add '{"name":"Gone","latitude":1,"longitude":2}' |
        sed -n 's/.*"id": *"\([0-9a-f-]*\)".*/\1/p')
    "${ctl[@]}" call places.remove "{\"id\":\"$gone\"}" >/dev/null
    kill -TERM "$daemon"
    wait "$daemon"
}

mkdir -p "$out"
write_places --database "$work/plain.sqlite"
cp "$work/plain.sqlite" "$out/plain.sqlite"

head -c 32 /dev/urandom >"$work/sealed.key"
chmod 600 "$work/sealed.key"
write_places --database "$work/sealed.sqlite" --key-file "$work/sealed.key"
cp "$work/sealed.sqlite" "$work/sealed.key" "$out/"

mkdir -p "$work/pg" "$work/socket"
chown postgres: "$work/pg" "$work/socket"
runuser -u postgres -- "$pg/initdb" -D "$work/pg" -A trust -U postgres --no-sync -E UTF8 >/dev/null
runuser -u postgres -- "$pg/pg_ctl" -D "$work/pg" -w -l "$work/socket/pg.log" \
    -o "-c listen_addresses= -c unix_socket_directories=$work/socket -p 5432" start >/dev/null
runuser -u postgres -- "$pg/createdb" -h "$work/socket" -U postgres places
write_places --database "postgresql:///places?host=$work/socket&port=5432&user=postgres"
"$pg/pg_dump" -h "$work/socket" -U postgres --no-owner --no-privileges places |
    grep -v '^\\\(un\)\?restrict ' >"$out/postgres.sql"
runuser -u postgres -- "$pg/pg_ctl" -D "$work/pg" -w -m fast stop >/dev/null
echo "Wrote $out/plain.sqlite, sealed.sqlite, sealed.key and postgres.sql"
