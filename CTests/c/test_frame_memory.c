// A dispatcher's memory as an engine with a frame budget sees it: a host's counting
// allocator (htSetAllocator) and this program's own malloc, free and friends, which stand
// in for the C library's and count every block the process asks for outside the hooks.
// After warm-up, frames of touches on a control, on recognizers (tap, pan, long press)
// and on a scroll view (drags and flicks), pointer moves, time advances and the host's own
// layout (views moved one at a time and in batches) call malloc
// zero times; the dispatcher's tables are in the hooks, counted by htGetByteCount and
// given back by htDestroyDispatcher; what it holds outside the hooks at rest is at most
// 4 KB (EmbeddingInC.md lists it). The same again with names longer than the 15 bytes a
// Swift string holds inline: still no malloc in the frames.
#define _GNU_SOURCE
#include <hittest/hittest.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dispatch_support.h"

#if defined(__GLIBC__)
#include <malloc.h>

extern void* __libc_malloc(size_t size);
extern void* __libc_calloc(size_t count, size_t size);
extern void* __libc_realloc(void* pointer, size_t size);
extern void __libc_free(void* pointer);
extern void* __libc_memalign(size_t alignment, size_t size);

// Blocks asked for outside the hooks: calls, and bytes freed while `measuringFrees`.
static long long mallocCalls;
static long long freedBytes;
static int measuringFrees;
// Set while the hooks run: their blocks are the host's, counted by the hooks.
static int inHooks;

static void counted(void) {
    if (!inHooks) mallocCalls++;
}

void* malloc(size_t size) {
    counted();
    return __libc_malloc(size);
}

void* calloc(size_t count, size_t size) {
    counted();
    return __libc_calloc(count, size);
}

void* realloc(void* pointer, size_t size) {
    counted();
    return __libc_realloc(pointer, size);
}

void free(void* pointer) {
    if (pointer != NULL && measuringFrees && !inHooks) freedBytes += (long long)malloc_usable_size(pointer);
    __libc_free(pointer);
}

int posix_memalign(void** out, size_t alignment, size_t size) {
    counted();
    void* p = __libc_memalign(alignment, size);
    if (p == NULL) return 12;  // ENOMEM
    *out = p;
    return 0;
}

void* aligned_alloc(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

void* memalign(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

// The host's allocator: the default one, counted.
static htAllocator base;
static long long hookBytes;

static void* hookAllocate(size_t size, size_t alignment, void* context) {
    (void)context;
    inHooks++;
    void* p = base.allocate(size, alignment, base.context);
    inHooks--;
    if (p != NULL) hookBytes += (long long)size;
    return p;
}

static void* hookReallocate(void* pointer, size_t oldSize, size_t newSize, size_t alignment,
                            void* context) {
    (void)context;
    inHooks++;
    void* p = base.reallocate(pointer, oldSize, newSize, alignment, base.context);
    inHooks--;
    if (p != NULL) hookBytes += (long long)newSize - (long long)oldSize;
    return p;
}

static void hookFree(void* pointer, size_t size, void* context) {
    (void)context;
    inHooks++;
    base.free(pointer, size, base.context);
    inHooks--;
    hookBytes -= (long long)size;
}

typedef struct Host {
    TestWorld t;
    htDispatcherId d;
    htViewId button, card, scroll;
    htViewId rows[50];
    double time;
    int events;
} Host;

static void feed(Host* h, int64_t id, int32_t phase, double x, double y) {
    htTouchInput input = touch(id, phase, x, y);
    h->time += 1.0 / 60;
    CHECK_EQ_INT(htDispatcher_Feed(h->d, h->time, &input, 1), HT_OK);
    h->events += htDispatcher_GetEvents(h->d).count;
}

static void advance(Host* h, int frames) {
    for (int i = 0; i < frames; i++) {
        h->time += 1.0 / 60;
        CHECK_EQ_INT(htDispatcher_AdvanceTime(h->d, h->time), HT_OK);
        h->events += htDispatcher_GetEvents(h->d).count;
    }
}

// A few frames of a host's own layout: the card and the button moved one view at a time
// (htView_SetCenter, htView_SetFrame, htView_SetTransform), the list's rows in one call
// (htWorld_SetCenters, htWorld_SetFrames), then everything put back.
static void layoutFrames(Host* h) {
    htVec2 centers[50];
    htRect frames[50];
    for (int f = 0; f <= 10; f++) {
        double dx = f < 10 ? f : 0;
        CHECK_EQ_INT(htView_SetCenter(h->card, (htVec2){160 + dx, 110}), HT_OK);
        CHECK_EQ_INT(htView_SetFrame(h->button, (htRect){10 + dx, 10, 100, 40}), HT_OK);
        htTransform t = {1, 0, 0, 1, dx, 0};
        CHECK_EQ_INT(htView_SetTransform(h->card, t), HT_OK);
        for (int i = 0; i < 50; i++) {
            centers[i] = (htVec2){195 + dx, i * 44.0 + 22};
            frames[i] = (htRect){dx, i * 44.0, 390, 44};
        }
        CHECK_EQ_INT(htWorld_SetCenters(h->t.world, h->rows, centers, 50), HT_OK);
        CHECK_EQ_INT(htWorld_SetFrames(h->t.world, h->rows, frames, 50), HT_OK);
    }
}

// One round of what a user does: a tap on the button, a tap, a pan and a long press on the
// card, a drag of the list each way with the flick after it, the pointer across the screen;
// and the host's layout frames.
static void playRound(Host* h) {
    layoutFrames(h);
    feed(h, 1, HT_PHASE_BEGAN, 50, 30);
    feed(h, 1, HT_PHASE_ENDED, 50, 30);
    feed(h, 2, HT_PHASE_BEGAN, 100, 100);
    feed(h, 2, HT_PHASE_ENDED, 100, 100);
    advance(h, 30);
    feed(h, 3, HT_PHASE_BEGAN, 100, 100);
    for (int i = 1; i < 10; i++) feed(h, 3, HT_PHASE_MOVED, 100 + 10 * i, 100);
    feed(h, 3, HT_PHASE_ENDED, 190, 100);
    feed(h, 4, HT_PHASE_BEGAN, 100, 120);
    advance(h, 40);
    feed(h, 4, HT_PHASE_ENDED, 100, 120);
    for (int dir = -1; dir <= 1; dir += 2) {
        feed(h, 5, HT_PHASE_BEGAN, 200, 500);
        for (int i = 1; i < 8; i++) feed(h, 5, HT_PHASE_MOVED, 200, 500 + dir * 40.0 * i);
        feed(h, 5, HT_PHASE_ENDED, 200, 500 + dir * 320.0);
        advance(h, 200);
    }
    for (int i = 0; i < 20; i++) {
        htVec2 p = {10.0 + i * 15, 20.0 + i * 30};
        h->time += 1.0 / 60;
        CHECK_EQ_INT(htDispatcher_MovePointer(h->d, h->time, &p), HT_OK);
    }
    CHECK_EQ_INT(htDispatcher_MovePointer(h->d, h->time, NULL), HT_OK);
}

// One session: a world and a dispatcher, warmed up, measured, destroyed. `prefix` starts
// every view's and recognizer's name: "" for short names, which Swift keeps inline, or a
// long one, which makes every name longer than the 15 bytes a Swift string holds inline,
// as engines' names often are ("com.example.shop.buyButton").
static void session(const char* prefix) {
    Host h = {0};
    h.t = testWorld();
    char name[96];
    snprintf(name, sizeof name, "%sbutton", prefix);
    h.button = addView(h.t.world, h.t.window, name, "UIButton", (htRect){10, 10, 100, 40});
    snprintf(name, sizeof name, "%scard", prefix);
    h.card = addView(h.t.world, h.t.window, name, NULL, (htRect){10, 60, 300, 100});
    // The card holds a title, so that moving it moves a container with its subviews.
    snprintf(name, sizeof name, "%scardTitle", prefix);
    addView(h.t.world, h.card, name, "UILabel", (htRect){10, 10, 200, 30});
    snprintf(name, sizeof name, "%slist", prefix);
    h.scroll = addView(h.t.world, h.t.window, name, "UIScrollView", (htRect){0, 200, 390, 600});
    for (int i = 0; i < 50; i++) {
        snprintf(name, sizeof name, "%srow %d", prefix, i);
        h.rows[i] = addView(h.t.world, h.scroll, name, NULL, (htRect){0, i * 44.0, 390, 44});
    }
    htDispatcherDef dd = htDefaultDispatcherDef();
    h.d = htCreateDispatcher(h.t.world, &dd);
    CHECK(HT_IS_NON_NULL(h.d));
    htControlDef control = htDefaultControlDef();
    CHECK_EQ_INT(htDispatcher_SetControl(h.d, h.button, &control), HT_OK);
    const char* names[] = {"cardTap", "cardPan", "cardHold"};
    int32_t kinds[] = {HT_GESTURE_TAP, HT_GESTURE_PAN, HT_GESTURE_LONG_PRESS};
    for (int k = 0; k < 3; k++) {
        htGestureDef g = htDefaultGestureDef();
        snprintf(name, sizeof name, "%s%s", prefix, names[k]);
        g.name = name;
        g.kind = kinds[k];
        CHECK(HT_IS_NON_NULL(htDispatcher_AddGesture(h.d, h.card, &g)));
    }
    htScrollViewDef scroll = htDefaultScrollViewDef();
    scroll.contentSize = (htVec2){390, 50 * 44.0};
    CHECK_EQ_INT(htDispatcher_SetScrollView(h.d, h.scroll, &scroll), HT_OK);

    // Warm-up: the tables grow to what these frames need.
    for (int r = 0; r < 3; r++) playRound(&h);
    int warmEvents = h.events;
    long long before = mallocCalls;
    for (int r = 0; r < 3; r++) playRound(&h);
    long long framesCalls = mallocCalls - before;
    int events = h.events - warmEvents;

    // The frames ran (every kind of event, the list moved) and called malloc zero times.
    CHECK(events > 1000);
    CHECK_EQ_INT(framesCalls, 0);
    CHECK_EQ_INT(hookBytes, htGetByteCount());

    // What the dispatcher holds: in the hooks, given back when it is destroyed; outside
    // them (its Swift objects and the lists listed in EmbeddingInC.md), at most 4 KB.
    long long hooksBefore = htGetByteCount();
    measuringFrees = 1;
    CHECK_EQ_INT(htDestroyDispatcher(h.d), HT_OK);
    measuringFrees = 0;
    long long dispatcherHookBytes = hooksBefore - htGetByteCount();
    CHECK(dispatcherHookBytes > 4096);
    CHECK(freedBytes > 0);
    // Names longer than 15 bytes are Swift strings on the heap: the recognizers', the
    // touches' and the views' ids the dispatcher keeps (EmbeddingInC.md, "Memory").
    CHECK(freedBytes <= (*prefix ? 6144 : 4096));
    CHECK_EQ_INT(htDestroyWorld(h.t.world), HT_OK);
    CHECK_EQ_INT(htGetByteCount(), 0);
    CHECK_EQ_INT(hookBytes, 0);
    printf(
        "frame memory, %s names: %d events in 3 rounds, %lld malloc calls; the dispatcher held "
        "%lld bytes in the hooks and %lld outside; %d failures so far\n",
        *prefix ? "long" : "short", events, framesCalls, dispatcherHookBytes, freedBytes,
        ht_failures);
    freedBytes = 0;
}

int main(void) {
    base = htGetDefaultAllocator();
    htAllocator hooks = {hookAllocate, hookReallocate, hookFree, NULL};
    CHECK_EQ_INT(htSetAllocator(&hooks), HT_OK);
    session("");
    session("com.example.shop.catalog.");
    return ht_failures;
}
#else
int main(void) {
    printf("frame memory: needs glibc to count malloc; not run\n");
    return 0;
}
#endif
