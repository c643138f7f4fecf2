// HitTestKit C API: which view is under a finger, answered exactly as UIKit does.
//
// Include this header; it includes the others. Names follow box2d: htCreateWorld,
// htWorld_Verb(worldId, ...), htView_Verb(viewId, ...). Read base.h for the thread-safety
// rules, results and the allocator hooks, id.h for ids. Each function names the Swift API
// it calls (the Swift API names the function back).
#ifndef HITTEST_HITTEST_H
#define HITTEST_HITTEST_H

#include "base.h"
#include "id.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Worlds

/// A world definition with the defaults (see htWorldDef).
HT_API htWorldDef htDefaultWorldDef(void);

/// Creates an empty world. Returns the null id on error (NULL or uninitialized def, too
/// many worlds); see htGetLastError. Swift: `ViewStore.init(screenSize:...)`.
HT_API htWorldId htCreateWorld(const htWorldDef* def);

/// Destroys a world and frees all its memory; its ids go stale.
HT_API htResult htDestroyWorld(htWorldId world);

/// True when the id names a live world.
HT_API bool htWorld_IsValid(htWorldId world);

/// Replaces the world's contents (windows, views, screen size, application names) with a
/// hittest-scene/1 JSON file; the world's previous view ids go stale. The world keeps its
/// index threshold. Swift: `Scene.load(contentsOf:)` and `ViewStore.init(scene:)`.
HT_API htResult htWorld_LoadSceneFile(htWorldId world, const char* path);

/// Writes the world as a hittest-scene/1 JSON file (custom code is not written), whole or
/// not at all: through a temporary file beside it that replaces it once on disk, so a
/// failed save (HT_ERROR_FILE, a full disk) leaves an earlier file as it was. A scene's
/// ids are unique and not empty: a view with no name, or with a name a view before it in
/// paint order has, is written with a new one ("view#1", "cell#2"). Swift:
/// `ViewStore.scene()`.
HT_API htResult htWorld_SaveSceneFile(htWorldId world, const char* path);

/// As htWorld_LoadSceneFile, from `length` bytes of JSON text in memory (no NUL needed).
/// Returns HT_ERROR_SCENE when they are not a valid scene.
HT_API htResult htWorld_LoadSceneBuffer(htWorldId world, const char* json, size_t length);

/// As htWorld_SaveSceneFile, into `buffer` of `capacity` bytes with a terminating NUL;
/// `*length` (may be NULL) gets the length without the NUL. With a buffer too small (or
/// NULL with capacity 0) returns HT_ERROR_BUFFER_TOO_SMALL and the needed length.
HT_API htResult htWorld_SaveSceneBuffer(htWorldId world, char* buffer, size_t capacity,
                                        size_t* length);

/// The number of live views, windows included, in `*count`. Swift: `ViewStore.count`.
HT_API htResult htWorld_GetViewCount(htWorldId world, int32_t* count);

// MARK: Building: windows and views

/// A view definition with the defaults (see htViewDef).
HT_API htViewDef htDefaultViewDef(void);

/// Adds a window above the windows of its level. Returns the null id on error. Swift:
/// `ViewStore.addWindow(_:)`.
HT_API htViewId htWorld_AddWindow(htWorldId world, const htViewDef* def);

/// Adds a view on top of the subviews of `parent` (a view or window of `world`). Returns
/// the null id on error. Swift: `ViewStore.addView(_:to:at:)`.
HT_API htViewId htWorld_AddView(htWorldId world, htViewId parent, const htViewDef* def);

/// True when the id names a live view or window.
HT_API bool htView_IsValid(htViewId view);

/// Removes a view or window and its subtree; their ids go stale. Swift:
/// `ViewStore.removeView(_:)`, `ViewStore.removeWindow(_:)`.
HT_API htResult htView_Remove(htViewId view);

/// Moves a view (with its subtree) under `parent` at `index` of its subviews (0 is the
/// bottom; -1 is the top). Within the same parent this reorders siblings. Swift:
/// `ViewStore.moveView(_:to:at:)`.
HT_API htResult htView_Move(htViewId view, htViewId parent, int32_t index);

/// Swift: `ViewStore.bringToFront(_:)`, `ViewStore.sendToBack(_:)`.
HT_API htResult htView_BringToFront(htViewId view);
HT_API htResult htView_SendToBack(htViewId view);

// MARK: Geometry, flags and hit rules

/// Places the untransformed layout rect (UIKit `frame = r`). Swift: `ViewStore.setFrame`.
HT_API htResult htView_SetFrame(htViewId view, htRect frame);
/// Swift: `ViewStore.setCenter(_:_:)`.
HT_API htResult htView_SetCenter(htViewId view, htVec2 center);
/// Bounds: origin (the scroll offset) and size. Swift: `ViewStore.setBounds(_:_:)`.
HT_API htResult htView_SetBounds(htViewId view, htRect bounds);
/// Swift: `ViewStore.setTransform(_:_:)`.
HT_API htResult htView_SetTransform(htViewId view, htTransform transform);
/// Swift: `ViewStore.setHidden(_:_:)`.
HT_API htResult htView_SetHidden(htViewId view, bool hidden);
/// Swift: `ViewStore.setAlpha(_:_:)`. NaN is refused.
HT_API htResult htView_SetAlpha(htViewId view, float alpha);
/// Swift: `ViewStore.setUserInteractionEnabled(_:_:)`.
HT_API htResult htView_SetUserInteractionEnabled(htViewId view, bool enabled);
/// Swift: `ViewStore.setHitRules(_:_:)`. Unknown enum values are refused.
HT_API htResult htView_SetHitRules(htViewId view, const htHitRules* rules);
/// Sets (or, with the null id, clears) the view's redirect: a descendant that takes the
/// touch first. Swift: `ViewStore.setRedirect(_:to:)`.
HT_API htResult htView_SetRedirect(htViewId view, htViewId target);

// MARK: Reading views

/// The view's name (its id string) as UTF-8 with a terminating NUL, in `buffer` of
/// `capacity` bytes; `*length` (may be NULL) gets the length without the NUL. With a
/// buffer too small (or NULL with capacity 0) returns HT_ERROR_BUFFER_TOO_SMALL and the
/// needed length. Swift: `ViewStore.id(of:)`.
HT_API htResult htView_GetName(htViewId view, char* buffer, size_t capacity, size_t* length);

/// The superview (the null id for a window). Swift: `ViewStore.superview(of:)`.
HT_API htResult htView_GetParent(htViewId view, htViewId* parent);

/// The view's frame in its superview's coordinates (the transformed bounding rect, as
/// UIKit's `frame`). Swift: `ViewStore.geometry(of:)`.
HT_API htResult htView_GetFrame(htViewId view, htRect* frame);

/// Getters of what the setters above change, each into `*out` (not NULL), as stored:
/// alpha as a 32-bit float, hidden and interaction as set (not inherited), the redirect's
/// target or the null id. Swift: `ViewStore.definition(of:)`, `ViewStore.redirect(of:)`.
HT_API htResult htView_GetCenter(htViewId view, htVec2* out);
HT_API htResult htView_GetBounds(htViewId view, htRect* out);
HT_API htResult htView_GetTransform(htViewId view, htTransform* out);
HT_API htResult htView_GetAlpha(htViewId view, float* out);
HT_API htResult htView_GetHidden(htViewId view, bool* out);
HT_API htResult htView_GetUserInteractionEnabled(htViewId view, bool* out);
HT_API htResult htView_GetHitRules(htViewId view, htHitRules* out);
HT_API htResult htView_GetRedirect(htViewId view, htViewId* out);

/// The host's value for the view (htViewDef.userData, htViewArrays.userData; 0 for views
/// loaded from scenes until set). Values are not saved with scenes: htWorld_SaveSceneFile
/// and htWorld_SaveSceneBuffer leave them out (a host pointer is meaningless in a file),
/// and loading a scene clears every view's value.
HT_API htResult htView_GetUserData(htViewId view, uintptr_t* out);
HT_API htResult htView_SetUserData(htViewId view, uintptr_t value);

/// The responder chain of a view, as names separated by '\n' with a terminating NUL
/// (view, view controllers, superviews, window, application, delegate), in `buffer` as
/// for htView_GetName; `*count` (may be NULL) gets the number of names. Swift:
/// `ViewStore.responderChain(of:)`.
HT_API htResult htView_GetResponderChain(htViewId view, char* buffer, size_t capacity,
                                         size_t* length, int32_t* count);

/// The view's subviews, bottom to top, into `ids` (room for `capacity`); `*count` (may
/// be NULL) gets their number. With too little room the first `capacity` are written and
/// HT_ERROR_BUFFER_TOO_SMALL is returned (NULL with capacity 0 asks for the count). Swift:
/// `ViewStore.subviews(of:)`.
HT_API htResult htView_GetChildren(htViewId view, htViewId* ids, int32_t capacity,
                                   int32_t* count);

/// The world's windows in order of addition, as for htView_GetChildren. Swift:
/// `ViewStore.windows`.
HT_API htResult htWorld_GetWindows(htWorldId world, htViewId* ids, int32_t capacity,
                                   int32_t* count);

// MARK: Queries

/// The view that gets a touch at `point` (screen coordinates), its window and the local
/// point, in `*hit`; hit->view is the null id when no view is hit. Allocates nothing once
/// the world's scratch has grown to the tree's depth. Swift:
/// `ViewStore.hitTest(_:useIndexes:scratch:)`.
HT_API htResult htWorld_HitTest(htWorldId world, htVec2 point, htHit* hit);

/// Answers `count` points into `hits` (same order), with up to `threads` threads (1 for
/// the calling thread only), each answer exactly `htWorld_HitTest`'s. In a world of a few
/// hundred thousand views or more, the points' walks of the index go eight at a time,
/// interleaved, so that their memory waits overlap (about 1.5x a single call's speed a
/// point at a million views). With one thread a batch of a few thousand points or more
/// is answered along a space-filling curve of its points, so that consecutive queries
/// read nearby memory; the order is sorted in the world's scratch (16 bytes a point,
/// grown once and kept: later batches of that size allocate nothing; when the allocator
/// refuses, the points go in their order instead).
/// Swift: `ViewStore.hitTest(_:useIndexes:threads:)` (the C function writes straight into
/// `hits`).
HT_API htResult htWorld_HitTestBatch(htWorldId world, const htVec2* points, int32_t count,
                                     htHit* hits, int32_t threads);

// MARK: Per-frame batches

/// Sets the centers of `count` views of `world` in one call (UIKit `center`), as
/// `htView_SetCenter` for each, in order, with one pass over the indexes: moving plain
/// leaf views refits the screen index in place. Every id and value is checked first;
/// on an error nothing has changed. Swift: `ViewStore.setCenters(_:_:)`.
HT_API htResult htWorld_SetCenters(htWorldId world, const htViewId* views, const htVec2* centers,
                                   int32_t count);
/// Sets the untransformed layout rects of `count` views (UIKit `frame`), as
/// `htView_SetFrame` for each. Swift: `ViewStore.setFrames(_:_:)`.
HT_API htResult htWorld_SetFrames(htWorldId world, const htViewId* views, const htRect* frames,
                                  int32_t count);
/// Adds every view of `views` under `parent`, above its subviews, in one call: no
/// per-view definition, the boxes and indexes computed once (a whole scene: a window
/// from htWorld_AddWindow, then its views here). Everything is checked first; on an
/// error nothing was added and the message names the array and index. `ids` is NULL or
/// has room for `views->count` ids, written in the arrays' order. Swift:
/// `ViewStore.addViews(_:to:)`.
HT_API htResult htWorld_AddViewArrays(htWorldId world, htViewId parent, const htViewArrays* views,
                                      htViewId* ids);
/// Rebuilds every index that changes have made stale (after a burst of added, removed or
/// reordered views); queries are exact either way. Swift: `ViewStore.updateIndexes()`.
HT_API htResult htWorld_UpdateIndexes(htWorldId world);

#ifdef __cplusplus
}
#endif

// Touch dispatch (gesture recognizers, controls, responder chains) for a world.
#include "dispatch.h"

#endif  // HITTEST_HITTEST_H
