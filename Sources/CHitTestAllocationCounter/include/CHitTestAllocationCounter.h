// Internal to hittest: counts the process's heap allocations, so that `hittest bench`
// can report allocations per query and bytes held, exactly, without a profiler.
//
// The counter replaces malloc, free and their relatives in the executable that links this
// target, forwarding to glibc's own entry points (__libc_malloc and friends) and counting
// with relaxed atomics. Builds with AddressSanitizer or ThreadSanitizer, which replace
// malloc themselves, get no counter: ht_allocation_counter_available() returns 0 there.
#ifndef CHITTEST_ALLOCATION_COUNTER_H
#define CHITTEST_ALLOCATION_COUNTER_H

#include <stdint.h>

/// 1 when this process's allocations are counted, 0 when they are not (sanitizer builds,
/// or a C library without glibc's entry points).
int ht_allocation_counter_available(void);

/// Successful allocations so far (malloc, calloc, realloc to a new block, the aligned
/// forms), from every thread.
uint64_t ht_allocation_count(void);

/// Heap bytes held now: the usable size of every block allocated and not yet freed.
int64_t ht_allocated_bytes(void);

#endif
