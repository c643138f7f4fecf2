#!/usr/bin/env bash
# Our engines beside the C point-query structures of ../shared/anchors/cbench.c and the
# peer libraries of perf/peers (Boost.Geometry, Box2D), in one run, on the same scenes and
# points, one core each (taskset -c 1):
#   [ENGINES=bvh] [PEERS_ONLY=boost] perf/compare.sh [SHAPES] [SIZES] [QUERIES]
#   (default: ui,wide 100000,1000000 100000; PEERS_ONLY is the peers' --only, since Box2D
#   takes about a millisecond a query at 1M)
# For each scene: `hittest export` writes the box file and QUERIES float points (seed 1)
# and prints our checksum; cbench and the peers print theirs, which must be equal;
# `hittest bench --scene` times our engines on the same scene with the same seed (its
# points are the exported ones before rounding to floats); `hittest bench --boxes` builds
# our store from the box file through the flat-array path (`ViewStore.addViews`) and
# times it and the exported points in cbench's columns. Structures that are missing
# (no ../shared/anchors, no perf/peers build) are skipped with a message.
set -euo pipefail
cd "$(dirname "$0")/.."
shapes=${1:-ui,wide}
sizes=${2:-100000,1000000}
queries=${3:-100000}
out=.build-perf
mkdir -p "$out"
pin=()
command -v taskset >/dev/null && pin=(taskset -c 1)

swift build -c release --product hittest >&2
bin=.build/release/hittest

cbench=
if [ -f ../shared/anchors/cbench.c ]; then
    gcc -O2 -o "$out/cbench" ../shared/anchors/cbench.c -lm
    cbench="$out/cbench"
else
    echo "compare: ../shared/anchors/cbench.c is not here: the C structures are skipped" >&2
fi
peers=
if [ -x perf/peers/run.sh ]; then
    peers=perf/peers/run.sh
else
    echo "compare: perf/peers is not here: Boost and Box2D are skipped" >&2
fi

status=0
for shape in ${shapes//,/ }; do
    for views in ${sizes//,/ }; do
        base="$out/$shape-$views"
        echo "== $shape, $views views, $queries uniform points"
        "$bin" gen --shape "$shape" --views "$views" --seed 1 >"$base.json"
        exported=$("$bin" export "$base.json" --boxes "$base.boxes" --points "$base.points" \
            --count "$queries" --seed 1)
        echo "$exported"
        ours=$(awk '/^checksum/ {print $2}' <<<"$exported")
        echo "-- hittest bench (ours)"
        "${pin[@]}" "$bin" bench --scene "$base.json" --engines "${ENGINES:-bvh}" --queries "$queries" \
            --seed 1 2>/dev/null
        echo "-- hittest bench --boxes (ours, built from the box file's flat arrays, as cbench builds)"
        "${pin[@]}" "$bin" bench --boxes "$base.boxes" --points "$base.points" | tee "$base.flat"
        flat=$(awk '/^# checksum over all/ {print $NF}' "$base.flat")
        if [ "$flat" != "$ours" ]; then
            echo "compare: the flat-array build's checksum $flat is not ours ($ours)" >&2
            status=1
        fi
        if [ -n "$cbench" ]; then
            echo "-- cbench (C structures)"
            "${pin[@]}" "$cbench" "$base.boxes" "$base.points" \
                --only packed16-sse2,packed16-scalar,uikit-topmost,preorder-skip-all |
                tee "$base.cbench" | grep -v '^# [a-z]'
            theirs=$(awk '/checksum over all/ {print $NF}' "$base.cbench")
            if [ "$theirs" != "$ours" ]; then
                echo "compare: cbench's checksum $theirs is not ours ($ours)" >&2
                status=1
            fi
        fi
        if [ -n "$cbench" ]; then
            # glibc sizes its mmap and trim thresholds from the blocks freed so far, so
            # whether a repeated build gets recycled pages or freshly zeroed ones depends
            # on the process's earlier frees (at 1M the zeroing is 20-40 % of a build).
            # The same fixed thresholds for both processes take that out of the ratio.
            echo "-- builds with glibc's mmap and trim thresholds fixed in both processes (GLIBC_TUNABLES)"
            tunables=glibc.malloc.trim_threshold=4294967295:glibc.malloc.mmap_threshold=4294967295
            GLIBC_TUNABLES=$tunables "${pin[@]}" "$bin" bench --boxes "$base.boxes" --points "$base.points" \
                --repeats 1 | awk '/^hittest-flat-arrays/ {print "ours, flat arrays: build_ms " $2}'
            GLIBC_TUNABLES=$tunables "${pin[@]}" "$cbench" "$base.boxes" "$base.points" \
                --only packed16-sse2 --reps 1 | awk '/^packed16-sse2/ {print "C packed16-sse2:   build_ms " $2}'
        fi
        if [ -n "$peers" ]; then
            echo "-- peers (Boost.Geometry, Box2D)"
            "$peers" "$base.boxes" "$base.points" ${PEERS_ONLY:+--only "$PEERS_ONLY"} | tee "$base.peers"
            for c in $(awk '$1 ~ /^(boost|box2d)/ {print $5}' "$base.peers"); do
                if [ "$c" != "$ours" ]; then
                    echo "compare: a peer's checksum $c is not ours ($ours)" >&2
                    status=1
                fi
            done
        fi
    done
done
exit $status
