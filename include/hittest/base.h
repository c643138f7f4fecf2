// HitTestKit C API: base definitions (export macro, version, results, errors, memory).
//
// Thread-safety rules of the whole C API
// --------------------------------------
// - Worlds are independent: functions on different worlds may run at the same time on
//   different threads. htCreateWorld and htDestroyWorld may be called from any thread
//   (the table of worlds is locked).
// - One world is used by one thread at a time: the host serializes every call that takes
//   the same world (or an id of one of its views), queries included, since a world owns
//   one query scratch. htWorld_HitTestBatch may use worker threads of its own inside the
//   call; it returns when they are done.
// - A dispatcher (dispatch.h) counts as part of its world: the host serializes its calls
//   with every other call on that world (a feed reads the world when touches begin and
//   changes its views' settings when recognizers are attached). htCreateDispatcher and
//   htDestroyDispatcher may be called from any thread (the table of dispatchers is
//   locked). Callbacks run on the thread that called htDispatcher_Feed, AdvanceTime or
//   CancelAllTouches, inside that call; they may read the world, not change it or call
//   the same dispatcher.
// - htSetAllocator must be called before the first world is created (see below).
// - The last error (htGetLastError, htGetLastErrorMessage) is kept per thread.
// - No function crashes on bad input: NULL pointers, NaN, zero, stale or foreign ids all
//   return an error code (and set the last error), never trap.
#ifndef HITTEST_BASE_H
#define HITTEST_BASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define HT_API __declspec(dllimport)
#else
#define HT_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Version

/// The version of the library, as semantic versioning numbers.
typedef struct htVersion {
    int32_t major;
    int32_t minor;
    int32_t revision;
} htVersion;

#define HT_VERSION_MAJOR 0
#define HT_VERSION_MINOR 6
#define HT_VERSION_REVISION 0

/// The version of the library loaded at run time (compare with the HT_VERSION_* macros of
/// the header compiled against).
HT_API htVersion htGetVersion(void);

// MARK: Results and errors

/// The result of a call: HT_OK (0) or an error code below. Every function that can fail
/// returns one (functions that return an id return the null id instead) and records the
/// code and a message naming the id or field for htGetLastError/htGetLastErrorMessage.
typedef int32_t htResult;

#define HT_OK 0
/// An id argument is zero (the null id).
#define HT_ERROR_NULL_ID 1
/// An id names a view or world that was removed or destroyed.
#define HT_ERROR_STALE_ID 2
/// A view id belongs to another world than the one it is used with.
#define HT_ERROR_FOREIGN_ID 3
/// A pointer argument is NULL, a number is out of range or not finite, or a definition
/// struct was not made by its htDefault* function.
#define HT_ERROR_INVALID_ARGUMENT 4
/// The call is not allowed on this view (a window where a view is needed, a move into
/// the view's own subtree, a view that runs custom code).
#define HT_ERROR_NOT_ALLOWED 5
/// A file could not be read or written.
#define HT_ERROR_FILE 6
/// A scene file was read but is not a valid hittest-scene/1 scene.
#define HT_ERROR_SCENE 7
/// Every world slot is in use (HT_MAX_WORLDS).
#define HT_ERROR_TOO_MANY_WORLDS 8
/// An output buffer is too small; the needed size is reported.
#define HT_ERROR_BUFFER_TOO_SMALL 9
/// Every dispatcher slot is in use (HT_MAX_DISPATCHERS).
#define HT_ERROR_TOO_MANY_DISPATCHERS 10
/// The host's allocator (htSetAllocator) returned NULL for memory the call needed; the
/// message names the call and the bytes refused. The world, its views and its dispatchers
/// are as they were before the call (see "Memory" below for the calls that return it).
#define HT_ERROR_OUT_OF_MEMORY 11

/// The most worlds that can exist at the same time.
#define HT_MAX_WORLDS 128

/// The code of the last error on this thread (HT_OK when the last call succeeded).
HT_API htResult htGetLastError(void);

/// The message of the last error on this thread, naming the argument at fault; "" after
/// a successful call. The pointer stays valid until the next call on this thread.
HT_API const char* htGetLastErrorMessage(void);

/// The name of a result code as this header spells it ("HT_OK", "HT_ERROR_NULL_ID", ...);
/// "unknown" for any other value. A constant string of the library.
HT_API const char* htResultName(htResult result);

// MARK: Memory

/// Allocates `size` bytes aligned to `alignment` (a power of two, at least 64). Returns
/// NULL on failure.
typedef void* htAllocFcn(size_t size, size_t alignment, void* context);

/// Resizes a block made by the same allocator from `oldSize` to `newSize` bytes keeping
/// its first min(oldSize, newSize) bytes and the alignment. Returns NULL on failure (the
/// old block is then untouched).
typedef void* htReallocFcn(void* pointer, size_t oldSize, size_t newSize, size_t alignment,
                           void* context);

/// Frees a block of `size` bytes made by the same allocator.
typedef void htFreeFcn(void* pointer, size_t size, void* context);

/// A host allocator: every buffer of every world (the store's columns, its tables of
/// names and side records, its indexes, its query scratch) is allocated through it.
///
/// When it returns NULL, the calls below return HT_ERROR_OUT_OF_MEMORY (the message names
/// the call and the bytes) with the world and its dispatchers as they were before the
/// call; they reserve what they need before changing anything, and the room they reserve
/// and do not use stays the world's (freed with it):
///   htCreateWorld, htWorld_AddWindow, htWorld_AddView, htWorld_AddViewArrays,
///   htView_Move, htView_Remove, htView_SetFrame, SetCenter, SetBounds, SetTransform,
///   SetHidden, SetAlpha, SetUserInteractionEnabled, SetHitRules and SetRedirect,
///   htWorld_SetCenters and htWorld_SetFrames (the side records of the batch),
///   htWorld_HitTestBatch (each thread's scratch, before any query runs: no answer is
///   written), htWorld_UpdateIndexes (the new screen index and scroll views' content
///   indexes are built into buffers of their own and replace the old ones only when all
///   are made), and htWorld_LoadSceneFile and htWorld_LoadSceneBuffer (for the scratch
///   that queries of the new contents need).
/// In a world whose indexThreshold is above 0, the calls that change views keep the screen
/// index and the content indexes up to date as they go. When the memory of that upkeep
/// (a rebuild, or the lane map of the first refit) is refused, the change is made all the
/// same and the call returns HT_OK with the index stale: queries give the same answers,
/// walking the store, until a later change or htWorld_UpdateIndexes rebuilds it (a host
/// that must know calls htWorld_UpdateIndexes, which says HT_OK or
/// HT_ERROR_OUT_OF_MEMORY). htDestroyWorld only frees, and htWorld_HitTest allocates
/// nothing on a world whose indexThreshold is 0.
/// Every other allocation through the hooks still ends the process (abort, with a message
/// on standard error) when the allocator returns NULL: child indexes (a view with at
/// least indexThreshold subviews: their builds and refits in any call that changes views
/// or loads a scene), the gathering of a scroll view's content when its content index is
/// rebuilt after a change, the build of a loaded scene's store (htWorld_LoadSceneFile and
/// htWorld_LoadSceneBuffer; a refused screen index there is left stale), a query through
/// the indexes whose candidates outgrow the scratch (htWorld_HitTest and
/// htWorld_HitTestBatch on many overlapping views), and the dispatchers (dispatch.h).
/// Memory the library allocates with Swift's own allocator (strings, arrays, dispatcher
/// state) does not go through the hooks; a failure there traps as well.
typedef struct htAllocator {
    htAllocFcn* allocate;
    htReallocFcn* reallocate;
    htFreeFcn* free;
    /// Passed to each function as it is.
    void* context;
} htAllocator;

/// Sets the allocator used by every world. Call it before creating the first world (or
/// when no world holds memory: htGetByteCount() == 0); NULL restores the default. An
/// allocator set while blocks are live must be able to free and resize blocks of the
/// previous one (for instance a wrapper around htGetDefaultAllocator()). Returns
/// HT_ERROR_INVALID_ARGUMENT when a function pointer is NULL.
HT_API htResult htSetAllocator(const htAllocator* allocator);

/// The default allocator: the C library's aligned_alloc and free, or jemalloc's mallocx,
/// rallocx and sdallocx when the library was built with jemalloc (CMake option
/// HITTEST_USE_JEMALLOC, SwiftPM trait Jemalloc).
HT_API htAllocator htGetDefaultAllocator(void);

/// True when the default allocator is jemalloc.
HT_API bool htUsesJemalloc(void);

/// Bytes currently allocated through the allocator hooks (0 when no world exists).
HT_API int64_t htGetByteCount(void);

/// Blocks currently allocated through the allocator hooks.
HT_API int64_t htGetAllocationCount(void);

/// Calls to allocate and reallocate made since the library was loaded (never decreases):
/// equal before and after a call that allocates nothing.
HT_API int64_t htGetAllocationTotal(void);

#ifdef __cplusplus
}
#endif

#endif  // HITTEST_BASE_H
