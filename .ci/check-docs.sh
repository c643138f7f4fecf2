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
set -euo pipefail
cd "$(dirname "$0")/.."

# The public modules (README, "Definition of public API").
checked=(HitTestGeometry HitTestJSON HitTestScene HitTestReference HitTestStore HitTestDispatch)
targets=(HitTestKit "${checked[@]}")
args=()
for t in "${targets[@]}"; do args+=(--target "$t"); done

swift package generate-documentation --enable-experimental-combined-documentation \
    --warnings-as-errors "${args[@]}"

symbols="$(swift build --show-bin-path)/../extracted-symbols"
python3 .ci/check-docs.py "$symbols" "${checked[@]}"
