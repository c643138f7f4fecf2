// The dispatcher's events, read after every feed: one line each on stdout, and what they
// do to the UI. The log's lines (each starts with the time in seconds, three decimals):
//
//   T input touch=ID phase=began|moved|stationary|ended|cancelled x=X y=Y
//   T deliver touch=ID message=touchesBegan|touchesMoved|touchesEnded|touchesCancelled
//         responder=view:NAME (or recognizer:NAME, or other:NAME for a view controller,
//         the application...)
//   T state gesture=NAME state=possible|began|changed|ended|cancelled|failed|recognized
//   T control view=NAME event=touchDown|...|touchCancel
// (the names are the library's: htPhaseName, htMessageName, htStateName,
// htControlEventName)
//   T action name=NAME control=VIEW   or   T action name=NAME gesture=NAME
//   T effect WHAT ...                 (what the program did with an event)
//
// and main.c's `ready`, `screenshot` and `exit` lines, and input.c's `refused` and
// `focus-lost`.
#include <stdio.h>

#include "app.h"

void events_print_input(double time, const htTouchInput* t) {
    printf("%.3f input touch=%lld phase=%s x=%g y=%g\n", time, (long long)t->id,
           htPhaseName(t->phase), t->point.x, t->point.y);
}

/// The touch's hit view (the first view a touch message reaches) is highlighted while
/// the touch is down.
static void track_delivery(App* app, const htDispatchEvent* e) {
    if (e->touch < 0 || e->touch >= APP_MAX_TOUCH_ID) return;
    Node* node = HT_IS_NON_NULL(e->gesture) ? NULL : ui_node(e->view);
    if (node == NULL) return;
    if (e->message == HT_MESSAGE_TOUCHES_BEGAN && app->touchView[e->touch] == NULL) {
        app->touchView[e->touch] = node;
        node->touches++;
    } else if ((e->message == HT_MESSAGE_TOUCHES_ENDED ||
                e->message == HT_MESSAGE_TOUCHES_CANCELLED) &&
               app->touchView[e->touch] == node) {
        app->touchView[e->touch] = NULL;
        node->touches--;
    }
}

static void on_state(App* app, const htDispatchEvent* e) {
    if (HT_GESTURE_ID_EQUALS(e->gesture, app->listScroll)) {
        if (e->state == HT_STATE_BEGAN) {
            app->listOffsetAtPanStart = app->listOffset;
            app->autoScroll = false;
        } else if (e->state == HT_STATE_ENDED || e->state == HT_STATE_CANCELLED) {
            printf("%.3f effect list offset=%.0f\n", e->time, app->listOffset);
        }
    } else if (HT_GESTURE_ID_EQUALS(e->gesture, app->knobPan)) {
        if (e->state == HT_STATE_BEGAN) {
            app->knobCenterAtPanStart = app->knobCenter;
        } else if (e->state == HT_STATE_ENDED || e->state == HT_STATE_CANCELLED) {
            printf("%.3f effect knob x=%.0f y=%.0f\n", e->time, app->knobCenter.x,
                   app->knobCenter.y);
        }
    }
}

static void on_control_action(App* app, const htDispatchEvent* e, Node* control) {
    if (control == NULL) return;
    control->actions++;
    if (control == app->play) {
        app->autoScroll = true;
        printf("%.3f effect autoscroll on\n", e->time);
    } else if (control == app->pause) {
        app->autoScroll = false;
        printf("%.3f effect autoscroll off\n", e->time);
    } else if (control == app->reset) {
        app->autoScroll = false;
        app->listOffset = 0;
        app->knobCenter = app->knobHome;
        app->selectedRow = -1;
        printf("%.3f effect reset\n", e->time);
    } else if (control->row >= 0) {
        app->selectedRow = control->row;
        printf("%.3f effect select row=%d\n", e->time, control->row);
    }
}

void events_handle(App* app) {
    htDispatchEvents events = htDispatcher_GetEvents(app->dispatcher);
    for (int32_t i = 0; i < events.count; i++) {
        const htDispatchEvent* e = &events.events[i];
        Node* node = ui_node(e->view);
        switch (e->type) {
        case HT_EVENT_DELIVERY:
            printf("%.3f deliver touch=%lld message=%s responder=%s:%s\n", e->time,
                   (long long)e->touch, htMessageName(e->message),
                   HT_IS_NON_NULL(e->gesture) ? "recognizer"
                   : HT_IS_NON_NULL(e->view)  ? "view"
                                              : "other",
                   e->name);
            track_delivery(app, e);
            break;
        case HT_EVENT_STATE:
            printf("%.3f state gesture=%s state=%s\n", e->time, e->name, htStateName(e->state));
            on_state(app, e);
            break;
        case HT_EVENT_CONTROL:
            printf("%.3f control view=%s event=%s\n", e->time, e->name,
                   htControlEventName(e->controlEvent));
            if (node == NULL) break;
            if (e->controlEvent == HT_CONTROL_TOUCH_DOWN ||
                e->controlEvent == HT_CONTROL_TOUCH_DRAG_ENTER) {
                node->pressed = true;
            } else if (e->controlEvent == HT_CONTROL_TOUCH_DRAG_EXIT ||
                       e->controlEvent >= HT_CONTROL_TOUCH_UP_INSIDE) {
                node->pressed = false;
            }
            break;
        case HT_EVENT_ACTION:
            if (HT_IS_NON_NULL(e->gesture)) {
                printf("%.3f action name=%s gesture=%s\n", e->time, e->name, e->name);
            } else {
                printf("%.3f action name=%s control=%s\n", e->time, e->name,
                       node != NULL ? node->name : "?");
                on_control_action(app, e, node);
            }
            break;
        default: break;
        }
    }
}
