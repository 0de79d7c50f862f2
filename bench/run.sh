#!/usr/bin/env bash
# `make bench`: measures placesd against its references in one run and checks it against its targets.
#
# References, each on a Unix socket this script creates:
#   - the ceiling: jsonl-load --serve, a C epoll line server that does no work (10 and 50 connections);
#   - Redis: redis-benchmark GET from memory and SET with appendfsync always (durable, as places.add is),
#     50 connections, 256-byte values, as many keys as placesd holds places at the smallest size;
#   - one-shot processes (hyperfine -N, median wall time): `placesctl list` on an empty store against
#     `redis-cli PING`, and `placesctl get ID` against `redis-cli GET key`;
#   - `placesctl add Kyoto` (its coordinates looked up in the gazetteer, data/cities.tsv) against `placesctl add
#     Kyoto --lat 35.0116 --lon 135.7681`, both on an empty placesd of their own (hyperfine -N);
#   - pipelined SETs with appendfsync always: one connection 64 deep (-c 1 -P 64), one connection 1000 deep
#     (-P 1000), ten connections 16 deep (-c 10 -P 16), and 100,000 SETs through redis-cli --pipe;
#   - the SQLite floor: bench/sqlite-floor.c runs only the SQLite statements of durable adds, in commits of 64 (no
#     socket, no JSON, no in-memory indexes), in rounds with the one-connection-64-deep figures: not a target, the
#     least any build of placesd on SQLite could take for that figure.
# placesd:
#   - pipelined durable places.add, each figure on a fresh database: one connection keeping 64 in flight, ten
#     keeping 16 each, one connection sending JSON-RPC batches of 1000 adds, and 100,000 adds piped in one go
#     through socat as a shell script would (wall time until the last reply);
#   - places.list (no params) of a user with exactly 100 places, its own database, 10 and 50 connections;
#   - for 10k, 100k and 1M places, each loaded with places.import into a fresh database (one user; the 1M places
#     hold 20 tags between them, one each), then
#     placesd restarted: spawn to READY=1 (median of --starts spawns, warm page cache); then, with every size's
#     placesd up, places.get at 50 connections (also 10 at 10k), VmRSS after the gets, places.near (limit 10)
#     at 1 and 10 connections, the size of the JSON export (placesctl export; largest size only), then durable
#     places.add at 50 connections (also 10 at 10k), a fixed number of requests per run so the store grows
#     alike at every size; sorting and search on the 1M store (search_figures), places.density of it
#     (density_figures), and `placesctl map --width 120 --height 40` of it against `placesctl list --json` of it
#     (hyperfine -N, wall time; map_figure).
#   - backups of the largest store while it is served: `placesctl backup` (server.backup) of the store against the
#     sqlite3 shell's `.backup` of the same database file, in rounds (wall time, median); places.get (after the
#     gets above) and durable places.add (after the adds below) at 50 connections while bench/backup-loop.py keeps
#     a backup under way, one server.backup after another, each in rounds with the same figure without a backup;
#     the share of each run's wall time a backup covered is printed, and a share under 0.9 counts as a failure.
#   - an import of a 60 MB export (50,000 places with long descriptions, bench/make-export.py): `placesctl
#     import` into a fresh placesd with its default settings (the staged import, in parts under the 1 MiB line
#     limit), in rounds with the same file sent as one places.import request to a fresh placesd whose line limit is
#     raised (bench/import-once.py); places/s, each run on a database of its own;
#   - the formats of other software (format_figures): `placesctl import` of 100,000 places from KML, against GDAL's
#     `ogr2ogr -f GeoJSON` of the same file, and from CSV against `ogr2ogr` of the same CSV (each import into a
#     fresh placesd with its default settings); `placesctl export --format kml` of 100,000 places against
#     `placesctl export --format gpx` of the same places (bench/make-export.py writes the files; wall time, in
#     rounds, median);
#   - over PostgreSQL (when postgresql-15 is installed; a throwaway cluster of its own, Unix socket only):
#     durable places.add at 50 connections on one host, and on two hosts over one database at once (25 each,
#     then 50 each), beside a SQLite host; places.get and places.near on a PostgreSQL-backed host and a SQLite
#     host with the smallest size; the latency of an event on one host for a change written through the other,
#     at 1,000 writes/s (--repeat runs of 5 s, the median of their p50s and p99s; the adds' own replies beside
#     them); spawn to READY=1 with the largest size loaded from PostgreSQL. The cluster's log (checkpoints,
#     autovacuum) is kept in OUT/logs/pg-server.log.
# Every throughput figure is the median of --repeat runs. A figure judged against another is measured in rounds
# with it, one run of each in turn (the order reversed every other round), with every server involved up at once:
# each placesd figure with its Redis or ceiling reference, every store size's figure with the others', and the
# PostgreSQL-backed hosts with a SQLite host on a store of the same size. A shared or virtual machine's speed can
# drift by a fifth from one minute to the next, and a ratio of figures taken minutes apart measures that drift as
# much as placesd.
# Each jsonl-load line also shows the load generator's own CPU time (user + system) per request, which shows when
# the client rather than the server was the limit (jsonl-load runs on one thread, on the same cores as the server).
# bench/report.py then prints placesd against its references, the targets with PASS/FAIL, and how cost grows from
# the smallest to the largest store, and writes everything to OUT/results.json. The run takes about 9 minutes on
# 2 cores.
#
#   bench/run.sh [--bin-dir DIR] [--out DIR] [--duration SECONDS] [--repeat N] [--adds N] [--starts N]
#                [--sizes N,N,...] [--skip PART,...] [--only-reference] [--only-formats]
#
# --duration: seconds of each closed-loop run (default 5); --repeat: runs per figure (default 3); --adds:
# places.add requests per add run (default 30000); --starts: spawns per size (default 5); --sizes: store sizes
# (default 10000,100000,1000000; the first is the one the throughput targets use, the last the one start-up,
# memory and places.near are judged at); --skip: parts left out, for a run of the figures of one part of placesd
# (list, pipelined, postgresql, search, density, map, backups, adds, import, formats); --only-formats: only the
# formats' figures, then the report. Everything started is stopped on exit; the exit status is 1 when a
# measurement failed (errors, a server that did not start or stop cleanly), whatever the targets say.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=bench/lib.sh
source "$root/bench/lib.sh"
bin_dir=$root/.build/release
out=$root/.build/bench
duration=5
repeat=3          # runs of every throughput figure; each figure is the median over the runs
adds=30000        # places.add requests in each add run
starts=5          # spawns of placesd per size; the median spawn -> READY=1 is reported
sizes_list=10000,100000,1000000
only_reference=false
only_formats=false
format_places=100000  # places in the KML and CSV files of the formats' figures
skip_list=        # parts of the bench left out (--skip), for a run of the figures of one part of placesd
list_places=100   # places the places.list user holds
value_size=256    # bytes of each Redis value: about the size of a place as JSON
redis_requests=200000
import_chunk=50000  # places per places.import request (placesd refuses more than 100,000 by default)
import_places=50000 # places in the export the import figure imports (about 60 MB)
pipelined_adds=100000  # places.add requests in each pipelined run (each run grows that figure's store alike)
batch_size=1000        # places.add requests in each JSON-RPC batch line
script_requests=100000 # requests the shell script pipes through socat (and redis-cli --pipe) in one go

usage() {
    echo "usage: bench/run.sh [--bin-dir DIR] [--out DIR] [--duration SECONDS] [--repeat N] [--adds N]" \
        "[--starts N] [--sizes N,N,...] [--skip PART,...] [--only-reference] [--only-formats]" >&2
    echo "  parts --skip can leave out: list, pipelined, postgresql, search, density, map, backups, adds, import," \
        "formats" >&2
    exit 64
}

while [ $# -gt 0 ]; do
    case "$1" in
        --bin-dir | --out | --duration | --repeat | --adds | --starts | --sizes | --skip)
            [ $# -ge 2 ] || usage
            case "$1" in
                --bin-dir) bin_dir=$2 ;;
                --out) out=$2 ;;
                --duration) duration=$2 ;;
                --repeat) repeat=$2 ;;
                --adds) adds=$2 ;;
                --starts) starts=$2 ;;
                --sizes) sizes_list=$2 ;;
                --skip) skip_list=$2 ;;
            esac
            shift 2
            ;;
        --only-reference)
            only_reference=true
            shift
            ;;
        --only-formats)
            only_formats=true
            shift
            ;;
        *) usage ;;
    esac
done
[[ "$duration" =~ ^[1-9][0-9]*$ ]] || usage
[[ "$repeat" =~ ^[1-9][0-9]*$ ]] || usage
[[ "$adds" =~ ^[1-9][0-9]*$ ]] || usage
[[ "$starts" =~ ^[1-9][0-9]*$ ]] || usage
[[ "$sizes_list" =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || usage
[[ "$skip_list" =~ ^((list|pipelined|postgresql|search|density|map|backups|adds|import|formats)(,(list|pipelined|postgresql|search|density|map|backups|adds|import|formats))*)?$ ]] || usage
IFS=, read -r -a sizes <<<"$sizes_list"
places=${sizes[0]}                  # the size the targets use; Redis GET reads as many keys
near_places=${sizes[${#sizes[@]} - 1]}  # the size places.near, start-up and memory are judged at

# size_label N: 10000 -> 10k, 1000000 -> 1M.
# skipping PART: whether --skip names PART.
skipping() {
    [[ ",$skip_list," == *",$1,"* ]]
}

size_label() {
    if (($1 % 1000000 == 0)); then
        printf '%sM' "$(($1 / 1000000))"
    elif (($1 % 1000 == 0)); then
        printf '%sk' "$(($1 / 1000))"
    else
        printf '%s' "$1"
    fi
}

for tool in cc python3 timeout shuf sqlite3; do
    have "$tool" || fail "'$tool' is not installed (make deps-bench installs what the bench needs)"
done
if [ "$only_reference" = false ]; then
    for binary in placesd placesctl; do
        [ -x "$bin_dir/$binary" ] ||
            fail "'$bin_dir/$binary' does not exist: build it first (make build), or pass --only-reference"
    done
fi
have_redis=false
if have redis-server && have redis-benchmark && have redis-cli; then
    have_redis=true
fi
pg_bin=/usr/lib/postgresql/15/bin
have_postgres=false
if [ -x "$pg_bin/initdb" ] && [ -x "$pg_bin/pg_ctl" ] && { [ "$(id -u)" -ne 0 ] || have runuser; }; then
    have_postgres=true
fi

prepare_output bench
floor=$out/sqlite-floor
cc -O2 -o "$floor" "$root/bench/sqlite-floor.c" -lsqlite3 -lpthread
declare -A server_pids=()
declare -A size_pid=()  # each size's placesd, by size label
failures=0
pg_root=

cleanup() {
    stop_postgres
    stop_all_servers
    rm -rf "$work" "$data"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# redis_run NAME SOCKET TEST [CLIENTS [PIPELINE [REQUESTS]]]: one redis-benchmark run (50 connections, no pipelining
# and $redis_requests requests unless given), its CSV row added to $raw/NAME.csv under one header.
redis_run() {
    local name=$1 socket=$2 test=$3 clients=${4:-50} pipeline=${5:-1} requests=${6:-$redis_requests}
    timeout 300 redis-benchmark -s "$socket" -c "$clients" -P "$pipeline" -n "$requests" -r "$places" \
        -d "$value_size" -t "$test" --csv >"$work/run.csv"
    if [ ! -s "$raw/$name.csv" ]; then
        head -n 1 "$work/run.csv" >>"$raw/$name.csv"
    fi
    tail -n 1 "$work/run.csv" >>"$raw/$name.csv"
}

redis_start() {
    : >"$raw/$1.csv"
}

# redis_report NAME SOCKET TEST [CLIENTS ...]: the line of medians over the rows of $raw/NAME.csv.
redis_report() {
    local name=$1 clients=${4:-50} row value p50_ms p99_ms rps=() p50=() p99=()
    while IFS= read -r row; do
        IFS=, read -r _ value _ _ p50_ms _ p99_ms _ <<<"$(tr -d '"' <<<"$row")"
        rps+=("${value%.*}")
        p50+=("$p50_ms")
        p99+=("$p99_ms")
    done < <(tail -n +2 "$raw/$name.csv")
    printf '%-22s %3s conns %9s req/s   p50 %8s ms   p99 %8s ms   runs: %s req/s\n' "$name" "$clients" \
        "$(median "${rps[@]}")" "$(median "${p50[@]}")" "$(median "${p99[@]}")" "${rps[*]}"
}

# pipe_run NAME COUNT COMMAND...: one run of a shell pipeline that sends COUNT requests and reads every reply; its
# wall time goes to $raw/NAME.txt. A run that fails, whose output does not hold COUNT lines (or redis-cli's
# "replies: COUNT"), or whose output holds a JSON-RPC error, counts as a failure.
pipe_run() {
    local name=$1 count=$2 start end lines run
    shift 2
    run=$(($(grep -c '^seconds=' "$raw/$name.txt" || true) + 1))
    start=$(date +%s%N)
    if ! timeout 600 "$@" >"$work/pipe.out" 2>>"$raw/$name.err"; then
        echo "bench: $name run $run failed" >&2
        failures=$((failures + 1))
    fi
    end=$(date +%s%N)
    lines=$(wc -l <"$work/pipe.out")
    if [ "$lines" -ne "$count" ] && ! grep -q "replies: $count" "$work/pipe.out"; then
        echo "bench: $name run $run: $lines lines of output, expected $count replies" >&2
        failures=$((failures + 1))
    fi
    if grep -q '"error"' "$work/pipe.out"; then
        echo "bench: $name run $run: replies with errors: $(grep -m 1 '"error"' "$work/pipe.out")" >&2
        failures=$((failures + 1))
    fi
    echo "seconds=$(awk -v ns="$((end - start))" 'BEGIN { printf "%.3f", ns / 1e9 }')" >>"$raw/$name.txt"
}

pipe_start() {
    : >"$raw/$1.txt"
    : >"$raw/$1.err"
}

# pipe_report NAME COUNT ...: the median rate over the runs, printed and added to $raw/NAME.txt as rps=.
pipe_report() {
    local name=$1 count=$2 seconds rates=()
    while IFS= read -r seconds; do
        rates+=("$(awk -v n="$count" -v s="$seconds" 'BEGIN { printf "%.0f", n / s }')")
    done < <(sed -n 's/^seconds=//p' "$raw/$name.txt")
    echo "rps=$(median "${rates[@]}")" >>"$raw/$name.txt"
    printf '%-22s %9s req/s   runs: %s req/s\n' "$name" "$(median "${rates[@]}")" "${rates[*]}"
}

# pair_run NAME SOCKET_A SOCKET_B REQUESTS CONNECTIONS [JSONL_LOAD_OPTIONS...]: one run of two jsonl-loads at once,
# one on each socket; the run's line in $raw/NAME.jsonl holds the sum of their rates as rps.
pair_run() {
    local name=$1 first=$2 second=$3 requests=$4 connections=$5 status_a=0 status_b=0 pid_a pid_b a b rps run
    shift 5
    run=$(($(wc -l <"$raw/$name.jsonl") + 1))
    timeout 300 "$load" -s "$first" -f "$requests" -c "$connections" -d "$duration" "$@" \
        >"$work/pair-a.json" 2>>"$raw/$name.err" &
    pid_a=$!
    timeout 300 "$load" -s "$second" -f "$requests" -c "$connections" -d "$duration" "$@" \
        >"$work/pair-b.json" 2>>"$raw/$name.err" &
    pid_b=$!
    wait "$pid_a" || status_a=$?
    wait "$pid_b" || status_b=$?
    a=$(cat "$work/pair-a.json")
    b=$(cat "$work/pair-b.json")
    if [ "$status_a" -ne 0 ] || [ "$status_b" -ne 0 ] || [ "$(json_number errors "$a")" != 0 ] ||
        [ "$(json_number errors "$b")" != 0 ]; then
        echo "bench: $name run $run: jsonl-load exited with $status_a and $status_b, or had errors" >&2
        failures=$((failures + 1))
    fi
    rps=$(awk -v a="$(json_number rps "$a")" -v b="$(json_number rps "$b")" 'BEGIN { printf "%.0f", a + b }')
    printf '{"rps":%s,"first":%s,"second":%s}\n' "$rps" "$a" "$b" >>"$raw/$name.jsonl"
}

pair_start() {
    measure_start "$1"
}

# pair_report NAME SOCKET_A SOCKET_B REQUESTS CONNECTIONS ...: the median of the runs' summed rates.
pair_report() {
    local name=$1 connections=$5 line rps=()
    while IFS= read -r line; do
        rps+=("$(json_number rps "$line")")
    done <"$raw/$name.jsonl"
    printf '%-22s 2x%s conns %9s req/s (both hosts together)   runs: %s req/s\n' "$name" "$connections" \
        "$(median "${rps[@]}")" "${rps[*]}"
}

# floor_run NAME DATABASE ADDS_PER_COMMIT ADDS: one run of sqlite-floor (only the SQLite statements of ADDS durable
# adds, in commits of ADDS_PER_COMMIT) on DATABASE, which grows from run to run as a placesd figure's store does;
# its JSON line added to $raw/NAME.jsonl.
floor_run() {
    local name=$1 database=$2 per=$3 count=$4 status=0 run
    run=$(($(wc -l <"$raw/$name.jsonl") + 1))
    timeout 300 "$floor" "$database" "$per" -n "$count" -d 300 >"$work/run.json" 2>>"$raw/$name.err" || status=$?
    cat "$work/run.json" >>"$raw/$name.jsonl"
    if [ "$status" -ne 0 ]; then
        echo "bench: $name run $run: sqlite-floor exited with status $status" >&2
        sed 's/^/    /' "$raw/$name.err" >&2
        failures=$((failures + 1))
    fi
}

floor_start() {
    measure_start "$1"
}

# floor_report NAME DATABASE ADDS_PER_COMMIT ...: the median rate over the runs, with the commits' p50 and p99.
floor_report() {
    local name=$1 per=$3 line rps=() p50=() p99=()
    while IFS= read -r line; do
        rps+=("$(json_number rps "$line")")
        p50+=("$(json_number p50_us "$line")")
        p99+=("$(json_number p99_us "$line")")
    done <"$raw/$name.jsonl"
    printf '%-22s %3s a commit %9s adds/s   commit p50 %8s us   p99 %8s us   runs: %s adds/s\n' "$name" "$per" \
        "$(median "${rps[@]}")" "$(median "${p50[@]}")" "$(median "${p99[@]}")" "${rps[*]}"
}

# copy_run NAME COMMAND...: one run of a command that copies a database into $data/NAME.copy (removed before and
# after it); its wall time and the copy's size added to $raw/NAME.jsonl. A run that fails or leaves no copy counts
# as a failure.
copy_run() {
    local name=$1 copy=$data/$1.copy started status=0 nanoseconds bytes=0
    shift
    rm -f "$copy"
    started=$(date +%s%N)
    timeout 600 "$@" >>"$raw/$name.err" 2>&1 || status=$?
    nanoseconds=$(($(date +%s%N) - started))
    if [ -s "$copy" ]; then
        bytes=$(stat -c %s "$copy")
    fi
    if [ "$status" -ne 0 ] || [ "$bytes" -eq 0 ]; then
        echo "bench: $name: '$*' exited with status $status and left $bytes bytes in '$copy'" >&2
        sed 's/^/    /' "$raw/$name.err" >&2
        failures=$((failures + 1))
    else
        awk -v ns="$nanoseconds" -v bytes="$bytes" 'BEGIN { printf "{\"seconds\":%.3f,\"bytes\":%d}\n", ns / 1e9, bytes }' \
            >>"$raw/$name.jsonl"
    fi
    rm -f "$copy"
}

copy_start() {
    : >"$raw/$1.jsonl"
    : >"$raw/$1.err"
}

# copy_report NAME COMMAND...: the median wall time over the runs.
copy_report() {
    local name=$1 line times=() bytes=()
    while IFS= read -r line; do
        times+=("$(json_number seconds "$line")")
        bytes+=("$(json_number bytes "$line")")
    done <"$raw/$name.jsonl"
    printf '%-22s %8s s   %12s bytes   runs: %s s\n' "$name" "$(median "${times[@]}")" "$(median "${bytes[@]}")" \
        "${times[*]}"
}

# during_backup_run NAME SOCKET REQUESTS CONNECTIONS [JSONL_LOAD_OPTIONS...]: one measure_run while the placesd on
# SOCKET backs up its store again and again (bench/backup-loop.py, one server.backup after another into
# $data/NAME.backup), started before the run and stopped after it. The share of the run's wall time a backup was
# under way goes to $raw/NAME.coverage; a failed backup, or a share under 0.9, counts as a failure.
during_backup_run() {
    local name=$1 socket=$2 log=$work/$1.backups stop=$work/$1.stop loop status=0 window_start window_end share
    local wait_tenths
    rm -f "$stop"
    : >"$log"
    python3 "$root/bench/backup-loop.py" "$socket" "$data/$name.backup" "$stop" >"$log" 2>>"$raw/$name.err" &
    loop=$!
    for ((wait_tenths = 0; wait_tenths < 600; wait_tenths++)); do
        [ -s "$log" ] && break
        sleep 0.1
    done
    window_start=$(date +%s%N)
    measure_run "$@"
    window_end=$(date +%s%N)
    : >"$stop"
    wait "$loop" || status=$?
    # The share of [window_start, window_end] inside some backup's [start, end].
    share=$(awk -v from="$window_start" -v to="$window_end" '
        $1 == "start" { began = $2 }
        $1 == "end" && began != "" {
            low = began > from ? began : from; high = $2 < to ? $2 : to
            if (high > low) covered += high - low
            began = ""
        }
        END { printf "%.3f", (to > from) ? covered / (to - from) : 0 }' "$log")
    echo "$share" >>"$raw/$name.coverage"
    rm -f "$stop" "$log" "$data/$name.backup"
    if [ "$status" -ne 0 ] || awk -v share="$share" 'BEGIN { exit !(share < 0.9) }'; then
        echo "bench: $name: the backups ran through $share of the run (backup-loop.py exited with $status)" >&2
        sed 's/^/    /' "$raw/$name.err" >&2
        failures=$((failures + 1))
    fi
}

during_backup_start() {
    measure_start "$1"
    : >"$raw/$1.coverage"
}

# during_backup_report NAME SOCKET REQUESTS CONNECTIONS ...: the line of medians, and how much of each run a
# backup covered.
during_backup_report() {
    measure_report "$@"
    echo "    a backup was under way through $(paste -s -d ' ' "$raw/$1.coverage") of each run's wall time"
}

# time_commands NAME [-n LABEL COMMAND]...: the wall time of each one-shot command, with hyperfine -N when it
# is installed; its --export-json (median and mean in seconds, commands named) goes to $raw/NAME.json.
time_commands() {
    time_commands_runs default "$@"
}

# time_commands_runs RUNS NAME [-n LABEL COMMAND]...: time_commands with hyperfine held to RUNS runs of each command
# after one warm-up (`default`: hyperfine's own choice after 20 warm-ups), for commands that take seconds.
time_commands_runs() {
    local runs=$1 export=$raw/$2.json
    local -a options=(--warmup 20)
    shift 2
    if [ $# -eq 0 ]; then
        return
    fi
    if [ "$runs" != default ]; then
        options=(--warmup 1 --runs "$runs")
    fi
    if have hyperfine; then
        timeout 600 hyperfine -N "${options[@]}" --style basic --export-json "$export" "$@"
        return
    fi
    local warmups=1
    if [ "$runs" = default ]; then
        runs=200
        warmups=20
    fi
    echo "hyperfine is not installed: timing $runs runs of each command with date +%s%N"
    local arguments=("$@") index run label command start end separator="" entries="" argv
    for ((index = 0; index < ${#arguments[@]}; index += 3)); do
        label=${arguments[index + 1]}
        command=${arguments[index + 2]}
        read -r -a argv <<<"$command"
        for ((run = 0; run < warmups; run++)); do "${argv[@]}" >/dev/null; done
        start=$(date +%s%N)
        for ((run = 0; run < runs; run++)); do "${argv[@]}" >/dev/null; done
        end=$(date +%s%N)
        entries+=$(printf '%s{"command": "%s", "mean": %s}' "$separator" "$label" \
            "$(awk -v ns="$((end - start))" -v runs="$runs" 'BEGIN { printf "%.9f", ns / runs / 1e9 }')")
        separator=", "
        printf '%-22s %8.3f ms\n' "$label" "$(awk -v ns="$((end - start))" -v runs="$runs" \
            'BEGIN { printf "%.3f", ns / runs / 1e6 }')"
    done
    printf '{"results": [%s]}\n' "$entries" >"$export"
}

# map_figure SOCKET COUNT: the terminal map of the COUNT places on SOCKET, `placesctl map --width 120 --height 40`
# (places.density requests only), against `placesctl list --json` of the same places written to /dev/null (hyperfine
# discards both outputs), into map-vs-list.json.
map_figure() {
    local socket=$1 count=$2
    local -a timed=()
    section "placesctl map of $count places against placesctl list --json"
    time_if_it_runs timed "placesctl list --json" map-list "$bin_dir/placesctl" --socket "$socket" list --json
    time_if_it_runs timed "placesctl map" map-map \
        "$bin_dir/placesctl" --socket "$socket" map --width 120 --height 40
    # `list --json` of the largest store takes seconds a run: a few runs of each, not hyperfine's default.
    time_commands_runs 3 map-vs-list "${timed[@]}"
}

# quoted COMMAND...: the command as one line that hyperfine -N splits back into its words.
quoted() {
    printf '%q ' "$@"
}

# time_if_it_runs ARRAY LABEL NAME COMMAND...: runs COMMAND once (its errors to $raw/NAME.err); if it succeeds, puts
# `-n LABEL` and the quoted command at the front of the array named ARRAY, for time_commands; if not, says why it is
# not timed and counts a failure.
time_if_it_runs() {
    local -n commands=$1
    local label=$2 name=$3
    shift 3
    if "$@" >/dev/null 2>"$raw/$name.err"; then
        commands=(-n "$label" "$(quoted "$@")" "${commands[@]}")
    else
        echo "bench: '$label' failed; it is not timed:" >&2
        sed 's/^/    /' "$raw/$name.err" >&2
        failures=$((failures + 1))
    fi
}

# The import of a large export: jobs of kind `import` (see `job`), each run into a fresh database.
# import_start NAME: empties the figure's raw file.
import_start() {
    : >"$raw/$1.jsonl"
    : >"$raw/$1.err"
}

# import_run NAME staged|one-request FILE COUNT: one import of FILE's COUNT places into a fresh placesd: with its
# default settings through `placesctl import`, or in one places.import line to a placesd whose line limit is
# raised above the file's size; its {"places", "seconds", "rps"} added to $raw/NAME.jsonl.
import_run() {
    local name=$1 mode=$2 file=$3 count=$4 socket=$work/$1.sock database=$data/$1.sqlite limit=() start end
    rm -f "$database" "$database-wal" "$database-shm"
    if [ "$mode" = one-request ]; then
        limit=(--max-line-bytes $(($(stat -c %s "$file") + 1048576)))
    fi
    start_server "$name" --notify "$work/$name.notify" --socket "$socket" -- \
        "$bin_dir/placesd" --socket "$socket" --database "$database" --log-level warning "${limit[@]}" >/dev/null
    start=$(date +%s%N)
    if [ "$mode" = one-request ]; then
        timeout 600 python3 "$root/bench/import-once.py" "$socket" "$file" "$count" >/dev/null 2>>"$raw/$name.err"
    else
        timeout 600 "$bin_dir/placesctl" --socket "$socket" import "$file" >/dev/null 2>>"$raw/$name.err"
    fi || {
        echo "bench: $name: the import failed: $(tail -n 3 "$raw/$name.err")" >&2
        failures=$((failures + 1))
    }
    end=$(date +%s%N)
    expect_places "$socket" "$count"
    stop_server "$name"
    rm -f "$database" "$database-wal" "$database-shm"
    awk -v places="$count" -v ns=$((end - start)) \
        'BEGIN { printf "{\"places\":%d,\"seconds\":%.3f,\"rps\":%.1f}\n", places, ns / 1e9, places * 1e9 / ns }' \
        >>"$raw/$name.jsonl"
}

# import_report NAME: the median rate over the runs.
import_report() {
    local line rps=() durations=()
    while IFS= read -r line; do
        rps+=("$(json_number rps "$line")")
        durations+=("$(json_number seconds "$line")")
    done <"$raw/$1.jsonl"
    printf '%-26s %9s places/s   %7s s   runs: %s places/s\n' "$1" "$(median "${rps[@]}")" \
        "$(median "${durations[@]}")" "${rps[*]}"
}

# A one-shot command's wall time: jobs of kind `wall` (see `job`).
# wall_start NAME: empties the figure's raw file.
wall_start() {
    : >"$raw/$1.jsonl"
    : >"$raw/$1.err"
}

# wall_run NAME OUTPUT COMMAND...: removes OUTPUT (ogr2ogr refuses to replace a file), runs COMMAND once and adds
# its {"seconds"} to $raw/NAME.jsonl; a failure is counted.
wall_run() {
    local name=$1 output=$2 start end
    shift 2
    rm -f "$output"
    start=$(date +%s%N)
    timeout 600 "$@" >/dev/null 2>>"$raw/$name.err" || {
        echo "bench: $name failed: $(tail -n 3 "$raw/$name.err")" >&2
        failures=$((failures + 1))
    }
    end=$(date +%s%N)
    rm -f "$output"
    awk -v ns=$((end - start)) 'BEGIN { printf "{\"seconds\":%.3f}\n", ns / 1e9 }' >>"$raw/$name.jsonl"
}

# wall_report NAME: the median wall time over the runs.
wall_report() {
    local line durations=()
    while IFS= read -r line; do
        durations+=("$(json_number seconds "$line")")
    done <"$raw/$1.jsonl"
    printf '%-26s %7s s   runs: %s s\n' "$1" "$(median "${durations[@]}")" "${durations[*]}"
}

# format_figures: the formats of other software against GDAL and our GPX export, $format_places places each:
# placesctl import of a KML file and of a CSV file (each into a fresh placesd, default settings) against
# ogr2ogr -f GeoJSON of the same file, and placesctl export --format kml against --format gpx of the same places.
format_figures() {
    local kml=$data/formats-$format_places.kml csv=$data/formats-$format_places.csv socket=$work/formats.sock
    if ! have ogr2ogr; then
        echo "bench: ogr2ogr is not installed (gdal-bin; make deps-bench installs it): the formats' figures are" \
            "not measured" >&2
        failures=$((failures + 1))
        return
    fi
    section "formats: import of $format_places places from KML and CSV against ogr2ogr, KML export against GPX's"
    echo "KML: $(python3 "$root/bench/make-export.py" "$kml" "$format_places" --format kml --description-bytes 100) bytes"
    echo "CSV: $(python3 "$root/bench/make-export.py" "$csv" "$format_places" --format csv --description-bytes 100) bytes"
    job kml_import import placesd-import-kml staged "$kml" "$format_places"
    job kml_ogr2ogr wall ogr2ogr-kml "$work/kml.geojson" ogr2ogr -f GeoJSON "$work/kml.geojson" "$kml"
    alternate kml_import kml_ogr2ogr
    job csv_import import placesd-import-csv staged "$csv" "$format_places"
    job csv_ogr2ogr wall ogr2ogr-csv "$work/csv.geojson" ogr2ogr -f GeoJSON -oo X_POSSIBLE_NAMES=longitude \
        -oo Y_POSSIBLE_NAMES=latitude "$work/csv.geojson" "$csv"
    alternate csv_import csv_ogr2ogr
    start_placesd placesd-formats "$socket" "$data/formats.sqlite"
    "$bin_dir/placesctl" --socket "$socket" import "$kml" >/dev/null
    expect_places "$socket" "$format_places"
    job kml_export wall placesd-export-kml "$work/export.kml" "$bin_dir/placesctl" --socket "$socket" export \
        --format kml -o "$work/export.kml"
    job gpx_export wall placesd-export-gpx "$work/export.gpx" "$bin_dir/placesctl" --socket "$socket" export \
        --format gpx -o "$work/export.gpx"
    alternate kml_export gpx_export
    stop_server placesd-formats
    rm -f "$kml" "$csv" "$data/formats.sqlite" "$data/formats.sqlite-wal" "$data/formats.sqlite-shm"
}

# pg_run COMMAND...: runs a PostgreSQL tool, as the postgres user when this is root (initdb refuses root).
pg_run() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

# start_postgres: a throwaway cluster in a directory of its own on a real disk (/var/tmp), listening on a Unix
# socket only; sets pg_root and pg_socket.
start_postgres() {
    pg_root=$(mktemp -d /var/tmp/placesd-bench-pg.XXXXXX)
    pg_socket=$(mktemp -d /tmp/placesd-bench-pgsock.XXXXXX)
    chmod 755 "$pg_root"
    mkdir -m 700 "$pg_root/data"
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres: "$pg_root/data" "$pg_socket"
    fi
    pg_run "$pg_bin/initdb" -D "$pg_root/data" -A trust -U postgres --no-sync -E UTF8 >"$logs/pg-initdb.log" 2>&1 ||
        fail "initdb failed; see $logs/pg-initdb.log"
    pg_run "$pg_bin/pg_ctl" -D "$pg_root/data" -w -t 60 -l "$pg_root/data/server.log" \
        -o "-c listen_addresses='' -c unix_socket_directories='$pg_socket' -c max_connections=200 -c log_autovacuum_min_duration=0" start \
        >"$logs/pg-ctl.log" 2>&1 || fail "PostgreSQL did not start; see $logs/pg-ctl.log"
}

# stop_postgres: stops the cluster, if one runs, and removes it.
stop_postgres() {
    if [ -n "$pg_root" ]; then
        pg_run "$pg_bin/pg_ctl" -D "$pg_root/data" -w -m fast stop >>"$logs/pg-ctl.log" 2>&1 || true
        # Its checkpoints and autovacuum runs, to tell what else the cluster was doing during a figure.
        cp "$pg_root/data/server.log" "$logs/pg-server.log" 2>/dev/null || true
        rm -rf "$pg_root" "$pg_socket"
        pg_root=
    fi
}

# pg_database NAME: creates database NAME in the cluster and prints its connection URI.
pg_database() {
    pg_run "$pg_bin/createdb" -h "$pg_socket" -U postgres "$1" >>"$logs/pg-ctl.log" 2>&1 ||
        fail "createdb $1 failed; see $logs/pg-ctl.log"
    printf 'postgresql:///%s?host=%s&user=postgres' "$1" "$pg_socket"
}

# pg_drop_and_checkpoint NAME...: drops the databases a finished figure wrote, and checkpoints, so that their
# autovacuum and the flush of their pages do not fall on the figures measured next (as every SQLite figure gets a
# database of its own, removed after it).
pg_drop_and_checkpoint() {
    local name
    for name in "$@"; do
        pg_run "$pg_bin/dropdb" -h "$pg_socket" -U postgres "$name" >>"$logs/pg-ctl.log" 2>&1 ||
            fail "dropdb $name failed; see $logs/pg-ctl.log"
    done
    pg_run "$pg_bin/psql" -h "$pg_socket" -U postgres -d postgres -qAt -c CHECKPOINT >>"$logs/pg-ctl.log" 2>&1 ||
        fail "CHECKPOINT failed; see $logs/pg-ctl.log"
}

# finish: the report of everything measured (bench/report.py), and the exit status.
finish() {
    section "results (ratio = placesd / reference)"
    python3 "$root/bench/report.py" --raw "$raw" --out "$out/results.json" \
        --meta "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)" --meta "cores=$(nproc)" --meta "kernel=$(uname -r)" \
        --meta "duration_seconds=$duration" --meta "repeat=$repeat" --meta "adds_per_run=$adds" --meta "starts=$starts" \
        --meta "sizes=$sizes_list" --meta "places=$places" --meta "near_places=$near_places" \
        --meta "list_places=$list_places" --meta "redis_value_bytes=$value_size" --meta "batch_size=$batch_size" \
        --meta "data_filesystem=$(stat -f -c %T "$data")" --meta "only_reference=$only_reference" \
        --meta "skipped=${skip_list:-none}"
    echo "bench: finished in $(($(date +%s) - started)) s"
    if [ "$failures" -ne 0 ]; then
        fail "$failures measurement(s) failed or had errors; raw output in $raw, server logs in $logs"
    fi
}

started=$(date +%s)
if [ "$only_formats" = true ]; then
    format_figures
    finish
    exit 0
fi

# The same request shape for the ceiling and places.get: the ceiling answers every line without reading it.
get_like=$work/get-like.jsonl
printf '%s\n' '{"jsonrpc":"2.0","id":{seq},"method":"places.get","params":{"id":"0f8fad5b-d9cb-469f-a165-70867728950e"}}' \
    >"$get_like"
add_requests=$work/add.jsonl
write_add_requests "$add_requests"
near_requests=$work/near.jsonl
write_near_requests "$near_requests"
list_requests=$work/list.jsonl
printf '%s\n' '{"jsonrpc":"2.0","id":{seq},"method":"places.list"}' >"$list_requests"

printf '%s\n' "Each figure is the median over $repeat runs: closed-loop runs of $duration s, add runs of $adds places.add" \
    "requests (so each add figure grows the store by $((repeat * adds)) places), redis-benchmark runs of" \
    "$redis_requests requests; start-up is the median of $starts spawns; one-shot commands: hyperfine's median."

section "ceiling: jsonl-load --serve (C, epoll, one thread, no work per request)"
ceiling_socket=$work/ceiling.sock
start_server ceiling --socket "$ceiling_socket" -- "$load" --serve "$ceiling_socket"
job ceiling_c10 measure ceiling-c10 "$ceiling_socket" "$get_like" 10
job ceiling_c50 measure ceiling-c50 "$ceiling_socket" "$get_like" 50
if [ "$only_reference" = true ]; then
    repeatedly ceiling_c10
    repeatedly ceiling_c50
    stop_server ceiling
else
    echo "measured in rounds with placesd's places.get at $places places, below"
fi

# One-shot commands, timed in two groups: process start-up, then a one-shot read.
startup_commands=()
oneshot_commands=()
redis_get_socket=$work/redis-get.sock
redis_set_socket=$work/redis-set.sock
# The Redis figures, each beside the placesd figure it is the reference of (or alone with --only-reference).
job redis_get redis redis-get "$redis_get_socket" get
job redis_set_always redis redis-set-always "$redis_set_socket" set
job redis_set_c1p64 redis redis-set-c1p64 "$redis_set_socket" set 1 64 500000
job redis_set_c1p1000 redis redis-set-c1p1000 "$redis_set_socket" set 1 1000 1000000
job redis_set_c10p16 redis redis-set-c10p16 "$redis_set_socket" set 10 16 500000
# shellcheck disable=SC2016 # the inner shell expands its own arguments
job redis_pipe pipe redis-pipe "$script_requests" sh -c 'redis-cli -s "$1" --pipe <"$2"' sh "$redis_set_socket" \
    "$work/redis-pipe.txt"
if [ "$have_redis" = true ]; then
    section "Redis $(redis-server --version | sed -n 's/.* v=\([^ ]*\).*/\1/p'): redis-benchmark, $value_size-byte values, $places keys"
    mkdir "$data/redis-get" "$data/redis-set"
    start_server redis-get --notify "$work/redis-get.notify" --socket "$redis_get_socket" -- \
        redis-server --port 0 --unixsocket "$redis_get_socket" --unixsocketperm 700 --dir "$data/redis-get" \
        --save "" --appendonly no --supervised systemd --daemonize no
    start_server redis-set --notify "$work/redis-set.notify" --socket "$redis_set_socket" -- \
        redis-server --port 0 --unixsocket "$redis_set_socket" --unixsocketperm 700 --dir "$data/redis-set" \
        --save "" --appendonly yes --appendfsync always --supervised systemd --daemonize no
    # The keys redis-benchmark -r reads: key:000000000000 to key:000000009999.
    awk -v count="$places" -v size="$value_size" 'BEGIN {
        value = sprintf("%*s", size, ""); gsub(/ /, "x", value)
        for (i = 0; i < count; i++) {
            key = sprintf("key:%012d", i)
            printf "*3\r\n$3\r\nSET\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n", length(key), key, size, value
        }
    }' | redis-cli -s "$redis_get_socket" --pipe >"$raw/redis-fill.txt"
    keys=$(redis-cli -s "$redis_get_socket" DBSIZE)
    [ "$keys" = "$places" ] || fail "Redis holds $keys keys after filling $places"
    # Mass insertion as Redis documents it: the commands in the protocol, piped through redis-cli --pipe.
    awk -v count="$script_requests" -v size="$value_size" 'BEGIN {
        value = sprintf("%*s", size, ""); gsub(/ /, "y", value)
        for (i = 0; i < count; i++) {
            key = sprintf("pipe:%012d", i)
            printf "*3\r\n$3\r\nSET\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n", length(key), key, size, value
        }
    }' >"$work/redis-pipe.txt"
    if [ "$only_reference" = true ]; then
        repeatedly redis_get
        repeatedly redis_set_always
        section "Redis, pipelined SETs with appendfsync always: one connection 64 deep, one 1000 deep, ten 16 deep, redis-cli --pipe"
        repeatedly redis_set_c1p64
        repeatedly redis_set_c1p1000
        repeatedly redis_set_c10p16
        repeatedly redis_pipe
        stop_server redis-set
    else
        echo "measured in rounds with the placesd figures they are the reference of, below"
    fi
    startup_commands+=(-n "redis-cli PING" "$(quoted redis-cli -s "$redis_get_socket" PING)")
    oneshot_commands+=(-n "redis-cli GET key" "$(quoted redis-cli -s "$redis_get_socket" GET key:000000000042)")
else
    section "Redis: redis-server, redis-benchmark or redis-cli is not installed; Redis figures are skipped"
fi

# search_figures NAME DATABASE: sorting and folded search on placesd NAME (up, on $work/NAME.sock) holding the
# largest store: places.list {sort: name, limit: 50} in rounds with {sort: position, limit: 50}, and places.list
# {query} against sqlite3 running the same search as LIKE on DATABASE's rows (hyperfine, into search-like.json);
# places.list {tag} of a tag that 100 of the places hold (given with places.update addTags first) in rounds with
# places.get, both at one connection.
search_figures() {
    local socket=$work/$1.sock database=$2 query="place 123456"
    printf '%s\n' '{"jsonrpc":"2.0","id":{seq},"method":"places.list","params":{"sort":"name","limit":50}}' \
        >"$work/search-name.jsonl"
    printf '%s\n' '{"jsonrpc":"2.0","id":{seq},"method":"places.list","params":{"sort":"position","limit":50}}' \
        >"$work/search-position.jsonl"
    printf '{"jsonrpc":"2.0","id":{seq},"method":"places.list","params":{"query":"%s","limit":50}}\n' "$query" \
        >"$work/search-query.jsonl"
    # The first sorted request builds the owner's name order; the figure is of the requests after it.
    python3 "$root/bench/rpc.py" "$socket" places.list '{"sort":"name","limit":1}' >/dev/null
    job search_name measure placesd-search-name-c1 "$socket" "$work/search-name.jsonl" 1
    job search_position measure placesd-search-position-c1 "$socket" "$work/search-position.jsonl" 1
    job search_query measure placesd-search-query-c1 "$socket" "$work/search-query.jsonl" 1
    alternate search_name search_position search_query
    head -n 100 "$work/$1.ids" | python3 -c '
import json, socket, sys
connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
connection.connect(sys.argv[1])
reader = connection.makefile("rb")
for number, line in enumerate(sys.stdin, 1):
    request = {"jsonrpc": "2.0", "id": number, "method": "places.update",
               "params": {"id": line.strip(), "addTags": ["bench-rare"]}}
    connection.sendall((json.dumps(request) + "\n").encode())
    if "error" in json.loads(reader.readline()):
        sys.exit("placesd refused a tag for the bench")
' "$socket"
    printf '%s\n' '{"jsonrpc":"2.0","id":{seq},"method":"places.list","params":{"tag":"bench-rare"}}' \
        >"$work/search-tag.jsonl"
    job search_tag measure placesd-search-tag-c1 "$socket" "$work/search-tag.jsonl" 1
    job search_get measure placesd-search-get-c1 "$socket" "$work/$1-get.jsonl" 1
    alternate search_tag search_get
    time_commands search-like -n "sqlite3 LIKE" "$(quoted sqlite3 -readonly "$database" \
        "SELECT id, name, description FROM places WHERE name LIKE '%$query%' OR description LIKE '%$query%'")"
}

# gazetteer_figures: `placesctl add Kyoto` (the coordinates looked up in the gazetteer, data/cities.tsv) against
# `placesctl add Kyoto --lat ... --lon ...` (none looked up), both on a placesd of their own with an empty database
# (hyperfine, into gazetteer.json). Every run adds a place; the store's size does not matter to either.
gazetteer_figures() {
    local socket=$work/placesd-gazetteer.sock
    local -a gazetteer_commands=()
    start_placesd placesd-gazetteer "$socket" "$data/gazetteer.sqlite"
    export PLACESD_DATA_DIR="$root/data"
    time_if_it_runs gazetteer_commands "placesctl add Kyoto --lat --lon" gazetteer-given \
        "$bin_dir/placesctl" --socket "$socket" add Kyoto --lat 35.0116 --lon 135.7681
    time_if_it_runs gazetteer_commands "placesctl add Kyoto" gazetteer-lookup \
        "$bin_dir/placesctl" --socket "$socket" add Kyoto
    time_commands gazetteer "${gazetteer_commands[@]}"
    unset PLACESD_DATA_DIR
    stop_server placesd-gazetteer
}

# density_figures NAME: places.density of the whole world in 120 x 40 cells (labels at their default, one a cell) on
# placesd NAME (up, on $work/NAME.sock, holding the largest store), in rounds with places.get, both at one connection.
density_figures() {
    local socket=$work/$1.sock
    printf '%s\n' '{"jsonrpc":"2.0","id":{seq},"method":"places.density","params":{"bbox":{"south":-90,"west":-180,"north":90,"east":180},"columns":120,"rows":40}}' \
        >"$work/density-world.jsonl"
    job density_world measure placesd-density-world-c1 "$socket" "$work/density-world.jsonl" 1
    job density_get measure placesd-density-get-c1 "$socket" "$work/$1-get.jsonl" 1
    alternate density_world density_get
}

# with_redis JOB...: the jobs, then the Redis job named last when Redis is installed; into the array `jobs`.
with_redis() {
    jobs=("${@:1:$#-1}")
    if [ "$have_redis" = true ]; then
        jobs+=("${!#}")
    fi
}

if [ "$only_reference" = false ]; then
    empty_socket=$work/placesd-empty.sock
    section "$("$bin_dir/placesd" --version 2>/dev/null || echo placesd) ($bin_dir/placesd), databases on $(stat -f -c %T "$data")"
    start_placesd placesd-empty "$empty_socket" "$data/empty.sqlite"
    time_if_it_runs startup_commands "placesctl list" placesctl "$bin_dir/placesctl" --socket "$empty_socket" list
fi

section "process start-up (placesctl lists an empty store)"
time_commands startup "${startup_commands[@]}"
if [ "$only_reference" = false ]; then
    stop_server placesd-empty
fi

if [ "$only_reference" = false ]; then
    section "placesctl add by a city's name (the gazetteer) against add with coordinates"
    gazetteer_figures
fi

if [ "$only_reference" = false ]; then
    if ! skipping list; then
    section "placesd: places.list of a user with exactly $list_places places (no params)"
    list_socket=$work/placesd-list.sock
    start_placesd placesd-list "$list_socket" "$data/list.sqlite"
    python3 "$root/bench/load-places.py" "$list_socket" "$list_places" >/dev/null
    expect_places "$list_socket" "$list_places"
    job list_c10 measure placesd-list-c10 "$list_socket" "$list_requests" 10
    job list_c50 measure placesd-list-c50 "$list_socket" "$list_requests" 50
    repeatedly list_c10
    repeatedly list_c50
    stop_server placesd-list
    fi

    if ! skipping pipelined; then
    section "placesd: pipelined durable places.add, each figure on a database of its own, in rounds with Redis's"
    # Batches of $batch_size adds, one JSON-RPC batch per line, and the script's adds.
    awk -v count="$batch_size" 'BEGIN {
        for (line = 0; line < 10; line++) {
            printf "["
            for (i = 0; i < count; i++)
                printf "%s{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"places.add\",\"params\":{\"name\":\"Batch place %d-%d\",\"description\":\"Added by the benchmark.\",\"latitude\":%.4f,\"longitude\":%.4f}}", (i ? "," : ""), i, line, i, -80 + (i % 100) * 1.6, -179 + (i % 100) * 3.5
            printf "]\n"
        }
    }' >"$work/batch.jsonl"
    awk -v count="$script_requests" 'BEGIN {
        for (i = 0; i < count; i++)
            printf "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"places.add\",\"params\":{\"name\":\"Script place %d\",\"description\":\"Added by the benchmark.\",\"latitude\":%.4f,\"longitude\":%.4f}}\n", i, i, -80 + (i % 100) * 1.6, -179 + (i % 100) * 3.5
    }' >"$work/script.jsonl"
    pipe_socket=$work/placesd-pipe.sock
    job placesd_c1p64 measure placesd-pipe-c1p64 "$pipe_socket" "$add_requests" 1 -p 64 -n "$pipelined_adds" -d 300
    # The SQLite work alone of the same adds in commits of 64, as placesd makes them 64 in flight on one connection.
    job floor_c1p64 floor sqlite-floor-c1p64 "$data/floor-c1p64.sqlite" 64 "$pipelined_adds"
    job placesd_c10p16 measure placesd-pipe-c10p16 "$pipe_socket" "$add_requests" 10 -p 16 -n "$pipelined_adds" -d 300
    job placesd_batch1000 measure placesd-batch1000 "$pipe_socket" "$work/batch.jsonl" 1 \
        -n "$((pipelined_adds / batch_size))" -d 300
    # shellcheck disable=SC2016 # the inner shell expands its own arguments
    job placesd_script pipe placesd-script "$script_requests" sh -c 'socat -t 600 - UNIX-CONNECT:"$1" <"$2"' sh \
        "$pipe_socket" "$work/script.jsonl"
    for figure in c1p64 c10p16 batch1000 script; do
        start_placesd "placesd-$figure" "$pipe_socket" "$data/pipe-$figure.sqlite"
        case "$figure" in
            c1p64) with_redis placesd_c1p64 floor_c1p64 redis_set_c1p64 ;;
            c10p16) with_redis placesd_c10p16 redis_set_c10p16 ;;
            batch1000) with_redis placesd_batch1000 redis_set_c1p1000 ;;
            script) with_redis placesd_script redis_pipe ;;
        esac
        alternate "${jobs[@]}"
        case "$figure" in
            batch1000) expect_places "$pipe_socket" "$((repeat * pipelined_adds))" ;;
            script) expect_places "$pipe_socket" "$((repeat * script_requests))" ;;
        esac
        stop_server "placesd-$figure"
        rm -f "$data/pipe-$figure.sqlite" "$data/pipe-$figure.sqlite-wal" "$data/pipe-$figure.sqlite-shm" \
            "$data/floor-$figure.sqlite"
    done
    if [ -n "${server_pids[redis-set]:-}" ]; then
        # Kept for the durable adds at 50 connections, below; the pipelined SETs' keys would only slow it down.
        redis-cli -s "$redis_set_socket" FLUSHALL >/dev/null
    fi
    fi

    # Every size is loaded and started first, and then each figure is measured at every size in rounds (with its
    # reference at the smallest), so that how cost grows is not how the machine's speed drifted meanwhile.
    labels=()
    for size in "${sizes[@]}"; do
        label=$(size_label "$size")
        labels+=("$label")
        name=placesd-$label
        socket=$work/$name.sock
        database=$data/$name.sqlite
        facts=$raw/$name.txt
        section "placesd with $size places: places.import, start-up"
        echo "places=$size" >"$facts"

        start_placesd "$name-load" "$socket" "$database"
        # The largest store's places hold 20 tags between them, as a list kept with tags would (the search
        # figures read it).
        tagging=()
        if [ "$size" = "$near_places" ]; then
            tagging=(--tags 20)
        fi
        seconds=$(python3 "$root/bench/load-places.py" "$socket" "$size" "$import_chunk" --ids "$work/$name.ids" \
            "${tagging[@]}")
        echo "loaded $size places with places.import ($import_chunk per request) in $seconds s"
        echo "load_seconds=$seconds" >>"$facts"
        stop_server "$name-load"

        startup_times=()
        for ((run = 1; run <= starts; run++)); do
            start_placesd "$name" "$socket" "$database"
            startup_times+=("$ready_seconds")
            if [ "$run" -lt "$starts" ]; then
                stop_server "$name"
            fi
        done
        echo "startup_seconds=$(IFS=,; echo "${startup_times[*]}")" >>"$facts"
        echo "spawn -> READY=1: median $(median "${startup_times[@]}") s of $starts starts (warm page cache)"
        size_pid[$label]=$ready_pid
        expect_places "$socket" "$size"
        get_requests_for "$work/$name.ids" >"$work/$name-get.jsonl"
    done
    first=placesd-${labels[0]}
    largest=placesd-${labels[-1]}

    # jobs_at_every_size METHOD CONNECTIONS REQUESTS [JSONL_LOAD_OPTIONS...]: one job per size into `jobs`
    # (REQUESTS with NAME in it stands for each size's own file, $work/NAME-get.jsonl).
    jobs_at_every_size() {
        local method=$1 connections=$2 requests=$3 label job
        shift 3
        jobs=()
        for label in "${labels[@]}"; do
            job=job_${method}_${connections}_${label}
            job "$job" measure "placesd-$label-$method-c$connections" "$work/placesd-$label.sock" \
                "${requests//NAME/placesd-$label}" "$connections" "$@"
            jobs+=("$job")
        done
    }

    section "placesd: places.get at $places places with the ceiling, 10 connections"
    job first_get_c10 measure "$first-get-c10" "$work/$first.sock" "$work/$first-get.jsonl" 10
    alternate first_get_c10 ceiling_c10
    section "placesd: places.get at every size with the ceiling and Redis GET, 50 connections"
    jobs_at_every_size get 50 "$work/NAME-get.jsonl"
    jobs+=(ceiling_c50)
    with_redis "${jobs[@]}" redis_get
    alternate "${jobs[@]}"
    stop_server ceiling
    for label in "${labels[@]}"; do
        rss=n/a
        hwm=n/a
        if [ -n "${size_pid[$label]}" ]; then
            rss=$(vm_kb "${size_pid[$label]}" VmRSS)
            hwm=$(vm_kb "${size_pid[$label]}" VmHWM)
        fi
        printf 'rss_kb=%s\nhwm_kb=%s\n' "$rss" "$hwm" >>"$raw/placesd-$label.txt"
        echo "placesd with $label places: VmRSS after the gets $rss kB (peak VmHWM $hwm kB)"
    done

    place_id=$(head -n 1 "$work/$first.ids")
    time_if_it_runs oneshot_commands "placesctl get ID" placesctl-get \
        "$bin_dir/placesctl" --socket "$work/$first.sock" get "$place_id"
    section "one-shot read ($places places in placesd, $places keys in Redis)"
    time_commands oneshot "${oneshot_commands[@]}"
    if [ -n "${server_pids[redis-get]:-}" ]; then
        stop_server redis-get
    fi

    section "placesd: places.near (limit 10) at every size, 1 and 10 connections"
    jobs_at_every_size near 1 "$near_requests"
    alternate "${jobs[@]}"
    jobs_at_every_size near 10 "$near_requests"
    alternate "${jobs[@]}"

    if ! skipping search; then
        section "placesd: sorting and folded search at $near_places places"
        search_figures "$largest" "$data/$largest.sqlite"
    fi

    if ! skipping density; then
        section "placesd: places.density of the world in 120 x 40 cells at $near_places places"
        density_figures "$largest"
    fi

    export_file=$work/$largest-export.json
    export_started=$(date +%s%N)
    if timeout 300 "$bin_dir/placesctl" --socket "$work/$largest.sock" export >"$export_file" \
        2>"$raw/placesctl-export.err"; then
        # placesctl writes the document and a newline.
        export_bytes=$(($(stat -c %s "$export_file") - 1))
        export_seconds=$(awk -v ns="$(($(date +%s%N) - export_started))" 'BEGIN { printf "%.1f", ns / 1e9 }')
        printf 'export_bytes=%s\nexport_seconds=%s\n' "$export_bytes" "$export_seconds" >>"$raw/$largest.txt"
        echo "JSON export (placesctl export, $near_places places): $export_bytes bytes in $export_seconds s"
    else
        echo "bench: 'placesctl --socket SOCKET export' failed; the export size is not known:" >&2
        sed 's/^/    /' "$raw/placesctl-export.err" >&2
        failures=$((failures + 1))
    fi
    rm -f "$export_file"

    if ! skipping map; then
        map_figure "$work/$largest.sock" "$near_places"
    fi

    largest_socket=$work/$largest.sock
    if ! skipping backups; then
        # Backups of the largest store while it is served: server.backup's wall time through placesctl against
        # sqlite3's .backup of the same database file, in rounds; then places.get at 50 connections while backups run
        # one after another against the same without, in rounds (durable adds, which grow the store, come after the
        # add figures below).
        section "placesd: backup of $near_places places (placesctl backup) with sqlite3 .backup of the same file"
        expect_places "$largest_socket" "$near_places"
        job backup_placesd copy placesd-backup "$bin_dir/placesctl" --socket "$largest_socket" backup \
            "$data/placesd-backup.copy"
        job backup_sqlite3 copy sqlite3-backup sqlite3 "$data/$largest.sqlite" ".backup '$data/sqlite3-backup.copy'"
        alternate backup_placesd backup_sqlite3
        section "placesd: places.get at $near_places places, 50 connections, while backups run and without"
        job get_during_backup during_backup placesd-get-c50-during-backup "$largest_socket" \
            "$work/$largest-get.jsonl" 50
        job get_no_backup measure placesd-get-c50-no-backup "$largest_socket" "$work/$largest-get.jsonl" 50
        alternate get_during_backup get_no_backup
    fi

    if ! skipping adds; then
        section "placesd: durable places.add at every size with Redis SET (appendfsync always), 50 connections"
        jobs_at_every_size add 50 "$add_requests" -n "$adds" -d 300
        with_redis "${jobs[@]}" redis_set_always
        alternate "${jobs[@]}"
        if [ -n "${server_pids[redis-set]:-}" ]; then
            stop_server redis-set
        fi
        section "placesd: durable places.add at $places places, 10 connections"
        job first_add_c10 measure "$first-add-c10" "$work/$first.sock" "$add_requests" 10 -n "$adds" -d 300
        repeatedly first_add_c10
    fi
    if ! skipping backups; then
        section "placesd: durable places.add at $near_places places, 50 connections, while backups run and without"
        job add_during_backup during_backup placesd-add-c50-during-backup "$largest_socket" "$add_requests" 50 \
            -n "$adds" -d 300
        job add_no_backup measure placesd-add-c50-no-backup "$largest_socket" "$add_requests" 50 -n "$adds" -d 300
        alternate add_during_backup add_no_backup
    fi
    for label in "${labels[@]}"; do
        stop_server "placesd-$label"
        rm -f "$work/placesd-$label.ids" "$work/placesd-$label-get.jsonl" "$data/placesd-$label.sqlite" \
            "$data/placesd-$label.sqlite-wal" "$data/placesd-$label.sqlite-shm"
    done

    if ! skipping import; then
        section "placesd: import of a $import_places-place export, staged (default settings) and in one request"
        import_file=$data/export-$import_places.json
        echo "export: $(python3 "$root/bench/make-export.py" "$import_file" "$import_places") bytes"
        job import_staged import placesd-import-staged staged "$import_file" "$import_places"
        job import_one import placesd-import-one-request one-request "$import_file" "$import_places"
        alternate import_staged import_one
        rm -f "$import_file"
    fi

    if ! skipping formats; then
        format_figures
    fi

    if skipping postgresql; then
        section "PostgreSQL: left out (--skip postgresql)"
    elif [ "$have_postgres" = true ]; then
        section "placesd over PostgreSQL ($(pg_run "$pg_bin/postgres" --version)): one and two hosts on one database"
        start_postgres
        # One host, two hosts over one database (the same 50 connections split over them, then 50 on each, each
        # host as busy as the one host) and a SQLite host, all in rounds; every database starts empty.
        start_placesd placesd-pg-one "$work/pg-one.sock" "$(pg_database bench_one)"
        two_uri=$(pg_database bench_two)
        start_placesd placesd-pg-a "$work/pg-a.sock" "$two_uri"
        start_placesd placesd-pg-b "$work/pg-b.sock" "$two_uri"
        start_placesd placesd-sqlite-add "$work/sqlite-add.sock" "$data/sqlite-add.sqlite"
        job pg_add measure placesd-pg-add-c50 "$work/pg-one.sock" "$add_requests" 50 -n "$adds" -d 300
        job sqlite_add measure placesd-sqlite-add-c50 "$work/sqlite-add.sock" "$add_requests" 50 -n "$adds" -d 300
        job pg_two_split pair placesd-pg-2hosts-add "$work/pg-a.sock" "$work/pg-b.sock" "$add_requests" 25 \
            -n "$((adds / 2))" -d 300
        job pg_two_c50 pair placesd-pg-2hosts-add-c50 "$work/pg-a.sock" "$work/pg-b.sock" "$add_requests" 50 \
            -n "$adds" -d 300
        alternate pg_add pg_two_c50 pg_two_split sqlite_add
        stop_server placesd-pg-one
        stop_server placesd-pg-a
        stop_server placesd-pg-b
        stop_server placesd-sqlite-add
        rm -f "$data/sqlite-add.sqlite" "$data/sqlite-add.sqlite-wal" "$data/sqlite-add.sqlite-shm"
        pg_drop_and_checkpoint bench_one bench_two

        section "placesd over PostgreSQL: places.get and places.near at $places places, with a SQLite host's"
        # start_read_host NAME SOCKET DATABASE: placesd NAME on a store given $places places, with its
        # places.get lines in $work/NAME-get.jsonl.
        start_read_host() {
            start_placesd "$1" "$2" "$3"
            python3 "$root/bench/load-places.py" "$2" "$places" "$import_chunk" --ids "$work/$1.ids" >/dev/null
            expect_places "$2" "$places"
            get_requests_for "$work/$1.ids" >"$work/$1-get.jsonl"
        }
        read_uri=$(pg_database bench_read)
        read_socket=$work/pg-read.sock
        start_read_host placesd-pg-read "$read_socket" "$read_uri"
        sqlite_read_socket=$work/sqlite-read.sock
        start_read_host placesd-sqlite-read "$sqlite_read_socket" "$data/sqlite-read.sqlite"
        job pg_get measure placesd-pg-get-c50 "$read_socket" "$work/placesd-pg-read-get.jsonl" 50
        job sqlite_get measure placesd-sqlite-get-c50 "$sqlite_read_socket" "$work/placesd-sqlite-read-get.jsonl" 50
        alternate pg_get sqlite_get
        for connections in 1 10; do
            job pg_near measure "placesd-pg-near-c$connections" "$read_socket" "$near_requests" "$connections"
            job sqlite_near measure "placesd-sqlite-near-c$connections" "$sqlite_read_socket" "$near_requests" "$connections"
            alternate pg_near sqlite_near
        done
        stop_server placesd-sqlite-read
        start_placesd placesd-pg-read-b "$work/pg-read-b.sock" "$read_uri"
        echo "cross-host event latency: adds through the second host at 1,000/s for 5 s, events on the first;" \
            "$repeat runs (the figure is their median), each with the adds' own replies (ack_)"
        : >"$raw/placesd-pg-latency.jsonl"
        for ((run = 1; run <= repeat; run++)); do
            if timeout 120 python3 "$root/bench/cross-host-latency.py" "$read_socket" "$work/pg-read-b.sock" \
                --rate 1000 --seconds 5 >"$work/latency.json" 2>"$raw/placesd-pg-latency.err"; then
                tee -a "$raw/placesd-pg-latency.jsonl" <"$work/latency.json"
            else
                echo "bench: cross-host latency run $run failed: $(cat "$work/latency.json" "$raw/placesd-pg-latency.err")" >&2
                failures=$((failures + 1))
            fi
        done
        stop_server placesd-pg-read-b
        stop_server placesd-pg-read

        large_socket=$work/pg-large.sock
        large_uri=$(pg_database bench_large)
        start_placesd placesd-pg-large-load "$large_socket" "$large_uri"
        seconds=$(python3 "$root/bench/load-places.py" "$large_socket" "$near_places" "$import_chunk")
        echo "loaded $near_places places into PostgreSQL with places.import in $seconds s"
        stop_server placesd-pg-large-load
        startup_times=()
        for ((run = 1; run <= starts; run++)); do
            start_placesd placesd-pg-large "$large_socket" "$large_uri"
            startup_times+=("$ready_seconds")
            stop_server placesd-pg-large
        done
        printf 'places=%s\nload_seconds=%s\nstartup_seconds=%s\n' "$near_places" "$seconds" \
            "$(IFS=,; echo "${startup_times[*]}")" >"$raw/placesd-pg-large.txt"
        echo "spawn -> READY=1 with $near_places places from PostgreSQL: median $(median "${startup_times[@]}") s of $starts starts"
        stop_postgres
    else
        section "PostgreSQL: postgresql-15 is not installed; the figures over PostgreSQL are skipped"
    fi
elif [ "${#oneshot_commands[@]}" -gt 0 ]; then
    section "one-shot read ($places keys in Redis)"
    time_commands oneshot "${oneshot_commands[@]}"
fi
if [ -n "${server_pids[redis-get]:-}" ]; then
    stop_server redis-get
fi

finish
