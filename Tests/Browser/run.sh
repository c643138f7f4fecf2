#!/usr/bin/env bash
# The interactive hit map (`hittest render SCENE --out map.html`) in a real browser:
# headless Chromium driven by Selenium (Debian's chromium, chromium-driver and
# python3-selenium) opens the page in a 1,200 x 800 window, hovers and clicks exact
# points, and checks the view, chain, local point and explanation shown (the same text as
# `hittest explain --at` for the point clicked), the layout (map and panels side by side,
# nothing cut), the tree's highlight, the search, and the page's size (at most 300 KB for
# a generated scene of 100 views). Saves a screenshot. Skips (exit 0, with a message) when Chromium, its driver or Selenium is
# missing. Usage: Tests/Browser/run.sh [HITTEST_BINARY] [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
hittest=${1:-.build/debug/hittest}
out=${2:-.build/browser-test}
python=/usr/bin/python3  # Debian's, where python3-selenium lives
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
{ [ -x "$python" ] && "$python" -c 'import selenium' 2>/dev/null; } || missing+=(python3-selenium)
if [ ${#missing[@]} -gt 0 ]; then
    echo "SKIP: the browser test needs ${missing[*]} (apt-get install -y chromium chromium-driver python3-selenium)"
    exit 0
fi
[ -x "$hittest" ] || { echo "no hittest binary at $hittest (swift build first)" >&2; exit 1; }
mkdir -p "$out"
"$hittest" render Tests/HitTestCLITests/Fixtures/spec-example.json --out "$out/map.html" >/dev/null
"$hittest" gen --shape mixed --views 100 --seed 1 > "$out/mixed-100.json"
"$hittest" render "$out/mixed-100.json" --out "$out/mixed-100.html" >/dev/null 2>&1
# 20,000 views: the page must stay within 5 MB (about 30 s with a debug build, 1 s release).
"$hittest" gen --shape mixed --views 20000 --seed 1 > "$out/mixed-20000.json"
start=$(date +%s%N)
"$hittest" render "$out/mixed-20000.json" --out "$out/mixed-20000.html" >/dev/null 2>&1
echo "render of 20,000 views: $(( ($(date +%s%N) - start) / 1000000 )) ms with $hittest"
exec "$python" Tests/Browser/hitmap_test.py "$out/map.html" "$out/screenshot.png" \
    "$hittest" "$out/mixed-100.json" "$out/mixed-100.html" "$out/mixed-20000.json" "$out/mixed-20000.html"
