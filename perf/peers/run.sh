#!/usr/bin/env bash
# perf/peers/run.sh BOXES POINTS [--reps R] [--moves K] [--json]: builds the peers program
# (into .build-peers at the repository's root) if needed and runs it on one core.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build="$root/.build-peers"
if [ ! -x "$build/peers" ] || [ "$root/perf/peers/peers.cpp" -nt "$build/peers" ]; then
    generator=()
    command -v ninja >/dev/null && generator=(-G Ninja)
    cmake "${generator[@]}" -S "$root/perf/peers" -B "$build" >&2
    cmake --build "$build" >&2
fi
pin=()
command -v taskset >/dev/null && pin=(taskset -c 1)
exec "${pin[@]}" "$build/peers" "$@"
