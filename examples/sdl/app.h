// The SDL2 host example: what the files share. A host node per view (reached from a view
// through its user data), the recognizers, and the state the dispatcher's events change.
//
//   main.c    options and the frame loop
//   ui.c      the UI built in the world, the dispatcher's settings, the per-frame layout
//   input.c   SDL mouse and finger events turned into frames of touches
//   events.c  the dispatcher's events: one log line each, and their effect on the UI
//   draw.c    drawing the views with SDL's renderer, and the screenshot
#ifndef HITTEST_SDL_APP_H
#define HITTEST_SDL_APP_H

#include <SDL.h>
#include <hittest/hittest.h>
#include <stdbool.h>

/// The window's size in pixels; one point is one pixel.
#define APP_WIDTH 400
#define APP_HEIGHT 600
#define APP_ROWS 12
#define APP_ROW_HEIGHT 50.0
#define APP_MAX_NODES 32
/// The mouse is touch 1, fingers are touches 10 and up (one per finger down).
#define APP_MOUSE_TOUCH 1
#define APP_FIRST_FINGER_TOUCH 10
#define APP_MAX_FINGERS 10
#define APP_MAX_TOUCH_ID (APP_FIRST_FINGER_TOUCH + APP_MAX_FINGERS)
#define APP_MAX_PENDING 16

/// A host node: what the program keeps for a view (htViewDef.userData points here).
typedef struct Node {
    const char* name;
    htViewId view;
    SDL_Color color;
    bool clips;
    /// Touches whose hit view this is, now (from the deliveries).
    int touches;
    /// A control between touchDown / dragEnter and touchUpInside / dragExit / cancel.
    bool pressed;
    /// Actions the control fired.
    int actions;
    /// The list row this is, or -1.
    int row;
} Node;

typedef struct App {
    htWorldId world;
    htDispatcherId dispatcher;
    Node nodes[APP_MAX_NODES];
    int nodeCount;
    Node *window, *play, *pause, *reset, *list, *pad, *knob;
    Node* rows[APP_ROWS];
    htGestureId listScroll, knobPan;

    /// The list's scroll offset (its bounds origin y) and where a pan on it started.
    double listOffset, listOffsetAtPanStart;
    /// The knob's center in the pad, where a pan on the pad started, and its home.
    htVec2 knobCenter, knobCenterAtPanStart, knobHome;
    bool autoScroll;
    int selectedRow;

    /// The hit view of each touch down (from its first delivery), by touch id.
    Node* touchView[APP_MAX_TOUCH_ID];
    /// Where each touch down is, for drawing.
    bool touchDown[APP_MAX_TOUCH_ID];
    htVec2 touchPoint[APP_MAX_TOUCH_ID];

    /// The frame being collected from SDL's events.
    htTouchInput pending[APP_MAX_PENDING];
    int pendingCount;
    bool mouseDown;
    SDL_FingerID fingers[APP_MAX_FINGERS];
    bool fingerUsed[APP_MAX_FINGERS];
} App;

/// Exits with the library's last error when `result` is not HT_OK.
void app_check(htResult result, const char* what);

// ui.c
void ui_build(App* app);
void ui_layout(App* app, double dt);
void ui_destroy(App* app);
Node* ui_node(htViewId view);

// input.c
/// Turns one SDL event into touch input (feeding the pending frame first when the event
/// would repeat a touch in it). Returns false on SDL_QUIT.
bool input_handle(App* app, const SDL_Event* event, double now);
/// Feeds the pending frame (or, with none, advances time) and handles the events.
void input_feed_frame(App* app, double now);
/// Cancels every touch (the window lost focus, or the program ends).
void input_cancel_all(App* app, double now);

// events.c
/// Prints a line for each of the dispatcher's last events and applies its effect.
void events_handle(App* app);
void events_print_input(double time, const htTouchInput* touch);

// draw.c
void draw_frame(App* app, SDL_Renderer* renderer);
bool draw_save_screenshot(SDL_Renderer* renderer, const char* path);

#endif
