#!/usr/bin/env bash
# Runs the benchmarks and fails (exit non-zero) if any benchmark's malloc count is above
# its committed threshold (Thresholds/HitTestBenchmarks.<name>.p90.json, plus the
# tolerance in the benchmark's code: 0 for the query benchmarks).
# Only malloc counts are measured and compared: never wall time.
# Usage: Benchmarks/check-mallocs.sh [extra `swift package benchmark` options]
set -uo pipefail
cd "$(dirname "$0")"

# The thresholds are for the default sizes: the benchmark names carry the size.
unset HITTEST_BENCH_SCALE
# Each benchmark runs 100 ms, not 1 s: malloc counts need iterations, not time.
export HITTEST_BENCH_MALLOCS_ONLY=1

# The committed thresholds must hold malloc counts only (a time in them would be
# checked too, and times vary 10-25 % run to run here).
if ! ls Thresholds/*.p90.json >/dev/null 2>&1; then
    echo "check-mallocs: no thresholds in Benchmarks/Thresholds" >&2
    exit 1
fi
bad=$(grep -H '"' Thresholds/*.p90.json | grep -v '"mallocCountTotal"' || true)
if [ -n "$bad" ]; then
    echo "check-mallocs: Thresholds/*.p90.json hold more than mallocCountTotal:" >&2
    echo "$bad" >&2
    exit 1
fi

out=$(mktemp)
swift package benchmark thresholds check --metric mallocCountTotal --no-progress "$@" 2>&1 | tee "$out"
rc=${PIPESTATUS[0]}
# The tool reports a count above its threshold as WORSE / a regression, and one below as
# BETTER / an improvement; depending on the version an improvement exits 4 or 1.
if [ "$rc" -ne 0 ] && ! grep -q "WORSE\|Regression" "$out" &&
    grep -q "BETTER\|benchmarkThresholdImprovement" "$out"; then
    rc=4
fi
rm -f "$out"
case $rc in
0)
    echo "check-mallocs: all malloc counts equal to their thresholds"
    ;;
4)
    # Fewer mallocs than committed: not a failure, but the thresholds should follow.
    echo "check-mallocs: fewer mallocs than the thresholds; tighten them with"
    echo "  cd Benchmarks && swift package --allow-writing-to-package-directory benchmark thresholds update --metric mallocCountTotal"
    rc=0
    ;;
*)
    echo "check-mallocs: FAILED (exit $rc): a malloc count is above its threshold, or the run failed" >&2
    ;;
esac
exit $rc
