#!/usr/bin/env bash
# Builds the DocC documentation (the HitTestKit catalog in Sources/HitTestKit/HitTestKit.docc
# with the rules articles, and the API reference of the public modules, as one combined
# archive) and fails when a public symbol of a checked module has no doc comment.
#
#   .ci/check-docs.sh            # archive: .build/plugins/Swift-DocC/outputs/HitTestKit.doccarchive
#
# DocC's warnings (a broken <doc:...> or ``Symbol`` link, an unknown heading anchor) are
# errors here. The coverage check is .ci/check-docs.py over the symbol graphs the plugin
# extracts for its targets; it lists every undocumented symbol with its file and line.
# Add a module to `checked` once every public symbol of it has a `///` comment.
# Needs jemalloc's headers (Debian libjemalloc-dev): the documentation plugin builds the
# targets with every trait on, the Jemalloc trait included (.ci/run installs them).
set -euo pipefail
cd "$(dirname "$0")/.."

# The public modules (README, "Definition of public API").
checked=(HitTestGeometry HitTestJSON HitTestScene HitTestReference HitTestStore HitTestBridge HitTestDispatch)
targets=(HitTestKit "${checked[@]}")
args=()
for t in "${targets[@]}"; do args+=(--target "$t"); done

swift package generate-documentation --enable-experimental-combined-documentation \
    --warnings-as-errors "${args[@]}"

# Every rule a comment or article cites (`rule-...`) is a heading of an article.
catalog=Sources/HitTestKit/HitTestKit.docc
defined=$(grep -hoE '^### rule-[a-z0-9-]+$' "$catalog"/*.md | sed 's/^### //' | sort -u)
cited=$(grep -rhoE 'rule-[a-z0-9]+(-[a-z0-9]+)+' Sources --include='*.swift' --include='*.md' | sort -u)
unknown=$(comm -23 <(echo "$cited") <(echo "$defined"))
if [ -n "$unknown" ]; then
    echo "cited but not a rule heading in $catalog:" >&2
    echo "$unknown" >&2
    exit 1
fi

symbols="$(swift build --show-bin-path)/../extracted-symbols"
python3 .ci/check-docs.py "$symbols" "${checked[@]}"
