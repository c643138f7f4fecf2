// Allocator hooks in the style of box2d's b2SetAllocator: every buffer of every world
// goes through htShim_Allocate/Reallocate/Free, which call the host's functions (or the
// default ones) and keep counters of live bytes and blocks.
#include "CHitTestShim.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(HT_USE_JEMALLOC)
#include <jemalloc/jemalloc.h>
#endif

enum { htMinAlignment = 64, htAllocatorSlots = 16 };

static size_t htAlignUp(size_t size, size_t alignment) {
    return (size + alignment - 1) & ~(alignment - 1);
}

// MARK: The default allocator

#if defined(HT_USE_JEMALLOC)
static void* htDefaultAlloc(size_t size, size_t alignment, void* context) {
    (void)context;
    return mallocx(size == 0 ? 1 : size, MALLOCX_ALIGN(alignment));
}

static void* htDefaultRealloc(void* pointer, size_t oldSize, size_t newSize, size_t alignment,
                              void* context) {
    (void)oldSize;
    (void)context;
    return rallocx(pointer, newSize == 0 ? 1 : newSize, MALLOCX_ALIGN(alignment));
}

static void htDefaultFree(void* pointer, size_t size, void* context) {
    (void)context;
    // sdallocx needs the size and flags the block was made with; htShim_Allocate raises
    // every alignment to 64, and nothing in the package asks for more.
    sdallocx(pointer, size == 0 ? 1 : size, MALLOCX_ALIGN(htMinAlignment));
}
#else
// Blocks of at least this many bytes (a column of about a million views) start on a
// 2 MiB boundary and ask the kernel for transparent huge pages (Linux, where the system
// leaves them to madvise): a store of a million views then takes one page fault where
// small pages take 512, and a query's random reads miss the TLB less. Only whole 2 MiB pages of
// the block are advised, so no byte is added to it.
enum { htHugePageBytes = 2 << 20, htHugeBlockBytes = 4 << 20 };

static void* htDefaultAlloc(size_t size, size_t alignment, void* context) {
    (void)context;
#if defined(MADV_HUGEPAGE)
    if (size >= htHugeBlockBytes) {
        void* block = NULL;
        if (posix_memalign(&block, htHugePageBytes, size) != 0) return NULL;
        (void)madvise(block, size & ~(size_t)(htHugePageBytes - 1), MADV_HUGEPAGE);
        return block;
    }
#endif
    // aligned_alloc wants a size that is a multiple of the alignment.
    return aligned_alloc(alignment, htAlignUp(size == 0 ? 1 : size, alignment));
}

static void* htDefaultRealloc(void* pointer, size_t oldSize, size_t newSize, size_t alignment,
                              void* context) {
    // realloc does not keep the alignment: move by hand.
    void* fresh = htDefaultAlloc(newSize, alignment, context);
    if (fresh == NULL) return NULL;
    memcpy(fresh, pointer, oldSize < newSize ? oldSize : newSize);
    free(pointer);
    return fresh;
}

static void htDefaultFree(void* pointer, size_t size, void* context) {
    (void)size;
    (void)context;
    free(pointer);
}
#endif

static const htAllocator htDefault = {htDefaultAlloc, htDefaultRealloc, htDefaultFree, NULL};

// The current allocator is published as a pointer to one of a few slots, so that a
// thread that allocates while another sets the allocator sees either the old functions
// and context or the new ones, never a mix.
static htAllocator htSlots[htAllocatorSlots];
static atomic_int htNextSlot;
static _Atomic(const htAllocator*) htCurrent = &htDefault;

static atomic_llong htLiveBytes;
static atomic_llong htLiveBlocks;
static atomic_llong htTotalAllocations;

htResult htSetAllocator(const htAllocator* allocator) {
    if (allocator == NULL) {
        atomic_store_explicit(&htCurrent, &htDefault, memory_order_release);
        htShim_SetLastError(HT_OK, "");
        return HT_OK;
    }
    if (allocator->allocate == NULL || allocator->reallocate == NULL || allocator->free == NULL) {
        htShim_SetLastError(HT_ERROR_INVALID_ARGUMENT,
                            "htSetAllocator: allocate, reallocate and free must all be set");
        return HT_ERROR_INVALID_ARGUMENT;
    }
    int slot = atomic_fetch_add(&htNextSlot, 1) % htAllocatorSlots;
    htSlots[slot] = *allocator;
    atomic_store_explicit(&htCurrent, &htSlots[slot], memory_order_release);
    htShim_SetLastError(HT_OK, "");
    return HT_OK;
}

htAllocator htGetDefaultAllocator(void) { return htDefault; }

bool htUsesJemalloc(void) {
#if defined(HT_USE_JEMALLOC)
    return true;
#else
    return false;
#endif
}

int64_t htGetByteCount(void) { return atomic_load(&htLiveBytes); }
int64_t htGetAllocationCount(void) { return atomic_load(&htLiveBlocks); }
int64_t htGetAllocationTotal(void) { return atomic_load(&htTotalAllocations); }

static const htAllocator* htAllocatorNow(void) {
    return atomic_load_explicit(&htCurrent, memory_order_acquire);
}

_Noreturn void htShim_OutOfMemory(size_t size) {
    fprintf(stderr, "HitTestKit: the allocator returned NULL for %zu bytes\n", size);
    abort();
}

void* htShim_TryAllocate(size_t size, size_t alignment) {
    if (alignment < htMinAlignment) alignment = htMinAlignment;
    const htAllocator* a = htAllocatorNow();
    void* p = a->allocate(size, alignment, a->context);
    if (p == NULL) return NULL;
    atomic_fetch_add_explicit(&htLiveBytes, (long long)size, memory_order_relaxed);
    atomic_fetch_add_explicit(&htLiveBlocks, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&htTotalAllocations, 1, memory_order_relaxed);
    return p;
}

void* htShim_TryReallocate(void* pointer, size_t oldSize, size_t newSize, size_t alignment) {
    if (pointer == NULL) return htShim_TryAllocate(newSize, alignment);
    if (alignment < htMinAlignment) alignment = htMinAlignment;
    const htAllocator* a = htAllocatorNow();
    void* p = a->reallocate(pointer, oldSize, newSize, alignment, a->context);
    if (p == NULL) return NULL;
    atomic_fetch_add_explicit(&htLiveBytes, (long long)newSize - (long long)oldSize,
                              memory_order_relaxed);
    atomic_fetch_add_explicit(&htTotalAllocations, 1, memory_order_relaxed);
    return p;
}

void* htShim_Allocate(size_t size, size_t alignment) {
    void* p = htShim_TryAllocate(size, alignment);
    if (p == NULL) htShim_OutOfMemory(size);
    return p;
}

void* htShim_Reallocate(void* pointer, size_t oldSize, size_t newSize, size_t alignment) {
    void* p = htShim_TryReallocate(pointer, oldSize, newSize, alignment);
    if (p == NULL) htShim_OutOfMemory(newSize);
    return p;
}

void htShim_Free(void* pointer, size_t size) {
    if (pointer == NULL) return;
    const htAllocator* a = htAllocatorNow();
    a->free(pointer, size, a->context);
    atomic_fetch_sub_explicit(&htLiveBytes, (long long)size, memory_order_relaxed);
    atomic_fetch_sub_explicit(&htLiveBlocks, 1, memory_order_relaxed);
}
