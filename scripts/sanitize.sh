#!/usr/bin/env bash
# Builds the package and its tests with a sanitizer and runs the whole test suite once under it, the
# placesd and placesctl that the integration tests start included. Fails when a test fails or when the
# sanitizer reported anything, in any process: every report goes to a file in the reports directory.
#
# Usage: scripts/sanitize.sh thread|address
# Environment: SWIFT (default swift), BUILD_DIR (default .build; the build goes to BUILD_DIR/sanitize-NAME).
set -euo pipefail

sanitizer=${1:?usage: scripts/sanitize.sh thread|address}
swift=${SWIFT:-swift}
scratch=${BUILD_DIR:-.build}/sanitize-$sanitizer
case $scratch in
/*) reports=$scratch/reports ;;
*) reports=$(pwd)/$scratch/reports ;;
esac
suppressions=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lsan-suppressions.txt

case $sanitizer in
thread)
    # halt_on_error=0: report every race, not just the first; the files are checked below.
    export TSAN_OPTIONS="log_path=$reports/report halt_on_error=0 second_deadlock_stack=1"
    ;;
address)
    export ASAN_OPTIONS="log_path=$reports/report detect_leaks=1 strict_string_checks=1 check_initialization_order=1"
    export LSAN_OPTIONS="suppressions=$suppressions print_suppressions=0"
    ;;
*)
    echo "sanitize.sh: unknown sanitizer '$sanitizer' (thread or address)" >&2
    exit 64
    ;;
esac

"$swift" build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch"
rm -rf "$reports"
mkdir -p "$reports"
status=0
"$swift" test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" || status=$?

shopt -s nullglob
found=("$reports"/report*)
if [ "${#found[@]}" -gt 0 ]; then
    echo "sanitize.sh: the $sanitizer sanitizer reported problems in ${#found[@]} process(es):" >&2
    cat "${found[@]}" >&2
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "sanitize.sh: the test suite failed under the $sanitizer sanitizer (status $status)" >&2
    exit "$status"
fi
echo "sanitize.sh: the whole test suite passed under the $sanitizer sanitizer with no reports."
