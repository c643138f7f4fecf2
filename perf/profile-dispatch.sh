#!/usr/bin/env bash
# perf/profile-dispatch.sh [SOURCE_ROOT]: the dispatcher's instructions per run, exact and
# repeatable, with callgrind, through both front doors:
#   - C: perf/peers/frames at 1,000 views (its dispatch part: touches that begin, move and
#     end on a tapped view, and idle pointer moves), collecting inside htDispatcher_Feed
#     and htDispatcher_MovePointer;
#   - Swift: `hittest bench-dispatch --views 1000 --frames 300`, collecting inside
#     Dispatcher.feed (began, moved and ended frames and pointer moves all go through it).
# SOURCE_ROOT (default: this repository) is the tree measured, so that two commits can be
# compared from one script: check the older one out in a worktree and pass its path. Builds
# in release under SOURCE_ROOT/.build-profile-dispatch (the CMake library and perf/peers
# against it) and SOURCE_ROOT/.build (hittest), strips debug info so that callgrind reads
# the symbols fast, and prints one line per door:
#   C feeds: N instructions       Swift feeds: N instructions
# Needs cmake, ninja, valgrind and libbox2d-dev (perf/peers builds frames only with Box2D).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "${1:-$here}" && pwd)
out="$root/.build-profile-dispatch"
. "$here/perf/lib/library.sh"
require_tools perf/profile-dispatch.sh "cmake ninja-build valgrind" cmake ninja valgrind
mkdir -p "$out"
log="$out/build.log"
if ! {
    build_library "$root" "$out" &&
        cmake -G Ninja -S "$here/perf/peers" -B "$out/peers" -DCMAKE_PREFIX_PATH="$out/prefix" &&
        cmake --build "$out/peers" &&
        swift build -c release --package-path "$root" --product hittest
} >"$log" 2>&1; then
    cat "$log" >&2
    echo "perf/profile-dispatch.sh: the build failed (log above, also in $log)" >&2
    exit 2
fi
hittest="$(swift build -c release --package-path "$root" --show-bin-path)/hittest"
# The counts of one collected run: the sum of the "PROGRAM TOTALS" line.
count() {
    callgrind_annotate "$1" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
}
LD_LIBRARY_PATH="$out/prefix/lib" valgrind --tool=callgrind --callgrind-out-file="$out/c.out" \
    --toggle-collect='htDispatcher_Feed' --toggle-collect='htDispatcher_MovePointer' \
    "$out/peers/frames" --views 1000 --rounds 2 --dispatch-rounds 300 >"$out/c.txt" 2>"$out/c.err"
cp "$hittest" "$out/hittest"
strip --strip-debug "$out/hittest"
valgrind --tool=callgrind --callgrind-out-file="$out/swift.out" \
    --toggle-collect='*Dispatcher*feed*' \
    "$out/hittest" bench-dispatch --views 1000 --frames 300 >"$out/swift.txt" 2>"$out/swift.err"
echo "C feeds: $(count "$out/c.out") instructions"
echo "Swift feeds: $(count "$out/swift.out") instructions"
