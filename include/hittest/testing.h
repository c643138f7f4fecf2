// HitTestKit C API: test support. Not for production use: slow and allocating.
//
// The reference oracle answers hit-tests by running the spec's recursive algorithm
// (UIKit's hitTest:withEvent: and pointInside:withEvent:) on a tree of reference views
// loaded from a scene file. It shares no query code with the store, so a host's tests
// (and ours) can check the store's answers against it. Swift: `Screen.hitTest(_:)` of
// module HitTestReference, on `Scene.load(contentsOf:)`.
#ifndef HITTEST_TESTING_H
#define HITTEST_TESTING_H

#include "base.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One answer of the oracle.
typedef struct htReferenceHit {
    /// False when no view is hit (then name is "" and localPoint is zero).
    bool hit;
    /// The hit view's name (its id), NUL-terminated.
    char name[120];
    /// The point in the hit view's bounds coordinates.
    htVec2 localPoint;
} htReferenceHit;

/// Loads the scene file at `path` into reference views and answers `count` points into
/// `hits`. Returns HT_ERROR_FILE or HT_ERROR_SCENE for a bad file and
/// HT_ERROR_BUFFER_TOO_SMALL when a hit view's name does not fit in `name`.
HT_API htResult htTesting_ReferenceHitTestFile(const char* path, const htVec2* points,
                                               int32_t count, htReferenceHit* hits);

/// Checks every invariant of a world's store (Swift: `ViewStore.invariantViolations()`):
/// links, boxes, indexes, tables and counters. The number of violations found (0 when the
/// world is sound; at most 50 are counted) goes to `violations`; when `buffer` is not NULL
/// the first violation's text goes there, cut to `capacity` bytes with the NUL ("" when
/// none). O(n), and it allocates: for tests, after each step or after an error.
HT_API htResult htTesting_ValidateWorld(htWorldId world, int32_t* violations, char* buffer,
                                        size_t capacity);

#ifdef __cplusplus
}
#endif

#endif  // HITTEST_TESTING_H
