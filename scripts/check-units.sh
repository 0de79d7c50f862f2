#!/usr/bin/env bash
# Checks what make install ships besides the binaries, without booting anything:
#   - make install-files into a scratch PREFIX installs every file, and systemd-analyze verify --man=no
#     prints nothing for the installed units (system and user; verify wants ExecStart= to exist);
#   - systemd-analyze security --offline=true scores placesd.service and placesd-backup.service at most
#     MAX_EXPOSURE (default 1.5) each;
#   - packaging/placesd.conf is valid and each commented-out value is the real default;
#   - the man pages format without groff warnings and name every option of the help texts;
#   - the shell completions parse and name every command and option of the help texts.
#
# Usage: scripts/check-units.sh --bin-dir DIR      (DIR holds the built placesd and placesctl)
set -euo pipefail

cd "$(dirname "$0")/.."
bin_dir=''
while [ $# -gt 0 ]; do
    case "$1" in
        --bin-dir) bin_dir=$2; shift 2 ;;
        *) echo "check-units: unknown argument '$1'" >&2; exit 64 ;;
    esac
done
if [ -z "$bin_dir" ] || [ ! -x "$bin_dir/placesd" ] || [ ! -x "$bin_dir/placesctl" ]; then
    echo 'Usage: scripts/check-units.sh --bin-dir DIR (with placesd and placesctl built in DIR)' >&2
    exit 64
fi
bin_dir=$(cd "$bin_dir" && pwd)
max_exposure=${MAX_EXPOSURE:-1.5}

failures=0
fail() {
    echo "check-units: FAILED: $*" >&2
    failures=$((failures + 1))
}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# make install-files into a scratch PREFIX: the units it installs name the scratch placesd, which exists, so
# systemd-analyze verify checks them as installed. Any output at all is a failure (bad keys are only warnings).
prefix="$scratch/prefix"
make --no-print-directory install-files PREFIX="$prefix" SYSCONFDIR="$prefix/etc" RELEASE_DIR="$bin_dir" \
    > "$scratch/install.log" 2>&1 || { cat "$scratch/install.log" >&2; fail 'make install-files failed'; }
units=(placesd.socket placesd.service placesd-backup.service placesd-backup.timer)
for file in sbin/placesd bin/placesctl "${units[@]/#/lib/systemd/system/}" "${units[@]/#/lib/systemd/user/}" \
    share/man/man1/placesctl.1 \
    share/man/man5/placesd.conf.5 share/man/man8/placesd.8 etc/placesd/placesd.conf \
    share/bash-completion/completions/placesctl share/zsh/site-functions/_placesctl \
    share/fish/vendor_completions.d/placesctl.fish share/placesd/coastline.txt; do
    [ -f "$prefix/$file" ] || fail "make install-files did not install PREFIX/$file"
done
grep -qxF "ExecStart=$prefix/sbin/placesd" "$prefix/lib/systemd/system/placesd.service" ||
    fail 'the installed placesd.service does not run PREFIX/sbin/placesd'
for mode in system user; do
    grep -q "^ExecStart=$prefix/bin/placesctl " "$prefix/lib/systemd/$mode/placesd-backup.service" ||
        fail "the installed $mode placesd-backup.service does not run PREFIX/bin/placesctl"
done
verify() {
    local mode=$1 directory=$2
    local -a options=(--man=no)
    [ "$mode" = user ] && options+=(--user)
    local output
    output=$(XDG_RUNTIME_DIR="$scratch" systemd-analyze verify "${options[@]}" "${units[@]/#/$directory/}" 2>&1) ||
        fail "systemd-analyze verify ($mode units) failed"
    if [ -n "$output" ]; then
        fail "systemd-analyze verify ($mode units) printed:"
        printf '%s\n' "$output" >&2
    fi
}
verify system "$prefix/lib/systemd/system"
verify user "$prefix/lib/systemd/user"

for unit in placesd.service placesd-backup.service; do
    security=$(systemd-analyze security --offline=true --no-pager "systemd/$unit" 2>&1) || true
    score=$(printf '%s\n' "$security" | sed -n "s/^→ Overall exposure level for $unit: \([0-9.]*\).*/\1/p")
    if [ -z "$score" ]; then
        fail "systemd-analyze security printed no score for $unit:"
        printf '%s\n' "$security" >&2
    elif awk -v score="$score" -v max="$max_exposure" 'BEGIN { exit !(score > max) }'; then
        fail "$unit exposure $score is above $max_exposure:"
        printf '%s\n' "$security" | grep -v '^✓' >&2
    else
        echo "check-units: $unit exposure $score (at most $max_exposure)"
    fi
done
if grep -q '^PrivateUsers=' systemd/placesd.service; then
    fail 'placesd.service sets PrivateUsers=, which hides the clients'"'"' uids from SO_PEERCRED'
fi

# The default configuration: valid as shipped, and every commented-out value is what placesd uses anyway
# under the system service (STATE_DIRECTORY, RUNTIME_DIRECTORY as systemd would set them).
config=packaging/placesd.conf
sed -n 's/^#\([a-z-]* = .*\)$/\1/p' "$config" > "$scratch/uncommented.conf"
service_env=(env -i STATE_DIRECTORY=/var/lib/placesd RUNTIME_DIRECTORY=/run/placesd)
if ! "${service_env[@]}" "$bin_dir/placesd" --check-config --config "$config" > "$scratch/shipped.out" 2>&1; then
    fail "placesd --check-config refuses $config:"
    cat "$scratch/shipped.out" >&2
fi
if ! "${service_env[@]}" "$bin_dir/placesd" --check-config --config "$scratch/uncommented.conf" \
    > "$scratch/uncommented.out" 2>&1; then
    fail "placesd --check-config refuses the commented-out values of $config:"
    cat "$scratch/uncommented.out" >&2
fi
if ! diff <(tail -n +2 "$scratch/shipped.out") <(tail -n +2 "$scratch/uncommented.out") >&2; then
    fail "a commented-out value in $config is not the default (diff above: defaults, then the file's values)"
fi
keys=$(sed -n 's/^\([a-z-]*\) = .*/\1/p' "$scratch/shipped.out")
for key in $keys; do
    grep -q "^#$key = " "$config" || fail "$config does not show the key '$key'"
    grep -qF ".BI \"${key//-/\\-} = \"" man/placesd.conf.5 || fail "placesd.conf(5) does not describe '$key'"
done

# Man pages: groff warnings, and every option of the help texts.
for page in man/placesd.8 man/placesctl.1 man/placesd.conf.5; do
    warnings=$(groff -man -ww -z "$page" 2>&1) || fail "groff cannot format $page"
    [ -z "$warnings" ] || fail "groff warns about $page: $warnings"
done
# Long options of a help text, one per line (--lat, --if-version, ...).
long_options() {
    grep -o -- '--[a-z][a-z-]*' | sort -u
}
daemon_options=$("$bin_dir/placesd" --help | long_options)
client_commands=$("$bin_dir/placesctl" help | sed -n '/^Commands:/,/^$/s/^  \([a-z]\+\) .*/\1/p')
client_options=$(
    "$bin_dir/placesctl" help | long_options
    for command in $client_commands; do "$bin_dir/placesctl" help "$command" | long_options; done
)
client_options=$(printf '%s\n' "$client_options" | sort -u)
for option in $daemon_options; do
    grep -qF -- "${option//-/\\-}" man/placesd.8 || fail "placesd(8) does not mention $option"
    grep -qF -- "$option" completions/placesd.bash || fail "completions/placesd.bash lacks $option"
    grep -qF -- "$option" completions/_placesd || fail "completions/_placesd lacks $option"
    grep -qE -- "-l ${option#--}( |$)" completions/placesd.fish || fail "completions/placesd.fish lacks $option"
done
for option in $client_options; do
    grep -qF -- "${option//-/\\-}" man/placesctl.1 || fail "placesctl(1) does not mention $option"
    grep -qF -- "$option" completions/placesctl.bash || fail "completions/placesctl.bash lacks $option"
    grep -qF -- "$option" completions/_placesctl || fail "completions/_placesctl lacks $option"
    grep -qE -- "-l ${option#--}( |$)" completions/placesctl.fish || fail "completions/placesctl.fish lacks $option"
done
for command in $client_commands; do
    grep -qE "^\.(B|BI|BR) \"?$command( |\"|$)" man/placesctl.1 || fail "placesctl(1) does not describe '$command'"
    grep -qw -- "$command" completions/placesctl.bash || fail "completions/placesctl.bash lacks '$command'"
    grep -q -- "'$command:" completions/_placesctl || fail "completions/_placesctl lacks '$command'"
    grep -qE -- "-a $command " completions/placesctl.fish || fail "completions/placesctl.fish lacks '$command'"
done

# The completions parse (zsh and fish only where installed).
for file in completions/placesctl.bash completions/placesd.bash; do
    bash -n "$file" || fail "bash cannot parse $file"
done
if command -v zsh >/dev/null 2>&1; then
    for file in completions/_placesctl completions/_placesd; do
        zsh -n "$file" || fail "zsh cannot parse $file"
    done
fi
if command -v fish >/dev/null 2>&1; then
    for file in completions/placesctl.fish completions/placesd.fish; do
        fish --no-execute "$file" || fail "fish cannot parse $file"
    done
fi

if [ "$failures" -gt 0 ]; then
    echo "check-units: $failures failed" >&2
    exit 1
fi
echo 'check-units: passed (units verify cleanly, hardening, default configuration, man pages, completions)'
