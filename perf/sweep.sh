#!/usr/bin/env bash
# The table and plot of perf/RESULTS.md: `hittest bench` over sizes and shapes, every
# engine side by side, then the log-log plot of ns per query against views.
#   perf/sweep.sh [SIZES] [SHAPES]      (defaults: 1000,10000,100000,1000000  ui,wide)
# Writes perf/sweep.json (the bench's JSON) and perf/plot.svg.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=${1:-1000,10000,100000,1000000}
shapes=${2:-ui,wide}
swift build -c release --product hittest >&2
.build/release/hittest bench --shape "$shapes" --views "$sizes" --json >perf/sweep.json
python3 perf/plot.py perf/sweep.json perf/plot.svg
echo "perf/sweep.json and perf/plot.svg written" >&2
