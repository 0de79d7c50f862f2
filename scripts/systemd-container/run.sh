#!/usr/bin/env bash
# Tests the placesd .deb under a real systemd: boots a minimal Debian (same release and mirror as this
# machine, no Swift toolchain) with systemd-nspawn, systemd as PID 1, and runs inside.sh there as a boot
# unit. inside.sh installs the package and checks socket activation, per-user places, reload, restart,
# kill -9, the watchdog, the user, the journal, StatusText, scheduled backups (placesd-backup.timer and
# .service, pruning, restore), user units, removal, reinstallation, upgrade and purge. Prints the TAP, then "N passed, M failed"; exits non-zero on any failure.
#
# The root file system is made once with debootstrap (--variant=minbase, systemd, dbus, libpam-systemd
# and the package's Depends) and cached in the --cache directory, keyed by release, mirror and packages;
# each run boots it with --volatile=overlay, so it stays pristine. Needs root (re-runs itself with sudo).
#
# Usage: scripts/systemd-container/run.sh --deb FILE [--cache DIR] [--work DIR] [--timeout SECONDS]
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
deb=''
cache="$here/../../.build/systemd-rootfs"
work=''
boot_timeout=300
while [ $# -gt 0 ]; do
    case "$1" in
        --deb) deb=$2; shift 2 ;;
        --cache) cache=$2; shift 2 ;;
        --work) work=$2; shift 2 ;;
        --timeout) boot_timeout=$2; shift 2 ;;
        *) echo "systemd test: unknown argument '$1'" >&2; exit 64 ;;
    esac
done
if [ -z "$deb" ] || [ ! -f "$deb" ]; then
    echo "Usage: scripts/systemd-container/run.sh --deb FILE [--cache DIR] [--work DIR] [--timeout SECONDS] (no file '$deb')" >&2
    exit 64
fi
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        exec sudo -- "$0" --deb "$deb" --cache "$cache" ${work:+--work "$work"} --timeout "$boot_timeout"
    fi
    echo 'systemd test: needs root (debootstrap, systemd-nspawn) and there is no sudo' >&2
    exit 1
fi
for tool in debootstrap systemd-nspawn dpkg-deb timeout flock; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "systemd test: '$tool' is missing (make deps-systemd installs it)" >&2
        exit 1
    fi
done
deb=$(cd "$(dirname "$deb")" && pwd)/$(basename "$deb")
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
work=${work:-$cache/../systemd-test}
started=$SECONDS

log() {
    echo "# $*"
}

# --- the root file system, cached -------------------------------------------------------------------------

# shellcheck source=/dev/null
release=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
if [ -z "$release" ]; then
    echo 'systemd test: /etc/os-release names no VERSION_CODENAME' >&2
    exit 1
fi

# The first mirror apt uses for this release: deb822 .sources files, then one-line .list files.
apt_mirror() {
    local file
    for file in /etc/apt/sources.list.d/*.sources; do
        [ -f "$file" ] || continue
        awk -v release="$release" '
            function flush() {
                if (types ~ /(^| )deb( |$)/ && (" " suites " ") ~ (" " release " ") && uri != "" && !found) {
                    print uri; found = 1
                }
                types = ""; suites = ""; uri = ""
            }
            /^[[:space:]]*$/ { flush(); next }
            /^Types:/ { sub(/^Types:[[:space:]]*/, ""); types = $0 }
            /^Suites:/ { sub(/^Suites:[[:space:]]*/, ""); suites = $0 }
            /^URIs:/ { uri = $2 }
            END { flush() }' "$file"
    done
    for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$file" ] || continue
        sed -e 's/\[[^]]*\]//' "$file" | awk -v release="$release" '$1 == "deb" && $3 == release { print $2 }'
    done
}
mirror=$(apt_mirror | grep -E '^https?://' | head -n 1 || true)
mirror=${mirror:-http://deb.debian.org/debian}

# systemd as PID 1, dbus and libpam-systemd (for logind and user managers), plus what the package needs.
depends=$(dpkg-deb --field "$deb" Depends | tr ',' '\n' | sed 's/|.*//; s/(.*)//; s/[[:space:]]//g' | grep -v '^$')
packages=$(printf '%s\n' systemd systemd-sysv dbus libpam-systemd "$depends" | sort -u | paste -sd,)
key=$(printf '%s %s %s\n' "$release" "$mirror" "$packages" | sha256sum | cut -c1-12)
rootfs="$cache/$release-$key"

exec 9> "$cache/.lock"
flock --timeout 600 9
if [ ! -f "$rootfs/.placesd-test-rootfs" ]; then
    log "creating the $release root file system in $rootfs (debootstrap from $mirror; cached afterwards)"
    rm -rf "$rootfs" "$rootfs.partial"
    # Older root file systems (other packages or mirror) are not needed any more.
    find "$cache" -mindepth 1 -maxdepth 1 -type d -name "$release-*" -exec rm -rf {} +
    if ! timeout 600 debootstrap --variant=minbase --include="$packages" "$release" "$rootfs.partial" "$mirror" \
        > "$cache/debootstrap.log" 2>&1; then
        tail -n 20 "$cache/debootstrap.log" >&2
        echo "systemd test: debootstrap failed (log: $cache/debootstrap.log)" >&2
        exit 1
    fi
    rm -f "$rootfs.partial"/var/cache/apt/archives/*.deb
    if find "$rootfs.partial" -name 'libswiftCore.so*' -print -quit | grep -q .; then
        echo 'systemd test: the root file system has a Swift runtime; the test would prove nothing' >&2
        exit 1
    fi
    echo "$release $mirror $packages" > "$rootfs.partial/.placesd-test-rootfs"
    mv "$rootfs.partial" "$rootfs"
    log "root file system ready after $((SECONDS - started)) s"
else
    log "using the cached $release root file system $rootfs"
fi

# --- boot ---------------------------------------------------------------------------------------------------

rm -rf "$work"
mkdir -p "$work/payload" "$work/results"
work=$(cd "$work" && pwd)
cp "$deb" "$work/payload/placesd.deb"
install -m 0755 "$here/inside.sh" "$work/payload/inside.sh"
machine="placesd-test-$$"

# Without systemd as PID 1 on this machine, nspawn runs the container in the cgroup it is started from
# (--keep-unit): give this script cgroups of its own, and remove them afterwards.
cgroups=()
original_cgroups=()
if [ ! -d /run/systemd/system ]; then
    if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
        hierarchies=(/sys/fs/cgroup)
    else
        hierarchies=()
        for hierarchy in /sys/fs/cgroup/systemd /sys/fs/cgroup/unified; do
            [ -d "$hierarchy" ] && hierarchies+=("$hierarchy")
        done
    fi
    for hierarchy in "${hierarchies[@]}"; do
        mkdir -p "$hierarchy/$machine"
        cgroups+=("$hierarchy/$machine")
        original_cgroups+=("$hierarchy")
        echo $$ > "$hierarchy/$machine/cgroup.procs"
    done
fi
nspawn_pid=''
cleanup() {
    if [ -n "$nspawn_pid" ] && kill -0 "$nspawn_pid" 2>/dev/null; then
        kill -TERM "$nspawn_pid" 2>/dev/null || true
        wait "$nspawn_pid" 2>/dev/null || true
    fi
    local index
    for index in "${!cgroups[@]}"; do
        echo $$ > "${original_cgroups[$index]}/cgroup.procs" 2>/dev/null || true
        find "${cgroups[$index]}" -depth -type d -exec rmdir {} + 2>/dev/null || true
    done
    rm -rf "/run/systemd/nspawn/propagate/$machine"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

nspawn_options=(--quiet --directory="$rootfs" --machine="$machine" --register=no --volatile=overlay
    --private-network --bind-ro="$work/payload:/payload" --bind="$work/results:/results"
    --bind-ro="$here/placesd-test.service:/etc/systemd/system/placesd-test.service")
[ ! -d /run/systemd/system ] && nspawn_options+=(--keep-unit)

log "booting $machine (systemd-nspawn, at most $boot_timeout s)"
boot_started=$SECONDS
set +e
timeout --kill-after=15 "$boot_timeout" systemd-nspawn "${nspawn_options[@]}" \
    --boot systemd.wants=placesd-test.service systemd.show_status=no \
    < /dev/null > "$work/console.log" 2>&1 &
nspawn_pid=$!
wait "$nspawn_pid"
status=$?
nspawn_pid=''
set -e
log "container exited with status $status after $((SECONDS - boot_started)) s"

# --- report -------------------------------------------------------------------------------------------------

tap="$work/results/tap.txt"
[ -f "$tap" ] || : > "$tap"
cat "$tap"
passed=$(grep -c '^ok ' "$tap" || true)
failed=$(grep -c '^not ok ' "$tap" || true)
plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$tap")
problem=''
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    problem="the container did not finish within $boot_timeout s"
elif [ -z "$plan" ]; then
    problem='the test stopped before its end (no TAP plan)'
elif [ "$plan" -ne $((passed + failed)) ]; then
    problem="the plan says $plan tests, $((passed + failed)) ran"
elif [ "$failed" -eq 0 ] && [ "$status" -ne 0 ]; then
    problem="the container exited with status $status"
fi
if [ -n "$problem" ] || [ "$failed" -ne 0 ]; then
    if [ -n "$problem" ]; then
        failed=$((failed + 1))
        echo "not ok $((passed + failed)) - $problem"
    fi
    echo "# console (last lines; all in $work/console.log):"
    tail -n 30 "$work/console.log" | sed 's/^/#   /'
    if [ -f "$work/results/journal.txt" ]; then
        echo "# journal of placesd and the test (all in $work/results/journal.txt):"
        grep -E 'placesd|inside\.sh|runuser' "$work/results/journal.txt" | tail -n 40 | sed 's/^/#   /'
    fi
fi
log "total $((SECONDS - started)) s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
