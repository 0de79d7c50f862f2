#!/usr/bin/env bash
# Builds the placesd protocol fuzzer (libFuzzer with AddressSanitizer) and runs it.
#
# Usage: scripts/fuzz.sh [SECONDS] [LIBFUZZER_OPTION...]
#
# SECONDS defaults to $FUZZ_SECONDS, or 300. The fuzzer starts from a copy of Fuzz/corpus in
# .build/fuzz/corpus (kept between runs, so each run goes on where the last stopped) and also reads
# Fuzz/regressions; crashing inputs are written to .build/fuzz/crashes/. Extra arguments go to libFuzzer,
# e.g. `scripts/fuzz.sh 60 -jobs=2 -workers=2` (SECONDS 0: no time limit). To run one input again after a
# build: `.build/fuzz/places-fuzzer .build/fuzz/crashes/crash-...`.
#
# PlacesModel, PlacesProtocol, PlacesGPX, PlacesFormats (over the system's expat and libzip, through
# Sources/CExpat and Sources/CZip) and PlacesFuzzing are
# compiled as modules with swiftc directly, not with `swift build`, so the package's own builds never see
# -sanitize=fuzzer; Fuzz/FuzzEntry.swift adds
# LLVMFuzzerTestOneInput and libFuzzer provides main. SWIFTC selects the compiler (default: swiftc on PATH);
# BUILD_DIR moves .build (as in the Makefile).
set -euo pipefail

cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-300}
if [[ $# -gt 0 && $1 =~ ^[0-9]+$ ]]; then
    seconds=$1
    shift
fi
if ! [[ $seconds =~ ^[0-9]+$ ]]; then
    echo "scripts/fuzz.sh: SECONDS must be a whole number, not '$seconds'" >&2
    exit 64
fi

swiftc=${SWIFTC:-swiftc}
if ! command -v "$swiftc" >/dev/null; then
    echo "scripts/fuzz.sh: '$swiftc' not found; put the Swift toolchain on PATH or set SWIFTC" >&2
    exit 69
fi
out=${BUILD_DIR:-.build}/fuzz
build=$out/build
fuzzer=$out/places-fuzzer
mkdir -p "$build" "$out/corpus" "$out/crashes"

flags=(-swift-version 6 -O -g -parse-as-library -warnings-as-errors "-sanitize=fuzzer,address" -I "$build"
    -I Sources/CExpat -I Sources/CZip)
# lld links the instrumented objects without gold's warnings about local sanitizer symbols.
if [[ -x "$(dirname "$(command -v "$swiftc")")/ld.lld" ]]; then
    link_flags=(-use-ld=lld)
else
    link_flags=()
fi

compile_module() {
    local name=$1
    shift
    echo "fuzz: compiling $name"
    "$swiftc" "${flags[@]}" -wmo -module-name "$name" -emit-module -emit-module-path "$build/$name.swiftmodule" \
        -c -o "$build/$name.o" "$@"
}

shopt -s nullglob globstar
compile_module PlacesModel Sources/PlacesModel/**/*.swift
compile_module PlacesProtocol Sources/PlacesProtocol/**/*.swift
compile_module PlacesGPX Sources/PlacesGPX/**/*.swift
compile_module PlacesFormats Sources/PlacesFormats/**/*.swift
compile_module PlacesFuzzing Sources/PlacesFuzzing/**/*.swift
echo "fuzz: linking $fuzzer"
"$swiftc" "${flags[@]}" "${link_flags[@]}" Fuzz/FuzzEntry.swift Tests/PlacesFuzzingTests/FoundationReference.swift \
    "$build/PlacesModel.o" "$build/PlacesProtocol.o" "$build/PlacesGPX.o" "$build/PlacesFormats.o" \
    "$build/PlacesFuzzing.o" -lexpat -lzip -o "$fuzzer"

# The work corpus keeps what earlier runs found; seeds are copied in without replacing anything.
cp -n Fuzz/corpus/* "$out/corpus/" 2>/dev/null || true

if command -v llvm-symbolizer >/dev/null; then
    export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-$(command -v llvm-symbolizer)}
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
# libFuzzer reports crashes itself; the Swift runtime's backtracer would only slow them down (or hang).
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}

echo "fuzz: running for ${seconds}s (crashes go to $out/crashes/)"
exec "$fuzzer" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -dict=Fuzz/protocol.dict -artifact_prefix="$out/crashes/" -print_final_stats=1 \
    "$@" "$out/corpus" Fuzz/corpus Fuzz/regressions
