#!/usr/bin/env bash
# Compares the store's default allocator hooks (the C library's aligned_alloc) with
# jemalloc (mallocx / rallocx / sdallocx, the Jemalloc trait) on the benchmarks that
# allocate: building stores and change-heavy runs. Both runs are made here, one after the
# other, and saved as baselines `system` and `jemalloc`; the last step prints them side
# by side. Wall clock varies 10-25 % run to run on this kind of machine: read the
# comparison as a hint, and repeat it before drawing conclusions.
# Needs Debian's libjemalloc-dev. Usage: Benchmarks/compare-allocators.sh [FILTER]
set -euo pipefail
cd "$(dirname "$0")"
filter="${1:-build-.*|change-.*}"

swift package --allow-writing-to-package-directory benchmark baseline update system \
    --filter "$filter" --no-progress
swift package --traits Jemalloc --allow-writing-to-package-directory benchmark baseline \
    update jemalloc --filter "$filter" --no-progress
swift package benchmark baseline compare system jemalloc --filter "$filter" --no-progress \
    --metric wallClock --metric mallocCountTotal
