// A few checks for the C tests: each failure prints where and why; main returns the
// number of failures.
#ifndef HT_TEST_CHECK_H
#define HT_TEST_CHECK_H

#include <stdio.h>

static int ht_failures = 0;

#define CHECK(cond)                                                                       \
    do {                                                                                  \
        if (!(cond)) {                                                                    \
            fprintf(stderr, "%s:%d: check failed: %s (last error: %s)\n", __FILE__,       \
                    __LINE__, #cond, htGetLastErrorMessage());                             \
            ht_failures++;                                                                \
        }                                                                                 \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                                \
    do {                                                                                  \
        long long ht_a = (long long)(a), ht_b = (long long)(b);                           \
        if (ht_a != ht_b) {                                                               \
            fprintf(stderr, "%s:%d: %s == %s failed: %lld != %lld (last error: %s)\n",    \
                    __FILE__, __LINE__, #a, #b, ht_a, ht_b, htGetLastErrorMessage());      \
            ht_failures++;                                                                \
        }                                                                                 \
    } while (0)

#endif
