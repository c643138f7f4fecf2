// The polled-events loop of a C++ engine without any windowing library: a scrollable list
// whose rows move every frame (the engine's layout, set in bulk), a button and a
// long-press on the list, fed a scripted stream of touches; every frame's events are read
// from the array the dispatcher owns and printed.
#include <hittest/hittest.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

void check(htResult r) {
    if (r != HT_OK) throw std::runtime_error(htGetLastErrorMessage());
}

struct Frame {
    double time;
    std::vector<htTouchInput> touches;
};

}  // namespace

int main() {
    htWorldDef wd = htDefaultWorldDef();
    htWorldId world = htCreateWorld(&wd);
    htViewDef def = htDefaultViewDef();
    def.name = "window";
    def.frame = {0, 0, 390, 844};
    htViewId window = htWorld_AddWindow(world, &def);
    def.name = "list";
    def.frame = {0, 100, 390, 600};
    htViewId list = htWorld_AddView(world, window, &def);
    std::vector<htViewId> rows;
    std::vector<std::string> names;
    for (int i = 0; i < 8; i++) names.push_back("row-" + std::to_string(i));
    for (int i = 0; i < 8; i++) {
        def.name = names[i].c_str();
        def.frame = {0, 80.0 * i, 390, 80};
        def.userData = static_cast<uintptr_t>(i);  // the engine's row index
        rows.push_back(htWorld_AddView(world, list, &def));
    }
    def.name = "send";
    def.className = "UIButton";
    def.frame = {300, 20, 80, 40};
    def.userData = 0;
    htViewId send = htWorld_AddView(world, window, &def);

    htDispatcherDef dd = htDefaultDispatcherDef();
    htDispatcherId d = htCreateDispatcher(world, &dd);
    check(htDispatcher_AddControlAction(d, send, HT_CONTROL_TOUCH_UP_INSIDE, "send"));
    check(htDispatcher_SetTouchHandling(d, list, HT_TOUCHES_HANDLE));
    htGestureDef press = htDefaultGestureDef();
    press.name = "rowMenu";
    press.kind = HT_GESTURE_LONG_PRESS;
    if (HT_IS_NULL(htDispatcher_AddGesture(d, list, &press))) check(htGetLastError());

    const std::vector<Frame> script = {
        {0.00, {{1, HT_PHASE_BEGAN, {340, 40}}}},
        {0.05, {{1, HT_PHASE_ENDED, {340, 40}}}},
        {1.00, {{2, HT_PHASE_BEGAN, {100, 300}}}},
        {1.30, {}},  // nothing moves: time passes
        {1.60, {}},
        {1.70, {{2, HT_PHASE_ENDED, {100, 300}}}},
    };
    std::vector<htVec2> centers(rows.size());
    for (const Frame& f : script) {
        // The engine scrolls the rows a little every frame.
        for (size_t i = 0; i < rows.size(); i++) centers[i] = {195, 40 + 80.0 * i - f.time * 10};
        check(htWorld_SetCenters(world, rows.data(), centers.data(), int32_t(rows.size())));
        check(f.touches.empty() ? htDispatcher_AdvanceTime(d, f.time)
                                : htDispatcher_Feed(d, f.time, f.touches.data(),
                                                    int32_t(f.touches.size())));
        htDispatchEvents events = htDispatcher_GetEvents(d);
        for (int32_t i = 0; i < events.count; i++) {
            const htDispatchEvent& e = events.events[i];
            std::printf("[%.2f] ", e.time);
            switch (e.type) {
            case HT_EVENT_DELIVERY: {
                uintptr_t row = 0;
                htView_GetUserData(e.view, &row);
                std::printf("%s gets touch %lld %s", e.name, (long long)e.touch,
                            htMessageName(e.message));
                if (HT_IS_NON_NULL(e.view) && row > 0) std::printf(" (row %zu)", (size_t)row);
                break;
            }
            case HT_EVENT_STATE: std::printf("%s %s", e.name, htStateName(e.state)); break;
            case HT_EVENT_ACTION: std::printf("action %s", e.name); break;
            case HT_EVENT_HIGHLIGHT:
                std::printf("%s highlighted %s", e.name, e.state ? "on" : "off");
                break;
            default:
                std::printf("%s control event %s", e.name, htControlEventName(e.controlEvent));
                break;
            }
            std::printf("\n");
        }
    }
    htDestroyDispatcher(d);
    htDestroyWorld(world);
    return htGetByteCount() == 0 ? 0 : 1;
}
