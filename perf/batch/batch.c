// Batches against single calls through the C API, as a host calls them: random points over
// a scene's first window answered by htWorld_HitTest one at a time, by htWorld_HitTestBatch
// in calls of 64 points and in one call of all of them (one thread), alternated round by
// round in one process, every round's answers compared byte for byte (exit 3 on a
// difference). Also timed, for the bound a batch cannot beat: each point's second call
// right after its first, and each call of 64 run twice in a row (the second time less the
// first), the same instructions with their memory already in cache. The first line names
// the library that answered, so that a comparison knows which build it timed.
//
//   batch SCENE.json [POINTS] [ROUNDS]
#define _GNU_SOURCE
#include <dlfcn.h>
#include <hittest/hittest.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double nowNs(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static int compareDoubles(const void* a, const void* b) {
    double x = *(const double*)a, y = *(const double*)b;
    return x < y ? -1 : x > y;
}

static double median(double* v, int n) {
    qsort(v, (size_t)n, sizeof *v, compareDoubles);
    return v[n / 2];
}

// A 64-bit linear congruential generator's top 53 bits as a double in [0, 1).
static double unit(unsigned long long* state) {
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*state >> 11) * (1.0 / 9007199254740992.0);
}

static void batches(htWorldId world, const htVec2* points, int n, int size, htHit* hits) {
    for (int i = 0; i < n; i += size) {
        int count = n - i < size ? n - i : size;
        htWorld_HitTestBatch(world, points + i, count, hits + i, 1);
    }
}

int main(int argc, char** argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: batch SCENE.json [POINTS] [ROUNDS]\n");
        return 2;
    }
    int n = argc > 2 ? atoi(argv[2]) : 100000;
    int rounds = argc > 3 ? atoi(argv[3]) : 7;
    if (n < 64 || rounds < 1 || rounds > 64) {
        fprintf(stderr, "batch: POINTS must be at least 64 and ROUNDS in 1...64\n");
        return 2;
    }
    // Which library answers: comparisons swap it with LD_LIBRARY_PATH, and a folder
    // without it silently leaves the one the binary was linked with.
    Dl_info info;
    if (dladdr((void*)htWorld_HitTestBatch, &info) != 0 && info.dli_fname != NULL) {
        printf("library: %s\n", info.dli_fname);
    }
    htWorldDef wd = htDefaultWorldDef();
    htWorldId world = htCreateWorld(&wd);
    if (htWorld_LoadSceneFile(world, argv[1]) != HT_OK) {
        fprintf(stderr, "batch: %s\n", htGetLastErrorMessage());
        return 1;
    }
    htViewId window;
    int32_t windows = 0;
    htRect r;
    if (htWorld_GetWindows(world, &window, 1, &windows) != HT_OK || windows < 1 ||
        htView_GetFrame(window, &r) != HT_OK) {
        fprintf(stderr, "batch: the scene has no window\n");
        return 1;
    }
    htVec2* points = malloc(sizeof *points * (size_t)n);
    htHit* single = malloc(sizeof *single * (size_t)n);
    htHit* of64 = malloc(sizeof *of64 * (size_t)n);
    htHit* ofAll = malloc(sizeof *ofAll * (size_t)n);
    unsigned long long state = 12345;
    for (int i = 0; i < n; i++) {
        points[i].x = r.x + unit(&state) * r.width;
        points[i].y = r.y + unit(&state) * r.height;
    }
    double tSingle[64], t64[64], tAll[64], tSecond[64], t64Second[64];
    for (int k = 0; k < rounds; k++) {
        double t0 = nowNs();
        for (int i = 0; i < n; i++) htWorld_HitTest(world, points[i], &single[i]);
        tSingle[k] = (nowNs() - t0) / n;
        t0 = nowNs();
        batches(world, points, n, 64, of64);
        t64[k] = (nowNs() - t0) / n;
        t0 = nowNs();
        htWorld_HitTestBatch(world, points, n, ofAll, 1);
        tAll[k] = (nowNs() - t0) / n;
        t0 = nowNs();
        for (int i = 0; i < n; i++) {
            htWorld_HitTest(world, points[i], &single[i]);
            htWorld_HitTest(world, points[i], &single[i]);
        }
        tSecond[k] = (nowNs() - t0) / n - tSingle[k];
        t0 = nowNs();
        for (int i = 0; i < n; i += 64) {
            int count = n - i < 64 ? n - i : 64;
            htWorld_HitTestBatch(world, points + i, count, of64 + i, 1);
            htWorld_HitTestBatch(world, points + i, count, of64 + i, 1);
        }
        t64Second[k] = (nowNs() - t0) / n - t64[k];
        if (memcmp(single, of64, sizeof *single * (size_t)n) != 0 ||
            memcmp(single, ofAll, sizeof *single * (size_t)n) != 0) {
            fprintf(stderr, "batch: a batch's answer differs from the single call's (round %d)\n", k);
            return 3;
        }
        printf("round %d: single %.0f ns, batch of 64 %.0f (%.2fx), batch of %d %.0f (%.2fx); "
               "second call %.0f, batch of 64 again %.0f\n",
               k, tSingle[k], t64[k], tSingle[k] / t64[k], n, tAll[k], tSingle[k] / tAll[k],
               tSecond[k], t64Second[k]);
    }
    double s = median(tSingle, rounds), b64 = median(t64, rounds), bAll = median(tAll, rounds);
    printf("median of %d rounds, %d points, ns a point: single %.0f, batch of 64 %.0f (%.2fx), "
           "batch of %d %.0f (%.2fx); in cache: second call %.0f, batch of 64 again %.0f\n",
           rounds, n, s, b64, s / b64, n, bAll, s / bAll, median(tSecond, rounds),
           median(t64Second, rounds));
    htDestroyWorld(world);
    free(points);
    free(single);
    free(of64);
    free(ofAll);
    return 0;
}
