#!/usr/bin/env bash
# Flat-array builds and queries of two hittest binaries and the C packed R-tree of
# perf/baseline, alternated round by round on one core, on one exported scene
# (`perf/compare.sh` writes .build-perf/SHAPE-VIEWS.boxes and .points):
#   perf/alternate.sh BASE_HITTEST .build-perf/ui-100000 [ROUNDS]
# BASE_HITTEST is an older build to compare with (e.g. a worktree of the previous commit
# built with `swift build -c release --product hittest`); this checkout's release build is
# the other. Prints, per round, build ms and median ns per query of each, so that paired
# ratios can be taken on a noisy machine (RESULTS.md takes the median of the rounds'
# ratios).
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: perf/alternate.sh BASE_HITTEST SCENE_PREFIX [ROUNDS]}
scene=${2:?usage: perf/alternate.sh BASE_HITTEST SCENE_PREFIX [ROUNDS]}
rounds=${3:-5}
now=.build/release/hittest
baseline=.build-perf/baseline
[ -x "$baseline" ] && [ "$baseline" -nt perf/baseline/baseline.c ] ||
    "${CC:-cc}" -O2 -std=c99 -o "$baseline" perf/baseline/baseline.c -lm
pin=()
command -v taskset >/dev/null && pin=(taskset -c 1)
flat() { "${pin[@]}" "$1" bench --boxes "$scene.boxes" --points "$scene.points" --repeats 3 | awk '/^hittest-flat/ {print $2, $3}'; }
echo "round  base: build ms, ns/q  now: build ms, ns/q  C packed-rtree: build ms, ns/q"
for r in $(seq 1 "$rounds"); do
    b=$(flat "$base")
    n=$(flat "$now")
    c=$("${pin[@]}" "$baseline" "$scene.boxes" "$scene.points" --only packed-rtree --reps 3 | awk '/^packed-rtree/ {print $2, $3}')
    echo "$r  $b  $n  $c"
done
