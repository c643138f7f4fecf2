#!/usr/bin/env bash
# perf/peers/frames.sh [--views N,...] [--moves K] [--rounds R] [--dispatch-rounds D]
# [--json]: a frame of K moved views and one hit test, our C API (htWorld_SetCenters +
# htWorld_HitTest) against Box2D 2.4's b2DynamicTree (MoveProxy + Query, its tree built in
# creation order), in one process, alternated, on one core; then the C dispatcher's
# latency on the same world (touch began, moved, ended, idle pointer move, beside one hit
# test). Builds this repository's CMake library in release
# (.build-frames/lib, the library alone) and installs it into .build-frames/prefix, then
# builds perf/peers against it (.build-frames/peers). Needs cmake, ninja, a Swift
# toolchain and libbox2d-dev.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/.build-frames"
. "$root/perf/lib/library.sh"
require_tools perf/peers/frames.sh "cmake ninja-build" cmake ninja
mkdir -p "$out"
log="$out/build.log"
if ! {
    build_library "$root" "$out" &&
        cmake -G Ninja -S "$root/perf/peers" -B "$out/peers" -DCMAKE_PREFIX_PATH="$out/prefix" &&
        cmake --build "$out/peers"
} >"$log" 2>&1; then
    cat "$log" >&2
    echo "perf/peers/frames.sh: the build failed (log above, also in $log)" >&2
    exit 2
fi
if [ ! -x "$out/peers/frames" ]; then
    grep -h '^-- peers:' "$log" >&2 || true
    echo "perf/peers/frames.sh: frames was not built (libbox2d-dev missing?)" >&2
    exit 2
fi
pin=()
command -v taskset >/dev/null && pin=(taskset -c 1)
exec "${pin[@]}" "$out/peers/frames" "$@"
