// SDL's mouse and finger events turned into frames of touches for the dispatcher. The
// mouse (left button) is touch 1; each finger down gets touch 10 and up. A frame holds
// each touch at most once: moves of a touch already in the frame replace its point, and
// any other repeat (a press and its release within one frame) feeds the frame first.
#include <stdio.h>

#include "app.h"

static void report_feed(App* app, double now, htResult result) {
    if (result != HT_OK) {
        // A refused frame changes nothing: say so and go on.
        printf("%.3f refused %s\n", now, htGetLastErrorMessage());
        return;
    }
    events_handle(app);
}

static void feed_pending(App* app, double now) {
    if (app->pendingCount == 0) return;
    for (int i = 0; i < app->pendingCount; i++) events_print_input(now, &app->pending[i]);
    htResult result = htDispatcher_Feed(app->dispatcher, now, app->pending, app->pendingCount);
    app->pendingCount = 0;
    report_feed(app, now, result);
}

static void push(App* app, double now, int64_t id, int32_t phase, double x, double y) {
    for (int i = 0; i < app->pendingCount; i++) {
        if (app->pending[i].id != id) continue;
        if (app->pending[i].phase == HT_PHASE_MOVED && phase == HT_PHASE_MOVED) {
            app->pending[i].point = (htVec2){x, y};
            return;
        }
        feed_pending(app, now);
        break;
    }
    if (app->pendingCount == APP_MAX_PENDING) feed_pending(app, now);
    app->pending[app->pendingCount++] = (htTouchInput){id, phase, {x, y}};
    if (id >= 0 && id < APP_MAX_TOUCH_ID) {
        app->touchDown[id] = phase == HT_PHASE_BEGAN || phase == HT_PHASE_MOVED;
        app->touchPoint[id] = (htVec2){x, y};
    }
}

static int finger_slot(App* app, SDL_FingerID finger, bool allocate) {
    for (int i = 0; i < APP_MAX_FINGERS; i++)
        if (app->fingerUsed[i] && app->fingers[i] == finger) return i;
    if (!allocate) return -1;
    for (int i = 0; i < APP_MAX_FINGERS; i++) {
        if (!app->fingerUsed[i]) {
            app->fingerUsed[i] = true;
            app->fingers[i] = finger;
            return i;
        }
    }
    return -1;  // more fingers than we track: ignored
}

static void handle_finger(App* app, const SDL_TouchFingerEvent* f, double now) {
    int slot = finger_slot(app, f->fingerId, f->type == SDL_FINGERDOWN);
    if (slot < 0) return;
    // SDL gives finger positions normalized to the window.
    double x = f->x * APP_WIDTH, y = f->y * APP_HEIGHT;
    int64_t id = APP_FIRST_FINGER_TOUCH + slot;
    if (f->type == SDL_FINGERDOWN) {
        push(app, now, id, HT_PHASE_BEGAN, x, y);
    } else if (f->type == SDL_FINGERMOTION) {
        push(app, now, id, HT_PHASE_MOVED, x, y);
    } else {
        push(app, now, id, HT_PHASE_ENDED, x, y);
        app->fingerUsed[slot] = false;
    }
}

bool input_handle(App* app, const SDL_Event* e, double now) {
    switch (e->type) {
    case SDL_QUIT: return false;
    case SDL_MOUSEBUTTONDOWN:
        if (e->button.which == SDL_TOUCH_MOUSEID || e->button.button != SDL_BUTTON_LEFT) break;
        if (app->mouseDown) break;
        app->mouseDown = true;
        push(app, now, APP_MOUSE_TOUCH, HT_PHASE_BEGAN, e->button.x, e->button.y);
        break;
    case SDL_MOUSEMOTION:
        if (e->motion.which == SDL_TOUCH_MOUSEID || !app->mouseDown) break;
        push(app, now, APP_MOUSE_TOUCH, HT_PHASE_MOVED, e->motion.x, e->motion.y);
        break;
    case SDL_MOUSEBUTTONUP:
        if (e->button.which == SDL_TOUCH_MOUSEID || e->button.button != SDL_BUTTON_LEFT) break;
        if (!app->mouseDown) break;
        app->mouseDown = false;
        push(app, now, APP_MOUSE_TOUCH, HT_PHASE_ENDED, e->button.x, e->button.y);
        break;
    case SDL_FINGERDOWN:
    case SDL_FINGERMOTION:
    case SDL_FINGERUP: handle_finger(app, &e->tfinger, now); break;
    case SDL_WINDOWEVENT:
        // The system cancellation UIKit sends when the app stops being active.
        if (e->window.event == SDL_WINDOWEVENT_FOCUS_LOST) {
            printf("%.3f focus-lost\n", now);
            input_cancel_all(app, now);
        }
        break;
    default: break;
    }
    return true;
}

void input_feed_frame(App* app, double now) {
    if (app->pendingCount > 0) {
        feed_pending(app, now);
    } else {
        report_feed(app, now, htDispatcher_AdvanceTime(app->dispatcher, now));
    }
}

void input_cancel_all(App* app, double now) {
    feed_pending(app, now);
    int32_t active = 0;
    app_check(htDispatcher_GetActiveTouchCount(app->dispatcher, &active), "active touches");
    app->mouseDown = false;
    for (int i = 0; i < APP_MAX_FINGERS; i++) app->fingerUsed[i] = false;
    for (int i = 0; i < APP_MAX_TOUCH_ID; i++) app->touchDown[i] = false;
    if (active == 0) return;
    report_feed(app, now, htDispatcher_CancelAllTouches(app->dispatcher, now));
}
