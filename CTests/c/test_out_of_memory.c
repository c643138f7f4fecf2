// Fault injection, as SQLite tests its malloc failures: a scripted host runs with an
// allocator hook that refuses the Nth allocation (and every one after it, as a spent
// budget does), for every N from 0 until the script runs through with no refusal. The
// call that meets the refusal must return HT_ERROR_OUT_OF_MEMORY naming itself and the
// bytes, leave the world as it was (same scene text, no invariant broken), and work once
// the allocator allows again; destroying the world must bring htGetByteCount() to zero.
//
// The script holds the calls that reserve their memory before changing anything (adding,
// moving and removing views, the one-view setters and their batches, a batch of queries
// on threads, an index update), and queries and a save, which allocate nothing through
// the hooks, on a world with a screen index (indexThreshold above 0). The changes keep
// the index up to date as they go; when its memory is refused they make the change and
// leave the index stale, which the script allows of those steps alone, checking the world
// after them as after a refusal. Every container keeps fewer subviews than the threshold:
// child indexes, scene loads and dispatchers still end the process on a refusal (base.h,
// "Memory").
#include <hittest/hittest.h>
#include <hittest/testing.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

// MARK: The failing allocator

typedef struct Budget {
    long long left;      // allocations still allowed; -1: no limit
    long long refusals;  // allocations refused so far
    int paused;          // while set, nothing is counted or refused (the test's own checks)
} Budget;

static htAllocator base;
static Budget budget = {-1, 0, 0};

static int refuse(void) {
    if (budget.paused || budget.left < 0) return 0;
    if (budget.left == 0) {
        budget.refusals += 1;
        return 1;
    }
    budget.left -= 1;
    return 0;
}

static void* failingAlloc(size_t size, size_t alignment, void* context) {
    (void)context;
    return refuse() ? NULL : base.allocate(size, alignment, base.context);
}

static void* failingRealloc(void* p, size_t oldSize, size_t newSize, size_t alignment,
                            void* context) {
    (void)context;
    return refuse() ? NULL : base.reallocate(p, oldSize, newSize, alignment, base.context);
}

static void failingFree(void* p, size_t size, void* context) {
    (void)context;
    base.free(p, size, base.context);
}

// MARK: The scripted host

enum { bulkCount = 300, sceneCapacity = 1 << 20, batchPoints = 1024, indexThreshold = 32 };

typedef struct Host {
    htWorldId world;
    htViewId window;
    htViewId bulk[bulkCount];
    htViewId button;
} Host;

typedef htResult (*Step)(Host* host);

static htResult createWorld(Host* h) {
    htWorldDef d = htDefaultWorldDef();
    // The window holds 30 subviews, the most of any view: no child index is made.
    d.indexThreshold = indexThreshold;
    h->world = htCreateWorld(&d);
    return HT_IS_NON_NULL(h->world) ? HT_OK : htGetLastError();
}

static htResult addWindow(Host* h) {
    htViewDef d = htDefaultViewDef();
    d.name = "main window";
    d.frame = (htRect){0, 0, 390, 844};
    h->window = htWorld_AddWindow(h->world, &d);
    return HT_IS_NON_NULL(h->window) ? HT_OK : htGetLastError();
}

// Views in bulk: chains ten deep, long names, frames that floats hold and some they do
// not (those views take side records), a class of their own.
static htResult addBulk(Host* h) {
    static int32_t parents[bulkCount];
    static htRect frames[bulkCount];
    static char nameText[bulkCount][96];
    static const char* names[bulkCount];
    for (int i = 0; i < bulkCount; i++) {
        parents[i] = i % 10 == 0 ? -1 : i - 1;
        frames[i] = (htRect){(i % 10) * 3.0 + (i % 4 == 0 ? 0.1 : 0), (i / 10) * 20.0, 300 - (i % 10) * 6.0, 18};
        snprintf(nameText[i], sizeof nameText[i],
                 "bulk-view-%d-with-a-name-longer-than-a-small-string-so-its-bytes-count-%d", i, i * 7);
        names[i] = nameText[i];
    }
    htViewArrays a = {0};
    a.count = bulkCount;
    a.parents = parents;
    a.frames = frames;
    a.names = names;
    a.className = "BulkCell";
    return htWorld_AddViewArrays(h->world, h->window, &a, h->bulk);
}

static htResult addButton(Host* h) {
    htViewDef d = htDefaultViewDef();
    d.name = "button";
    d.className = "UIButton";
    d.frame = (htRect){1.5, 2.5, 40, 20};
    h->button = htWorld_AddView(h->world, h->bulk[105], &d);
    return HT_IS_NON_NULL(h->button) ? HT_OK : htGetLastError();
}

static htResult moveView(Host* h) { return htView_Move(h->bulk[10], h->bulk[219], -1); }

static htResult hitTest(Host* h) {
    htHit hit;
    for (int i = 0; i < 50; i++) {
        htResult r = htWorld_HitTest(h->world, (htVec2){(i * 37) % 390, (i * 91) % 640}, &hit);
        if (r != HT_OK) return r;
    }
    return HT_OK;
}

static htResult removeView(Host* h) { return htView_Remove(h->bulk[40]); }

static htResult addSecondWindow(Host* h) {
    htViewDef d = htDefaultViewDef();
    d.name = "alert window";
    d.className = "AlertWindow";
    d.frame = (htRect){20, 300, 350, 200};
    d.level = 2000;
    return HT_IS_NON_NULL(htWorld_AddWindow(h->world, &d)) ? HT_OK : htGetLastError();
}

// Changes of one view each that can give it a side record (or its redirect target one).
static htResult setFrame(Host* h) { return htView_SetFrame(h->bulk[3], (htRect){0.1, 0.2, 50.3, 10.7}); }
static htResult setCenter(Host* h) { return htView_SetCenter(h->bulk[88], (htVec2){100.3, 50.1}); }
static htResult setBounds(Host* h) { return htView_SetBounds(h->bulk[77], (htRect){5, 5, 30, 18}); }
static htResult setTransform(Host* h) {
    return htView_SetTransform(h->bulk[33], (htTransform){0.9, 0.1, -0.1, 0.9, 2, 3});
}
static htResult setAlpha(Host* h) { return htView_SetAlpha(h->bulk[54], 0.5f); }
static htResult setRedirect(Host* h) { return htView_SetRedirect(h->bulk[66], h->bulk[67]); }
static htResult setHitRules(Host* h) {
    htHitRules rules;
    CHECK_EQ_INT(htView_GetHitRules(h->bulk[123], &rules), HT_OK);
    rules.insets.top = -7;
    rules.insets.left = -7;
    return htView_SetHitRules(h->bulk[123], &rules);
}
static htResult setHidden(Host* h) { return htView_SetHidden(h->bulk[99], true); }
static htResult setDisabled(Host* h) { return htView_SetUserInteractionEnabled(h->bulk[98], false); }

static htResult updateIndexes(Host* h) { return htWorld_UpdateIndexes(h->world); }

// Batches over every seventh bulk view (but the chain htView_Remove took, bulk[40] to
// bulk[49]): centers and frames that floats do not hold, so each view takes a side record.
static htResult setCenters(Host* h) {
    htViewId views[bulkCount / 7];
    htVec2 centers[bulkCount / 7];
    int n = 0;
    for (int i = 1; i < bulkCount; i += 7) {
        if (i / 10 == 4) continue;
        views[n] = h->bulk[i];
        centers[n++] = (htVec2){150.3 + i % 5, (i / 10) * 20.0 + 9.1};
    }
    return htWorld_SetCenters(h->world, views, centers, n);
}

static htResult setFrames(Host* h) {
    htViewId views[bulkCount / 7];
    htRect frames[bulkCount / 7];
    int n = 0;
    for (int i = 2; i < bulkCount; i += 7) {
        if (i / 10 == 4) continue;
        views[n] = h->bulk[i];
        frames[n++] = (htRect){0.7 + i % 3, 0.3, 250.1 - i % 11, 17.9};
    }
    return htWorld_SetFrames(h->world, views, frames, n);
}

// Queries on two threads: each takes a scratch of its own.
static htResult hitTestBatch(Host* h) {
    static htVec2 points[batchPoints];
    static htHit hits[batchPoints];
    for (int i = 0; i < batchPoints; i++) points[i] = (htVec2){(i * 37) % 390, (i * 91) % 640};
    return htWorld_HitTestBatch(h->world, points, batchPoints, hits, 2);
}

static htResult save(Host* h) {
    static char text[sceneCapacity];
    return htWorld_SaveSceneBuffer(h->world, text, sizeof text, NULL);
}

// What each step may meet: a refusal for some N (it grows a table, so the script reaches
// its reservation), none (it allocates nothing through the hooks), or either (the room
// it reserves may be left over from the step before: side records are reserved two at
// a time). `stale`: the step changes views, and when the memory of the index's upkeep
// is refused it makes the change all the same and returns HT_OK with the index stale.
enum Expect { refused, never, either };

static const struct {
    const char* call;
    Step step;
    enum Expect expect;
    int stale;
} script[] = {
    {"htCreateWorld", createWorld, refused, 0},
    {"htWorld_AddWindow", addWindow, refused, 1},
    {"htWorld_AddViewArrays", addBulk, refused, 1},
    {"htWorld_AddView", addButton, refused, 1},
    {"htView_Move", moveView, refused, 1},
    {"htWorld_UpdateIndexes", updateIndexes, refused, 0},
    {"htWorld_HitTest", hitTest, never, 0},
    {"htView_Remove", removeView, refused, 1},
    {"htWorld_AddWindow", addSecondWindow, refused, 1},
    {"htWorld_SaveSceneBuffer", save, never, 0},
    {"htView_SetFrame", setFrame, refused, 1},
    {"htView_SetCenter", setCenter, either, 1},
    {"htView_SetBounds", setBounds, either, 1},
    {"htView_SetTransform", setTransform, either, 1},
    {"htView_SetAlpha", setAlpha, either, 1},
    {"htView_SetRedirect", setRedirect, either, 1},
    {"htView_SetHitRules", setHitRules, either, 1},
    {"htView_SetHidden", setHidden, either, 1},
    {"htView_SetUserInteractionEnabled", setDisabled, either, 1},
    {"htWorld_SetCenters", setCenters, refused, 1},
    {"htWorld_SetFrames", setFrames, refused, 1},
    {"htWorld_HitTestBatch", hitTestBatch, refused, 0},
    {"htWorld_UpdateIndexes", updateIndexes, either, 0},
    {"htWorld_HitTest", hitTest, never, 0},
};
enum { stepCount = sizeof script / sizeof script[0] };

// MARK: Checks

static char before[sceneCapacity];
static char after[sceneCapacity];

// The world as a scene's text ("" for none), with the budget paused.
static void snapshot(Host* h, char* out) {
    out[0] = '\0';
    if (!HT_IS_NON_NULL(h->world)) return;
    budget.paused = 1;
    CHECK_EQ_INT(htWorld_SaveSceneBuffer(h->world, out, sceneCapacity, NULL), HT_OK);
    budget.paused = 0;
}

static void checkSound(Host* h, int n, int k) {
    if (!HT_IS_NON_NULL(h->world)) return;
    budget.paused = 1;
    int32_t violations = -1;
    char first[256];
    CHECK_EQ_INT(htTesting_ValidateWorld(h->world, &violations, first, sizeof first), HT_OK);
    if (violations != 0) {
        fprintf(stderr, "N=%d, step %d (%s): %d violations, first: %s\n", n, k, script[k].call,
                violations, first);
        ht_failures++;
    }
    budget.paused = 0;
}

// Steps that met a refusal and returned HT_OK with the index stale, by step.
static int staleAt[stepCount];

// Runs the script with the Nth allocation refused; true when no allocation was refused.
static int runWith(int n, int* failedStep) {
    Host host;
    memset(&host, 0, sizeof host);
    budget.left = n;
    budget.refusals = 0;
    *failedStep = -1;
    for (int k = 0; k < stepCount; k++) {
        snapshot(&host, before);
        long long refusalsBefore = budget.refusals;
        htResult r = script[k].step(&host);
        if (r == HT_OK) {
            // A call that succeeds met no refusal (it changed its mind about nothing),
            // unless it is a change whose index upkeep was refused: then the world must be
            // sound with the index stale.
            if (budget.refusals != refusalsBefore) {
                if (!script[k].stale) {
                    fprintf(stderr, "N=%d, step %d (%s): HT_OK after a refusal\n", n, k,
                            script[k].call);
                    ht_failures++;
                }
                staleAt[k] += 1;
                checkSound(&host, n, k);
            }
            continue;
        }
        *failedStep = k;
        if (r != HT_ERROR_OUT_OF_MEMORY || budget.refusals == refusalsBefore) {
            fprintf(stderr, "N=%d, step %d (%s): %s, %s\n", n, k, script[k].call,
                    htResultName(r), htGetLastErrorMessage());
            ht_failures++;
            break;
        }
        CHECK_EQ_INT(htGetLastError(), HT_ERROR_OUT_OF_MEMORY);
        const char* message = htGetLastErrorMessage();
        CHECK(strncmp(message, script[k].call, strlen(script[k].call)) == 0);
        CHECK(strstr(message, " bytes") != NULL);
        if (k == 0) CHECK_EQ_INT(htGetByteCount(), 0);
        // The world is as it was before the call, and sound.
        snapshot(&host, after);
        if (strcmp(before, after) != 0) {
            fprintf(stderr, "N=%d, step %d (%s): the refused call changed the world\n", n, k,
                    script[k].call);
            ht_failures++;
        }
        checkSound(&host, n, k);
        // Allowed again, the same call works and the script goes on.
        budget.left = -1;
        CHECK_EQ_INT(script[k].step(&host), HT_OK);
    }
    for (int k = 0; k < stepCount && HT_IS_NON_NULL(host.world); k++) checkSound(&host, n, k);
    int clean = budget.refusals == 0;
    budget.left = -1;
    if (HT_IS_NON_NULL(host.world)) CHECK_EQ_INT(htDestroyWorld(host.world), HT_OK);
    CHECK_EQ_INT(htGetByteCount(), 0);
    CHECK_EQ_INT(htGetAllocationCount(), 0);
    return clean;
}

int main(void) {
    base = htGetDefaultAllocator();
    htAllocator hooks = {failingAlloc, failingRealloc, failingFree, NULL};
    CHECK_EQ_INT(htSetAllocator(&hooks), HT_OK);
    int refusedAt[stepCount] = {0};
    int n = 0;
    for (;; n++) {
        int failed;
        if (runWith(n, &failed)) break;
        if (failed >= 0) refusedAt[failed] += 1;
        if (ht_failures > 20 || n > 100000) break;
    }
    // The script reaches the reservation of every step that grows a table, and no step
    // that allocates nothing is ever refused.
    for (int k = 0; k < stepCount; k++) {
        if (script[k].expect == refused && refusedAt[k] == 0) {
            fprintf(stderr, "step %d (%s) never met a refusal\n", k, script[k].call);
            ht_failures++;
        }
        if (script[k].expect == never && refusedAt[k] != 0) {
            fprintf(stderr, "step %d (%s) was refused\n", k, script[k].call);
            ht_failures++;
        }
    }
    int stale = 0;
    for (int k = 0; k < stepCount; k++) stale += staleAt[k];
    printf("out of memory: %d runs (N = 0..%d), %s allocator, %d changes left the index "
           "stale, %d failures\n",
           n + 1, n, htUsesJemalloc() ? "jemalloc" : "system", stale, ht_failures);
    return ht_failures;
}
