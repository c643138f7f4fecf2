// The C dispatch API as a C host uses it (dispatch.h): a button with a target action, a
// card with a tap and a pan, a pass-through view; frames fed one by one, events polled,
// callbacks with a context; then bad input: null, stale and foreign ids, NULL pointers,
// NaN and backwards times, unknown enum values, a touch that moves before it began.
//
// Usage: test_dispatch SCENE.json (docs/buttons.json: a scene with event settings).
#include <hittest/hittest.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dispatch_support.h"

static int countType(htDispatchEvents e, int32_t type) {
    int n = 0;
    for (int32_t i = 0; i < e.count; i++) n += e.events[i].type == type;
    return n;
}

typedef struct Host {
    int shouldBeginCalls;
    int handlingCalls;
    bool refuseBegin;
    htViewId card;
} Host;

static bool shouldBegin(htGestureId gesture, void* context) {
    (void)gesture;
    Host* host = context;
    host->shouldBeginCalls++;
    return !host->refuseBegin;
}

static int32_t touchHandling(const htResponder* responder, int32_t message, const htTouch* t,
                             void* context) {
    (void)message;
    Host* host = context;
    host->handlingCalls++;
    // The card handles its touches itself: nothing reaches the window.
    if (HT_VIEW_ID_EQUALS(responder->view, host->card) && HT_VIEW_ID_EQUALS(t->view, host->card)) {
        return HT_TOUCHES_HANDLE;
    }
    return HT_TOUCHES_DEFAULT;
}

static void host(void) {
    TestWorld tw = testWorld();
    htWorldId world = tw.world;
    htViewId window = tw.window;
    htViewId button = addView(world, window, "button", "UIButton", (htRect){20, 20, 100, 40});
    htViewId card = addView(world, window, "card", NULL, (htRect){20, 200, 300, 300});

    htDispatcherDef dd = htDefaultDispatcherDef();
    htDispatcherId d = htCreateDispatcher(world, &dd);
    CHECK(htDispatcher_IsValid(d));
    // Ids compare by value, each kind with its own macro from id.h.
    htDispatcherId same = d;
    CHECK(HT_DISPATCHER_ID_EQUALS(d, same) && !HT_DISPATCHER_ID_EQUALS(d, htNullDispatcherId));
    CHECK_EQ_INT(htDispatcher_AddControlAction(d, button, HT_CONTROL_TOUCH_UP_INSIDE, "buy"), HT_OK);
    htGestureDef gd = htDefaultGestureDef();
    gd.name = "cardTap";
    htGestureId tap = htDispatcher_AddGesture(d, card, &gd);
    gd.name = "cardPan";
    gd.kind = HT_GESTURE_PAN;
    htGestureId pan = htDispatcher_AddGesture(d, card, &gd);
    CHECK(htGesture_IsValid(tap) && htGesture_IsValid(pan));
    CHECK(HT_IS_NON_NULL(htDispatcher_FindGesture(d, "cardPan")));
    gd.name = "cardTap";
    CHECK(HT_IS_NULL(htDispatcher_AddGesture(d, card, &gd)));  // names are unique
    CHECK_EQ_INT(htGetLastError(), HT_ERROR_INVALID_ARGUMENT);

    // A tap on the button: touchDown, touchUpInside, the action.
    htTouchInput t = touch(1, HT_PHASE_BEGAN, 50, 40);
    CHECK_EQ_INT(htDispatcher_Feed(d, 0, &t, 1), HT_OK);
    htDispatchEvents e = htDispatcher_GetEvents(d);
    CHECK(find(e, HT_EVENT_CONTROL, "button") != NULL);
    CHECK(find(e, HT_EVENT_DELIVERY, "button") != NULL);
    // The button highlights while tracked (rule-control-highlight).
    const htDispatchEvent* lit = find(e, HT_EVENT_HIGHLIGHT, "button");
    CHECK(lit != NULL && lit->state == 1 && HT_VIEW_ID_EQUALS(lit->view, button));
    int32_t active = 0;
    CHECK_EQ_INT(htDispatcher_GetActiveTouchCount(d, &active), HT_OK);
    CHECK_EQ_INT(active, 1);
    t.phase = HT_PHASE_ENDED;
    CHECK_EQ_INT(htDispatcher_Feed(d, 0.1, &t, 1), HT_OK);
    e = htDispatcher_GetEvents(d);
    const htDispatchEvent* up = find(e, HT_EVENT_CONTROL, "button");
    CHECK(up != NULL && up->controlEvent == HT_CONTROL_TOUCH_UP_INSIDE &&
          HT_VIEW_ID_EQUALS(up->view, button));
    const htDispatchEvent* buy = find(e, HT_EVENT_ACTION, "buy");
    CHECK(buy != NULL && HT_VIEW_ID_EQUALS(buy->view, button) && buy->time == 0.1);
    const htDispatchEvent* unlit = find(e, HT_EVENT_HIGHLIGHT, "button");
    CHECK(unlit != NULL && unlit->state == 0);

    // A tap on the card: the tap recognizes, its action fires; the pan fails.
    t = touch(2, HT_PHASE_BEGAN, 100, 300);
    CHECK_EQ_INT(htDispatcher_Feed(d, 1, &t, 1), HT_OK);
    e = htDispatcher_GetEvents(d);
    const htDispatchEvent* toTap = find(e, HT_EVENT_DELIVERY, "cardTap");
    CHECK(toTap != NULL && HT_GESTURE_ID_EQUALS(toTap->gesture, tap) &&
          HT_VIEW_ID_EQUALS(toTap->view, card) && toTap->message == HT_MESSAGE_TOUCHES_BEGAN &&
          toTap->touch == 2);
    t.phase = HT_PHASE_ENDED;
    CHECK_EQ_INT(htDispatcher_Feed(d, 1.05, &t, 1), HT_OK);
    e = htDispatcher_GetEvents(d);
    const htDispatchEvent* recognized = find(e, HT_EVENT_STATE, "cardTap");
    CHECK(recognized != NULL && recognized->state == HT_STATE_RECOGNIZED);
    CHECK(find(e, HT_EVENT_ACTION, "cardTap") != NULL);
    const htDispatchEvent* panState = find(e, HT_EVENT_STATE, "cardPan");
    CHECK(panState != NULL && panState->state == HT_STATE_FAILED);

    // A drag: the pan begins, reports its translation; then the system cancels.
    htTouchInput drag = touch(3, HT_PHASE_BEGAN, 100, 300);
    CHECK_EQ_INT(htDispatcher_Feed(d, 2, &drag, 1), HT_OK);
    drag = touch(3, HT_PHASE_MOVED, 160, 300);
    CHECK_EQ_INT(htDispatcher_Feed(d, 2.1, &drag, 1), HT_OK);
    int32_t state = -1;
    CHECK_EQ_INT(htGesture_GetState(pan, &state), HT_OK);
    CHECK_EQ_INT(state, HT_STATE_BEGAN);
    htVec2 translation, velocity;
    double scale = 0;
    CHECK_EQ_INT(htGesture_GetReport(pan, &translation, &velocity, &scale), HT_OK);
    CHECK(translation.x == 60 && translation.y == 0 && scale == 1);
    CHECK_EQ_INT(htDispatcher_CancelAllTouches(d, 2.2), HT_OK);
    e = htDispatcher_GetEvents(d);
    panState = find(e, HT_EVENT_STATE, "cardPan");
    CHECK(panState != NULL && panState->state == HT_STATE_CANCELLED);
    CHECK_EQ_INT(htDispatcher_GetActiveTouchCount(d, &active), HT_OK);
    CHECK_EQ_INT(active, 0);

    // Callbacks: shouldBegin refuses, the card handles its own touches.
    Host h = {0, 0, true, card};
    htDispatchCallbacks callbacks = {0};
    callbacks.shouldBegin = shouldBegin;
    callbacks.touchHandling = touchHandling;
    callbacks.context = &h;
    CHECK_EQ_INT(htDispatcher_SetCallbacks(d, &callbacks), HT_OK);
    t = touch(4, HT_PHASE_BEGAN, 100, 300);
    CHECK_EQ_INT(htDispatcher_Feed(d, 3, &t, 1), HT_OK);
    t.phase = HT_PHASE_ENDED;
    CHECK_EQ_INT(htDispatcher_Feed(d, 3.05, &t, 1), HT_OK);
    e = htDispatcher_GetEvents(d);
    recognized = find(e, HT_EVENT_STATE, "cardTap");
    CHECK(recognized != NULL && recognized->state == HT_STATE_FAILED);
    CHECK(h.shouldBeginCalls >= 1);
    CHECK(h.handlingCalls >= 1);
    CHECK(find(e, HT_EVENT_DELIVERY, "main") == NULL);  // handled by the card
    CHECK_EQ_INT(htDispatcher_SetCallbacks(d, NULL), HT_OK);

    // Advancing time with no touches: a long press begins by its timer.
    gd = htDefaultGestureDef();
    gd.name = "hold";
    gd.kind = HT_GESTURE_LONG_PRESS;
    htGestureId hold = htDispatcher_AddGesture(d, button, &gd);
    CHECK(htGesture_IsValid(hold));
    t = touch(5, HT_PHASE_BEGAN, 50, 40);
    CHECK_EQ_INT(htDispatcher_Feed(d, 10, &t, 1), HT_OK);
    CHECK_EQ_INT(htDispatcher_AdvanceTime(d, 10.4), HT_OK);
    CHECK(find(htDispatcher_GetEvents(d), HT_EVENT_STATE, "hold") == NULL);
    CHECK_EQ_INT(htDispatcher_AdvanceTime(d, 10.6), HT_OK);
    const htDispatchEvent* held = find(htDispatcher_GetEvents(d), HT_EVENT_STATE, "hold");
    CHECK(held != NULL && held->state == HT_STATE_BEGAN && held->time == 10.5);

    // Bad input: each an error with a message, nothing changed.
    CHECK_EQ_INT(htDispatcher_Feed(d, NAN, NULL, 0), HT_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(htGetLastErrorMessage(), "time") != NULL);
    CHECK_EQ_INT(htDispatcher_Feed(d, 1, NULL, 0), HT_ERROR_INVALID_ARGUMENT);  // backwards
    CHECK_EQ_INT(htDispatcher_Feed(d, 11, NULL, 1), HT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(htDispatcher_Feed(d, 11, &t, -1), HT_ERROR_INVALID_ARGUMENT);
    htTouchInput bad = touch(99, HT_PHASE_MOVED, 1, 1);
    CHECK_EQ_INT(htDispatcher_Feed(d, 11, &bad, 1), HT_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(htGetLastErrorMessage(), "touches[0]") != NULL);
    CHECK_EQ_INT(htDispatcher_GetEvents(d).count, 0);
    bad = touch(6, 42, 1, 1);
    CHECK_EQ_INT(htDispatcher_Feed(d, 11, &bad, 1), HT_ERROR_INVALID_ARGUMENT);
    bad = touch(6, HT_PHASE_BEGAN, NAN, 1);
    CHECK_EQ_INT(htDispatcher_Feed(d, 11, &bad, 1), HT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(htDispatcher_SetTouchHandling(d, card, 7), HT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(htDispatcher_AddControlAction(d, button, HT_CONTROL_PRIMARY_ACTION_TRIGGERED + 1, "x"),
                 HT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(htDispatcher_AddControlAction(d, button, 0, NULL), HT_ERROR_INVALID_ARGUMENT);
    gd = htDefaultGestureDef();
    gd.kind = 9;
    CHECK(HT_IS_NULL(htDispatcher_AddGesture(d, card, &gd)));
    gd = htDefaultGestureDef();
    gd.taps = 0;
    CHECK(HT_IS_NULL(htDispatcher_AddGesture(d, card, &gd)));
    htGestureDef raw = {0};
    CHECK(HT_IS_NULL(htDispatcher_AddGesture(d, card, &raw)));
    CHECK(HT_IS_NULL(htDispatcher_AddGesture(d, card, NULL)));
    CHECK_EQ_INT(htDispatcher_SetControl(d, card, NULL), HT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(htGesture_GetState(tap, NULL), HT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(htDispatcher_Feed(htNullDispatcherId, 0, NULL, 0), HT_ERROR_NULL_ID);
    CHECK_EQ_INT(htGesture_Remove(htNullGestureId), HT_ERROR_NULL_ID);
    CHECK_EQ_INT(htDispatcher_SetExclusiveTouch(d, htNullViewId, true), HT_ERROR_NULL_ID);

    // Stale: a removed recognizer, a recognizer whose view was removed, a foreign view.
    CHECK_EQ_INT(htGesture_Remove(tap), HT_OK);
    CHECK(!htGesture_IsValid(tap));
    CHECK_EQ_INT(htGesture_Remove(tap), HT_ERROR_STALE_ID);
    CHECK_EQ_INT(htGesture_RequireToFail(pan, tap), HT_ERROR_STALE_ID);
    CHECK_EQ_INT(htView_Remove(card), HT_OK);
    CHECK(!htGesture_IsValid(pan));
    CHECK_EQ_INT(htGesture_SetEnabled(pan, false), HT_ERROR_STALE_ID);
    htWorldDef wd = htDefaultWorldDef();
    htWorldId other = htCreateWorld(&wd);
    htViewDef def = htDefaultViewDef();
    htViewId foreign = htWorld_AddWindow(other, &def);
    CHECK_EQ_INT(htDispatcher_SetMultipleTouchEnabled(d, foreign, true), HT_ERROR_FOREIGN_ID);
    htDestroyWorld(other);

    // Reset forgets time; destroying the world leaves the dispatcher stale but destroyable.
    CHECK_EQ_INT(htDispatcher_Reset(d), HT_OK);
    t = touch(7, HT_PHASE_BEGAN, 50, 40);
    CHECK_EQ_INT(htDispatcher_Feed(d, 0, &t, 1), HT_OK);
    CHECK_EQ_INT(htDestroyWorld(world), HT_OK);
    CHECK_EQ_INT(htDispatcher_Feed(d, 1, NULL, 0), HT_ERROR_STALE_ID);
    CHECK(!htGesture_IsValid(hold));
    CHECK_EQ_INT(htDestroyDispatcher(d), HT_OK);
    CHECK_EQ_INT(htDestroyDispatcher(d), HT_ERROR_STALE_ID);
    CHECK(!htDispatcher_IsValid(d));
    CHECK_EQ_INT(htDispatcher_GetEvents(d).count, 0);
    CHECK_EQ_INT(htGetByteCount(), 0);
}

/// A scene file with event settings dispatches without any setup call.
// A table with a cell, made a scroll view from C: a drag from the cell after the content
// delay scrolls it (rule-scroll-view-content-offset), and the world's table takes the offset.
static void scrollView(void) {
    TestWorld tw = testWorld();
    htWorldId world = tw.world;
    htViewId window = tw.window;
    htViewId list = addView(world, window, "list", NULL, (htRect){0, 100, 390, 600});
    addView(world, list, "cell", NULL, (htRect){0, 0, 390, 80});

    htDispatcherDef dd = htDefaultDispatcherDef();
    CHECK(dd.contentTouchDelay == 0.15);
    htDispatcherId d = htCreateDispatcher(world, &dd);
    htScrollViewDef sd = htDefaultScrollViewDef();
    CHECK(sd.delaysContentTouches && sd.canCancelContentTouches && sd.bounces);
    CHECK_EQ_INT(sd.touchesShouldCancel, HT_SCROLL_ANSWER_DEFAULT);
    sd.contentSize = (htVec2){390, 1200};
    CHECK_EQ_INT(htDispatcher_SetScrollView(d, list, &sd), HT_OK);
    sd.minimumZoomScale = 0;
    CHECK_EQ_INT(htDispatcher_SetScrollView(d, list, &sd), HT_ERROR_INVALID_ARGUMENT);

    htTouchInput t = touch(1, HT_PHASE_BEGAN, 100, 150);
    CHECK_EQ_INT(htDispatcher_Feed(d, 0, &t, 1), HT_OK);
    htDispatchEvents e = htDispatcher_GetEvents(d);
    const htDispatchEvent* delayed = find(e, HT_EVENT_SCROLL_DECISION, "list");
    CHECK(delayed != NULL && delayed->state == HT_SCROLL_CONTENT_TOUCH_DELAYED);
    t = touch(1, HT_PHASE_MOVED, 100, 90);
    CHECK_EQ_INT(htDispatcher_Feed(d, 0.3, &t, 1), HT_OK);
    e = htDispatcher_GetEvents(d);
    const htDispatchEvent* scrolled = find(e, HT_EVENT_SCROLL, "list");
    CHECK(scrolled != NULL && scrolled->contentOffset.y == 60 && HT_VIEW_ID_EQUALS(scrolled->view, list));
    CHECK(find(e, HT_EVENT_STATE, "list.panGestureRecognizer") != NULL);
    htVec2 offset = {0, 0};
    CHECK_EQ_INT(htDispatcher_GetContentOffset(d, list, &offset), HT_OK);
    CHECK(offset.x == 0 && offset.y == 60);
    CHECK_EQ_INT(htDispatcher_GetContentOffset(d, window, &offset), HT_ERROR_INVALID_ARGUMENT);
    htDestroyDispatcher(d);
    htDestroyWorld(world);
    CHECK_EQ_INT(htGetByteCount(), 0);
}

// A flick at 1,000 points a second on a list with the fast rate: AdvanceTime moves the
// content as x0 + v0 (d^(1000 t) - 1) / (1000 ln d) (rule-scroll-view-deceleration), and a
// touch on the moving list stops it there, unseen by the cell under it
// (rule-scroll-view-stopping-touch).
static void deceleration(void) {
    TestWorld tw = testWorld();
    htWorldId world = tw.world;
    htViewId window = tw.window;
    htViewId list = addView(world, window, "list", NULL, (htRect){0, 100, 390, 600});
    addView(world, list, "cell", NULL, (htRect){0, 0, 390, 1200});
    htDispatcherDef dd = htDefaultDispatcherDef();
    htDispatcherId d = htCreateDispatcher(world, &dd);
    htScrollViewDef sd = htDefaultScrollViewDef();
    CHECK(sd.decelerationRate == HT_DECELERATION_RATE_NORMAL);
    sd.contentSize = (htVec2){390, 1200};
    sd.decelerationRate = 0;
    CHECK_EQ_INT(htDispatcher_SetScrollView(d, list, &sd), HT_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(htGetLastErrorMessage(), "decelerationRate") != NULL);
    sd.decelerationRate = HT_DECELERATION_RATE_FAST;
    CHECK_EQ_INT(htDispatcher_SetScrollView(d, list, &sd), HT_OK);

    bool tracking = true;
    bool dragging = true;
    CHECK_EQ_INT(htDispatcher_IsTracking(d, list, &tracking), HT_OK);
    CHECK(!tracking);
    htTouchInput t = touch(1, HT_PHASE_BEGAN, 100, 600);
    CHECK_EQ_INT(htDispatcher_Feed(d, 0, &t, 1), HT_OK);
    // Touched, not yet dragging (rule-scroll-view-delegate-calls).
    CHECK_EQ_INT(htDispatcher_IsTracking(d, list, &tracking), HT_OK);
    CHECK_EQ_INT(htDispatcher_IsDragging(d, list, &dragging), HT_OK);
    CHECK(tracking && !dragging);
    CHECK_EQ_INT(htDispatcher_IsDragging(d, list, NULL), HT_ERROR_INVALID_ARGUMENT);
    for (int i = 1; i <= 4; i++) {
        t = touch(1, HT_PHASE_MOVED, 100, 600 - 10 * i);
        CHECK_EQ_INT(htDispatcher_Feed(d, 0.01 * i, &t, 1), HT_OK);
    }
    CHECK_EQ_INT(htDispatcher_IsDragging(d, list, &dragging), HT_OK);
    CHECK(dragging);
    double lift = 0.04 + 1.0 / 60;
    t = touch(1, HT_PHASE_ENDED, 100, 560);
    CHECK_EQ_INT(htDispatcher_Feed(d, lift, &t, 1), HT_OK);
    CHECK_EQ_INT(htDispatcher_IsTracking(d, list, &tracking), HT_OK);
    CHECK_EQ_INT(htDispatcher_IsDragging(d, list, &dragging), HT_OK);
    CHECK(!tracking && !dragging);
    // The lift's delegate calls, in UIKit's order: the content's velocity (+1 point a
    // millisecond) and the rest point 40 - 1000 / (1000 ln d), then willDecelerate.
    double k = 1000 * log(HT_DECELERATION_RATE_FAST);
    htDispatchEvents lifted = htDispatcher_GetEvents(d);
    int32_t calls[3] = {-1, -1, -1};
    int n = 0;
    for (int32_t i = 0; i < lifted.count; i++) {
        const htDispatchEvent* x = &lifted.events[i];
        if (x->type != HT_EVENT_SCROLL_EVENT) continue;
        if (n < 3) calls[n] = x->state;
        n++;
        if (x->state == HT_SCROLL_WILL_END_DRAGGING) {
            CHECK(x->velocity.x == 0 && fabs(x->velocity.y - 1) < 1e-9);
            CHECK(fabs(x->contentOffset.y - (40 - 1000 / k)) < 1e-9);
        }
        if (x->state == HT_SCROLL_DID_END_DRAGGING) CHECK(x->willDecelerate);
    }
    CHECK(n == 3 && calls[0] == HT_SCROLL_WILL_END_DRAGGING &&
          calls[1] == HT_SCROLL_DID_END_DRAGGING && calls[2] == HT_SCROLL_WILL_BEGIN_DECELERATING);
    CHECK(strcmp(htScrollEventName(HT_SCROLL_WILL_END_DRAGGING), "scrollViewWillEndDragging") == 0);
    CHECK(strcmp(htScrollEventName(99), "unknown") == 0);
    CHECK(strcmp(htEventTypeName(HT_EVENT_SCROLL_EVENT), "scrollEvent") == 0);
    bool moving = false;
    CHECK_EQ_INT(htDispatcher_IsDecelerating(d, list, &moving), HT_OK);
    CHECK(moving);
    CHECK_EQ_INT(htDispatcher_IsDecelerating(d, list, NULL), HT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(htDispatcher_AdvanceTime(d, lift + 0.05), HT_OK);
    double expected = 40 + 1000 * (exp(k * 0.05) - 1) / k;
    htVec2 offset = {0, 0};
    CHECK_EQ_INT(htDispatcher_GetContentOffset(d, list, &offset), HT_OK);
    CHECK(fabs(offset.y - expected) < 1e-9);
    htDispatchEvents e = htDispatcher_GetEvents(d);
    const htDispatchEvent* moved = find(e, HT_EVENT_SCROLL, "list");
    CHECK(moved != NULL && fabs(moved->contentOffset.y - expected) < 1e-9);

    t = touch(2, HT_PHASE_BEGAN, 100, 300);
    CHECK_EQ_INT(htDispatcher_Feed(d, lift + 0.05, &t, 1), HT_OK);
    e = htDispatcher_GetEvents(d);
    const htDispatchEvent* stopped = find(e, HT_EVENT_SCROLL_DECISION, "list");
    CHECK(stopped != NULL && stopped->state == HT_SCROLL_TOUCH_STOPPED_SCROLLING);
    const htDispatchEvent* ended = find(e, HT_EVENT_SCROLL_EVENT, "list");
    CHECK(ended != NULL && ended->state == HT_SCROLL_DID_END_DECELERATING);
    CHECK_EQ_INT(htDispatcher_IsDecelerating(d, list, &moving), HT_OK);
    CHECK(!moving);
    CHECK(find(e, HT_EVENT_DELIVERY, "cell") == NULL);
    t = touch(2, HT_PHASE_ENDED, 100, 300);
    CHECK_EQ_INT(htDispatcher_Feed(d, lift + 0.1, &t, 1), HT_OK);
    // Without the rule the cell would get touchesBegan and touchesEnded here, at the end
    // of its content delay.
    CHECK(find(htDispatcher_GetEvents(d), HT_EVENT_DELIVERY, "cell") == NULL);
    CHECK_EQ_INT(htDispatcher_AdvanceTime(d, INFINITY), HT_OK);
    CHECK_EQ_INT(htDispatcher_GetContentOffset(d, list, &offset), HT_OK);
    CHECK(fabs(offset.y - expected) < 1e-9);
    htDestroyDispatcher(d);
    htDestroyWorld(world);
    CHECK_EQ_INT(htGetByteCount(), 0);
}

// A world with a list (0, 100, 390, 600) in its window and a dispatcher for it; the list
// is not yet a scroll view.
typedef struct ListWorld {
    TestWorld tw;
    htViewId list;
    htDispatcherId d;
} ListWorld;

static ListWorld listWorld(void) {
    ListWorld w;
    w.tw = testWorld();
    w.list = addView(w.tw.world, w.tw.window, "list", NULL, (htRect){0, 100, 390, 600});
    htDispatcherDef dd = htDefaultDispatcherDef();
    w.d = htCreateDispatcher(w.tw.world, &dd);
    return w;
}

// listWorld with the list made a scroll view with the defaults and content 390 x 1200.
static ListWorld scrollingList(void) {
    ListWorld w = listWorld();
    htScrollViewDef sd = htDefaultScrollViewDef();
    sd.contentSize = (htVec2){390, 1200};
    CHECK_EQ_INT(htDispatcher_SetScrollView(w.d, w.list, &sd), HT_OK);
    return w;
}

static void destroyListWorld(ListWorld w) {
    htDestroyDispatcher(w.d);
    htDestroyWorld(w.tw.world);
    CHECK_EQ_INT(htGetByteCount(), 0);
}

// A flick up at 1,000 points a second: a touch at (100, 600) moving up 10 points every
// 10 ms four times, lifting where it is one 60 Hz frame later (the offset at the lift: 40).
static void flickUp(htDispatcherId d) {
    htTouchInput t = touch(1, HT_PHASE_BEGAN, 100, 600);
    CHECK_EQ_INT(htDispatcher_Feed(d, 0, &t, 1), HT_OK);
    for (int i = 1; i <= 4; i++) {
        t = touch(1, HT_PHASE_MOVED, 100, 600 - 10 * i);
        CHECK_EQ_INT(htDispatcher_Feed(d, 0.01 * i, &t, 1), HT_OK);
    }
    t = touch(1, HT_PHASE_ENDED, 100, 560);
    CHECK_EQ_INT(htDispatcher_Feed(d, 0.04 + 1.0 / 60, &t, 1), HT_OK);
}

// The same flick on a paging list (rule-scroll-view-paging): it comes to rest exactly on
// the next page, 600, which the lift's target says.
static void paging(void) {
    ListWorld w = listWorld();
    htScrollViewDef sd = htDefaultScrollViewDef();
    CHECK(!sd.pagingEnabled);
    sd.contentSize = (htVec2){390, 1800};
    sd.pagingEnabled = true;
    CHECK_EQ_INT(htDispatcher_SetScrollView(w.d, w.list, &sd), HT_OK);
    flickUp(w.d);
    const htDispatchEvent* willEnd =
        find(htDispatcher_GetEvents(w.d), HT_EVENT_SCROLL_EVENT, "list");
    CHECK(willEnd != NULL && willEnd->state == HT_SCROLL_WILL_END_DRAGGING);
    CHECK(willEnd != NULL && willEnd->contentOffset.y == 600);
    CHECK_EQ_INT(htDispatcher_AdvanceTime(w.d, INFINITY), HT_OK);
    htVec2 offset = {0, 0};
    CHECK_EQ_INT(htDispatcher_GetContentOffset(w.d, w.list, &offset), HT_OK);
    CHECK(offset.x == 0 && offset.y == 600);
    destroyListWorld(w);
}

// A list with insets top 64 and bottom 34 (rule-scroll-view-content-inset): its offset
// range is [-64, 634], so a drag down 200 without bounces stops at -64; negative and
// infinite insets are refused naming the field.
static void contentInset(void) {
    ListWorld w = listWorld();
    htDispatcherId d = w.d;
    htViewId list = w.list;
    htScrollViewDef sd = htDefaultScrollViewDef();
    CHECK(sd.contentInset.top == 0 && sd.contentInset.left == 0 && sd.contentInset.bottom == 0 &&
          sd.contentInset.right == 0);
    sd.contentSize = (htVec2){390, 1200};
    sd.bounces = false;
    sd.contentInset = (htInsets){64, 0, -1, 0};
    CHECK_EQ_INT(htDispatcher_SetScrollView(d, list, &sd), HT_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(htGetLastErrorMessage(), "contentInset") != NULL);
    sd.contentInset = (htInsets){INFINITY, 0, 34, 0};
    CHECK_EQ_INT(htDispatcher_SetScrollView(d, list, &sd), HT_ERROR_INVALID_ARGUMENT);
    sd.contentInset = (htInsets){64, 0, 34, 0};
    CHECK_EQ_INT(htDispatcher_SetScrollView(d, list, &sd), HT_OK);
    htTouchInput t = touch(1, HT_PHASE_BEGAN, 100, 300);
    CHECK_EQ_INT(htDispatcher_Feed(d, 0, &t, 1), HT_OK);
    t = touch(1, HT_PHASE_MOVED, 100, 500);
    CHECK_EQ_INT(htDispatcher_Feed(d, 0.1, &t, 1), HT_OK);
    t = touch(1, HT_PHASE_ENDED, 100, 500);
    CHECK_EQ_INT(htDispatcher_Feed(d, 0.3, &t, 1), HT_OK);
    htVec2 offset = {0, 0};
    CHECK_EQ_INT(htDispatcher_GetContentOffset(d, list, &offset), HT_OK);
    CHECK(offset.x == 0 && offset.y == -64);
    destroyListWorld(w);
}

// htDispatcher_SetContentOffset (rule-scroll-view-set-content-offset): at once, then
// animated from 300 to 0 at a constant velocity over 0.3 s (150 at 0.15 s), ending with
// HT_SCROLL_DID_END_SCROLLING_ANIMATION; isDecelerating stays false meanwhile.
static void setContentOffset(void) {
    ListWorld w = scrollingList();
    htDispatcherId d = w.d;
    htViewId list = w.list;
    CHECK_EQ_INT(htDispatcher_SetContentOffset(d, list, 0, 300, false), HT_OK);
    const htDispatchEvent* set = find(htDispatcher_GetEvents(d), HT_EVENT_SCROLL, "list");
    CHECK(set != NULL && set->contentOffset.y == 300);
    CHECK_EQ_INT(htDispatcher_SetContentOffset(d, w.tw.window, 0, 0, false),
                 HT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(htDispatcher_SetContentOffset(d, list, 0, NAN, true), HT_ERROR_INVALID_ARGUMENT);

    CHECK_EQ_INT(htDispatcher_SetContentOffset(d, list, 0, 0, true), HT_OK);
    bool animating = false;
    bool decelerating = true;
    CHECK_EQ_INT(htDispatcher_IsScrollAnimating(d, list, &animating), HT_OK);
    CHECK_EQ_INT(htDispatcher_IsDecelerating(d, list, &decelerating), HT_OK);
    CHECK(animating && !decelerating);
    CHECK_EQ_INT(htDispatcher_IsScrollAnimating(d, list, NULL), HT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(htDispatcher_AdvanceTime(d, 0.15), HT_OK);
    htVec2 offset = {0, 0};
    CHECK_EQ_INT(htDispatcher_GetContentOffset(d, list, &offset), HT_OK);
    CHECK(fabs(offset.y - 150) < 1e-9);
    CHECK_EQ_INT(htDispatcher_AdvanceTime(d, INFINITY), HT_OK);
    const htDispatchEvent* ended = find(htDispatcher_GetEvents(d), HT_EVENT_SCROLL_EVENT, "list");
    CHECK(ended != NULL && ended->state == HT_SCROLL_DID_END_SCROLLING_ANIMATION);
    CHECK(strcmp(htScrollEventName(HT_SCROLL_DID_END_SCROLLING_ANIMATION),
                 "scrollViewDidEndScrollingAnimation") == 0);
    CHECK_EQ_INT(htDispatcher_GetContentOffset(d, list, &offset), HT_OK);
    CHECK(offset.y == 0);
    CHECK_EQ_INT(htDispatcher_IsScrollAnimating(d, list, &animating), HT_OK);
    CHECK(!animating);
    destroyListWorld(w);
}

typedef struct TargetHost {
    int calls;
    double velocityY;
    double proposedY;
} TargetHost;

static void willEndDragging(htViewId scrollView, htVec2 velocity, htVec2* target,
                            void* context) {
    (void)scrollView;
    TargetHost* host = context;
    host->calls++;
    host->velocityY = velocity.y;
    host->proposedY = target->y;
    target->y = 200;
}

// The willEndDragging callback (rule-scroll-view-delegate-calls, "A changed target"): a
// flick of 1,000 points a second that would rest at 40 - 1000 / (1000 ln 0.998) ends on the
// 200 the host writes instead; the event keeps the proposed target.
static void changedTarget(void) {
    ListWorld w = scrollingList();
    htDispatcherId d = w.d;
    htViewId list = w.list;
    TargetHost h = {0, 0, 0};
    htDispatchCallbacks callbacks = {0};
    callbacks.willEndDragging = willEndDragging;
    callbacks.context = &h;
    CHECK_EQ_INT(htDispatcher_SetCallbacks(d, &callbacks), HT_OK);
    flickUp(d);
    double rest = 40 - 1000 / (1000 * log(HT_DECELERATION_RATE_NORMAL));
    CHECK_EQ_INT(h.calls, 1);
    CHECK(fabs(h.velocityY - 1) < 1e-9 && fabs(h.proposedY - rest) < 1e-9);
    const htDispatchEvent* willEnd = find(htDispatcher_GetEvents(d), HT_EVENT_SCROLL_EVENT, "list");
    CHECK(willEnd != NULL && willEnd->state == HT_SCROLL_WILL_END_DRAGGING);
    CHECK(willEnd != NULL && fabs(willEnd->contentOffset.y - rest) < 1e-9);
    CHECK_EQ_INT(htDispatcher_AdvanceTime(d, INFINITY), HT_OK);
    htVec2 offset = {0, 0};
    CHECK_EQ_INT(htDispatcher_GetContentOffset(d, list, &offset), HT_OK);
    CHECK(offset.y == 200);
    destroyListWorld(w);
}

// A pinch on a zooming map (rule-scroll-view-zoom): two fingers 20 points apart around
// (150, 250) spread to 40, so the scale is 2, the offset (150, 150) keeps the tiles' point
// (150, 150) under the centre, and the world's hit test at (135, 235) goes through the
// tiles' new transform to the dot (tiles point (142.5, 142.5)).
static void zoom(void) {
    TestWorld tw = testWorld();
    htWorldId world = tw.world;
    htViewId map = addView(world, tw.window, "map", NULL, (htRect){0, 100, 300, 300});
    htViewId tiles = addView(world, map, "tiles", NULL, (htRect){0, 0, 300, 300});
    htViewId dot = addView(world, tiles, "dot", NULL, (htRect){140, 140, 20, 20});
    htDispatcherDef dd = htDefaultDispatcherDef();
    htDispatcherId d = htCreateDispatcher(world, &dd);
    htScrollViewDef sd = htDefaultScrollViewDef();
    CHECK(sd.zoomingView.index1 == 0 && sd.zoomScale == 1 && sd.bouncesZoom);
    sd.contentSize = (htVec2){300, 300};
    sd.minimumZoomScale = 0.5;
    sd.maximumZoomScale = 4;
    sd.zoomingView = dot;
    CHECK_EQ_INT(htDispatcher_SetScrollView(d, map, &sd), HT_ERROR_INVALID_ARGUMENT);
    sd.zoomingView = tiles;
    CHECK_EQ_INT(htDispatcher_SetScrollView(d, map, &sd), HT_OK);
    htTouchInput two[2] = {touch(1, HT_PHASE_BEGAN, 140, 250), touch(2, HT_PHASE_BEGAN, 160, 250)};
    CHECK_EQ_INT(htDispatcher_Feed(d, 0, two, 2), HT_OK);
    two[0] = touch(1, HT_PHASE_MOVED, 130, 250);
    two[1] = touch(2, HT_PHASE_MOVED, 170, 250);
    CHECK_EQ_INT(htDispatcher_Feed(d, 0.1, two, 2), HT_OK);
    bool zooming = false;
    CHECK_EQ_INT(htDispatcher_IsZooming(d, map, &zooming), HT_OK);
    CHECK(zooming);
    htDispatchEvents events = htDispatcher_GetEvents(d);
    int zoomed = 0;
    for (int32_t i = 0; i < events.count; i++) {
        const htDispatchEvent* e = &events.events[i];
        if (e->type != HT_EVENT_SCROLL_EVENT) continue;
        if (e->state == HT_SCROLL_WILL_BEGIN_ZOOMING) zoomed |= 1;
        if (e->state == HT_SCROLL_DID_ZOOM && e->zoomScale == 2) zoomed |= 2;
    }
    CHECK_EQ_INT(zoomed, 3);
    CHECK(strcmp(htScrollEventName(HT_SCROLL_DID_END_ZOOMING), "scrollViewDidEndZooming") == 0);
    two[0] = touch(1, HT_PHASE_ENDED, 130, 250);
    two[1] = touch(2, HT_PHASE_ENDED, 170, 250);
    CHECK_EQ_INT(htDispatcher_Feed(d, 0.2, two, 2), HT_OK);
    const htDispatchEvent* end = find(htDispatcher_GetEvents(d), HT_EVENT_SCROLL_EVENT, "map");
    CHECK(end != NULL && end->state == HT_SCROLL_DID_END_ZOOMING && end->zoomScale == 2);
    CHECK_EQ_INT(htDispatcher_IsZooming(d, map, &zooming), HT_OK);
    CHECK(!zooming);
    double scale = 0;
    CHECK_EQ_INT(htDispatcher_GetZoomScale(d, map, &scale), HT_OK);
    CHECK(scale == 2);
    htVec2 offset = {0, 0};
    CHECK_EQ_INT(htDispatcher_GetContentOffset(d, map, &offset), HT_OK);
    CHECK(offset.x == 150 && offset.y == 150);
    htTransform tr;
    CHECK_EQ_INT(htView_GetTransform(tiles, &tr), HT_OK);
    CHECK(tr.a == 2 && tr.d == 2 && tr.b == 0 && tr.c == 0);
    htHit hit;
    CHECK_EQ_INT(htWorld_HitTest(world, (htVec2){135, 235}, &hit), HT_OK);
    CHECK(hit.view.index1 == dot.index1 && hit.view.generation == dot.generation);
    CHECK(hit.localPoint.x == 2.5 && hit.localPoint.y == 2.5);
    // zoom(to:animated:): 75 x 75 fits 300 x 300 at 4, its centre (137.5, 137.5) at the
    // view's centre: offset 4 * 137.5 - 150 = 400.
    CHECK_EQ_INT(htDispatcher_ZoomToRect(d, map, (htRect){100, 100, 75, 75}, false), HT_OK);
    CHECK_EQ_INT(htDispatcher_GetZoomScale(d, map, &scale), HT_OK);
    CHECK(scale == 4);
    CHECK_EQ_INT(htDispatcher_GetContentOffset(d, map, &offset), HT_OK);
    CHECK(offset.x == 400 && offset.y == 400);
    CHECK_EQ_INT(htDispatcher_SetZoomScale(d, map, 0, false), HT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(htDispatcher_SetZoomScale(d, tiles, 2, false), HT_ERROR_INVALID_ARGUMENT);
    // Animated back to 1 on AdvanceTime; the offset is then held at 0.
    CHECK_EQ_INT(htDispatcher_SetZoomScale(d, map, 1, true), HT_OK);
    const htDispatchEvent* begin = find(htDispatcher_GetEvents(d), HT_EVENT_SCROLL_EVENT, "map");
    CHECK(begin != NULL && begin->state == HT_SCROLL_WILL_BEGIN_ZOOMING);
    CHECK_EQ_INT(htDispatcher_AdvanceTime(d, INFINITY), HT_OK);
    CHECK_EQ_INT(htDispatcher_GetZoomScale(d, map, &scale), HT_OK);
    CHECK(scale == 1);
    CHECK_EQ_INT(htDispatcher_GetContentOffset(d, map, &offset), HT_OK);
    CHECK(offset.x == 0 && offset.y == 0);
    // A pinch from 10 to 100 points asks for 10, past the maximum 4: after the lift the
    // scale springs back (isZoomBouncing) and ends at 4.
    bool bouncing = true;
    CHECK_EQ_INT(htDispatcher_IsZoomBouncing(d, map, &bouncing), HT_OK);
    CHECK(!bouncing);
    two[0] = touch(3, HT_PHASE_BEGAN, 145, 250);
    two[1] = touch(4, HT_PHASE_BEGAN, 155, 250);
    CHECK_EQ_INT(htDispatcher_Feed(d, 3, two, 2), HT_OK);
    two[0] = touch(3, HT_PHASE_MOVED, 100, 250);
    two[1] = touch(4, HT_PHASE_MOVED, 200, 250);
    CHECK_EQ_INT(htDispatcher_Feed(d, 3.1, two, 2), HT_OK);
    two[0] = touch(3, HT_PHASE_ENDED, 100, 250);
    two[1] = touch(4, HT_PHASE_ENDED, 200, 250);
    CHECK_EQ_INT(htDispatcher_Feed(d, 3.2, two, 2), HT_OK);
    CHECK_EQ_INT(htDispatcher_GetZoomScale(d, map, &scale), HT_OK);
    CHECK(scale > 4);
    CHECK_EQ_INT(htDispatcher_IsZoomBouncing(d, map, &bouncing), HT_OK);
    CHECK(bouncing);
    CHECK_EQ_INT(htDispatcher_IsZoomBouncing(d, map, NULL), HT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(htDispatcher_AdvanceTime(d, INFINITY), HT_OK);
    CHECK_EQ_INT(htDispatcher_IsZoomBouncing(d, map, &bouncing), HT_OK);
    CHECK(!bouncing);
    CHECK_EQ_INT(htDispatcher_GetZoomScale(d, map, &scale), HT_OK);
    CHECK(scale == 4);
    htDestroyDispatcher(d);
    htDestroyWorld(world);
    CHECK_EQ_INT(htGetByteCount(), 0);
}

static void sceneFile(const char* path) {
    htWorldDef wd = htDefaultWorldDef();
    htWorldId world = htCreateWorld(&wd);
    CHECK_EQ_INT(htWorld_LoadSceneFile(world, path), HT_OK);
    htDispatcherDef dd = htDefaultDispatcherDef();
    htDispatcherId d = htCreateDispatcher(world, &dd);
    htViewId windows[4];
    int32_t count = 0;
    CHECK_EQ_INT(htWorld_GetWindows(world, windows, 4, &count), HT_OK);
    CHECK(count >= 1);
    // Saved to memory and loaded back, the settings stay (recognizer ids go stale).
    size_t length = 0;
    CHECK_EQ_INT(htWorld_SaveSceneBuffer(world, NULL, 0, &length), HT_ERROR_BUFFER_TOO_SMALL);
    char* text = malloc(length + 1);
    CHECK_EQ_INT(htWorld_SaveSceneBuffer(world, text, length + 1, &length), HT_OK);
    CHECK(strstr(text, "\"gestures\"") != NULL || strstr(text, "\"control\"") != NULL);
    CHECK_EQ_INT(htWorld_LoadSceneBuffer(world, text, length), HT_OK);
    CHECK_EQ_INT(htWorld_LoadSceneBuffer(world, "{\"format\": 1}", 13), HT_ERROR_SCENE);
    CHECK_EQ_INT(htWorld_LoadSceneBuffer(world, NULL, 0), HT_ERROR_INVALID_ARGUMENT);
    free(text);
    htDestroyDispatcher(d);
    htDestroyWorld(world);
}

int main(int argc, char** argv) {
    host();
    scrollView();
    deceleration();
    paging();
    contentInset();
    setContentOffset();
    changedTarget();
    zoom();
    if (argc > 1) sceneFile(argv[1]);
    if (ht_failures == 0) printf("test_dispatch: ok\n");
    return ht_failures;
}
