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
/// names and side records, its indexes, its query scratch) and of every dispatcher (its
/// tables of touches, recognizers, timers, tracking and drags, its log, its hit-test
/// scratch, its event buffer) is allocated through it. After warm-up a dispatcher's
/// frames allocate nothing, here or with malloc.
///
/// When it returns NULL, no call ends the process (EmbeddingInC.md, "Memory"):
/// - the calls that add, move, remove and change views, their batches, htCreateWorld,
///   htWorld_HitTestBatch (each thread's scratch), the scene loads (the new contents are
///   reserved whole before the first view is added) and the dispatcher calls that run
///   frames or change a view's dispatch settings reserve what they need first: a refusal
///   returns HT_ERROR_OUT_OF_MEMORY (the message names the call and the bytes) with the
///   world and its dispatchers as they were; the room they reserve and do not use stays
///   the world's (freed with it);
/// - in a world whose indexThreshold is above 0, the upkeep of its indexes (the screen
///   index, the scroll views' content indexes, the child indexes of big containers) is
///   asked for as the calls go: a refusal there leaves the change made and the call
///   returning HT_OK, with that index stale or dropped; queries give the same answers,
///   walking, until a later change or htWorld_UpdateIndexes (HT_OK or
///   HT_ERROR_OUT_OF_MEMORY) builds it;
/// - a query whose best-first walk needs a bigger heap than its scratch (many views
///   stacked under the point), and is refused it, answers by the walk without indexes;
/// - a dispatcher's table that must grow in the middle of a frame, and is refused, takes
///   the room from Swift's allocator instead (the call returns HT_OK) and comes back to
///   the hooks when it next grows;
/// - htDestroyWorld and htDestroyDispatcher only free.
/// Memory the library allocates with Swift's own allocator (strings, a view's dispatch
/// settings, a dispatcher's objects and short lists: about 4 KB at rest) does not go
/// through the hooks; a failure there traps.
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
