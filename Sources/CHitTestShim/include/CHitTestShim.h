// CHitTestShim: the C part of HitTestKit. Internal to the package: the public C API is
// include/hittest/*.h at the repository root, which this header includes so that the
// Swift implementation (module HitTestCAPI) uses exactly the hand-written C types.
//
// The shim holds what C does better than Swift here: the allocator hooks with their
// counters (htSetAllocator and friends, declared in hittest/base.h) and the per-thread
// last error. The `htShim_` functions below are the package's own entry points to them.
#ifndef CHITTESTSHIM_H
#define CHITTESTSHIM_H

#include "../../../include/hittest/hittest.h"
#include "../../../include/hittest/testing.h"

#ifdef __cplusplus
extern "C" {
#endif

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
