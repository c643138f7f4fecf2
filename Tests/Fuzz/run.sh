#!/usr/bin/env bash
# Runs each libFuzzer target for a while with AddressSanitizer (leaks included) and fails
# on any crash, leak or sanitizer report.
#   Tests/Fuzz/run.sh [SECONDS] [TARGET...]     (default 60 s each, every target)
# Each target starts from its committed seed corpus (Tests/Fuzz/<Name>-corpus/, read
# only); new inputs go to a scratch folder. A crashing input is left as
# crash-<hash> in .build-fuzz/artifacts/<target>/: add it to
# Tests/Fuzz/regressions/<Name>/ so that the test suite replays it from then on.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(SceneLoaderFuzz RecursiveDescriptionFuzz EventsLoaderFuzz)
    [ -d Sources/HitTestCAPI ] && [ -d Tests/Fuzz/CAPISequenceFuzz ] && targets+=(CAPISequenceFuzz)
fi
flags=(-c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
    -Xswiftc -DFUZZING --scratch-path .build-fuzz)
status=0
for target in "${targets[@]}"; do
    name=${target%Fuzz}
    echo "== $target: building" >&2
    swift build "${flags[@]}" --product "$target" >&2
    bin=$(swift build "${flags[@]}" --show-bin-path)/$target
    work=.build-fuzz/corpus/$target
    artifacts=.build-fuzz/artifacts/$target/
    mkdir -p "$work" "$artifacts"
    echo "== $target: fuzzing for $seconds s" >&2
    if ! ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 "$bin" "$work" "Tests/Fuzz/$name-corpus" \
        -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=4096 \
        -artifact_prefix="$artifacts" -print_final_stats=1 2>"$work.log"; then
        echo "== $target: FAILED; the input is in $artifacts, the log in $work.log" >&2
        tail -40 "$work.log" >&2
        status=1
    else
        grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$work.log" | sed "s/^/   /" >&2 || true
        echo "== $target: clean" >&2
    fi
done
exit $status
