#!/usr/bin/env bash
# perf/batch/run.sh [SHAPE-VIEWS ...] [-- POINTS ROUNDS]: batches against single calls
# through the C API (perf/batch/batch.c), one core, on generated scenes (default ui-1000000
# wide-1000000). Builds this repository's CMake library in release into .build-batch and
# `hittest` in release (for `hittest gen`). Needs cmake, ninja and a C compiler.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/.build-batch"
. "$root/perf/lib/library.sh"
require_tools perf/batch/run.sh "cmake ninja-build gcc" cmake ninja cc
scenes=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do scenes+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
[ ${#scenes[@]} -eq 0 ] && scenes=(ui-1000000 wide-1000000)
mkdir -p "$out"
log="$out/build.log"
if ! {
    build_library "$root" "$out" &&
        cc -O2 -o "$out/batch" "$root/perf/batch/batch.c" -I"$out/prefix/include" \
            -L"$out/prefix/lib" -lHitTestC -Wl,-rpath,"$out/prefix/lib" &&
        swift build -c release --package-path "$root" --product hittest
} >"$log" 2>&1; then
    cat "$log" >&2
    echo "perf/batch/run.sh: the build failed (log above, also in $log)" >&2
    exit 1
fi
hittest="$(swift build -c release --package-path "$root" --show-bin-path)/hittest"
for scene in "${scenes[@]}"; do
    shape=${scene%-*}
    views=${scene##*-}
    file="$out/$shape-$views.json"
    [ -f "$file" ] || "$hittest" gen --shape "$shape" --views "$views" >"$file"
    echo "$shape $views views:"
    taskset -c 1 "$out/batch" "$file" "$@" | tail -1
done
