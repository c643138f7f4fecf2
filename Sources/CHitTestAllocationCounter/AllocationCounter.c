// See include/CHitTestAllocationCounter.h.
#include "CHitTestAllocationCounter.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define HT_COUNTER_DISABLED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) || !defined(__GLIBC__)
#define HT_COUNTER_DISABLED 1
#endif

#ifdef HT_COUNTER_DISABLED

int ht_allocation_counter_available(void) { return 0; }
uint64_t ht_allocation_count(void) { return 0; }
int64_t ht_allocated_bytes(void) { return 0; }

#else

#include <malloc.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static _Atomic uint64_t allocations;
static _Atomic int64_t bytes;

static inline void *counted(void *p) {
    if (p) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&bytes, (int64_t)malloc_usable_size(p), memory_order_relaxed);
    }
    return p;
}

static inline void uncount(void *p) {
    if (p) {
        atomic_fetch_sub_explicit(&bytes, (int64_t)malloc_usable_size(p), memory_order_relaxed);
    }
}

int ht_allocation_counter_available(void) { return 1; }

uint64_t ht_allocation_count(void) {
    return atomic_load_explicit(&allocations, memory_order_relaxed);
}

int64_t ht_allocated_bytes(void) { return atomic_load_explicit(&bytes, memory_order_relaxed); }

void *malloc(size_t size) { return counted(__libc_malloc(size)); }

void *calloc(size_t count, size_t size) { return counted(__libc_calloc(count, size)); }

void free(void *pointer) {
    uncount(pointer);
    __libc_free(pointer);
}

void *realloc(void *pointer, size_t size) {
    if (!pointer) return counted(__libc_malloc(size));
    size_t old = malloc_usable_size(pointer);
    void *p = __libc_realloc(pointer, size);
    if (p) {
        // A block moved or resized in place: one more allocation either way, as malloc
        // counters usually report, and the held bytes follow the new usable size.
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(
            &bytes, (int64_t)malloc_usable_size(p) - (int64_t)old, memory_order_relaxed);
    } else if (size == 0) {
        atomic_fetch_sub_explicit(&bytes, (int64_t)old, memory_order_relaxed);
    }
    return p;
}

void *memalign(size_t alignment, size_t size) {
    return counted(__libc_memalign(alignment, size));
}

void *aligned_alloc(size_t alignment, size_t size) {
    return counted(__libc_memalign(alignment, size));
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *p = counted(__libc_memalign(alignment, size));
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}

void *valloc(size_t size) { return counted(__libc_memalign(4096, size)); }

#endif
