#!/usr/bin/env bash
# Instructions per query, exact and repeatable, with callgrind.
#   perf/profile-query.sh SHAPE VIEWS ENGINE [QUERIES] [random|drag]
# e.g. perf/profile-query.sh wide 1000000 bvh 20000
# ENGINE `into` counts the bvh engine answering all the points as one batch on one thread
# (`ViewStore.hitTest(_:into:useIndexes:scratch:)`), `into64` the same in batches of 64.
# With CACHE=1, callgrind also simulates this machine's caches (32 KiB L1d, 32 MiB
# last level; prefetches are not modelled) and prints L1 and last-level data read
# misses per query: exact and repeatable where wall-clock misses are not on a shared
# machine. LLSIZE=BYTES (and LLWAYS) set the simulated last level instead, e.g.
# LLSIZE=524288 LLWAYS=8 for a core's second-level cache: the lines a query reads from
# beyond it.
# With BRANCH=1, callgrind also simulates a branch predictor (a simple one, without
# global history: a relative figure, not this machine's) and prints the mispredicted
# conditional and indirect branches per query.
# ENGINE `build` counts the instructions of building the store QUERIES times instead
# (from a generated Scene); `arrays` from the flat arrays of .build-perf/SHAPE-VIEWS.boxes
# (`perf/compare.sh` writes it), as `hittest bench --boxes` builds.
# Builds perf/QueryLoop in release, runs it under callgrind collecting only inside the
# query loop, prints instructions (Ir) per query and the functions that cost the most.
# With HOT=FUNCTION (a substring of its mangled name, e.g. HOT=hitB8InFlight5count), also
# records each instruction's count and prints that function's hottest runs of
# instructions with their disassembly (perf/hot-blocks.py; needs objdump).
# Needs valgrind (apt-get install -y valgrind; installed here if missing and root).
set -euo pipefail
cd "$(dirname "$0")"
shape=${1:-wide}
views=${2:-100000}
engine=${3:-bvh}
queries=${4:-20000}
kind=${5:-random}

if ! command -v valgrind >/dev/null; then
    if [ "$(id -u)" = 0 ]; then apt-get install -y valgrind >/dev/null; else
        echo "profile-query: needs valgrind (apt-get install -y valgrind)" >&2
        exit 1
    fi
fi
# DWARF 4: valgrind 3.19 cannot read some DWARF 5 forms clang emits for the C shim.
dwarf=(-Xcc -gdwarf-4 -Xswiftc -dwarf-version=4)
swift build -c release --package-path QueryLoop "${dwarf[@]}" >&2
out=$(mktemp -d)
# valgrind 3.19 cannot read this toolchain's debug info either way: run a copy without it
# (function names stay in the symbol table, which is all callgrind's toggle needs).
bin=$out/query-loop
objcopy --strip-debug "$(swift build -c release --package-path QueryLoop "${dwarf[@]}" --show-bin-path)/query-loop" "$bin"
loop=ht_perf_query_loop
[ "$engine" = reference ] && loop=ht_perf_reference_loop
[ "$engine" = into ] && loop=ht_perf_batch_loop
[ "$engine" = into64 ] && loop=ht_perf_batch64_loop
[ "$engine" = build ] && loop=ht_perf_build
[ "$engine" = arrays ] && loop=ht_perf_build_arrays && export BOXES=${BOXES:-$PWD/../.build-perf/$shape-$views.boxes}
options=()
[ "${CACHE:-0}" = 1 ] && options=(--cache-sim=yes --D1=32768,8,64 --LL=${LLSIZE:-33554432},${LLWAYS:-16},64)
[ "${BRANCH:-0}" = 1 ] && options+=(--branch-sim=yes)
[ -n "${HOT:-}" ] && options+=(--dump-instr=yes)
valgrind --tool=callgrind "${options[@]}" --callgrind-out-file="$out/cg.out" --toggle-collect="$loop" \
    "$bin" "$shape" "$views" "$engine" "$queries" "$kind" >"$out/stdout" 2>"$out/stderr"
callgrind_annotate "$out/cg.out" >"$out/annotate" 2>/dev/null
total=$(awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}' "$out/annotate")
if ! [[ "$total" =~ ^[0-9]+$ ]]; then
    echo "profile-query: callgrind counted nothing inside $loop" >&2
    exit 1
fi
echo "$shape $views $engine $kind: $(cat "$out/stdout")"
what="query"
{ [ "$engine" = build ] || [ "$engine" = arrays ]; } && what="build"
echo "instructions per $what: $(( total / queries )) (total $total over $queries)"
# The totals' columns by name (callgrind_annotate's "Events shown" line), so that CACHE and
# BRANCH can be asked for together.
awk -v q="$queries" -v what="$what" -v cache="${CACHE:-0}" -v branch="${BRANCH:-0}" '
    /^Events shown:/ { for (i = 3; i <= NF; i++) col[$i] = i - 2 }
    /PROGRAM TOTALS/ {
        gsub(/\([^)]*\)/, ""); gsub(",", "")
        if (cache == 1)
            printf "data reads per %s: %.1f, L1 misses %.2f, last-level misses %.2f\n", what,
                $col["Dr"] / q, $col["D1mr"] / q, $col["DLmr"] / q
        if (branch == 1)
            printf "conditional branches per %s: %.1f, mispredicted %.2f; indirect %.1f, mispredicted %.2f\n",
                what, $col["Bc"] / q, $col["Bcm"] / q, $col["Bi"] / q, $col["Bim"] / q
    }' "$out/annotate"
echo "where they go (self cost, top 12 functions):"
sed -n '/file:function/,$p' "$out/annotate" | sed -n '3,14p' | swift demangle --simplified |
    sed -E "s# \[[^]]*\]\$##; s#[^ ]*/Sources/##" | cut -c1-150
if [ -n "${HOT:-}" ]; then
    echo
    python3 hot-blocks.py "$out/cg.out" "$bin" "$HOT" "$queries"
fi
rm -rf "$out"
