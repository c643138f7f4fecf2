// Ids: the null id, stale ids (removed views, destroyed or reloaded worlds), foreign ids
// (another world's views) and bad arguments (NULL, NaN, unknown enum values) all return
// an error code with a message naming the argument; nothing crashes.
#include <hittest/hittest.h>
#include <hittest/testing.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static htViewId addView(htWorldId world, htViewId parent, const char* name, htRect frame) {
    htViewDef d = htDefaultViewDef();
    d.name = name;
    d.frame = frame;
    return htWorld_AddView(world, parent, &d);
}

static htViewId addWindow(htWorldId world, const char* name) {
    htViewDef d = htDefaultViewDef();
    d.name = name;
    d.frame = (htRect){0, 0, 100, 100};
    return htWorld_AddWindow(world, &d);
}

#define CHECK_ERROR(call, code, word)                                                     \
    do {                                                                                  \
        CHECK_EQ_INT((call), (code));                                                     \
        CHECK_EQ_INT(htGetLastError(), (code));                                           \
        CHECK(strstr(htGetLastErrorMessage(), (word)) != NULL);                           \
    } while (0)

int main(void) {
    htWorldDef wd = htDefaultWorldDef();
    htWorldId a = htCreateWorld(&wd);
    htWorldId b = htCreateWorld(&wd);
    CHECK(HT_IS_NON_NULL(a) && HT_IS_NON_NULL(b) && !HT_WORLD_ID_EQUALS(a, b));
    htViewId wa = addWindow(a, "wa");
    htViewId wb = addWindow(b, "wb");
    htViewId va = addView(a, wa, "va", (htRect){0, 0, 50, 50});
    htViewId vb = addView(b, wb, "vb", (htRect){0, 0, 50, 50});
    CHECK(htView_IsValid(va) && htView_IsValid(vb));
    CHECK_EQ_INT(htGetLastError(), HT_OK);
    CHECK_EQ_INT(strlen(htGetLastErrorMessage()), 0);

    // Zero ids.
    CHECK_ERROR(htView_SetHidden(htNullViewId, true), HT_ERROR_NULL_ID, "htView_SetHidden");
    CHECK_ERROR(htDestroyWorld(htNullWorldId), HT_ERROR_NULL_ID, "world");
    CHECK(HT_IS_NULL(htWorld_AddView(a, htNullViewId, &(htViewDef){0})));
    CHECK_EQ_INT(htGetLastError(), HT_ERROR_NULL_ID);
    CHECK(!htView_IsValid(htNullViewId));
    CHECK(!htWorld_IsValid(htNullWorldId));
    htHit hit;
    CHECK_ERROR(htWorld_HitTest(htNullWorldId, (htVec2){1, 1}, &hit), HT_ERROR_NULL_ID, "world");

    // Foreign ids: a view of world b used with world a.
    htViewDef d = htDefaultViewDef();
    CHECK(HT_IS_NULL(htWorld_AddView(a, vb, &d)));
    CHECK_EQ_INT(htGetLastError(), HT_ERROR_FOREIGN_ID);
    CHECK(strstr(htGetLastErrorMessage(), "parent") != NULL);
    CHECK_ERROR(htView_Move(va, vb, -1), HT_ERROR_FOREIGN_ID, "another world");
    CHECK_ERROR(htView_SetRedirect(wa, vb), HT_ERROR_FOREIGN_ID, "target");

    // Stale ids: a removed view, then its slot reused by a new view.
    CHECK_EQ_INT(htView_Remove(va), HT_OK);
    CHECK(!htView_IsValid(va));
    CHECK_ERROR(htView_SetFrame(va, (htRect){0, 0, 1, 1}), HT_ERROR_STALE_ID, "removed");
    htViewId again = addView(a, wa, "again", (htRect){0, 0, 10, 10});
    CHECK_EQ_INT(again.index1, va.index1);
    CHECK(again.generation != va.generation);
    CHECK_ERROR(htView_SetHidden(va, true), HT_ERROR_STALE_ID, "view");
    char name[16];
    CHECK_ERROR(htView_GetName(va, name, sizeof name, NULL), HT_ERROR_STALE_ID, "GetName");
    // Made-up ids: out of range index, world slot with no world.
    htViewId madeUp = {999999, 1, a.index1 - 1, va.revision};
    CHECK_ERROR(htView_SetHidden(madeUp, true), HT_ERROR_STALE_ID, "view");
    htViewId noWorld = {1, 1, HT_MAX_WORLDS + 5, 1};
    CHECK_ERROR(htView_Remove(noWorld), HT_ERROR_STALE_ID, "view");

    // A reload makes every old id of the world stale, even where slots line up.
    htWorldId c = htCreateWorld(&wd);
    htViewId wc = addWindow(c, "wc");
    CHECK_EQ_INT(htWorld_SaveSceneFile(c, "test_ids_scene.json"), HT_OK);
    CHECK_EQ_INT(htWorld_LoadSceneFile(c, "test_ids_scene.json"), HT_OK);
    remove("test_ids_scene.json");
    CHECK_ERROR(htView_SetHidden(wc, true), HT_ERROR_STALE_ID, "reloaded");
    int32_t count = -1;
    CHECK_EQ_INT(htWorld_GetViewCount(c, &count), HT_OK);
    CHECK_EQ_INT(count, 1);

    // Views added without names (as engines add them) save a scene that loads: the file
    // needs unique ids, so each unnamed view is written with a new one.
    htViewId wc2;
    int32_t windows = 0;
    CHECK_EQ_INT(htWorld_GetWindows(c, &wc2, 1, &windows), HT_OK);
    CHECK_EQ_INT(windows, 1);
    int32_t parents[3] = {-1, 0, 0};
    htRect frames[3] = {{0, 0, 100, 100}, {0, 0, 40, 40}, {50, 0, 40, 40}};
    htViewArrays unnamed;
    memset(&unnamed, 0, sizeof unnamed);
    unnamed.count = 3;
    unnamed.parents = parents;
    unnamed.frames = frames;
    CHECK_EQ_INT(htWorld_AddViewArrays(c, wc2, &unnamed, NULL), HT_OK);
    size_t saved = 0;
    CHECK_EQ_INT(htWorld_SaveSceneBuffer(c, NULL, 0, &saved), HT_ERROR_BUFFER_TOO_SMALL);
    char* text = malloc(saved + 1);
    CHECK(text != NULL);
    CHECK_EQ_INT(htWorld_SaveSceneBuffer(c, text, saved + 1, &saved), HT_OK);
    CHECK(strstr(text, "\"view#3\"") != NULL);
    htWorldId loaded = htCreateWorld(&wd);
    CHECK_EQ_INT(htWorld_LoadSceneBuffer(loaded, text, saved), HT_OK);
    free(text);
    CHECK_EQ_INT(htWorld_GetViewCount(loaded, &count), HT_OK);
    CHECK_EQ_INT(count, 4);
    htHit inSecond;
    CHECK_EQ_INT(htWorld_HitTest(loaded, (htVec2){60, 10}, &inSecond), HT_OK);
    char hitName[16];
    CHECK_EQ_INT(htView_GetName(inSecond.view, hitName, sizeof hitName, NULL), HT_OK);
    CHECK(strcmp(hitName, "view#3") == 0);
    CHECK_EQ_INT(htDestroyWorld(loaded), HT_OK);

    // A destroyed world: its id and its views' ids are stale.
    CHECK_EQ_INT(htDestroyWorld(b), HT_OK);
    CHECK(!htWorld_IsValid(b));
    CHECK(!htView_IsValid(vb));
    CHECK_ERROR(htWorld_HitTest(b, (htVec2){1, 1}, &hit), HT_ERROR_STALE_ID, "destroyed");
    CHECK_ERROR(htView_SetHidden(vb, true), HT_ERROR_STALE_ID, "view");
    CHECK_ERROR(htDestroyWorld(b), HT_ERROR_STALE_ID, "world");
    // Its slot is reused with a new generation: the old id stays stale.
    htWorldId b2 = htCreateWorld(&wd);
    CHECK_EQ_INT(b2.index1, b.index1);
    CHECK(b2.generation != b.generation);
    CHECK(!htWorld_IsValid(b));
    CHECK(!htView_IsValid(vb));

    // Bad arguments: NULL pointers, NaN, negative sizes, unknown enums, bad definitions.
    CHECK(HT_IS_NULL(htCreateWorld(NULL)));
    CHECK_EQ_INT(htGetLastError(), HT_ERROR_INVALID_ARGUMENT);
    htWorldDef raw;
    memset(&raw, 0, sizeof raw);
    CHECK(HT_IS_NULL(htCreateWorld(&raw)));
    CHECK(strstr(htGetLastErrorMessage(), "htDefaultWorldDef") != NULL);
    CHECK_ERROR(htWorld_HitTest(a, (htVec2){1, 1}, NULL), HT_ERROR_INVALID_ARGUMENT, "hit");
    CHECK_ERROR(htView_SetFrame(again, (htRect){NAN, 0, 1, 1}), HT_ERROR_INVALID_ARGUMENT,
                "frame");
    CHECK_ERROR(htView_SetBounds(again, (htRect){0, 0, -1, 1}), HT_ERROR_INVALID_ARGUMENT,
                "bounds");
    CHECK_ERROR(htView_SetCenter(again, (htVec2){INFINITY, 0}), HT_ERROR_INVALID_ARGUMENT,
                "center");
    CHECK_ERROR(htView_SetTransform(again, (htTransform){1, 0, 0, NAN, 0, 0}),
                HT_ERROR_INVALID_ARGUMENT, "transform");
    CHECK_ERROR(htView_SetAlpha(again, NAN), HT_ERROR_INVALID_ARGUMENT, "alpha");
    htHitRules rules = {HT_SHAPE_ELLIPSE, 7, HT_HIT_TEST_DEFAULT, {0, 0, 0, 0}};
    CHECK_ERROR(htView_SetHitRules(again, &rules), HT_ERROR_INVALID_ARGUMENT, "pointInside");
    CHECK_ERROR(htView_SetHitRules(again, NULL), HT_ERROR_INVALID_ARGUMENT, "rules");
    htViewDef notDefault;
    memset(&notDefault, 0, sizeof notDefault);
    CHECK(HT_IS_NULL(htWorld_AddView(a, wa, &notDefault)));
    CHECK(strstr(htGetLastErrorMessage(), "htDefaultViewDef") != NULL);
    CHECK(HT_IS_NULL(htWorld_AddView(a, wa, NULL)));
    CHECK_EQ_INT(htGetLastError(), HT_ERROR_INVALID_ARGUMENT);
    CHECK_ERROR(htWorld_LoadSceneFile(a, NULL), HT_ERROR_INVALID_ARGUMENT, "path");
    CHECK_ERROR(htWorld_LoadSceneFile(a, "/nonexistent/scene.json"), HT_ERROR_FILE,
                "/nonexistent/scene.json");
    CHECK_ERROR(htWorld_HitTestBatch(a, NULL, 3, &hit, 1), HT_ERROR_INVALID_ARGUMENT, "points");
    CHECK_ERROR(htWorld_HitTestBatch(a, NULL, -1, NULL, 1), HT_ERROR_INVALID_ARGUMENT, "count");
    CHECK_ERROR(htTesting_ReferenceHitTestFile(NULL, NULL, 0, NULL), HT_ERROR_INVALID_ARGUMENT,
                "path");

    // Moves that would break the tree, and windows where a view is needed.
    htViewId inner = addView(a, again, "inner", (htRect){0, 0, 5, 5});
    CHECK_ERROR(htView_Move(again, inner, -1), HT_ERROR_NOT_ALLOWED, "inside itself");
    CHECK_ERROR(htView_Move(again, again, -1), HT_ERROR_NOT_ALLOWED, "inside itself");
    CHECK_ERROR(htView_Move(wa, again, -1), HT_ERROR_NOT_ALLOWED, "window");
    CHECK_ERROR(htView_Move(inner, wa, 9), HT_ERROR_INVALID_ARGUMENT, "index");
    CHECK_ERROR(htView_BringToFront(wa), HT_ERROR_NOT_ALLOWED, "window");

    // Buffers too small report the size they need.
    size_t length = 0;
    CHECK_ERROR(htView_GetName(again, name, 3, &length), HT_ERROR_BUFFER_TOO_SMALL, "6");
    CHECK_EQ_INT(length, 5);
    CHECK_EQ_INT(htView_GetName(again, NULL, 0, &length), HT_ERROR_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(htView_GetName(again, name, sizeof name, &length), HT_OK);
    CHECK(strcmp(name, "again") == 0);

    // A NaN point is a query like any other (nothing is hit here), not an error.
    CHECK_EQ_INT(htWorld_HitTest(a, (htVec2){NAN, NAN}, &hit), HT_OK);
    CHECK(HT_IS_NULL(hit.view));
    // A successful call clears the last error.
    CHECK_EQ_INT(htGetLastError(), HT_OK);

    htDestroyWorld(a);
    htDestroyWorld(b2);
    htDestroyWorld(c);
    CHECK_EQ_INT(htGetByteCount(), 0);
    printf("ids: %d failures\n", ht_failures);
    return ht_failures;
}
