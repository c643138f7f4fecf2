// CHitTestShim: the C part of HitTestKit. Internal to the package: the public C API is
// include/hittest/*.h at the repository root, which this header includes so that the
// Swift implementation (module HitTestCAPI) uses exactly the hand-written C types.
//
// The shim holds what C does better than Swift here: the allocator hooks with their
// counters (htSetAllocator and friends, declared in hittest/base.h), the per-thread
// last error, and the index nodes' lane test (a movemask, which Swift's SIMD types do
// not reach on baseline x86-64). The `htShim_` functions below are the package's own
// entry points to them.
#ifndef CHITTESTSHIM_H
#define CHITTESTSHIM_H

// `hittest/` in this include folder is a link to the repository's include/hittest, so the
// public headers are found on the include path by SwiftPM (which gives dependents this
// folder) and CMake alike.
#include <hittest/hittest.h>
#include <hittest/testing.h>

#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// The lanes of an 8-wide index node whose boxes hold the point `(x, y)`, as bits 0-7.
/// `node` starts with the boxes as four arrays of 8 floats (minX, minY, maxX, maxY),
/// 16-byte aligned: `ChildIndex.Node`. Closed containment; NaN and empty lanes (+inf
/// minima, -inf maxima) hold nothing, as Swift's ordered `<=` says. Inline, so that
/// Swift's optimiser inlines it into the query loops.
static inline uint32_t htShim_NodeLanes(const float* node, float x, float y) {
#if defined(__SSE2__)
    const __m128 px = _mm_set1_ps(x);
    const __m128 py = _mm_set1_ps(y);
    __m128 lo = _mm_and_ps(_mm_cmple_ps(_mm_load_ps(node + 0), px), _mm_cmple_ps(px, _mm_load_ps(node + 16)));
    __m128 hi = _mm_and_ps(_mm_cmple_ps(_mm_load_ps(node + 4), px), _mm_cmple_ps(px, _mm_load_ps(node + 20)));
    lo = _mm_and_ps(lo, _mm_and_ps(_mm_cmple_ps(_mm_load_ps(node + 8), py), _mm_cmple_ps(py, _mm_load_ps(node + 24))));
    hi = _mm_and_ps(hi, _mm_and_ps(_mm_cmple_ps(_mm_load_ps(node + 12), py), _mm_cmple_ps(py, _mm_load_ps(node + 28))));
    return (uint32_t)_mm_movemask_ps(lo) | ((uint32_t)_mm_movemask_ps(hi) << 4);
#else
    uint32_t bits = 0;
    for (int l = 0; l < 8; l++) {
        if (node[l] <= x && x <= node[16 + l] && node[8 + l] <= y && y <= node[24 + l]) bits |= 1u << l;
    }
    return bits;
#endif
}

/// Asks for all three cache lines of a screen index node (`ScreenIndex.Node`, 192
/// bytes): the boxes the lane test reads, and the lanes' values and slots read after a
/// hit. Asking for the third line too took 5-14 % off `ui` and `wide` queries at 100k
/// and 1M (paired runs, perf/RESULTS.md). A hint: it changes no result.
static inline void htShim_PrefetchScreenNode(const void* node) {
    __builtin_prefetch(node, 0, 3);
    __builtin_prefetch((const char*)node + 64, 0, 3);
    __builtin_prefetch((const char*)node + 128, 0, 3);
}

/// Asks for the cache line holding `p` (a hint: it changes no result).
static inline void htShim_PrefetchRead(const void* p) { __builtin_prefetch(p, 0, 3); }

/// Asks for the cache line holding `p`, to be written (a hint: it changes no result).
static inline void htShim_PrefetchWrite(void* p) { __builtin_prefetch(p, 1, 3); }

/// Asks for every cache line of `bytes` bytes from `start` (a hint: it changes no
/// result). Builds from a `Scene` read each view's few hundred bytes of fields ahead.
static inline void htShim_PrefetchBytes(const void* start, size_t bytes) {
    for (size_t k = 0; k < bytes; k += 64) __builtin_prefetch((const char*)start + k, 0, 3);
}

/// Allocates through the current hooks; traps (abort with a message) when the host's
/// allocator returns NULL. `alignment` is raised to at least 64.
void* htShim_Allocate(size_t size, size_t alignment);

/// Resizes through the current hooks; traps on NULL as htShim_Allocate.
void* htShim_Reallocate(void* pointer, size_t oldSize, size_t newSize, size_t alignment);

/// Frees through the current hooks. NULL is ignored.
void htShim_Free(void* pointer, size_t size);

/// Records the last error of this thread (code and message, copied, truncated to 511
/// bytes). HT_OK clears it.
void htShim_SetLastError(htResult code, const char* message);

#ifdef __cplusplus
}
#endif

#endif  // CHITTESTSHIM_H
