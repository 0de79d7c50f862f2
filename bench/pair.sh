#!/usr/bin/env bash
# Compares two placesd builds on one load, side by side.
#
#   bench/pair.sh [--rounds N] [--seconds S] [--connections C] [--depth D] [--database FILE] BIN_A BIN_B REQUESTS
#
# Both servers run at once, each on a database of its own (empty, or a copy of FILE), and short closed-loop
# jsonl-load runs of REQUESTS (a file of request lines, as bench/run.sh writes them) alternate between them, the
# order swapped every round, so that whatever else the machine does at the time falls on both alike. Prints each
# round's requests/s (A, then B) and the mean of B/A with its standard error. On a machine whose speed drifts
# from one minute to the next, this shows differences of a few per cent that separate runs cannot; run it with
# the same build on both sides first to see the ratio come out 1 within its error. Defaults: 10 rounds of 2 s,
# 1 connection, 1 request in flight.
set -euo pipefail

rounds=10
seconds=2
connections=1
depth=1
database=
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --connections) connections=$2; shift 2 ;;
        --depth) depth=$2; shift 2 ;;
        --database) database=$2; shift 2 ;;
        -h | --help) sed -n '2,13s/^# \{0,1\}//p' "$0"; exit 0 ;;
        --) shift; break ;;
        -*) echo "pair: unknown option $1" >&2; exit 64 ;;
        *) break ;;
    esac
done
if [ $# -ne 3 ]; then
    echo "usage: bench/pair.sh [options] BIN_A BIN_B REQUESTS (see --help)" >&2
    exit 64
fi
binaries=("$1" "$2")
requests=$3
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /var/tmp/placesd-pair.XXXXXX)
pids=()
cleanup() {
    if [ ${#pids[@]} -gt 0 ]; then
        kill -TERM "${pids[@]}" 2>/dev/null || true
        wait "${pids[@]}" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

cc -O2 -o "$work/jsonl-load" "$root/bench/jsonl-load.c"
for side in 0 1; do
    mkdir "$work/$side"
    if [ -n "$database" ]; then
        cp "$database" "$work/$side/places.sqlite"
    fi
    "${binaries[$side]}" --socket "$work/$side/placesd.sock" --database "$work/$side/places.sqlite" \
        --log-level warning --max-line-bytes 67108864 --max-places 100000000 &
    pids+=($!)
done
for side in 0 1; do
    # The socket appears once the store is loaded; a large database takes a while.
    for _ in $(seq 1 1200); do
        [ -S "$work/$side/placesd.sock" ] && break
        kill -0 "${pids[$side]}" 2>/dev/null || { echo "pair: ${binaries[$side]} exited" >&2; exit 1; }
        sleep 0.05
    done
done

run() {
    "$work/jsonl-load" -s "$work/$1/placesd.sock" -f "$requests" -c "$connections" -p "$depth" -d "$seconds" |
        grep -o '"rps":[0-9.]*' | cut -d: -f2
}

for ((round = 1; round <= rounds; round++)); do
    if ((round % 2)); then
        a=$(run 0)
        b=$(run 1)
    else
        b=$(run 1)
        a=$(run 0)
    fi
    printf '%s %s\n' "$a" "$b"
done | awk '{
    print
    ratio = $2 / $1; sum += ratio; squares += ratio * ratio; count++
} END {
    mean = sum / count; variance = squares / count - mean * mean
    if (variance < 0) variance = 0
    printf "B/A %.3f, standard error %.3f, %d rounds\n", mean, sqrt(variance / (count - 1)), count
}'
