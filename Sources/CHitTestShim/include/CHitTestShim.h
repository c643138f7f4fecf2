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
/// 16-byte aligned: `_PackedNode`. Closed containment; NaN and empty lanes (+inf
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

/// The lanes of an 8-wide index node (as in htShim_NodeLanes) that hold the whole box
/// `[x0, x1] x [y0, y1]`, as bits 0-7; `*meets` gets the lanes whose boxes meet it
/// (closed). A packet of points whose box a lane holds are all in that lane; a lane that
/// does not meet it holds none of them. Empty lanes (+inf minima, -inf maxima) neither
/// hold nor meet any box.
static inline uint32_t htShim_NodeLanesForBox(const float* node, float x0, float y0, float x1, float y1, uint32_t* meets) {
#if defined(__SSE2__)
    const __m128 lx = _mm_set1_ps(x0), ly = _mm_set1_ps(y0), hx = _mm_set1_ps(x1), hy = _mm_set1_ps(y1);
    uint32_t holds = 0, met = 0;
    for (int h = 0; h < 2; h++) {
        const __m128 minX = _mm_load_ps(node + 4 * h), minY = _mm_load_ps(node + 8 + 4 * h);
        const __m128 maxX = _mm_load_ps(node + 16 + 4 * h), maxY = _mm_load_ps(node + 24 + 4 * h);
        const __m128 in = _mm_and_ps(
            _mm_and_ps(_mm_cmple_ps(minX, lx), _mm_cmple_ps(hx, maxX)),
            _mm_and_ps(_mm_cmple_ps(minY, ly), _mm_cmple_ps(hy, maxY)));
        const __m128 meet = _mm_and_ps(
            _mm_and_ps(_mm_cmple_ps(minX, hx), _mm_cmple_ps(lx, maxX)),
            _mm_and_ps(_mm_cmple_ps(minY, hy), _mm_cmple_ps(ly, maxY)));
        holds |= (uint32_t)_mm_movemask_ps(in) << (4 * h);
        met |= (uint32_t)_mm_movemask_ps(meet) << (4 * h);
    }
    *meets = met;
    return holds;
#else
    uint32_t holds = 0, met = 0;
    for (int l = 0; l < 8; l++) {
        if (node[l] <= x0 && x1 <= node[16 + l] && node[8 + l] <= y0 && y1 <= node[24 + l]) holds |= 1u << l;
        if (node[l] <= x1 && x0 <= node[16 + l] && node[8 + l] <= y1 && y0 <= node[24 + l]) met |= 1u << l;
    }
    *meets = met;
    return holds;
#endif
}

/// For an 8-wide index node (as in htShim_NodeLanes) and 8 points (`xs`, `ys`): byte l
/// of the result holds bit k when lane l holds point k, for the lanes in `test`, tested
/// one lane against all 8 points at once; the lanes in `holds` (which hold every point)
/// get all of `live`, the others nothing. Only the points in `live` (bits 0-7) are
/// given. `*lanes` gets the lanes that hold any of them. The same closed containment as
/// htShim_NodeLanes, so a point gets exactly the lanes it gets there.
static inline uint64_t htShim_NodePointsByLane(
    const float* node, const float* xs, const float* ys, uint32_t live, uint32_t holds, uint32_t test,
    uint32_t* lanes) {
    uint64_t byLane = 0;
    for (uint32_t h = holds; h != 0; h &= h - 1) byLane |= (uint64_t)live << (8 * __builtin_ctz(h));
    uint32_t any = live != 0 ? holds : 0;
#if defined(__SSE2__)
    const __m128 x0 = _mm_loadu_ps(xs), x1 = _mm_loadu_ps(xs + 4);
    const __m128 y0 = _mm_loadu_ps(ys), y1 = _mm_loadu_ps(ys + 4);
    for (; test != 0; test &= test - 1) {
        const int l = __builtin_ctz(test);
        const __m128 lx = _mm_set1_ps(node[l]), ly = _mm_set1_ps(node[8 + l]);
        const __m128 hx = _mm_set1_ps(node[16 + l]), hy = _mm_set1_ps(node[24 + l]);
        const __m128 a = _mm_and_ps(
            _mm_and_ps(_mm_cmple_ps(lx, x0), _mm_cmple_ps(x0, hx)), _mm_and_ps(_mm_cmple_ps(ly, y0), _mm_cmple_ps(y0, hy)));
        const __m128 b = _mm_and_ps(
            _mm_and_ps(_mm_cmple_ps(lx, x1), _mm_cmple_ps(x1, hx)), _mm_and_ps(_mm_cmple_ps(ly, y1), _mm_cmple_ps(y1, hy)));
        const uint32_t m = ((uint32_t)_mm_movemask_ps(a) | ((uint32_t)_mm_movemask_ps(b) << 4)) & live;
        byLane |= (uint64_t)m << (8 * l);
        any |= (uint32_t)(m != 0) << l;
    }
#else
    for (; test != 0; test &= test - 1) {
        const int l = __builtin_ctz(test);
        uint32_t m = 0;
        for (int k = 0; k < 8; k++) {
            if (node[l] <= xs[k] && xs[k] <= node[16 + l] && node[8 + l] <= ys[k] && ys[k] <= node[24 + l]) m |= 1u << k;
        }
        m &= live;
        byLane |= (uint64_t)m << (8 * l);
        any |= (uint32_t)(m != 0) << l;
    }
#endif
    *lanes = any;
    return byLane;
}

/// The lanes of a screen index leaf (`ScreenIndex.Leaf`: four arrays of 8 signed 16-bit
/// cells, minX, minY, maxX, maxY, 16-byte aligned) whose cells hold the point's cells
/// `(cx, cy)`, as bits 0-7. Closed containment; an empty lane (minimum 32767, maximum
/// -32768) holds nothing. SSE2: one compare a side for all 8 lanes.
static inline uint32_t htShim_LeafLanes(const int16_t* leaf, int16_t cx, int16_t cy) {
#if defined(__SSE2__)
    const __m128i x = _mm_set1_epi16(cx);
    const __m128i y = _mm_set1_epi16(cy);
    const __m128i* l = (const __m128i*)leaf;
    __m128i out = _mm_or_si128(_mm_cmpgt_epi16(_mm_load_si128(l + 0), x), _mm_cmpgt_epi16(x, _mm_load_si128(l + 2)));
    out = _mm_or_si128(out, _mm_or_si128(_mm_cmpgt_epi16(_mm_load_si128(l + 1), y), _mm_cmpgt_epi16(y, _mm_load_si128(l + 3))));
    return ~(uint32_t)_mm_movemask_epi8(_mm_packs_epi16(out, out)) & 0xFFu;
#else
    uint32_t bits = 0;
    for (int k = 0; k < 8; k++) {
        if (leaf[k] <= cx && cx <= leaf[16 + k] && leaf[8 + k] <= cy && cy <= leaf[24 + k]) bits |= 1u << k;
    }
    return bits;
#endif
}

/// The cells of the point `(x, y)` in the frame lane `k` of an inner node holds (the node
/// as in htShim_NodeLanes), as `ScreenIndex.Grid(frame).point(x, y)` gives them:
/// `cx | cy << 16`. Bit for bit the Swift arithmetic (scale `65535 / extent`, 0 unless
/// the extent is finite and positive; `t = (v - min) * scale`; NaN and negative `t` to 0,
/// above 65535 to 65535; truncated; minus 32768), which the leaves' cells were written
/// with: `ScreenLeafTests` pins the two together. Only for a point inside the lane's box
/// (`min <= v <= max` on both axes), which is all a walk asks it for: each leaf it pushes
/// (one or two of a node's 8 lanes, most often), so it works one lane at a time.
/// SSE2: both axes in one register. Inside the box the extent is never negative nor NaN,
/// so the scale needs no mask: where it is 0 the plain quotient is infinite and
/// `t = 0 * inf` NaN, and where it is infinite the quotient is 0; both give the cell the
/// masked scale gives.
static inline uint32_t htShim_LaneCells(const float* node, float x, float y, int k) {
#if defined(__SSE2__)
    const __m128 lo = _mm_unpacklo_ps(_mm_load_ss(node + k), _mm_load_ss(node + 8 + k));
    const __m128 hi = _mm_unpacklo_ps(_mm_load_ss(node + 16 + k), _mm_load_ss(node + 24 + k));
    const __m128 v = _mm_unpacklo_ps(_mm_set_ss(x), _mm_set_ss(y));
    const __m128 top = _mm_set1_ps(65535.0f);
    const __m128 zero = _mm_setzero_ps();
    // The upper two lanes are 0 / 0 and 0 * NaN: NaN, clamped to 0 and never read.
    const __m128 scale = _mm_div_ps(top, _mm_sub_ps(hi, lo));
    const __m128 t = _mm_mul_ps(_mm_sub_ps(v, lo), scale);
    const __m128 clamped = _mm_and_ps(_mm_cmpge_ps(t, zero), _mm_min_ps(t, top));
    const __m128i c = _mm_sub_epi32(_mm_cvttps_epi32(clamped), _mm_set1_epi32(32768));
    return (uint32_t)_mm_cvtsi128_si32(_mm_packs_epi32(c, c));
#else
    uint32_t cells = 0;
    for (int axis = 0; axis < 2; axis++) {
        const float lo = node[8 * axis + k];
        const float hi = node[16 + 8 * axis + k];
        const float extent = hi - lo;
        const float scale = extent > 0 && extent < __builtin_inff() ? 65535.0f / extent : 0.0f;
        float t = (axis == 0 ? x : y) - lo;
        t = t * scale;
        const float clamped = t >= 0 ? (t <= 65535.0f ? t : 65535.0f) : 0.0f;
        cells |= (uint32_t)(uint16_t)(int16_t)((int32_t)clamped - 32768) << (16 * axis);
    }
    return cells;
#endif
}

/// Asks for both cache lines of a screen index leaf (`ScreenIndex.Leaf`, 128 bytes).
static inline void htShim_PrefetchScreenLeaf(const void* leaf) {
    __builtin_prefetch(leaf, 0, 3);
    __builtin_prefetch((const char*)leaf + 64, 0, 3);
}

/// Asks for all three cache lines of a screen index inner node (`_PackedNode`, 160
/// bytes, so three lines wherever it starts): the boxes the lane test reads and the
/// lanes' values read after a hit: the third line is read on every hit, so asking for it
/// ahead pays (perf/RESULTS.md). A hint: it changes no result.
static inline void htShim_PrefetchScreenNode(const void* node) {
    __builtin_prefetch(node, 0, 3);
    __builtin_prefetch((const char*)node + 64, 0, 3);
    __builtin_prefetch((const char*)node + 128, 0, 3);
}

/// The cells of 8 points (`xs`, `ys`) in the frame lane `k` of an inner node holds, into
/// `cells` (`cx | cy << 16` each): htShim_LaneCells for each point, bit for bit, four
/// points at a time. Only the cells of points inside the lane's box are meaningful.
static inline void htShim_PacketCells(const float* node, const float* xs, const float* ys, int k, uint32_t* cells) {
#if defined(__SSE2__)
    const __m128 top = _mm_set1_ps(65535.0f);
    const __m128 zero = _mm_setzero_ps();
    const __m128i bias = _mm_set1_epi32(32768);
    const __m128 loX = _mm_set1_ps(node[k]), loY = _mm_set1_ps(node[8 + k]);
    const __m128 scaleX = _mm_div_ps(top, _mm_sub_ps(_mm_set1_ps(node[16 + k]), loX));
    const __m128 scaleY = _mm_div_ps(top, _mm_sub_ps(_mm_set1_ps(node[24 + k]), loY));
    __m128i c[4];
    for (int h = 0; h < 2; h++) {
        const __m128 tx = _mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(xs + 4 * h), loX), scaleX);
        const __m128 ty = _mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(ys + 4 * h), loY), scaleY);
        c[2 * h] = _mm_sub_epi32(_mm_cvttps_epi32(_mm_and_ps(_mm_cmpge_ps(tx, zero), _mm_min_ps(tx, top))), bias);
        c[2 * h + 1] = _mm_sub_epi32(_mm_cvttps_epi32(_mm_and_ps(_mm_cmpge_ps(ty, zero), _mm_min_ps(ty, top))), bias);
    }
    const __m128i cx = _mm_packs_epi32(c[0], c[2]);
    const __m128i cy = _mm_packs_epi32(c[1], c[3]);
    _mm_storeu_si128((__m128i*)cells, _mm_unpacklo_epi16(cx, cy));
    _mm_storeu_si128((__m128i*)cells + 1, _mm_unpackhi_epi16(cx, cy));
#else
    for (int j = 0; j < 8; j++) cells[j] = htShim_LaneCells(node, xs[j], ys[j], k);
#endif
}

/// The points among `points` (bits 0-7) whose `tops` are below `m`.
static inline uint32_t htShim_PacketBelow(const int32_t* tops, int32_t m, uint32_t points) {
#if defined(__SSE2__)
    const __m128i v = _mm_set1_epi32(m);
    const __m128i a = _mm_cmplt_epi32(_mm_loadu_si128((const __m128i*)tops), v);
    const __m128i b = _mm_cmplt_epi32(_mm_loadu_si128((const __m128i*)tops + 1), v);
    return ((uint32_t)_mm_movemask_ps(_mm_castsi128_ps(a)) | ((uint32_t)_mm_movemask_ps(_mm_castsi128_ps(b)) << 4)) & points;
#else
    uint32_t below = 0;
    for (int k = 0; k < 8; k++) below |= (uint32_t)(tops[k] < m) << k;
    return below & points;
#endif
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
/// allocator returns NULL. `alignment` is raised to at least 64. The store's own growth
/// uses it: Swift code has no way back from a missing block.
void* htShim_Allocate(size_t size, size_t alignment);

/// Resizes through the current hooks; traps on NULL as htShim_Allocate.
void* htShim_Reallocate(void* pointer, size_t oldSize, size_t newSize, size_t alignment);

/// Allocates as htShim_Allocate, but returns NULL when the host's allocator does (nothing
/// is counted then). For the C API's reservations, made before a call changes anything.
void* htShim_TryAllocate(size_t size, size_t alignment);

/// Resizes as htShim_Reallocate, but returns NULL when the host's allocator does; the old
/// block is then untouched and still counted.
void* htShim_TryReallocate(void* pointer, size_t oldSize, size_t newSize, size_t alignment);

/// Frees through the current hooks. NULL is ignored.
void htShim_Free(void* pointer, size_t size);

/// Ends the process as htShim_Allocate does when the host's allocator refused `size`
/// bytes (a message on standard error, then abort): for Swift code that asked fallibly
/// and has no way back.
_Noreturn void htShim_OutOfMemory(size_t size);

/// Records the last error of this thread (code and message, copied, truncated to 511
/// bytes). HT_OK clears it.
void htShim_SetLastError(htResult code, const char* message);

#ifdef __cplusplus
}
#endif

#endif  // CHITTESTSHIM_H
