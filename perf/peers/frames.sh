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
for tool in cmake ninja; do
    command -v $tool >/dev/null || {
        echo "perf/peers/frames.sh: $tool is not installed (apt-get install -y cmake ninja-build)" >&2
        exit 2
    }
done
mkdir -p "$out"
log="$out/build.log"
if ! {
    cmake -G Ninja -S "$root" -B "$out/lib" -DCMAKE_BUILD_TYPE=Release -DHITTEST_BUILD_TESTS=OFF \
        -DHITTEST_BUILD_STATIC=OFF -DCMAKE_INSTALL_PREFIX="$out/prefix" &&
        cmake --build "$out/lib" && cmake --install "$out/lib" &&
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
