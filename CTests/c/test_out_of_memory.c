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
// after them as after a refusal. A list and a scroll view's content hold more subviews
// than the threshold: the list's child index is built, refitted, relabelled and
// shortened, the scroll view's content index built and rebuilt; a refusal of their
// memory drops or leaves stale the index (HT_OK), and the next index update builds it
// (HT_OK or HT_ERROR_OUT_OF_MEMORY). A dispatcher's frames reserve what they can before
// they start (an error when refused); a table that must grow half way through a frame
// takes Swift's memory when the hooks refuse (HT_OK), which the script allows of them.
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

enum {
    bulkCount = 300,
    sceneCapacity = 1 << 20,
    batchPoints = 1024,
    indexThreshold = 32,
    listCount = 48,  // a list's rows: more than indexThreshold, so the list has a child index
    stackCount = 200,  // views stacked on one spot, so that a query's best-first walk grows its heap
};

typedef struct Host {
    htWorldId world;
    htViewId window;
    htViewId bulk[bulkCount];
    htViewId button;
    htViewId list;
    htViewId rows[listCount];
    htViewId scroll;
    htViewId cells[listCount];
    htDispatcherId dispatcher;
    double time;
    htViewId stack[stackCount];
} Host;

typedef htResult (*Step)(Host* host);

static htResult createWorld(Host* h) {
    htWorldDef d = htDefaultWorldDef();
    // The window's 30 chains stay below the threshold; the list and the scroll view's
    // content pass it.
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

// A container of listCount rows, added in one call: its child index is built with them.
// The last row is a subview of row 3, so that row 3 moves with a subview.
static htResult addRows(Host* h, htViewId parent, const char* className, htViewId* out) {
    static int32_t parents[listCount];
    static htRect frames[listCount];
    static char nameText[listCount][32];
    static const char* names[listCount];
    for (int i = 0; i < listCount; i++) {
        parents[i] = i == listCount - 1 ? 3 : -1;
        frames[i] = (htRect){(i % 3) * 0.5, i * 44.0 + (i % 5) * 0.25, 390 - (i % 7), 44};
        snprintf(nameText[i], sizeof nameText[i], "%s-%d", className, i);
        names[i] = nameText[i];
    }
    htViewArrays a = {0};
    a.count = listCount;
    a.parents = parents;
    a.frames = frames;
    a.names = names;
    a.className = className;
    return htWorld_AddViewArrays(h->world, parent, &a, out);
}

static htResult addListView(Host* h) {
    htViewDef d = htDefaultViewDef();
    d.name = "list";
    d.frame = (htRect){0, 0, 390, 844};
    h->list = htWorld_AddView(h->world, h->bulk[200], &d);
    return HT_IS_NON_NULL(h->list) ? HT_OK : htGetLastError();
}

static htResult addListRows(Host* h) { return addRows(h, h->list, "Row", h->rows); }

// A scroll view whose content passes the threshold: it gets a content index with the
// screen index's next build.
static htResult addScrollView(Host* h) {
    htViewDef d = htDefaultViewDef();
    d.name = "scroll";
    d.className = "UIScrollView";
    d.frame = (htRect){0, 100, 390, 600};
    h->scroll = htWorld_AddView(h->world, h->window, &d);
    return HT_IS_NON_NULL(h->scroll) ? HT_OK : htGetLastError();
}

static htResult addCells(Host* h) { return addRows(h, h->scroll, "Cell", h->cells); }

// Changes of the list's rows, which its child index follows: a refit, a relabelling, a
// removal, an addition; and a scroll, and a cell moved inside the scroll view's content.
static htResult moveRow(Host* h) { return htView_SetFrame(h->rows[7], (htRect){3.5, 900.25, 200, 44}); }
static htResult reorderRow(Host* h) { return htView_Move(h->rows[11], h->list, 2); }
static htResult removeRow(Host* h) { return htView_Remove(h->rows[20]); }
static htResult addRow(Host* h) {
    htViewDef d = htDefaultViewDef();
    d.name = "late row";
    d.frame = (htRect){0.5, 2200.5, 390, 44};
    return HT_IS_NON_NULL(htWorld_AddView(h->world, h->list, &d)) ? HT_OK : htGetLastError();
}
static htResult scroll(Host* h) { return htView_SetBounds(h->scroll, (htRect){0, 130.5, 390, 600}); }
static htResult moveCell(Host* h) { return htView_SetFrame(h->cells[5], (htRect){1.5, 3000.25, 300, 44}); }
// A cell with a subview: the content index cannot follow it, and goes stale until the
// next index update rebuilds it.
static htResult moveCellWithSubview(Host* h) {
    return htView_SetFrame(h->cells[3], (htRect){2.5, 3100.25, 300, 44});
}

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

// Batches over every other bulk view, odd and even (but the chain htView_Remove took,
// bulk[40] to bulk[49]): centers and frames that floats do not hold, so each view takes a
// side record, more than the table's doubling left room for.
static htResult setCenters(Host* h) {
    htViewId views[bulkCount];
    htVec2 centers[bulkCount];
    int n = 0;
    for (int i = 1; i < bulkCount; i += 2) {
        if (i / 10 == 4) continue;
        views[n] = h->bulk[i];
        centers[n++] = (htVec2){150.3 + i % 5, (i / 10) * 20.0 + 9.1};
    }
    return htWorld_SetCenters(h->world, views, centers, n);
}

static htResult setFrames(Host* h) {
    htViewId views[bulkCount];
    htRect frames[bulkCount];
    int n = 0;
    for (int i = 0; i < bulkCount; i += 2) {
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

// A dispatcher on the world: the scroll view and the button take touches; a drag
// scrolls (the world's bounds change each frame), a flick decelerates over time, a tap
// tracks the control, the pointer hovers.
static htResult createDispatcher(Host* h) {
    htDispatcherDef d = htDefaultDispatcherDef();
    h->dispatcher = htCreateDispatcher(h->world, &d);
    return HT_IS_NON_NULL(h->dispatcher) ? HT_OK : htGetLastError();
}

static htResult setScrollView(Host* h) {
    htScrollViewDef d = htDefaultScrollViewDef();
    d.contentSize = (htVec2){390, listCount * 44.0};
    return htDispatcher_SetScrollView(h->dispatcher, h->scroll, &d);
}

static htResult setControl(Host* h) {
    htControlDef d = htDefaultControlDef();
    return htDispatcher_SetControl(h->dispatcher, h->button, &d);
}

static htResult feed(Host* h, int32_t phase, htVec2 point) {
    htTouchInput t = {1, phase, point};
    h->time += 1.0 / 60;
    return htDispatcher_Feed(h->dispatcher, h->time, &t, 1);
}

static htResult drag(Host* h) {
    htResult r = feed(h, HT_PHASE_BEGAN, (htVec2){200, 600});
    for (int i = 1; r == HT_OK && i <= 6; i++) r = feed(h, HT_PHASE_MOVED, (htVec2){200, 600 - 40.0 * i});
    if (r == HT_OK) r = feed(h, HT_PHASE_ENDED, (htVec2){200, 360});
    return r;
}

static htResult decelerate(Host* h) {
    htResult r = HT_OK;
    for (int i = 0; r == HT_OK && i < 30; i++) {
        h->time += 1.0 / 60;
        r = htDispatcher_AdvanceTime(h->dispatcher, h->time);
    }
    // The drag and the flick after it moved the content (the bounds' origin).
    htVec2 offset = {0, 0};
    if (r == HT_OK) CHECK_EQ_INT(htDispatcher_GetContentOffset(h->dispatcher, h->scroll, &offset), HT_OK);
    if (r == HT_OK) CHECK(offset.y > 240);
    return r;
}

static htResult tapButton(Host* h) {
    htResult r = feed(h, HT_PHASE_BEGAN, (htVec2){20, 10});
    if (r == HT_OK) r = feed(h, HT_PHASE_ENDED, (htVec2){20, 10});
    return r;
}

static htResult hover(Host* h) {
    htResult r = HT_OK;
    for (int i = 0; r == HT_OK && i < 10; i++) {
        htVec2 p = {10.0 + i * 30, 200.0 + i * 40};
        h->time += 1.0 / 60;
        r = htDispatcher_MovePointer(h->dispatcher, h->time, &p);
    }
    return r;
}

static htResult destroyDispatcher(Host* h) { return htDestroyDispatcher(h->dispatcher); }

// The world's own scene, saved (with the budget paused) and loaded back in its place:
// a store built whole, its child indexes and content indexes with it.
static htResult reload(Host* h) {
    static char text[sceneCapacity];
    size_t length = 0;
    budget.paused = 1;
    CHECK_EQ_INT(htWorld_SaveSceneBuffer(h->world, text, sizeof text, &length), HT_OK);
    budget.paused = 0;
    return htWorld_LoadSceneBuffer(h->world, text, length);
}

// Views stacked on one spot, the top one turned by 45 degrees: a point in the corner of
// its box but outside its shape makes the query confirm candidates below it, best first,
// from a heap that outgrows the query's scratch.
static htResult addStack(Host* h) {
    static int32_t parents[stackCount];
    static htRect frames[stackCount];
    static char nameText[stackCount][32];
    static const char* names[stackCount];
    for (int i = 0; i < stackCount; i++) {
        parents[i] = -1;
        frames[i] = (htRect){100 - (i % 9), 100 - (i % 7), 50 + (i % 9), 50 + (i % 7)};
        snprintf(nameText[i], sizeof nameText[i], "stacked-%d", i);
        names[i] = nameText[i];
    }
    frames[stackCount - 1] = (htRect){100, 100, 50, 50};
    htViewArrays a = {0};
    a.count = stackCount;
    a.parents = parents;
    a.frames = frames;
    a.names = names;
    return htWorld_AddViewArrays(h->world, h->window, &a, h->stack);
}

static htResult turnTop(Host* h) {
    return htView_SetTransform(h->stack[stackCount - 1], (htTransform){0.70710678, 0.70710678, -0.70710678, 0.70710678, 0, 0});
}

// The answer is the view under the turned one, whether the heap grew or the query
// walked instead.
static htResult hitStack(Host* h) {
    htHit hit;
    htResult r = htWorld_HitTest(h->world, (htVec2){101, 101}, &hit);
    if (r == HT_OK) CHECK(HT_VIEW_ID_EQUALS(hit.view, h->stack[stackCount - 2]));
    return r;
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
    {"htWorld_AddView", addListView, either, 1},
    {"htWorld_AddViewArrays", addListRows, refused, 1},
    {"htWorld_AddView", addScrollView, either, 1},
    {"htWorld_AddViewArrays", addCells, refused, 1},
    {"htWorld_UpdateIndexes", updateIndexes, either, 0},
    {"htView_SetBounds", scroll, either, 1},
    {"htView_SetFrame", moveCell, either, 1},
    {"htView_SetFrame", moveCellWithSubview, either, 1},
    {"htWorld_UpdateIndexes", updateIndexes, refused, 0},
    {"htView_SetFrame", moveRow, either, 1},
    {"htView_Move", reorderRow, either, 1},
    {"htView_Remove", removeRow, either, 1},
    {"htWorld_AddView", addRow, refused, 1},
    {"htWorld_UpdateIndexes", updateIndexes, either, 0},
    {"htWorld_HitTest", hitTest, never, 0},
    {"htWorld_HitTestBatch", hitTestBatch, either, 0},
    {"htWorld_AddViewArrays", addStack, refused, 1},
    {"htView_SetTransform", turnTop, either, 1},
    {"htWorld_UpdateIndexes", updateIndexes, either, 0},
    {"htWorld_HitTest", hitStack, either, 1},  // a refused heap: the walk answers
    {"htCreateDispatcher", createDispatcher, either, 0},
    {"htDispatcher_SetScrollView", setScrollView, either, 0},
    {"htDispatcher_SetControl", setControl, either, 0},
    {"htDispatcher_Feed", drag, either, 1},
    {"htDispatcher_AdvanceTime", decelerate, either, 1},
    {"htDispatcher_Feed", tapButton, either, 1},
    {"htDispatcher_MovePointer", hover, either, 1},
    {"htDestroyDispatcher", destroyDispatcher, never, 0},
    {"htWorld_LoadSceneBuffer", reload, refused, 1},
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
