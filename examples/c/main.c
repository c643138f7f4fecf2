// A small scene built through the C API: a window with a header (holding a button), a
// list of 50 rows (big enough to get a bounding-volume index), a hidden overlay and a
// rotated badge. Hit-tests a few points and prints the answers, the responder chain of
// the button, and what a stale id gives.
#include <hittest/hittest.h>

#include <stdio.h>

static htViewId add(htWorldId world, htViewId parent, const char* name, const char* cls,
                    htRect frame) {
    htViewDef def = htDefaultViewDef();
    def.name = name;
    def.className = cls;
    def.frame = frame;
    htViewId id = htWorld_AddView(world, parent, &def);
    if (HT_IS_NULL(id)) fprintf(stderr, "add %s: %s\n", name, htGetLastErrorMessage());
    return id;
}

static void query(htWorldId world, double x, double y) {
    htHit hit;
    if (htWorld_HitTest(world, (htVec2){x, y}, &hit) != HT_OK) {
        printf("(%g, %g) -> error: %s\n", x, y, htGetLastErrorMessage());
        return;
    }
    if (HT_IS_NULL(hit.view)) {
        printf("(%g, %g) -> nothing\n", x, y);
        return;
    }
    char name[64];
    htView_GetName(hit.view, name, sizeof name, NULL);
    printf("(%g, %g) -> %s at (%g, %g)\n", x, y, name, hit.localPoint.x, hit.localPoint.y);
}

int main(void) {
    htVersion v = htGetVersion();
    printf("HitTestKit %d.%d.%d (%s allocator)\n", v.major, v.minor, v.revision,
           htUsesJemalloc() ? "jemalloc" : "system");

    htWorldDef worldDef = htDefaultWorldDef();
    htWorldId world = htCreateWorld(&worldDef);

    htViewDef windowDef = htDefaultViewDef();
    windowDef.name = "window";
    windowDef.className = "UIWindow";
    windowDef.frame = (htRect){0, 0, 390, 844};
    htViewId window = htWorld_AddWindow(world, &windowDef);

    htViewId header = add(world, window, "header", "UIView", (htRect){0, 0, 390, 100});
    add(world, header, "button", "UIButton", (htRect){300, 40, 80, 40});
    htViewId list = add(world, window, "list", "UIScrollView", (htRect){0, 100, 390, 744});
    htViewId rows[50];
    for (int i = 0; i < 50; i++) {
        char name[16];
        snprintf(name, sizeof name, "row-%d", i);
        rows[i] = add(world, list, name, "UITableViewCell", (htRect){0, 60.0 * i, 390, 60});
    }
    htViewId overlay = add(world, window, "overlay", "UIView", (htRect){0, 0, 390, 844});
    htView_SetHidden(overlay, true);
    htViewId badge = add(world, window, "badge", "UIView", (htRect){20, 20, 40, 40});
    htView_SetTransform(badge, (htTransform){0, 1, -1, 0, 0, 0});  // a quarter turn

    int32_t count = 0;
    htWorld_GetViewCount(world, &count);
    printf("views: %d\n", count);

    query(world, 320, 60);    // the button
    query(world, 150, 50);    // the header, beside the button
    query(world, 200, 130);   // row 0 (the list starts at y = 100)
    query(world, 200, 705);   // row 10
    query(world, 40, 40);     // the badge's centre
    query(world, -5, -5);     // off the window

    char chain[256];
    htHit hit;
    htWorld_HitTest(world, (htVec2){320, 60}, &hit);
    htView_GetResponderChain(hit.view, chain, sizeof chain, NULL, NULL);
    for (char* c = chain; *c; c++)
        if (*c == '\n') *c = '>';
    printf("responder chain: %s\n", chain);

    // Removing a row makes its id stale: using it is an error, not a crash.
    htView_Remove(rows[10]);
    query(world, 200, 705);  // now the list itself
    htResult r = htView_SetHidden(rows[10], true);
    printf("stale id: code %d: %s\n", r, htGetLastErrorMessage());

    htDestroyWorld(world);
    printf("bytes left after destroy: %lld\n", (long long)htGetByteCount());
    return 0;
}
