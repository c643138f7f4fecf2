#!/usr/bin/env bash
# Our engine beside the project's own C baselines (perf/baseline/baseline.c: a packed
# R-tree and UIKit's pre-order walk), the peer libraries of perf/peers (Boost.Geometry's
# R-tree, Box2D's dynamic tree) and, optionally, any structure of yours, in one run on the
# same scenes and points, one core each (taskset -c 1):
#
#   perf/compare.sh [--external 'PROGRAM ARGS..'] [SHAPES] [SIZES] [QUERIES]
#   (SHAPES as `hittest gen` names them; `stack-D` is the stack shape D groups deep)
#   (default: ui,wide 100000,1000000 100000; about 25 minutes on 2 cores, most of it
#   Box2D at 1M (perf/RESULTS.md); ENGINES=bvh picks our engines, PEERS=boost limits the
#   peers (passed as their --only), PEERS=none leaves them out)
#
# For each scene: `hittest export` writes the box file and QUERIES float points (seed 1;
# format in docs/box-files.md) and prints our checksum; every other structure prints its
# own, which must be equal. `hittest bench --scene` times our engines on the same scene
# and seed, `hittest bench --boxes` our store built from the box file's flat arrays, in
# the baselines' columns. An external PROGRAM is run as `PROGRAM ARGS.. BOXES POINTS` and
# must print a line `# checksum over all M points: N`.
#
# Installs what it needs that is missing, as .ci/run does (cmake, ninja-build,
# libboost-dev, libbox2d-dev with apt-get, as root or with sudo), and rebuilds a stale
# peers build. Exit status, as hittest's: 0 when every structure was compared and agreed;
# 1 when something failed or something asked for compared nothing (the reason is
# printed); 3 when a structure disagreed (a mismatch outranks a failure).
set -euo pipefail
cd "$(dirname "$0")/.."

externals=()
while [ $# -gt 0 ]; do
    case $1 in
    --external)
        externals+=("${2:?--external needs a program}")
        shift 2
        ;;
    -h | --help)
        sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'
        exit 0
        ;;
    *) break ;;
    esac
done
shapes=${1:-ui,wide}
sizes=${2:-100000,1000000}
queries=${3:-100000}
out=.build-perf
mkdir -p "$out"
pin=()
command -v taskset >/dev/null && pin=(taskset -c 1)

# Installs Debian packages that are missing, as root or with sudo (as .ci/run does).
apt_install() {
    if dpkg -s "$@" >/dev/null 2>&1; then return; fi
    if [ "$(id -u)" -eq 0 ]; then
        apt-get update -qq && apt-get install -y -qq "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo apt-get update -qq && sudo apt-get install -y -qq "$@"
    else
        echo "compare: needs $*: run as root or install sudo" >&2
        return 1
    fi
}

swift build -c release --product hittest >&2
bin=.build/release/hittest

cc=${CC:-cc}
command -v "$cc" >/dev/null || cc=gcc
"$cc" -O2 -std=c99 -o "$out/baseline" perf/baseline/baseline.c -lm
baseline="$out/baseline"

peers=
why_no_peers=
if [ "${PEERS:-}" = none ]; then
    why_no_peers="PEERS=none"
elif ! command -v dpkg >/dev/null; then
    why_no_peers="not a Debian system: install Boost (1.74+), Box2D 2.4 and cmake yourself"
    command -v cmake >/dev/null && peers=perf/peers/run.sh && why_no_peers=
elif apt_install cmake ninja-build libboost-dev libbox2d-dev >&2; then
    peers=perf/peers/run.sh
else
    why_no_peers="could not install cmake, ninja-build, libboost-dev and libbox2d-dev"
fi

status=0
# A failure is status 1 unless a mismatch (3) was already found.
failed() { [ "$status" -eq 3 ] || status=1; }
compared=() # one line per scene: what agreed with ours
for shape in ${shapes//,/ }; do
    for views in ${sizes//,/ }; do
        base="$out/$shape-$views"
        agreed=()
        echo "== $shape, $views views, $queries uniform points"
        # `stack-D`: the stack shape, D groups deep.
        gen=(--shape "$shape")
        [[ $shape == stack-* ]] && gen=(--shape stack --depth "${shape#stack-}")
        "$bin" gen "${gen[@]}" --views "$views" --seed 1 >"$base.json"
        exported=$("$bin" export "$base.json" --boxes-out "$base.boxes" --points-out "$base.points" \
            --count "$queries" --seed 1)
        echo "$exported"
        ours=$(awk '/^checksum/ {print $2}' <<<"$exported")
        # A checksum that is not ours is a disagreement; an equal one is a comparison made.
        check() {
            local who=$1 theirs=$2
            if [ -z "$theirs" ]; then
                echo "compare: $who printed no checksum" >&2
                failed
            elif [ "$theirs" != "$ours" ]; then
                echo "compare: $who's checksum $theirs is not ours ($ours)" >&2
                status=3
            else
                agreed+=("$who")
            fi
        }
        echo "-- hittest bench (ours)"
        "${pin[@]}" "$bin" bench --scene "$base.json" --engines "${ENGINES:-bvh}" --queries "$queries" \
            --seed 1 2>/dev/null
        echo "-- hittest bench --boxes (ours, built from the box file's flat arrays)"
        "${pin[@]}" "$bin" bench --boxes "$base.boxes" --points "$base.points" | tee "$base.flat"
        check "hittest --boxes" "$(awk '/^# checksum over all/ {print $NF}' "$base.flat")"

        echo "-- C baselines (perf/baseline)"
        rc=0
        "${pin[@]}" "$baseline" "$base.boxes" "$base.points" | tee "$base.baseline" || rc=$?
        [ "$rc" -eq 0 ] || { echo "compare: the C baselines disagree among themselves (exit $rc)" >&2; status=3; }
        check "C baselines" "$(awk '/^# checksum over all/ {print $NF}' "$base.baseline")"

        # glibc sizes its mmap and trim thresholds from the blocks freed so far, so whether
        # a repeated build gets recycled pages or freshly zeroed ones depends on the
        # process's earlier frees. The same fixed thresholds in both processes take that
        # out of the ratio of the two builds.
        echo "-- builds with glibc's mmap and trim thresholds fixed in both processes (GLIBC_TUNABLES)"
        tunables=glibc.malloc.trim_threshold=4294967295:glibc.malloc.mmap_threshold=4294967295
        GLIBC_TUNABLES=$tunables "${pin[@]}" "$bin" bench --boxes "$base.boxes" --points "$base.points" \
            --repeats 1 | awk '/^hittest-flat-arrays/ {print "ours, flat arrays: build_ms " $2}'
        GLIBC_TUNABLES=$tunables "${pin[@]}" "$baseline" "$base.boxes" "$base.points" \
            --only packed-rtree --reps 1 | awk '/^packed-rtree/ {print "C packed-rtree:    build_ms " $2}'

        if [ -n "$peers" ]; then
            echo "-- peers (Boost.Geometry, Box2D)"
            rc=0
            "$peers" "$base.boxes" "$base.points" ${PEERS:+--only "$PEERS"} | tee "$base.peers" || rc=$?
            case $rc in
            0 | 1) ;;
            3) echo "compare: no peer library is built in (see the lines above)" >&2 ;;
            *)
                echo "compare: the peers failed (exit $rc)" >&2
                failed
                ;;
            esac
            while read -r name sum; do check "$name" "$sum"; done \
                < <(awk '$1 ~ /^(boost|box2d)/ {print $1, $5}' "$base.peers")
        fi
        for ext in "${externals[@]+"${externals[@]}"}"; do
            echo "-- external: $ext"
            # shellcheck disable=SC2086 # PROGRAM ARGS.. split as the user wrote them
            "${pin[@]}" $ext "$base.boxes" "$base.points" | tee "$base.external" || true
            check "$ext" "$(awk '/^# checksum over all/ {print $NF}' "$base.external")"
        done
        compared+=("$shape $views: ${agreed[*]-nothing}")
    done
done

echo "== agreed with ours, checksum for checksum"
for line in "${compared[@]}"; do echo "  $line"; done
missing=()
for line in "${compared[@]}"; do
    grep -q "C baselines" <<<"$line" || missing+=("the C baselines on ${line%%:*}")
    if [ -n "$peers" ]; then
        grep -qE "boost|box2d" <<<"$line" || missing+=("the peers on ${line%%:*}")
    fi
done
if [ -z "$peers" ] && [ "${PEERS:-}" != none ]; then missing+=("the peers ($why_no_peers)"); fi
if [ "$status" -ne 0 ]; then
    echo "compare: some structure disagreed with ours or failed (see above)" >&2
    exit "$status"
fi
if [ "${#missing[@]}" -gt 0 ]; then
    printf 'compare: compared nothing with %s\n' "${missing[@]}" >&2
    exit 1
fi
