// Parity of the C API's answers with the reference oracle (testing.h), which runs the
// spec's recursive algorithm on reference views and shares no query code with the store.
//
// 1. Generated scenes: seeded random trees built through the C API (transforms, hidden
//    views, alpha, interaction, every hit rule, insets, redirects, window levels, big
//    containers that get an index), then random changes (moves, removals, geometry,
//    flags), a batch added from flat arrays (htWorld_AddViewArrays); each scene is saved to a file, the oracle loads that file, and both answer
//    the same points: single queries and a batch on two threads must match the oracle's
//    view and local point bit for bit.
// 2. Scene files given on the command line, loaded with htWorld_LoadSceneFile.
//
// Usage: test_parity WORKDIR [SCENE.json ...]; HT_PARITY_SEEDS=n runs n seeds (default 12).
#include <hittest/hittest.h>
#include <hittest/testing.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static uint64_t rngState;

static uint64_t next64(void) {  // SplitMix64
    uint64_t z = (rngState += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int below(int n) { return (int)(next64() % (uint64_t)n); }
static bool chance(int percent) { return below(100) < percent; }
/// Multiples of 0.5 make points land exactly on edges often.
static double halfSteps(double lo, double hi) {
    return lo + 0.5 * below((int)((hi - lo) * 2) + 1);
}

enum { maxViews = 1200, pointsPerScene = 1500 };

typedef struct Scene {
    htViewId views[maxViews];
    htViewId windows[4];
    int count;
    int windowCount;
} Scene;

static const char* classes[] = {"UIView", "UIButton", "UILabel", "UIImageView", "UIScrollView"};

static htViewDef randomDef(char* name, double extent) {
    htViewDef d = htDefaultViewDef();
    d.name = name;
    d.className = classes[below(5)];
    double w = halfSteps(0, extent), h = halfSteps(0, extent);
    d.frame = (htRect){halfSteps(-extent / 4, extent), halfSteps(-extent / 4, extent), w, h};
    if (chance(15)) {
        double a = (below(8) - 4) * 0.3927;
        double s = chance(50) ? 1 : 0.5 + below(4) * 0.25;
        d.transform = (htTransform){cos(a) * s, sin(a) * s, -sin(a) * s, cos(a) * s,
                                    halfSteps(-10, 10), halfSteps(-10, 10)};
    }
    if (chance(5)) d.hidden = true;
    if (chance(8)) d.alpha = chance(50) ? 0.005f : 0.5f;
    if (chance(10)) d.userInteractionEnabled = below(2);
    if (chance(10)) d.hitRules.shape = HT_SHAPE_ELLIPSE;
    if (chance(10)) d.hitRules.pointInside = 1 + below(2);
    if (chance(8)) d.hitRules.hitTest = 1 + below(2);
    if (chance(8)) {
        d.hitRules.insets = (htInsets){halfSteps(-8, 8), halfSteps(-8, 8), halfSteps(-8, 8),
                                       halfSteps(-8, 8)};
    }
    return d;
}

static void build(htWorldId world, Scene* s, int target) {
    s->count = 0;
    s->windowCount = 1 + below(3);
    char name[32];
    for (int w = 0; w < s->windowCount; w++) {
        snprintf(name, sizeof name, "w%d", w);
        htViewDef d = htDefaultViewDef();
        d.name = name;
        d.className = "UIWindow";
        d.frame = (htRect){halfSteps(0, 40), halfSteps(0, 40), 390, 844};
        d.level = below(3);
        if (chance(20)) d.hitRules.hitTest = HT_HIT_TEST_PASSTHROUGH;
        s->windows[w] = htWorld_AddWindow(world, &d);
        CHECK(HT_IS_NON_NULL(s->windows[w]));
    }
    // One big container per scene, with enough children for an index.
    htViewId big = s->windows[0];
    while (s->count < target && s->count < maxViews) {
        htViewId parent;
        int k = s->count;
        if (k > 0 && k < 80 && k % 2 == 0 && HT_IS_NON_NULL(big) && k > 1) {
            parent = big;
        } else if (s->count == 0 || chance(15)) {
            parent = s->windows[below(s->windowCount)];
        } else {
            parent = s->views[below(s->count)];
        }
        snprintf(name, sizeof name, "v%d", k);
        htViewDef d = randomDef(name, parent.index1 == big.index1 && k > 1 ? 60 : 300);
        htViewId v = htWorld_AddView(world, parent, &d);
        CHECK(HT_IS_NON_NULL(v));
        s->views[s->count++] = v;
        if (k == 1) big = v;
        if (chance(3) && s->count > 2) {
            // A redirect to a random view: kept when it is a descendant, else ignored.
            htView_SetRedirect(parent, s->views[below(s->count)]);
        }
    }
}

/// Adds up to 300 views from flat arrays under a random view or window in one
/// htWorld_AddViewArrays call, after checking that bad arrays are refused whole.
static void addArrays(htWorldId world, Scene* s) {
    enum { most = 300 };
    static int32_t parents[most];
    static htRect frames[most];
    static uint8_t flags[most];
    static char nameText[most][16];
    static const char* names[most];
    static htViewId ids[most];
    int n = 1 + below(most);
    if (s->count + n > maxViews) n = maxViews - s->count;
    if (n <= 0) return;
    for (int i = 0; i < n; i++) {
        parents[i] = i == 0 || chance(30) ? -1 : below(i);
        frames[i] = (htRect){halfSteps(-20, 250), halfSteps(-20, 250), halfSteps(0, 120),
                             halfSteps(0, 120)};
        flags[i] = chance(5) ? HT_VIEW_HIDDEN : chance(5) ? HT_VIEW_INTERACTION_DISABLED : 0;
        snprintf(nameText[i], sizeof nameText[i], "b%d", s->count + i);
        names[i] = nameText[i];
    }
    htViewId parent = chance(30) ? s->windows[below(s->windowCount)] : s->views[below(s->count)];
    if (!htView_IsValid(parent)) parent = s->windows[0];
    int32_t before = 0, after = 0;
    CHECK_EQ_INT(htWorld_GetViewCount(world, &before), HT_OK);
    // A parent index that is not earlier: refused, naming it, and nothing added.
    int bad = below(n);
    int32_t saved = parents[bad];
    parents[bad] = bad;
    htViewArrays a = {n, parents, frames, flags, names, "UIView"};
    CHECK_EQ_INT(htWorld_AddViewArrays(world, parent, &a, ids), HT_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(htGetLastErrorMessage(), "parents[") != NULL);
    CHECK_EQ_INT(htWorld_GetViewCount(world, &after), HT_OK);
    CHECK_EQ_INT(after, before);
    parents[bad] = saved;
    CHECK_EQ_INT(htWorld_AddViewArrays(world, parent, &a, ids), HT_OK);
    CHECK_EQ_INT(htWorld_GetViewCount(world, &after), HT_OK);
    CHECK_EQ_INT(after, before + n);
    for (int i = 0; i < n; i++) {
        char name[16];
        CHECK_EQ_INT(htView_GetName(ids[i], name, sizeof name, NULL), HT_OK);
        CHECK(strcmp(name, nameText[i]) == 0);
        s->views[s->count++] = ids[i];
    }
}

static void change(Scene* s, int changes) {
    for (int i = 0; i < changes; i++) {
        htViewId v = s->views[below(s->count)];
        if (!htView_IsValid(v)) continue;
        switch (below(8)) {
        case 0: htView_Remove(v); break;
        case 1: {
            htViewId p = chance(30) ? s->windows[below(s->windowCount)] : s->views[below(s->count)];
            // Moves into the view's own subtree are refused with an error; fine.
            htView_Move(v, p, chance(50) ? -1 : 0);
            break;
        }
        case 2: {
            htRect r = {halfSteps(0, 300), halfSteps(0, 300), halfSteps(0, 200), halfSteps(0, 200)};
            htView_SetFrame(v, r);
            break;
        }
        case 3: htView_SetCenter(v, (htVec2){halfSteps(-20, 400), halfSteps(-20, 800)}); break;
        case 4: htView_SetHidden(v, chance(50)); break;
        case 5: htView_SetTransform(v, (htTransform){0, 1, -1, 0, halfSteps(0, 5), 0}); break;
        case 6: htView_BringToFront(v); break;
        default: {
            htHitRules r = {below(2), below(3), below(3), {0, 0, 0, 0}};
            htView_SetHitRules(v, &r);
        }
        }
    }
}

/// Moves up to 64 live views in one htWorld_SetCenters call and up to 32 in one
/// htWorld_SetFrames call, as an engine does each frame.
static void batchMoves(htWorldId world, Scene* s) {
    htViewId views[64];
    htVec2 centers[64];
    htRect frames[64];
    int n = 0;
    for (int tries = 0; tries < 200 && n < 64; tries++) {
        htViewId v = s->views[below(s->count)];
        if (!htView_IsValid(v)) continue;
        views[n] = v;
        centers[n] = (htVec2){halfSteps(-20, 400), halfSteps(-20, 800)};
        n++;
    }
    CHECK_EQ_INT(htWorld_SetCenters(world, views, centers, n), HT_OK);
    int m = n < 32 ? n : 32;
    for (int i = 0; i < m; i++) {
        frames[i] = (htRect){halfSteps(0, 300), halfSteps(0, 300), halfSteps(1, 200), halfSteps(1, 200)};
    }
    CHECK_EQ_INT(htWorld_SetFrames(world, views, frames, m), HT_OK);
}

static htVec2 points[pointsPerScene];
static htReferenceHit expected[pointsPerScene];
static htHit batch[pointsPerScene];

/// Compares the world's answers (single and batch) with the oracle's on `path`.
static int compare(htWorldId world, const char* path, const char* label) {
    for (int i = 0; i < pointsPerScene; i++) {
        if (chance(50)) {
            points[i] = (htVec2){halfSteps(-20, 420), halfSteps(-20, 880)};
        } else {
            points[i] = (htVec2){below(420) + below(1000) / 1000.0, (double)below(880)};
        }
    }
    if (htTesting_ReferenceHitTestFile(path, points, pointsPerScene, expected) != HT_OK) {
        fprintf(stderr, "%s: oracle: %s\n", label, htGetLastErrorMessage());
        ht_failures++;
        return 0;
    }
    CHECK_EQ_INT(htWorld_HitTestBatch(world, points, pointsPerScene, batch, 2), HT_OK);
    int hits = 0, mismatches = 0;
    for (int i = 0; i < pointsPerScene; i++) {
        htHit hit;
        CHECK_EQ_INT(htWorld_HitTest(world, points[i], &hit), HT_OK);
        char name[128] = "";
        if (HT_IS_NON_NULL(hit.view)) {
            htView_GetName(hit.view, name, sizeof name, NULL);
            hits++;
        }
        bool same = HT_IS_NON_NULL(hit.view) == expected[i].hit &&
                    strcmp(name, expected[i].name) == 0 &&
                    (!expected[i].hit ||
                     memcmp(&hit.localPoint, &expected[i].localPoint, sizeof(htVec2)) == 0) &&
                    HT_VIEW_ID_EQUALS(hit.view, batch[i].view) &&
                    memcmp(&hit.localPoint, &batch[i].localPoint, sizeof(htVec2)) == 0;
        if (!same && mismatches++ < 5) {
            fprintf(stderr,
                    "%s: point (%.17g, %.17g): C API says %s (%.17g, %.17g), the reference %s "
                    "(%.17g, %.17g)\n",
                    label, points[i].x, points[i].y, HT_IS_NULL(hit.view) ? "nothing" : name,
                    hit.localPoint.x, hit.localPoint.y,
                    expected[i].hit ? expected[i].name : "nothing", expected[i].localPoint.x,
                    expected[i].localPoint.y);
        }
    }
    if (mismatches > 0) ht_failures++;
    return hits;
}

static Scene scene;

int main(int argc, char** argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: test_parity WORKDIR [SCENE.json ...]\n");
        return 2;
    }
    int seeds = getenv("HT_PARITY_SEEDS") ? atoi(getenv("HT_PARITY_SEEDS")) : 12;
    int totalHits = 0;
    char path[1024];
    for (int seed = 1; seed <= seeds; seed++) {
        rngState = (uint64_t)seed * 7919;
        htWorldDef wd = htDefaultWorldDef();
        wd.indexThreshold = seed % 3 == 0 ? 0 : 16;
        htWorldId world = htCreateWorld(&wd);
        build(world, &scene, 200 + below(800));
        addArrays(world, &scene);
        change(&scene, below(200));
        batchMoves(world, &scene);
        if (seed % 2 == 1) CHECK_EQ_INT(htWorld_UpdateIndexes(world), HT_OK);
        snprintf(path, sizeof path, "%s/parity-seed-%d.json", argv[1], seed);
        CHECK_EQ_INT(htWorld_SaveSceneFile(world, path), HT_OK);
        char label[64];
        snprintf(label, sizeof label, "seed %d", seed);
        int hits = compare(world, path, label);
        CHECK(hits > 0);
        totalHits += hits;
        htDestroyWorld(world);
        remove(path);
    }
    for (int i = 2; i < argc; i++) {
        htWorldDef wd = htDefaultWorldDef();
        wd.indexThreshold = 2;  // index even small containers
        htWorldId world = htCreateWorld(&wd);
        CHECK_EQ_INT(htWorld_LoadSceneFile(world, argv[i]), HT_OK);
        totalHits += compare(world, argv[i], argv[i]);
        htDestroyWorld(world);
    }
    CHECK_EQ_INT(htGetByteCount(), 0);
    printf("parity: %d seeds and %d files, %d hits compared, %d failures\n", seeds, argc - 2,
           totalHits, ht_failures);
    return ht_failures;
}
