// What the dispatch tests (test_dispatch.c, test_dispatch_kinds.c) share: a world with
// one full-screen window to build on, views added by name and frame, touch inputs, and
// finding an event in a batch. Include after <hittest/hittest.h>.
#ifndef HT_TEST_DISPATCH_SUPPORT_H
#define HT_TEST_DISPATCH_SUPPORT_H

#include <string.h>

// A new world and its window "main" (0, 0, 390, 844), the screen of the Swift tests.
typedef struct TestWorld {
    htWorldId world;
    htViewId window;
} TestWorld;

static inline TestWorld testWorld(void) {
    htWorldDef wd = htDefaultWorldDef();
    TestWorld t;
    t.world = htCreateWorld(&wd);
    htViewDef def = htDefaultViewDef();
    def.name = "main";
    def.frame = (htRect){0, 0, 390, 844};
    t.window = htWorld_AddWindow(t.world, &def);
    return t;
}

// A view named `name` of class `className` (NULL: the default class) in `parent`.
static inline htViewId addView(htWorldId world, htViewId parent, const char* name,
                               const char* className, htRect frame) {
    htViewDef def = htDefaultViewDef();
    def.name = name;
    if (className != NULL) def.className = className;
    def.frame = frame;
    return htWorld_AddView(world, parent, &def);
}

static inline htTouchInput touch(int64_t id, int32_t phase, double x, double y) {
    htTouchInput t = {id, phase, {x, y}};
    return t;
}

// The first event of `type` about `name`, or NULL.
static inline const htDispatchEvent* find(htDispatchEvents e, int32_t type, const char* name) {
    for (int32_t i = 0; i < e.count; i++) {
        if (e.events[i].type == type && strcmp(e.events[i].name, name) == 0) return &e.events[i];
    }
    return NULL;
}

#endif
