// The UI the example builds in a HitTestKit world: three buttons (controls with target
// actions), a list of rows that scrolls (a plain view whose bounds origin the program
// moves on a pan), and a pad whose knob follows a pan. And the per-frame layout: the
// program's own state written back to the world in bulk.
#include <stdio.h>
#include <stdlib.h>

#include "app.h"

void app_check(htResult result, const char* what) {
    if (result != HT_OK) {
        fprintf(stderr, "sdl example: %s: %s\n", what, htGetLastErrorMessage());
        exit(1);
    }
}

static Node* add_node(App* app, Node* parent, const char* name, const char* className,
                      htRect frame, SDL_Color color, bool clips) {
    if (app->nodeCount == APP_MAX_NODES) {
        fprintf(stderr, "sdl example: more than %d nodes\n", APP_MAX_NODES);
        exit(1);
    }
    Node* node = &app->nodes[app->nodeCount++];
    *node = (Node){.name = name, .color = color, .clips = clips, .row = -1};
    htViewDef def = htDefaultViewDef();
    def.name = name;
    def.className = className;
    def.frame = frame;
    def.clipsToBounds = clips;
    def.userData = (uintptr_t)node;
    node->view = parent == NULL ? htWorld_AddWindow(app->world, &def)
                                : htWorld_AddView(app->world, parent->view, &def);
    if (HT_IS_NULL(node->view)) app_check(htGetLastError(), name);
    return node;
}

static Node* add_button(App* app, const char* name, double x) {
    Node* button = add_node(app, app->window, name, "UIButton", (htRect){x, 20, 110, 50},
                            (SDL_Color){52, 101, 164, 255}, false);
    // The action is named after the button.
    app_check(htDispatcher_AddControlAction(app->dispatcher, button->view,
                                            HT_CONTROL_TOUCH_UP_INSIDE, name),
              name);
    return button;
}

static htGestureId add_pan(App* app, Node* node, const char* name) {
    htGestureDef pan = htDefaultGestureDef();
    pan.name = name;
    pan.kind = HT_GESTURE_PAN;
    htGestureId id = htDispatcher_AddGesture(app->dispatcher, node->view, &pan);
    if (HT_IS_NULL(id)) app_check(htGetLastError(), name);
    return id;
}

void ui_build(App* app) {
    htWorldDef worldDef = htDefaultWorldDef();
    worldDef.screenWidth = APP_WIDTH;
    worldDef.screenHeight = APP_HEIGHT;
    app->world = htCreateWorld(&worldDef);
    if (HT_IS_NULL(app->world)) app_check(htGetLastError(), "htCreateWorld");
    app->window = add_node(app, NULL, "window", "UIWindow",
                           (htRect){0, 0, APP_WIDTH, APP_HEIGHT},
                           (SDL_Color){30, 30, 36, 255}, false);
    htDispatcherDef dispatcherDef = htDefaultDispatcherDef();
    app->dispatcher = htCreateDispatcher(app->world, &dispatcherDef);
    if (HT_IS_NULL(app->dispatcher)) app_check(htGetLastError(), "htCreateDispatcher");

    app->play = add_button(app, "play", 20);
    app->pause = add_button(app, "pause", 145);
    app->reset = add_button(app, "reset", 270);

    // The list: rows are controls (a tap selects one); a pan on the list scrolls it, and
    // cancels the row's touch when it begins (cancelsTouchesInView).
    app->list = add_node(app, app->window, "list", "UIView", (htRect){20, 90, 360, 250},
                         (SDL_Color){45, 45, 55, 255}, true);
    static char rowNames[APP_ROWS][16];
    for (int i = 0; i < APP_ROWS; i++) {
        snprintf(rowNames[i], sizeof rowNames[i], "row-%d", i);
        SDL_Color color = i % 2 ? (SDL_Color){70, 70, 84, 255} : (SDL_Color){84, 84, 100, 255};
        Node* row = add_node(app, app->list, rowNames[i], "UIControl",
                             (htRect){0, i * APP_ROW_HEIGHT, 360, APP_ROW_HEIGHT - 4}, color,
                             false);
        row->row = i;
        app_check(htDispatcher_AddControlAction(app->dispatcher, row->view,
                                                HT_CONTROL_TOUCH_UP_INSIDE, "selectRow"),
                  rowNames[i]);
        app->rows[i] = row;
    }
    app->listScroll = add_pan(app, app->list, "listScroll");

    // The pad: a pan anywhere on it (the knob included) drags the knob.
    app->pad = add_node(app, app->window, "pad", "UIView", (htRect){20, 360, 360, 220},
                        (SDL_Color){40, 60, 48, 255}, true);
    app->knob = add_node(app, app->pad, "knob", "UIView", (htRect){150, 80, 60, 60},
                         (SDL_Color){115, 210, 22, 255}, false);
    app->knobPan = add_pan(app, app->pad, "knobPan");
    app->knobHome = app->knobCenter = (htVec2){180, 110};
    app->selectedRow = -1;
}

static double clamp(double value, double low, double high) {
    return value < low ? low : value > high ? high : value;
}

void ui_layout(App* app, double dt) {
    int32_t state = HT_STATE_POSSIBLE;
    htVec2 translation, velocity;
    double scale;
    const double maxOffset = APP_ROWS * APP_ROW_HEIGHT - 250;
    app_check(htGesture_GetState(app->listScroll, &state), "listScroll state");
    if (state == HT_STATE_BEGAN || state == HT_STATE_CHANGED) {
        app_check(htGesture_GetReport(app->listScroll, &translation, &velocity, &scale),
                  "listScroll report");
        app->listOffset = clamp(app->listOffsetAtPanStart - translation.y, 0, maxOffset);
    } else if (app->autoScroll) {
        app->listOffset += 40 * dt;
        if (app->listOffset > maxOffset) app->listOffset = 0;
    }
    app_check(htGesture_GetState(app->knobPan, &state), "knobPan state");
    if (state == HT_STATE_BEGAN || state == HT_STATE_CHANGED) {
        app_check(htGesture_GetReport(app->knobPan, &translation, &velocity, &scale),
                  "knobPan report");
        app->knobCenter.x = clamp(app->knobCenterAtPanStart.x + translation.x, 30, 330);
        app->knobCenter.y = clamp(app->knobCenterAtPanStart.y + translation.y, 30, 190);
    }
    // The program's layout, written to the world once a frame: the knob's center in bulk
    // (an engine would pass all its moved nodes here), the list's scroll offset.
    htViewId moved[1] = {app->knob->view};
    htVec2 centers[1] = {app->knobCenter};
    app_check(htWorld_SetCenters(app->world, moved, centers, 1), "htWorld_SetCenters");
    app_check(htView_SetBounds(app->list->view, (htRect){0, app->listOffset, 360, 250}),
              "htView_SetBounds");
}

void ui_destroy(App* app) {
    app_check(htDestroyDispatcher(app->dispatcher), "htDestroyDispatcher");
    app_check(htDestroyWorld(app->world), "htDestroyWorld");
}

Node* ui_node(htViewId view) {
    uintptr_t data = 0;
    if (HT_IS_NULL(view) || htView_GetUserData(view, &data) != HT_OK) return NULL;
    return (Node*)data;
}
