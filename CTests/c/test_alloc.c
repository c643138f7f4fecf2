// The allocator hooks: a host's counting allocator, set before anything else, sees every
// byte the library allocates (its counts equal the library's own), queries allocate
// nothing, and nothing is left once the worlds are destroyed.
#include <hittest/hittest.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

typedef struct Counter {
    long long liveBytes;
    long long liveBlocks;
    long long calls;
    long long misaligned;
} Counter;

static htAllocator base;

static void* countAlloc(size_t size, size_t alignment, void* context) {
    Counter* c = context;
    c->liveBytes += (long long)size;
    c->liveBlocks += 1;
    c->calls += 1;
    void* p = base.allocate(size, alignment, base.context);
    if (alignment < 64 || (uintptr_t)p % alignment != 0) c->misaligned += 1;
    return p;
}

static void* countRealloc(void* p, size_t oldSize, size_t newSize, size_t alignment,
                          void* context) {
    Counter* c = context;
    c->liveBytes += (long long)newSize - (long long)oldSize;
    c->calls += 1;
    void* q = base.reallocate(p, oldSize, newSize, alignment, base.context);
    if (alignment < 64 || (uintptr_t)q % alignment != 0) c->misaligned += 1;
    return q;
}

static void countFree(void* p, size_t size, void* context) {
    Counter* c = context;
    c->liveBytes -= (long long)size;
    c->liveBlocks -= 1;
    base.free(p, size, base.context);
}

static htViewId addView(htWorldId world, htViewId parent, const char* name, htRect frame) {
    htViewDef d = htDefaultViewDef();
    d.name = name;
    d.frame = frame;
    return htWorld_AddView(world, parent, &d);
}

int main(int argc, char** argv) {
    (void)argc;
    (void)argv;
    Counter counter = {0, 0, 0, 0};
    base = htGetDefaultAllocator();
    htAllocator hooks = {countAlloc, countRealloc, countFree, &counter};
    CHECK_EQ_INT(htSetAllocator(&hooks), HT_OK);
    htAllocator bad = hooks;
    bad.free = NULL;
    CHECK_EQ_INT(htSetAllocator(&bad), HT_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(htGetLastErrorMessage(), "free") != NULL);

    long long totalBefore = htGetAllocationTotal();
    htWorldDef wd = htDefaultWorldDef();
    wd.indexThreshold = 16;
    htWorldId world = htCreateWorld(&wd);
    CHECK(HT_IS_NON_NULL(world));
    htViewDef d = htDefaultViewDef();
    d.name = "window";
    d.frame = (htRect){0, 0, 1000, 1000};
    htViewId window = htWorld_AddWindow(world, &d);
    // A container big enough for an index, views with side records, long names.
    htViewId grid = addView(world, window, "grid", (htRect){0, 0, 1000, 1000});
    htViewId cells[100];
    for (int i = 0; i < 100; i++) {
        char name[80];
        snprintf(name, sizeof name, "a-rather-long-cell-name-that-is-not-a-small-string-%d", i);
        cells[i] = addView(world, grid, name, (htRect){(i % 10) * 100.0, (i / 10) * 100.0, 90, 90});
        if (i % 3 == 0) htView_SetTransform(cells[i], (htTransform){0.9, 0.1, -0.1, 0.9, 2, 3});
        if (i % 7 == 0) htView_SetAlpha(cells[i], 0.5f);
    }
    htView_SetRedirect(grid, cells[5]);

    // Everything the library counts went through the host's functions.
    CHECK(counter.liveBytes > 100 * 50);
    CHECK_EQ_INT(counter.liveBytes, htGetByteCount());
    CHECK_EQ_INT(counter.liveBlocks, htGetAllocationCount());
    CHECK_EQ_INT(counter.calls, htGetAllocationTotal() - totalBefore);
    CHECK_EQ_INT(counter.misaligned, 0);

    // Queries allocate nothing once the world's scratch has grown.
    htHit hit;
    for (int i = 0; i < 2000; i++) {
        htWorld_HitTest(world, (htVec2){(i * 37) % 1000, (i * 91) % 1000}, &hit);
    }
    long long callsBefore = counter.calls;
    long long totalBeforeQueries = htGetAllocationTotal();
    int hits = 0;
    for (int i = 0; i < 20000; i++) {
        htVec2 p = {(i * 13) % 1003, (i * 29) % 997};
        CHECK_EQ_INT(htWorld_HitTest(world, p, &hit), HT_OK);
        if (HT_IS_NON_NULL(hit.view)) hits++;
    }
    htVec2 points[512];
    htHit hits512[512];
    for (int i = 0; i < 512; i++) points[i] = (htVec2){i * 1.9, i * 1.7};
    CHECK_EQ_INT(htWorld_HitTestBatch(world, points, 512, hits512, 1), HT_OK);
    CHECK(hits > 10000);
    CHECK_EQ_INT(counter.calls, callsBefore);
    CHECK_EQ_INT(htGetAllocationTotal(), totalBeforeQueries);

    // Changes, removals, a second world and a scene round trip: all memory comes back.
    for (int i = 0; i < 100; i += 2) htView_Remove(cells[i]);
    for (int i = 1; i < 100; i += 4) htView_Move(cells[i], window, -1);
    char path[512];
    snprintf(path, sizeof path, "%s", "test_alloc_scene.json");
    CHECK_EQ_INT(htWorld_SaveSceneFile(world, path), HT_OK);
    htWorldId second = htCreateWorld(&wd);
    CHECK_EQ_INT(htWorld_LoadSceneFile(second, path), HT_OK);
    CHECK_EQ_INT(counter.liveBytes, htGetByteCount());
    CHECK_EQ_INT(htDestroyWorld(second), HT_OK);
    CHECK_EQ_INT(htDestroyWorld(world), HT_OK);
    remove(path);

    CHECK_EQ_INT(counter.liveBytes, 0);
    CHECK_EQ_INT(counter.liveBlocks, 0);
    CHECK_EQ_INT(htGetByteCount(), 0);
    CHECK_EQ_INT(htGetAllocationCount(), 0);
    printf("alloc hooks: %lld calls, %d of 20000 queries hit, %d failures\n", counter.calls, hits,
           ht_failures);
    return ht_failures;
}
