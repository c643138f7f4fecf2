// HitTestKit C API: ids of worlds, views, dispatchers and gesture recognizers. Ids are
// small values, passed and compared by value (one equality macro each).
//
// A world id is a 1-based slot in the table of worlds plus that slot's generation. A view
// id is a 1-based slot in its world's store plus the slot's generation, and names its
// world (slot and revision), so that a view id of another world, of a destroyed world or
// of a world's contents before htWorld_LoadSceneFile is detected. A dispatcher id is a
// 1-based slot in the table of dispatchers plus its generation; a gesture id a 1-based
// slot in its dispatcher's table of recognizers plus its generation, naming its
// dispatcher. The all-zero id is the null id. Functions given a null, stale or foreign id return HT_ERROR_NULL_ID,
// HT_ERROR_STALE_ID or HT_ERROR_FOREIGN_ID; they never crash.
#ifndef HITTEST_ID_H
#define HITTEST_ID_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A world (one store of views and its queries). Swift: `ViewStore`.
typedef struct htWorldId {
    /// The world's slot + 1; 0 for null.
    uint16_t index1;
    uint16_t generation;
} htWorldId;

/// A view or window of a world. Swift: `ViewHandle` (index, generation).
typedef struct htViewId {
    /// The view's slot + 1; 0 for null. Swift: `ViewHandle.index`.
    uint32_t index1;
    /// Swift: `ViewHandle.generation`: 1 to 65535; a slot whose generation is spent is
    /// never reused, so a stale id never names another view.
    uint32_t generation;
    /// The world's slot (0-based) and its revision (changed by each create and load).
    uint16_t world0;
    uint16_t revision;
} htViewId;

/// A dispatcher of a world (dispatch.h). Swift: `Dispatcher`. Its 1-based slot in the
/// table of dispatchers plus that slot's generation.
typedef struct htDispatcherId {
    /// The dispatcher's slot + 1; 0 for null.
    uint16_t index1;
    uint16_t generation;
} htDispatcherId;

/// A gesture recognizer of a dispatcher (dispatch.h): 1-based slot in the dispatcher's
/// table of recognizers plus its generation, and the dispatcher's slot and generation.
/// Removing the recognizer (or the view it is on), reloading the world or destroying the
/// dispatcher makes it stale.
typedef struct htGestureId {
    /// The recognizer's slot + 1; 0 for null.
    uint32_t index1;
    uint32_t generation;
    /// The dispatcher's slot (0-based) and generation.
    uint16_t dispatcher0;
    uint16_t dispatcherGeneration;
} htGestureId;

static const htWorldId htNullWorldId = {0, 0};
static const htViewId htNullViewId = {0, 0, 0, 0};
static const htDispatcherId htNullDispatcherId = {0, 0};
static const htGestureId htNullGestureId = {0, 0, 0, 0};

/// True for the null id (no test of liveness: see htWorld_IsValid, htView_IsValid).
#define HT_IS_NULL(id) ((id).index1 == 0)
#define HT_IS_NON_NULL(id) ((id).index1 != 0)

/// Equality of two ids.
#define HT_WORLD_ID_EQUALS(a, b) ((a).index1 == (b).index1 && (a).generation == (b).generation)
#define HT_VIEW_ID_EQUALS(a, b)                                                     \
    ((a).index1 == (b).index1 && (a).generation == (b).generation &&              \
     (a).world0 == (b).world0 && (a).revision == (b).revision)
#define HT_DISPATCHER_ID_EQUALS(a, b) \
    ((a).index1 == (b).index1 && (a).generation == (b).generation)
#define HT_GESTURE_ID_EQUALS(a, b)                                                  \
    ((a).index1 == (b).index1 && (a).generation == (b).generation &&              \
     (a).dispatcher0 == (b).dispatcher0 && (a).dispatcherGeneration == (b).dispatcherGeneration)

#ifdef __cplusplus
}
#endif

#endif  // HITTEST_ID_H
