#!/usr/bin/env bash
# perf/peers/run.sh BOXES POINTS [--only NAME,..] [--reps R] [--moves K] [--json]: builds the
# peers program (into .build-peers at the repository's root) and runs it on one core.
# CMake is configured on every run (about a second): a library installed since the last
# build is then found and compiled in, instead of the stale build saying "not built".
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build="$root/.build-peers"
command -v cmake >/dev/null || {
    echo "perf/peers: cmake is not installed (apt-get install -y cmake ninja-build)" >&2
    exit 2
}
generator=()
# A build folder keeps the generator it was configured with.
if [ ! -f "$build/CMakeCache.txt" ] && command -v ninja >/dev/null; then generator=(-G Ninja); fi
mkdir -p "$build"
log="$build/run.log"
if ! { cmake "${generator[@]}" -S "$root/perf/peers" -B "$build" && cmake --build "$build"; } >"$log" 2>&1; then
    cat "$log" >&2
    echo "perf/peers: the build failed (log above, also in $log)" >&2
    exit 2
fi
grep -h '^-- peers:' "$log" >&2 || true
pin=()
command -v taskset >/dev/null && pin=(taskset -c 1)
exec "${pin[@]}" "$build/peers" "$@"
