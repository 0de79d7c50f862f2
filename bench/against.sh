#!/usr/bin/env bash
# Compares two builds of placesd on one store, figure by figure: a new build against an older one.
#
#   bench/against.sh [--places N] [--tags N] [--starts K] [--rounds R] [--duration SECONDS] [--adds N] [--out DIR]
#                    BASE NEW
#
# BASE and NEW are each a directory holding a release placesd (such as .build/release), or a commit: its release
# is built with its own `make build` in a temporary detached worktree (5 to 10 minutes), and its placesd kept in
# OUT/bin-COMMIT for the next run. `make bench-against BASE=COMMIT_OR_DIR` builds this tree and compares it with
# BASE. By hand, the same as a commit does:
#
#   git worktree add --detach /var/tmp/placesd-base b99b4a2 && make -C /var/tmp/placesd-base build
#   bench/against.sh /var/tmp/placesd-base/.build/release .build/release
#
# Each build gets a database of its own, loaded with the same N places (default 1,000,000) by
# bench/load-places.py, whose places, names, coordinates and ids are the same in every run; they hold --tags tags
# between them (default 20, one each in turn, as make bench's largest store), unless that build's places.import
# refuses tags (one from before tags), whose places are then loaded without. Then, with both builds up at once
# and every figure measured in rounds, one run of each build in turn and the order reversed every other round
# (so that the machine's drift from one minute to the next falls on both alike):
#   - spawn to READY=1 with a warm page cache, the median of K starts of each (default 5), after a first start of
#     each that is not counted;
#   - places.get at 50 connections, then VmRSS and VmHWM of each placesd;
#   - places.near (limit 10) at 1 connection;
#   - durable places.add at 50 connections, a fixed --adds requests per run (default 30000);
# each throughput figure the median of R runs (default 3) of jsonl-load (closed loop, --duration seconds, default
# 5), with its p99 the median of the runs' p99s. Prints a table of each figure for BASE and NEW, NEW / BASE, and
# whether NEW is within 10 % of BASE: a rate at least 0.9 x BASE's, a time at most 1.1 x BASE's (memory is shown,
# not judged). Raw runs go to OUT/raw (default .build/against), the servers' output to OUT/logs, the table to
# OUT/table.txt. The exit status is 1 when a measurement failed (errors, a server that did not start or stop
# cleanly), whatever the table says.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=bench/lib.sh
source "$root/bench/lib.sh"
out=$root/.build/against
places=1000000
tags=20
starts=5
repeat=3        # rounds of every throughput figure
duration=5
adds=30000
import_chunk=50000

usage() {
    echo "usage: bench/against.sh [--places N] [--tags N] [--starts K] [--rounds R] [--duration SECONDS]" \
        "[--adds N] [--out DIR] BASE NEW" >&2
    echo "  BASE, NEW: a directory with a release placesd, or a commit to build" >&2
    exit 64
}

while [ $# -gt 0 ]; do
    case "$1" in
        --places) places=${2-}; shift 2 || usage ;;
        --tags) tags=${2-}; shift 2 || usage ;;
        --starts) starts=${2-}; shift 2 || usage ;;
        --rounds) repeat=${2-}; shift 2 || usage ;;
        --duration) duration=${2-}; shift 2 || usage ;;
        --adds) adds=${2-}; shift 2 || usage ;;
        --out) out=${2:-$out}; shift 2 || usage ;;
        -h | --help) sed -n '2,/^set -euo/{/^set -euo/d; s/^# \{0,1\}//p}' "$0"; exit 0 ;;
        -*) usage ;;
        *) break ;;
    esac
done
[ $# -eq 2 ] || usage
for number in "$places" "$starts" "$repeat" "$duration" "$adds"; do
    [[ "$number" =~ ^[1-9][0-9]*$ ]] || usage
done
[[ "$tags" =~ ^[0-9]+$ ]] || usage
for tool in cc python3 timeout shuf git; do
    have "$tool" || fail "'$tool' is not installed (make deps-bench installs what the bench needs)"
done

prepare_output against
declare -A server_pids=()
failures=0
tree=

cleanup() {
    stop_all_servers
    if [ -n "$tree" ]; then
        git -C "$root" worktree remove --force "$tree" 2>/dev/null || true
    fi
    rm -rf "$work" "$data"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# use_build SIDE ARGUMENT: sets side_dir[SIDE] to the directory of ARGUMENT's placesd: ARGUMENT itself, or
# OUT/bin-COMMIT for a commit, built there first unless an earlier run did.
sides=(base new)
declare -A side_dir=() side_label=([base]=BASE [new]=NEW) side_pid=() side_tags=()
use_build() {
    local commit kept
    if [ -x "$2/placesd" ]; then
        side_dir[$1]=$(cd "$2" && pwd)
        return
    fi
    commit=$(git -C "$root" rev-parse --verify --quiet "$2^{commit}") ||
        fail "'$2' is neither a directory holding placesd nor a commit"
    kept=$out/bin-$commit
    if [ ! -x "$kept/placesd" ]; then
        tree=$(mktemp -d /var/tmp/placesd-against-tree.XXXXXX)
        echo "building $2 ($commit) in $tree: make build, its output in $logs/build-$commit.log"
        git -C "$root" worktree add --detach "$tree" "$commit" >"$logs/build-$commit.log" 2>&1 ||
            fail "git worktree add of $commit failed; see $logs/build-$commit.log"
        make -C "$tree" BUILD_DIR="$tree/.build" build >>"$logs/build-$commit.log" 2>&1 ||
            fail "the release build of $commit failed; see $logs/build-$commit.log"
        mkdir -p "$kept"
        cp "$tree/.build/release/placesd" "$kept/placesd"
        git -C "$root" worktree remove --force "$tree"
        tree=
    fi
    side_dir[$1]=$kept
}
use_build base "$1"
use_build new "$2"

# start_side NAME SIDE SOCKET DATABASE: the SIDE build's placesd as start_placesd runs it.
start_side() {
    local bin_dir=${side_dir[$2]}
    start_placesd "$1" "$3" "$4"
}

# accepts_tags SIDE: whether the SIDE build's places.import takes tags, asked of a placesd on an empty database of
# its own. An answer other than success or -32602 (invalid params) stops the run.
accepts_tags() {
    local socket=$work/$1-probe.sock database=$data/$1-probe.sqlite accepted=true
    start_side "$1-probe" "$1" "$socket" "$database" >/dev/null
    if ! python3 "$root/bench/rpc.py" "$socket" places.import \
        '{"places":[{"name":"Probe","latitude":0,"longitude":0,"tags":["probe"]}]}' >/dev/null 2>"$work/probe.err"; then
        grep -q -- '-32602' "$work/probe.err" || fail "places.import on ${side_label[$1]} failed: $(cat "$work/probe.err")"
        accepted=false
    fi
    stop_server "$1-probe"
    rm -f "$database" "$database-wal" "$database-shm"
    [ "$accepted" = true ]
}

started=$(date +%s)
write_add_requests "$work/add.jsonl"
write_near_requests "$work/near.jsonl"
for side in "${sides[@]}"; do
    echo "${side_label[$side]}: ${side_dir[$side]} ($("${side_dir[$side]}/placesd" --version 2>/dev/null || echo "no --version"))"
done

for side in "${sides[@]}"; do
    socket=$work/$side.sock
    tagging=()
    side_tags[$side]=0
    if [ "$tags" -gt 0 ]; then
        if accepts_tags "$side"; then
            tagging=(--tags "$tags")
            side_tags[$side]=$tags
        else
            echo "${side_label[$side]}'s places.import refuses tags: its places are loaded without them"
        fi
    fi
    section "${side_label[$side]}: $places places with places.import, ${side_tags[$side]} tags between them"
    start_side "$side-load" "$side" "$socket" "$data/$side.sqlite"
    seconds=$(python3 "$root/bench/load-places.py" "$socket" "$places" "$import_chunk" --ids "$work/$side.ids" \
        "${tagging[@]}")
    echo "loaded in $seconds s"
    stop_server "$side-load"
done
cmp -s "$work/base.ids" "$work/new.ids" || fail "bench/load-places.py gave BASE and NEW places with other ids"
get_requests_for "$work/base.ids" >"$work/get.jsonl"

# in_round_order ROUND: the sides in the order of round ROUND into `order` (BASE first in odd rounds).
in_round_order() {
    order=("${sides[@]}")
    if [ $(($1 % 2)) -eq 0 ]; then
        order=(new base)
    fi
}

section "spawn -> READY=1: $starts starts of each, in rounds (warm page cache)"
# The first start of each reads its database into the page cache and is not counted.
for side in "${sides[@]}"; do
    start_side "$side" "$side" "$work/$side.sock" "$data/$side.sqlite"
    : >"$raw/$side-startup.txt"
done
for ((round = 1; round <= starts; round++)); do
    in_round_order "$round"
    for side in "${order[@]}"; do
        stop_server "$side"
        start_side "$side" "$side" "$work/$side.sock" "$data/$side.sqlite"
        echo "$ready_seconds" >>"$raw/$side-startup.txt"
        side_pid[$side]=$ready_pid
    done
done
for side in "${sides[@]}"; do
    expect_places "$work/$side.sock" "$places"
done

section "places.get at 50 connections, in rounds"
for side in "${sides[@]}"; do
    job "${side}_get" measure "$side-get-c50" "$work/$side.sock" "$work/get.jsonl" 50
done
alternate base_get new_get
declare -A rss=() hwm=()
for side in "${sides[@]}"; do
    rss[$side]=n/a
    hwm[$side]=n/a
    if [ -n "${side_pid[$side]}" ]; then
        rss[$side]=$(vm_kb "${side_pid[$side]}" VmRSS)
        hwm[$side]=$(vm_kb "${side_pid[$side]}" VmHWM)
    fi
done

section "places.near (limit 10) at 1 connection, in rounds"
for side in "${sides[@]}"; do
    job "${side}_near" measure "$side-near-c1" "$work/$side.sock" "$work/near.jsonl" 1
done
alternate base_near new_near

section "durable places.add at 50 connections, $adds a run, in rounds"
for side in "${sides[@]}"; do
    job "${side}_add" measure "$side-add-c50" "$work/$side.sock" "$work/add.jsonl" 50 -n "$adds" -d 300
done
alternate base_add new_add
for side in "${sides[@]}"; do
    stop_server "$side"
done

# figure NAME FIELD: the median of FIELD over the runs in $raw/NAME.jsonl.
figure() {
    local line values=()
    while IFS= read -r line; do
        values+=("$(json_number "$2" "$line")")
    done <"$raw/$1.jsonl"
    median "${values[@]}"
}

# row LABEL HIGHER|LOWER|SHOWN BASE NEW: one line of the table; HIGHER is better for a rate, LOWER for a time, and
# a SHOWN figure is not judged.
judged=0
within=0
row() {
    local ratio verdict=-
    ratio=$(awk -v a="$3" -v b="$4" 'BEGIN { if (a + 0 > 0 && b ~ /^[0-9.]+$/) printf "%.3f", b / a; else print "n/a" }')
    if [ "$2" != SHOWN ]; then
        judged=$((judged + 1))
        verdict=FAIL
        if [ "$ratio" != n/a ] && awk -v r="$ratio" -v kind="$2" \
            'BEGIN { exit !(kind == "HIGHER" ? r >= 0.9 : r <= 1.1) }'; then
            verdict=PASS
            within=$((within + 1))
        fi
    fi
    printf '%-36s %12s %12s %9s   %s\n' "$1" "$3" "$4" "$ratio" "$verdict"
}

# rate_rows LABEL FIGURE: the figure's median rate and the median of its p99s.
rate_rows() {
    row "$1 (req/s)" HIGHER "$(figure "base-$2" rps)" "$(figure "new-$2" rps)"
    row "$1, p99 (us)" LOWER "$(figure "base-$2" p99_us)" "$(figure "new-$2" p99_us)"
}

section "NEW against BASE, $places places (BASE's hold ${side_tags[base]} tags, NEW's ${side_tags[new]})"
{
    printf '%-36s %12s %12s %9s   %s\n' figure BASE NEW NEW/BASE "within 10 %"
    rate_rows "places.get, 50 connections" get-c50
    rate_rows "places.add, 50 connections" add-c50
    rate_rows "places.near, 1 connection" near-c1
    # shellcheck disable=SC2046 # one value a line
    row "spawn -> READY=1 (s)" LOWER "$(median $(cat "$raw/base-startup.txt"))" \
        "$(median $(cat "$raw/new-startup.txt"))"
    row "VmRSS after the gets (kB)" SHOWN "${rss[base]}" "${rss[new]}"
    row "VmHWM after the gets (kB)" SHOWN "${hwm[base]}" "${hwm[new]}"
    echo "$within of $judged figures within 10 % of BASE's; start-up runs:" \
        "BASE $(paste -s -d ' ' "$raw/base-startup.txt") s, NEW $(paste -s -d ' ' "$raw/new-startup.txt") s"
} | tee "$out/table.txt"
echo "bench: finished in $(($(date +%s) - started)) s"
if [ "$failures" -ne 0 ]; then
    fail "$failures measurement(s) failed or had errors; raw output in $raw, server logs in $logs"
fi
