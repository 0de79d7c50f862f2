# shellcheck shell=bash disable=SC2154 # the caller's globals, named below
# Functions bench/run.sh and bench/against.sh share; sourced, not run.
#
# They use the caller's globals: root (the repository), out (the output directory), and those prepare_output sets:
# work (sockets and scratch files), data (databases), logs (servers' output), raw (each figure's runs), load (the
# jsonl-load binary); and duration (seconds of a closed-loop run), repeat (runs of a figure), bin_dir (where placesd
# is), failures (a count), and the associative array server_pids (by name).

declare -A server_pids

# prepare_output NAME: makes $out (as an absolute path) with its raw/ and logs/ afresh, builds jsonl-load into it
# ($load), and makes $work, for sockets, in a short temporary path (sun_path holds 108 bytes), and $data, for
# databases, beside the output on a real disk rather than a tmpfs /tmp, so that fsync costs what it costs.
# shellcheck disable=SC2034 # data is the caller's
prepare_output() {
    mkdir -p "$out"
    out=$(cd "$out" && pwd)
    raw=$out/raw
    logs=$out/logs
    rm -rf "$raw" "$logs"
    mkdir -p "$raw" "$logs"
    load=$out/jsonl-load
    cc -O2 -o "$load" "$root/bench/jsonl-load.c"
    work=$(mktemp -d "${TMPDIR:-/tmp}/placesd-$1.XXXXXX")
    data=$(mktemp -d "$out/data.XXXXXX")
}

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

# start_server NAME SERVE_OPTIONS... -- COMMAND...: starts COMMAND under bench/serve.py, which answers on a FIFO
# once the server is ready (sd_notify READY=1, or its socket accepts), and returns then. Sets ready_seconds
# (spawn to READY=1) and ready_pid (the server's own pid). The server's output goes to $logs/NAME.log.
# shellcheck disable=SC2034 # ready_seconds and ready_pid are the caller's to read
ready_seconds=n/a
ready_pid=
# shellcheck disable=SC2034
start_server() {
    local name=$1 fifo=$work/$1.ready ready_fd line=""
    shift
    mkfifo "$fifo"
    # Opened for reading and writing, the FIFO never blocks here; `read -t` bounds the wait instead.
    exec {ready_fd}<>"$fifo"
    python3 "$root/bench/serve.py" --timeout 60 --log "$logs/$name.log" "$@" >"$fifo" {ready_fd}<&- &
    server_pids[$name]=$!
    read -r -t 90 -u "$ready_fd" line || true
    exec {ready_fd}<&-
    rm -f "$fifo"
    if [[ "$line" != ready* ]]; then
        echo "bench: $name did not start: ${line:-no answer}; its log:" >&2
        sed 's/^/    /' "$logs/$name.log" >&2
        exit 1
    fi
    if [[ "$line" =~ ^ready\ in\ ([0-9.]+)\ s,\ pid\ ([0-9]+) ]]; then
        ready_seconds=${BASH_REMATCH[1]}
        ready_pid=${BASH_REMATCH[2]}
    else
        ready_seconds=n/a
        ready_pid=
    fi
    echo "$name: $line"
}

# stop_server NAME: sends SIGTERM and waits; a status other than 0 counts as a failure.
stop_server() {
    local pid=${server_pids[$1]} status=0
    unset "server_pids[$1]"
    kill -TERM "$pid"
    wait "$pid" || status=$?
    if [ "$status" -ne 0 ]; then
        echo "bench: $1 exited with status $status after SIGTERM (expected 0); see $logs/$1.log" >&2
        failures=$((failures + 1))
    fi
}

# stop_all_servers: SIGTERM to every server still running, then waits for them (on exit; statuses not checked).
stop_all_servers() {
    local name
    for name in "${!server_pids[@]}"; do
        kill -TERM "${server_pids[$name]}" 2>/dev/null || true
    done
    for name in "${!server_pids[@]}"; do
        wait "${server_pids[$name]}" 2>/dev/null || true
    done
}

json_number() {
    if [[ "$2" =~ \"$1\":(-?[0-9.]+) ]]; then
        printf '%s' "${BASH_REMATCH[1]}"
    else
        printf 'n/a'
    fi
}

# Each throughput figure is a job of --repeat runs. The run functions below each make one run and add it to the
# figure's raw file; the report functions print the line of medians from that file. `repeatedly` runs one figure's
# runs back to back; `alternate` runs several figures' runs in rounds, so that whatever else the machine does at the
# time (its speed drifts by a fifth from one minute to the next) falls on a figure and its reference alike.

# measure_run NAME SOCKET REQUESTS CONNECTIONS [JSONL_LOAD_OPTIONS...]: one closed-loop run of jsonl-load, its JSON
# line added to $raw/NAME.jsonl. A run with errors or unanswered requests counts as a failure.
measure_run() {
    local name=$1 socket=$2 requests=$3 connections=$4 status=0 result errors unanswered run
    shift 4
    run=$(($(wc -l <"$raw/$name.jsonl") + 1))
    timeout 300 "$load" -s "$socket" -f "$requests" -c "$connections" -d "$duration" "$@" \
        >"$work/run.json" 2>>"$raw/$name.err" || status=$?
    result=$(cat "$work/run.json")
    printf '%s\n' "$result" >>"$raw/$name.jsonl"
    errors=$(json_number errors "$result")
    unanswered=$(json_number unanswered "$result")
    if [ "$status" -ne 0 ] || [ "$errors" != 0 ] || [ "$unanswered" != 0 ]; then
        echo "bench: $name run $run: jsonl-load exited with status $status, $errors errors, $unanswered unanswered" >&2
        sed 's/^/    /' "$raw/$name.err" >&2
        failures=$((failures + 1))
    fi
}

measure_start() {
    : >"$raw/$1.jsonl"
    : >"$raw/$1.err"
}

# measure_report NAME SOCKET REQUESTS CONNECTIONS ...: the line of medians over the runs in $raw/NAME.jsonl.
measure_report() {
    local name=$1 connections=$4 line rps=() p50=() p99=() client=() total_errors=0 errors
    while IFS= read -r line; do
        rps+=("$(json_number rps "$line")")
        p50+=("$(json_number p50_us "$line")")
        p99+=("$(json_number p99_us "$line")")
        client+=("$(awk -v cpu="$(json_number cpu_s "$line")" -v n="$(json_number requests "$line")" \
            'BEGIN { if (n + 0 > 0) printf "%.1f", cpu * 1e6 / n; else print "n/a" }')")
        errors=$(json_number errors "$line")
        if [[ "$errors" =~ ^[0-9]+$ ]]; then
            total_errors=$((total_errors + errors))
        fi
    done <"$raw/$name.jsonl"
    printf '%-22s %3s conns %9s req/s   p50 %8s us   p99 %8s us   errors %s   client %5s us/req   runs: %s req/s\n' \
        "$name" "$connections" "$(median "${rps[@]}")" "$(median "${p50[@]}")" "$(median "${p99[@]}")" \
        "$total_errors" "$(median "${client[@]}")" "${rps[*]}"
}

# job JOB KIND NAME ARGUMENTS...: defines JOB, a figure to measure: KIND names its KIND_start, KIND_run and
# KIND_report functions (measure here; bench/run.sh defines more), NAME the figure's name and its raw file's.
job() {
    declare -g -a "$1"
    local -n definition=$1
    shift
    # shellcheck disable=SC2034 # a name reference: this sets the array named $1
    definition=("$@")
}

# job_fields JOB: the job's KIND NAME ARGUMENTS... into the array `fields`.
job_fields() {
    local -n defined=$1
    fields=("${defined[@]}")
}

# repeatedly JOB: the job's $repeat runs back to back, then its line of medians.
repeatedly() {
    local run
    job_fields "$1"
    "${fields[0]}_start" "${fields[1]}"
    for ((run = 1; run <= repeat; run++)); do
        "${fields[0]}_run" "${fields[@]:1}"
    done
    "${fields[0]}_report" "${fields[@]:1}"
}

# alternate JOB...: the jobs' figures in $repeat rounds of one run each, the jobs in the order given in odd rounds
# and reversed in even ones; then each figure's line of medians.
alternate() {
    local jobs=("$@") job round index order
    for job in "${jobs[@]}"; do
        job_fields "$job"
        "${fields[0]}_start" "${fields[1]}"
    done
    for ((round = 1; round <= repeat; round++)); do
        for ((index = 0; index < ${#jobs[@]}; index++)); do
            order=$index
            if [ $((round % 2)) -eq 0 ]; then
                order=$((${#jobs[@]} - 1 - index))
            fi
            job_fields "${jobs[order]}"
            "${fields[0]}_run" "${fields[@]:1}"
        done
    done
    for job in "${jobs[@]}"; do
        job_fields "$job"
        "${fields[0]}_report" "${fields[@]:1}"
    done
}

# vm_kb PID FIELD: a field of /proc/PID/status (VmRSS, VmHWM) in kB, or n/a.
vm_kb() {
    awk -v field="$2:" '$1 == field { print $2; found = 1 } END { if (!found) print "n/a" }' \
        "/proc/$1/status" 2>/dev/null || echo n/a
}

# median VALUES...: the median of the values that are numbers (n/a when none is).
median() {
    printf '%s\n' "$@" | awk '/^[0-9]+(\.[0-9]+)?$/ { print }' | sort -g |
        awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.10g\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# start_placesd NAME SOCKET DATABASE: placesd as every measurement here runs it.
start_placesd() {
    start_server "$1" --notify "$work/$1.notify" --socket "$2" -- \
        "$bin_dir/placesd" --socket "$2" --database "$3" --log-level warning \
        --max-line-bytes 67108864 --max-places 100000000
}

# get_requests_for IDS: prints a places.get line for each id in the file IDS, in a shuffled order that is the
# same in every run.
get_requests_for() {
    shuf --random-source=<(yes) "$1" |
        awk '{ printf "{\"jsonrpc\":\"2.0\",\"id\":{seq},\"method\":\"places.get\",\"params\":{\"id\":\"%s\"}}\n", $1 }'
}

# expect_places SOCKET COUNT: checks with server.status that the caller holds COUNT places.
expect_places() {
    local status held
    status=$(python3 "$root/bench/rpc.py" "$1" server.status)
    held=$(json_number places "$status")
    [ "$held" = "$2" ] || fail "placesd on '$1' holds $held places, expected $2"
}

# write_add_requests FILE: 100 places.add lines, each place named by its request's {seq}.
write_add_requests() {
    awk 'BEGIN {
        for (i = 0; i < 100; i++)
            printf "{\"jsonrpc\":\"2.0\",\"id\":{seq},\"method\":\"places.add\",\"params\":{\"name\":\"Bench place {seq}\",\"description\":\"Added by the benchmark.\",\"latitude\":%.4f,\"longitude\":%.4f}}\n", -80 + i * 1.6, -179 + i * 3.5
    }' >"$1"
}

# write_near_requests FILE: 1,000 places.near (limit 10) lines around points the same in every run.
write_near_requests() {
    awk 'BEGIN {
        srand(7)
        for (i = 0; i < 1000; i++)
            printf "{\"jsonrpc\":\"2.0\",\"id\":{seq},\"method\":\"places.near\",\"params\":{\"latitude\":%.5f,\"longitude\":%.5f,\"limit\":10}}\n", rand() * 180 - 90, rand() * 360 - 180
    }' >"$1"
}
