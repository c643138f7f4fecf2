// What an engine reads back (hittest.h): every property a setter changes, the host's
// user data, children and windows enumeration, and a scene saved to memory and loaded.
#include <hittest/hittest.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

int main(void) {
    htWorldDef wd = htDefaultWorldDef();
    htWorldId world = htCreateWorld(&wd);
    htViewDef def = htDefaultViewDef();
    def.name = "w";
    def.frame = (htRect){0, 0, 390, 844};
    def.userData = 0xfeed;
    htViewId w = htWorld_AddWindow(world, &def);
    def.name = "a";
    def.frame = (htRect){10, 20, 100, 50};
    def.userData = (uintptr_t)&world;
    htViewId a = htWorld_AddView(world, w, &def);
    def.name = "b";
    def.userData = 0;
    htViewId b = htWorld_AddView(world, a, &def);

    uintptr_t data = 1;
    CHECK_EQ_INT(htView_GetUserData(w, &data), HT_OK);
    CHECK(data == 0xfeed);
    CHECK_EQ_INT(htView_GetUserData(a, &data), HT_OK);
    CHECK(data == (uintptr_t)&world);
    CHECK_EQ_INT(htView_SetUserData(b, 42), HT_OK);
    CHECK_EQ_INT(htView_GetUserData(b, &data), HT_OK);
    CHECK(data == 42);

    // Set, then get back.
    htVec2 center;
    CHECK_EQ_INT(htView_GetCenter(a, &center), HT_OK);
    CHECK(center.x == 60 && center.y == 45);
    CHECK_EQ_INT(htView_SetCenter(a, (htVec2){70, 80}), HT_OK);
    CHECK_EQ_INT(htView_GetCenter(a, &center), HT_OK);
    CHECK(center.x == 70 && center.y == 80);
    htRect bounds;
    CHECK_EQ_INT(htView_SetBounds(a, (htRect){0, 30, 120, 60}), HT_OK);
    CHECK_EQ_INT(htView_GetBounds(a, &bounds), HT_OK);
    CHECK(bounds.x == 0 && bounds.y == 30 && bounds.width == 120 && bounds.height == 60);
    htTransform t = {0, 1, -1, 0, 5, 6}, t2;
    CHECK_EQ_INT(htView_SetTransform(a, t), HT_OK);
    CHECK_EQ_INT(htView_GetTransform(a, &t2), HT_OK);
    CHECK(memcmp(&t, &t2, sizeof t) == 0);
    float alpha = 0;
    CHECK_EQ_INT(htView_SetAlpha(a, 0.25f), HT_OK);
    CHECK_EQ_INT(htView_GetAlpha(a, &alpha), HT_OK);
    CHECK(alpha == 0.25f);
    bool flag = false;
    CHECK_EQ_INT(htView_SetHidden(a, true), HT_OK);
    CHECK_EQ_INT(htView_GetHidden(a, &flag), HT_OK);
    CHECK(flag);
    CHECK_EQ_INT(htView_SetUserInteractionEnabled(a, false), HT_OK);
    CHECK_EQ_INT(htView_GetUserInteractionEnabled(a, &flag), HT_OK);
    CHECK(!flag);
    htHitRules rules = {HT_SHAPE_ELLIPSE, HT_POINT_INSIDE_SUBVIEWS, HT_HIT_TEST_PASSTHROUGH,
                        {1, 2, 3, 4}},
               rules2;
    CHECK_EQ_INT(htView_SetHitRules(a, &rules), HT_OK);
    CHECK_EQ_INT(htView_GetHitRules(a, &rules2), HT_OK);
    // Field by field: the struct has padding after hitTest, which memcmp would compare.
    CHECK(rules2.shape == rules.shape && rules2.pointInside == rules.pointInside &&
          rules2.hitTest == rules.hitTest);
    CHECK(memcmp(&rules.insets, &rules2.insets, sizeof rules.insets) == 0);
    htViewId target;
    CHECK_EQ_INT(htView_GetRedirect(a, &target), HT_OK);
    CHECK(HT_IS_NULL(target));
    CHECK_EQ_INT(htView_SetRedirect(a, b), HT_OK);
    CHECK_EQ_INT(htView_GetRedirect(a, &target), HT_OK);
    CHECK(HT_VIEW_ID_EQUALS(target, b));

    // Bad input.
    CHECK_EQ_INT(htView_GetCenter(a, NULL), HT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(htView_GetAlpha(htNullViewId, &alpha), HT_ERROR_NULL_ID);
    CHECK_EQ_INT(htView_GetUserData(a, NULL), HT_ERROR_INVALID_ARGUMENT);

    // Enumeration.
    htViewId ids[4];
    int32_t count = -1;
    CHECK_EQ_INT(htWorld_GetWindows(world, ids, 4, &count), HT_OK);
    CHECK(count == 1 && HT_VIEW_ID_EQUALS(ids[0], w));
    def.name = "c";
    htViewId c = htWorld_AddView(world, w, &def);
    CHECK_EQ_INT(htView_GetChildren(w, NULL, 0, &count), HT_ERROR_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(count, 2);
    CHECK_EQ_INT(htView_GetChildren(w, ids, 1, &count), HT_ERROR_BUFFER_TOO_SMALL);
    CHECK(HT_VIEW_ID_EQUALS(ids[0], a));
    CHECK_EQ_INT(htView_GetChildren(w, ids, 4, &count), HT_OK);
    CHECK(count == 2 && HT_VIEW_ID_EQUALS(ids[1], c));
    CHECK_EQ_INT(htView_GetChildren(w, ids, -1, &count), HT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(htView_GetChildren(w, NULL, 4, &count), HT_ERROR_INVALID_ARGUMENT);

    // A removed view's user data is not seen by the view that reuses its slot.
    CHECK_EQ_INT(htView_Remove(b), HT_OK);
    CHECK_EQ_INT(htView_GetUserData(b, &data), HT_ERROR_STALE_ID);
    def.name = "d";
    htViewId d = htWorld_AddView(world, w, &def);
    CHECK_EQ_INT(htView_GetUserData(d, &data), HT_OK);
    CHECK_EQ_INT(data, 0);

    // Views added in bulk carry their user data (htViewArrays.userData); without the
    // array every value is 0.
    int32_t parents[3] = {-1, 0, -1};
    htRect frames[3] = {{0, 0, 50, 50}, {5, 5, 10, 10}, {60, 0, 50, 50}};
    uintptr_t values[3] = {7, 0, (uintptr_t)&world};
    const char* names1[3] = {"bulk-0", "bulk-1", "bulk-2"};
    const char* names2[3] = {"bulk-3", "bulk-4", "bulk-5"};
    htViewArrays bulk = {0};
    bulk.names = names1;
    bulk.count = 3;
    bulk.parents = parents;
    bulk.frames = frames;
    bulk.userData = values;
    htViewId added[3];
    CHECK_EQ_INT(htWorld_AddViewArrays(world, w, &bulk, added), HT_OK);
    for (int i = 0; i < 3; i++) {
        data = 99;
        CHECK_EQ_INT(htView_GetUserData(added[i], &data), HT_OK);
        CHECK(data == values[i]);
    }
    bulk.userData = NULL;
    bulk.names = names2;
    CHECK_EQ_INT(htWorld_AddViewArrays(world, w, &bulk, added), HT_OK);
    for (int i = 0; i < 3; i++) {
        data = 99;
        CHECK_EQ_INT(htView_GetUserData(added[i], &data), HT_OK);
        CHECK_EQ_INT(data, 0);
    }
    CHECK_EQ_INT(htView_SetUserData(added[0], 0xbeef), HT_OK);

    // A scene saved to memory and loaded back: same views, same answers. User data is a
    // host value: not written, and every loaded view's is 0.
    size_t length = 0;
    CHECK_EQ_INT(htWorld_SaveSceneBuffer(world, NULL, 0, &length), HT_ERROR_BUFFER_TOO_SMALL);
    char* text = malloc(length + 1);
    CHECK_EQ_INT(htWorld_SaveSceneBuffer(world, text, length + 1, NULL), HT_OK);
    int32_t before = 0, after = 0;
    htWorld_GetViewCount(world, &before);
    CHECK_EQ_INT(htWorld_LoadSceneBuffer(world, text, length), HT_OK);
    htWorld_GetViewCount(world, &after);
    CHECK_EQ_INT(after, before);
    CHECK(!htView_IsValid(a));
    CHECK(strstr(text, "userData") == NULL && strstr(text, "48879") == NULL);
    htViewId windows[1];
    CHECK_EQ_INT(htWorld_GetWindows(world, windows, 1, &count), HT_OK);
    htViewId loaded[16];
    CHECK_EQ_INT(htView_GetChildren(windows[0], loaded, 16, &count), HT_OK);
    CHECK_EQ_INT(count, 7);  // a, c, d and the two roots of each bulk set
    loaded[count++] = windows[0];
    for (int32_t i = 0; i < count; i++) {
        data = 99;
        CHECK_EQ_INT(htView_GetUserData(loaded[i], &data), HT_OK);
        CHECK_EQ_INT(data, 0);
    }
    free(text);

    htDestroyWorld(world);
    CHECK_EQ_INT(htGetByteCount(), 0);
    if (ht_failures == 0) printf("test_properties: ok\n");
    return ht_failures;
}
