#include <hittest/hittest.h>

#include <stdio.h>

int main(void) {
    htWorldDef wd = htDefaultWorldDef();
    htWorldId world = htCreateWorld(&wd);
    htViewDef d = htDefaultViewDef();
    d.name = "outer";
    d.frame = (htRect){0, 0, 100, 100};
    htViewId w = htWorld_AddWindow(world, &d);
    d.name = "inner";
    d.frame = (htRect){10, 10, 20, 20};
    htWorld_AddView(world, w, &d);
    htHit hit;
    char name[32] = "";
    if (htWorld_HitTest(world, (htVec2){15, 15}, &hit) != HT_OK) return 1;
    htView_GetName(hit.view, name, sizeof name, NULL);
    htVersion v = htGetVersion();
    printf("consumer: HitTestKit %d.%d.%d, hit %s\n", v.major, v.minor, v.revision, name);
    htDestroyWorld(world);
    return htGetByteCount() == 0 ? 0 : 1;
}
