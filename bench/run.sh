#!/usr/bin/env bash
# Measures placesd against two references in one run: the ceiling (jsonl-load --serve, a C line server that
# does no work) and Redis (GET from memory; SET with appendfsync always, durable as placesd.add is). Every
# server runs on a Unix socket this script creates, and everything it starts is stopped on exit.
#
#   bench/run.sh [--bin-dir DIR] [--out DIR] [--duration SECONDS] [--only-reference]
#
# Prints each measurement, then a table of placesd against its references; writes DIR/results.json.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin_dir=$root/.build/release
out=$root/.build/bench
duration=5
only_reference=false
places=10000      # places loaded before places.get is measured; Redis GET reads as many keys
near_places=1000000  # places stored when places.near is measured
value_size=256    # bytes of each Redis value: about the size of a place as JSON
redis_requests=200000

usage() {
    echo "usage: bench/run.sh [--bin-dir DIR] [--out DIR] [--duration SECONDS] [--only-reference]" >&2
    exit 64
}

while [ $# -gt 0 ]; do
    case "$1" in
        --bin-dir | --out | --duration)
            [ $# -ge 2 ] || usage
            case "$1" in
                --bin-dir) bin_dir=$2 ;;
                --out) out=$2 ;;
                --duration) duration=$2 ;;
            esac
            shift 2
            ;;
        --only-reference)
            only_reference=true
            shift
            ;;
        *) usage ;;
    esac
done
[[ "$duration" =~ ^[1-9][0-9]*$ ]] || usage

fail() {
    echo "bench: $*" >&2
    exit 1
}

have() {
    command -v "$1" >/dev/null 2>&1
}

section() {
    printf '\n== %s\n' "$*"
}

for tool in cc python3 timeout; do
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

mkdir -p "$out"
raw=$out/raw
logs=$out/logs
rm -rf "$raw" "$logs"
mkdir -p "$raw" "$logs"
load=$out/jsonl-load
cc -O2 -o "$load" "$root/bench/jsonl-load.c"

# Sockets live in a short temporary path (sun_path holds 108 bytes); databases live beside the build output,
# on a real disk rather than a tmpfs /tmp, so that fsync costs what it costs.
work=$(mktemp -d "${TMPDIR:-/tmp}/placesd-bench.XXXXXX")
data=$(mktemp -d "$out/data.XXXXXX")
declare -A server_pids=()
failures=0

cleanup() {
    local name
    for name in "${!server_pids[@]}"; do
        kill -TERM "${server_pids[$name]}" 2>/dev/null || true
    done
    for name in "${!server_pids[@]}"; do
        wait "${server_pids[$name]}" 2>/dev/null || true
    done
    rm -rf "$work" "$data"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# start_server NAME SERVE_OPTIONS... -- COMMAND...: starts COMMAND under bench/serve.py, which answers on a FIFO
# once the server is ready (sd_notify READY=1, or its socket accepts), and returns then. The server's output
# goes to $logs/NAME.log.
start_server() {
    local name=$1 fifo=$work/$1.ready ready_fd line=""
    shift
    mkfifo "$fifo"
    # Opened for reading and writing, the FIFO never blocks here; `read -t` bounds the wait instead.
    exec {ready_fd}<>"$fifo"
    python3 "$root/bench/serve.py" --timeout 20 --log "$logs/$name.log" "$@" >"$fifo" {ready_fd}<&- &
    server_pids[$name]=$!
    read -r -t 30 -u "$ready_fd" line || true
    exec {ready_fd}<&-
    rm -f "$fifo"
    if [[ "$line" != ready* ]]; then
        echo "bench: $name did not start: ${line:-no answer}; its log:" >&2
        sed 's/^/    /' "$logs/$name.log" >&2
        exit 1
    fi
    echo "$name: $line"
}

# stop_server NAME: sends SIGTERM and waits; the server's exit status ends up in $stopped_status.
stopped_status=0
stop_server() {
    local pid=${server_pids[$1]}
    unset "server_pids[$1]"
    kill -TERM "$pid"
    stopped_status=0
    wait "$pid" || stopped_status=$?
}

json_number() {
    if [[ "$2" =~ \"$1\":(-?[0-9.]+) ]]; then
        printf '%s' "${BASH_REMATCH[1]}"
    else
        printf 'n/a'
    fi
}

# measure NAME SOCKET REQUESTS CONNECTIONS [JSONL_LOAD_OPTIONS...]: one closed-loop run of jsonl-load;
# its JSON line goes to $raw/NAME.json. A run with errors or unanswered requests counts as a failure.
measure() {
    local name=$1 socket=$2 requests=$3 connections=$4 status=0 result errors unanswered
    shift 4
    timeout 300 "$load" -s "$socket" -f "$requests" -c "$connections" -d "$duration" "$@" \
        >"$raw/$name.json" 2>"$raw/$name.err" || status=$?
    result=$(cat "$raw/$name.json")
    errors=$(json_number errors "$result")
    unanswered=$(json_number unanswered "$result")
    printf '%-16s %3s conns %9s req/s   p50 %8s us   p99 %8s us   errors %s\n' "$name" "$connections" \
        "$(json_number rps "$result")" "$(json_number p50_us "$result")" "$(json_number p99_us "$result")" "$errors"
    if [ "$status" -ne 0 ] || [ "$errors" != 0 ] || [ "$unanswered" != 0 ]; then
        echo "bench: $name: jsonl-load exited with status $status, $errors errors, $unanswered unanswered" >&2
        sed 's/^/    /' "$raw/$name.err" >&2
        failures=$((failures + 1))
    fi
}

# redis_benchmark NAME SOCKET TEST: one redis-benchmark run at 50 connections; CSV to $raw/NAME.csv.
redis_benchmark() {
    local name=$1 socket=$2 test=$3 row rps p50 p99
    timeout 120 redis-benchmark -s "$socket" -c 50 -n "$redis_requests" -r "$places" -d "$value_size" \
        -t "$test" --csv >"$raw/$name.csv"
    row=$(tail -n 1 "$raw/$name.csv" | tr -d '"')
    IFS=, read -r _ rps _ _ p50 _ p99 _ <<<"$row"
    printf '%-16s %3s conns %9s req/s   p50 %8s ms   p99 %8s ms\n' "$name" 50 "${rps%.*}" "$p50" "$p99"
}

# Mean wall time of each start-up command, as hyperfine's --export-json writes it (commands named).
startup_commands=()
measure_startup() {
    if [ "${#startup_commands[@]}" -eq 0 ]; then
        return
    fi
    if have hyperfine; then
        timeout 120 hyperfine -N --warmup 20 --style basic --export-json "$raw/startup.json" "${startup_commands[@]}"
        return
    fi
    echo "hyperfine is not installed: timing 200 runs of each command with date +%s%N"
    local index run name command start end separator="" runs=200 entries="" argv
    for ((index = 0; index < ${#startup_commands[@]}; index += 3)); do
        name=${startup_commands[index + 1]}
        command=${startup_commands[index + 2]}
        read -r -a argv <<<"$command"
        for ((run = 0; run < 20; run++)); do "${argv[@]}" >/dev/null; done
        start=$(date +%s%N)
        for ((run = 0; run < runs; run++)); do "${argv[@]}" >/dev/null; done
        end=$(date +%s%N)
        entries+=$(printf '%s{"command": "%s", "mean": %s}' "$separator" "$name" \
            "$(awk -v ns="$((end - start))" -v runs="$runs" 'BEGIN { printf "%.9f", ns / runs / 1e9 }')")
        separator=", "
        printf '%-16s %8.3f ms\n' "$name" "$(awk -v ns="$((end - start))" -v runs="$runs" \
            'BEGIN { printf "%.3f", ns / runs / 1e6 }')"
    done
    printf '{"results": [%s]}\n' "$entries" >"$raw/startup.json"
}

started=$(date +%s)

# The same request shape for the ceiling and places.get: the ceiling answers every line without reading it.
get_like=$work/get-like.jsonl
printf '%s\n' '{"jsonrpc":"2.0","id":{seq},"method":"places.get","params":{"id":"0f8fad5b-d9cb-469f-a165-70867728950e"}}' \
    >"$get_like"

section "ceiling: jsonl-load --serve (C, epoll, one thread, no work per request)"
start_server ceiling --socket "$work/ceiling.sock" -- "$load" --serve "$work/ceiling.sock"
measure ceiling-c10 "$work/ceiling.sock" "$get_like" 10
measure ceiling-c50 "$work/ceiling.sock" "$get_like" 50
stop_server ceiling

redis_get_socket=$work/redis-get.sock
if [ "$have_redis" = true ]; then
    section "Redis $(redis-server --version | sed -n 's/.* v=\([^ ]*\).*/\1/p'): redis-benchmark, $value_size-byte values, $places keys"
    mkdir "$data/redis-get" "$data/redis-set"
    start_server redis-get --notify "$work/redis-get.notify" --socket "$redis_get_socket" -- \
        redis-server --port 0 --unixsocket "$redis_get_socket" --unixsocketperm 700 --dir "$data/redis-get" \
        --save "" --appendonly no --supervised systemd --daemonize no
    start_server redis-set --notify "$work/redis-set.notify" --socket "$work/redis-set.sock" -- \
        redis-server --port 0 --unixsocket "$work/redis-set.sock" --unixsocketperm 700 --dir "$data/redis-set" \
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
    redis_benchmark redis-get "$redis_get_socket" get
    redis_benchmark redis-set-always "$work/redis-set.sock" set
    stop_server redis-set
    startup_commands+=(-n "redis-cli PING" "$(printf '%q ' redis-cli -s "$redis_get_socket" PING)")
else
    section "Redis: redis-server, redis-benchmark or redis-cli is not installed; Redis figures are skipped"
fi

placesd_socket=$work/placesd.sock
if [ "$only_reference" = false ]; then
    section "$("$bin_dir/placesd" --version 2>/dev/null || echo placesd) ($bin_dir/placesd), database on $(stat -f -c %T "$data")"
    start_server placesd --notify "$work/placesd.notify" --socket "$placesd_socket" -- \
        "$bin_dir/placesd" --socket "$placesd_socket" --database "$data/places.sqlite" --log-level warning
    if "$bin_dir/placesctl" --socket "$placesd_socket" list >/dev/null 2>"$raw/placesctl.err"; then
        startup_commands=(-n "placesctl list" "$(printf '%q ' "$bin_dir/placesctl" --socket "$placesd_socket" list)" \
            "${startup_commands[@]}")
    else
        echo "bench: 'placesctl --socket SOCKET list' failed; its start-up is not measured:" >&2
        sed 's/^/    /' "$raw/placesctl.err" >&2
        failures=$((failures + 1))
    fi
fi

section "process start-up (placesctl lists an empty store)"
measure_startup
if [ "$have_redis" = true ]; then
    stop_server redis-get
fi

if [ "$only_reference" = false ]; then
    section "placesd: load $places places, then places.get and places.add"
    add_requests=$work/add.jsonl
    awk 'BEGIN {
        for (i = 0; i < 100; i++)
            printf "{\"jsonrpc\":\"2.0\",\"id\":{seq},\"method\":\"places.add\",\"params\":{\"name\":\"Bench place {seq}\",\"description\":\"Added by the benchmark.\",\"latitude\":%.4f,\"longitude\":%.4f}}\n", -80 + i * 1.6, -179 + i * 3.5
    }' >"$add_requests"
    measure placesd-load "$placesd_socket" "$add_requests" 50 -n "$places" -d 120
    python3 "$root/bench/place-ids.py" "$placesd_socket" >"$work/ids"
    loaded=$(wc -l <"$work/ids")
    [ "$loaded" -eq "$places" ] || fail "placesd lists $loaded places after loading $places"
    get_requests=$work/get.jsonl
    awk '{ printf "{\"jsonrpc\":\"2.0\",\"id\":{seq},\"method\":\"places.get\",\"params\":{\"id\":\"%s\"}}\n", $1 }' \
        "$work/ids" >"$get_requests"
    measure placesd-get-c10 "$placesd_socket" "$get_requests" 10
    measure placesd-get-c50 "$placesd_socket" "$get_requests" 50
    measure placesd-add-c10 "$placesd_socket" "$add_requests" 10
    measure placesd-add-c50 "$placesd_socket" "$add_requests" 50
    stop_server placesd
    if [ "$stopped_status" -ne 0 ]; then
        echo "bench: placesd exited with status $stopped_status after SIGTERM (expected 0); see $logs/placesd.log" >&2
        failures=$((failures + 1))
    fi

    section "placesd: places.near (limit 10) with $near_places places stored"
    near_socket=$work/placesd-near.sock
    start_server placesd --notify "$work/placesd-near.notify" --socket "$near_socket" -- \
        "$bin_dir/placesd" --socket "$near_socket" --database "$data/near.sqlite" --log-level warning \
        --max-line-bytes 67108864
    seconds=$(python3 "$root/bench/load-places.py" "$near_socket" "$near_places")
    echo "loaded $near_places places with places.import in $seconds s"
    near_requests=$work/near.jsonl
    awk 'BEGIN {
        srand(7)
        for (i = 0; i < 1000; i++)
            printf "{\"jsonrpc\":\"2.0\",\"id\":{seq},\"method\":\"places.near\",\"params\":{\"latitude\":%.5f,\"longitude\":%.5f,\"limit\":10}}\n", rand() * 180 - 90, rand() * 360 - 180
    }' >"$near_requests"
    measure placesd-near-c1 "$near_socket" "$near_requests" 1
    measure placesd-near-c10 "$near_socket" "$near_requests" 10
    stop_server placesd
fi

section "placesd against its references (ratio = placesd / reference; for p99 and start-up lower is better)"
python3 "$root/bench/report.py" --raw "$raw" --out "$out/results.json" \
    --meta "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)" --meta "cores=$(nproc)" --meta "kernel=$(uname -r)" \
    --meta "duration_seconds=$duration" --meta "places=$places" --meta "near_places=$near_places" --meta "redis_value_bytes=$value_size" \
    --meta "data_filesystem=$(stat -f -c %T "$data")" --meta "only_reference=$only_reference"
echo "bench: finished in $(($(date +%s) - started)) s"
if [ "$failures" -ne 0 ]; then
    fail "$failures measurement(s) failed or had errors; raw output in $raw, server logs in $logs"
fi
