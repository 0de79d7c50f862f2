#!/usr/bin/env bash
# Builds placesd_VERSION_ARCH.deb from a staged /usr installation (make install-files DESTDIR=ROOT PREFIX=/usr):
# strips the binaries, compresses the man pages, adds the control files, the maintainer scripts and the licence
# (debian/copyright, in DEP-5 form, as /usr/share/doc/placesd/copyright), and computes Depends: from the libraries
# the binaries link (dpkg-shlibdeps, else ldd and dpkg -S) and from the programs the units run
# (ExecReload=/bin/kill: procps). Recommends libnss-systemd, which gives the dynamic
# user its name (ps shows "placesd" instead of a number). Files are owned by root (--root-owner-group).
#
# Usage: packaging/build-deb.sh --root DIR --version VERSION --out DIR
# Environment: DEB_MAINTAINER overrides the Maintainer: field.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=''
version=''
out=''
while [ $# -gt 0 ]; do
    case "$1" in
        --root) root=$2; shift 2 ;;
        --version) version=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        *) echo "build-deb: unknown argument '$1'" >&2; exit 64 ;;
    esac
done
if [ -z "$root" ] || [ -z "$version" ] || [ -z "$out" ]; then
    echo 'Usage: packaging/build-deb.sh --root DIR --version VERSION --out DIR' >&2
    exit 64
fi
if [ ! -x "$root/usr/sbin/placesd" ] || [ ! -x "$root/usr/bin/placesctl" ]; then
    echo "build-deb: '$root' holds no /usr installation (run make install-files DESTDIR=$root PREFIX=/usr)" >&2
    exit 1
fi
if [ ! -f "$root/usr/share/placesd/coastline.txt" ]; then
    echo "build-deb: '$root' has no /usr/share/placesd/coastline.txt, the map's land outlines" >&2
    exit 1
fi
root=$(cd "$root" && pwd)
architecture=$(dpkg --print-architecture)
maintainer=${DEB_MAINTAINER:-placesd maintainers <maintainers@placesd.invalid>}
binaries=("$root/usr/sbin/placesd" "$root/usr/bin/placesctl")

strip --strip-unneeded "${binaries[@]}"
find "$root/usr/share/man" -type f -name '*.[0-9]' -exec gzip -9n {} +

install -d -m 0755 "$root/DEBIAN" "$root/usr/share/doc/placesd"
install -m 0755 "$here/debian/postinst" "$here/debian/prerm" "$here/debian/postrm" "$root/DEBIAN/"
find "$root/etc" -type f | sed "s|^$root||" | sort > "$root/DEBIAN/conffiles"
install -m 0644 "$here/debian/copyright" "$root/usr/share/doc/placesd/copyright"

# The packages that hold the libraries the binaries link, with the versions their symbols need.
library_depends() {
    local scratch
    if command -v dpkg-shlibdeps >/dev/null 2>&1; then
        scratch=$(mktemp -d)
        mkdir "$scratch/debian"
        printf 'Source: placesd\n\nPackage: placesd\nArchitecture: any\n' > "$scratch/debian/control"
        local -a arguments=()
        local binary
        for binary in "${binaries[@]}"; do arguments+=("-e$binary"); done
        (cd "$scratch" && dpkg-shlibdeps -O "${arguments[@]}") | sed -n 's/^shlibs:Depends=//p'
        rm -rf "$scratch"
        return
    fi
    # Without dpkg-dev: the package of each library the binaries name (NEEDED) as ldd resolves it, unversioned.
    local needed
    needed=$(objdump -p "${binaries[@]}" | awk '$1 == "NEEDED" { print $2 }' | sort -u | paste -sd' ')
    ldd "${binaries[@]}" |
        awk -v needed="$needed" 'BEGIN { split(needed, names, " "); for (i in names) wanted[names[i]] = 1 }
            $2 == "=>" && ($1 in wanted) && $3 ~ /^\// { print $3 }' |
        sort -u |
        while IFS= read -r library; do
            dpkg -S "$library" 2>/dev/null || dpkg -S "$(readlink -f "$library")" 2>/dev/null || true
        done | cut -d: -f1 | sort -u | paste -sd, | sed 's/,/, /g'
}

# The packages of the programs the units run besides placesd (ExecReload=/bin/kill -s HUP $MAINPID).
command_depends() {
    sed -n 's/^Exec[A-Za-z]*=[-@:+!]*\(\/[^ ]*\).*/\1/p' "$root"/usr/lib/systemd/system/*.service |
        sort -u |
        while IFS= read -r program; do
            [ -e "$root$program" ] && continue
            local package=''
            for candidate in "$program" "/usr$program" "${program#/usr}"; do
                package=$(dpkg -S "$candidate" 2>/dev/null | head -n 1 | cut -d: -f1) && [ -n "$package" ] && break
            done
            if [ -z "$package" ]; then
                echo "build-deb: no installed package holds '$program', which the units run" >&2
                exit 1
            fi
            printf '%s\n' "$package"
        done | sort -u | paste -sd, | sed 's/,/, /g'
}

depends=$(library_depends)
commands=$(command_depends)
if [ -z "$depends" ]; then
    echo 'build-deb: could not compute the library dependencies' >&2
    exit 1
fi
[ -n "$commands" ] && depends="$depends, $commands"

installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<EOF
Package: placesd
Version: $version
Architecture: $architecture
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Recommends: libnss-systemd
Section: misc
Priority: optional
Description: keeps each user's list of places, served on a Unix socket
 placesd keeps a list of places (name, description, latitude, longitude,
 visited) in SQLite and serves it as newline-delimited JSON-RPC 2.0 on a Unix
 socket; placesctl is its command-line client. Every local user may connect
 to the system instance (socket activation, /run/placesd/placesd.sock) and
 sees only their own places. The service runs as a dynamic user in a
 sandbox. User units let each user run a private instance instead.
EOF
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) \
    > "$root/DEBIAN/md5sums"

mkdir -p "$out"
deb="$out/placesd_${version}_${architecture}.deb"
dpkg-deb --root-owner-group -Zxz -z6 --build "$root" "$deb" >/dev/null
echo "build-deb: $deb"
dpkg-deb --field "$deb" Package Version Architecture Depends | sed 's/^/build-deb:   /'
