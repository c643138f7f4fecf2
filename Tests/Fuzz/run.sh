#!/usr/bin/env bash
# Runs each libFuzzer target for a while with AddressSanitizer (leaks included) and fails
# on any crash, leak or sanitizer report.
#   Tests/Fuzz/run.sh [SECONDS] [TARGET...]     (default 60 s each, every target)
# Each target starts from its committed seed corpus (Tests/Fuzz/<Name>-corpus/, read
# only); new inputs go to a scratch folder. A crashing input is left as
# crash-<hash> in .build-fuzz/artifacts/<target>/: add it to
# Tests/Fuzz/regressions/<Name>/ so that the test suite replays it from then on.
# The targets are built first, then fuzzed side by side, as many at a time as there are
# cores (HITTEST_FUZZ_JOBS=N to change): each fuzzer is one process on one core, so each
# still gets its SECONDS of a core to itself.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(SceneLoaderFuzz RecursiveDescriptionFuzz EventsLoaderFuzz)
    [ -d Sources/HitTestCAPI ] && [ -d Tests/Fuzz/CAPISequenceFuzz ] && targets+=(CAPISequenceFuzz)
fi
jobs=${HITTEST_FUZZ_JOBS:-$(nproc)}
flags=(-c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
    -Xswiftc -DFUZZING --scratch-path .build-fuzz)
echo "== building ${targets[*]}" >&2
for target in "${targets[@]}"; do
    swift build "${flags[@]}" --product "$target" >&2
done
bin_path=$(swift build "${flags[@]}" --show-bin-path)

# Fuzzes one target; its output goes to its log, and a summary to stderr when it ends.
fuzz() {
    local target=$1 name=${1%Fuzz}
    local bin=$bin_path/$target work=.build-fuzz/corpus/$target artifacts=.build-fuzz/artifacts/$target/
    mkdir -p "$work" "$artifacts"
    if ! ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 "$bin" "$work" "Tests/Fuzz/$name-corpus" \
        -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=4096 \
        -artifact_prefix="$artifacts" -print_final_stats=1 2>"$work.log"; then
        {
            echo "== $target: FAILED; the input is in $artifacts, the log in $work.log"
            tail -40 "$work.log"
        } >&2
        return 1
    fi
    {
        echo "== $target: clean"
        grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$work.log" | sed "s/^/   /" || true
    } >&2
}

status=0
pids=()
for target in "${targets[@]}"; do
    # At most $jobs at once: wait for the oldest before starting another.
    if [ ${#pids[@]} -ge "$jobs" ]; then
        wait "${pids[0]}" || status=1
        pids=("${pids[@]:1}")
    fi
    echo "== $target: fuzzing for $seconds s" >&2
    fuzz "$target" &
    pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit $status
