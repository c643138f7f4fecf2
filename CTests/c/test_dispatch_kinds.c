// Dispatch kinds and requirements from C (dispatch.h): the swipe, rotation and screen-edge
// pan kinds with their def fields, the subclass-level failure requirements, the
// shouldBeRequiredToFailBy callback (asked once per attempt), the reports (the swipe's and
// the rotation's, in the action events and by getters), and a
// view's next responder overridden; then bad definitions refused with a message.
#include <hittest/hittest.h>

#include <math.h>
#include <string.h>

#include "check.h"
#include "dispatch_support.h"

typedef struct Host {
    htGestureId single, twice;
    int asked;
    htViewId from, to;
    int nextAsked;
} Host;

// The host overrides `from`'s next responder to `to`.
static htViewId nextResponder(const htResponder* responder, void* context) {
    Host* h = context;
    h->nextAsked++;
    return HT_VIEW_ID_EQUALS(responder->view, h->from) ? h->to : htNullViewId;
}

// The double tap must fail before the single tap may recognize.
static bool requiredBy(htGestureId gesture, htGestureId other, void* context) {
    Host* h = context;
    // Asked about every recognizer holding the touch (the window's edge pan too); count
    // the questions about the double tap.
    if (HT_GESTURE_ID_EQUALS(gesture, h->twice)) h->asked++;
    return HT_GESTURE_ID_EQUALS(gesture, h->twice) && HT_GESTURE_ID_EQUALS(other, h->single);
}

int main(void) {
    TestWorld tw = testWorld();
    htWorldId world = tw.world;
    htViewId window = tw.window;
    htViewId card = addView(world, window, "card", NULL, (htRect){40, 100, 300, 300});
    htViewId side = addView(world, window, "side", NULL, (htRect){40, 500, 300, 100});
    htDispatcherDef dd = htDefaultDispatcherDef();
    htDispatcherId d = htCreateDispatcher(world, &dd);

    // A two-finger swipe up on the card, a rotation beside it (they may go together),
    // and a left-edge pan on the window.
    htGestureDef gd = htDefaultGestureDef();
    CHECK_EQ_INT(gd.swipeDirections, HT_SWIPE_RIGHT);
    gd.name = "swipe";
    gd.kind = HT_GESTURE_SWIPE;
    gd.swipeDirections = HT_SWIPE_UP;
    gd.touches = 2;
    htGestureId swipe = htDispatcher_AddGesture(d, card, &gd);
    gd = htDefaultGestureDef();
    gd.name = "rotate";
    gd.kind = HT_GESTURE_ROTATION;
    htGestureId rotate = htDispatcher_AddGesture(d, card, &gd);
    gd = htDefaultGestureDef();
    gd.name = "edge";
    gd.kind = HT_GESTURE_SCREEN_EDGE_PAN;
    gd.edges = HT_EDGE_LEFT;
    htGestureId edge = htDispatcher_AddGesture(d, window, &gd);
    CHECK(htGesture_IsValid(swipe) && htGesture_IsValid(rotate) && htGesture_IsValid(edge));
    CHECK_EQ_INT(htGesture_RecognizeSimultaneouslyWith(swipe, rotate), HT_OK);

    // Two fingers land together and move 60 pt up in 0.1 s: the swipe recognizes.
    htTouchInput two[2] = {touch(1, HT_PHASE_BEGAN, 100, 300), touch(2, HT_PHASE_BEGAN, 200, 300)};
    CHECK_EQ_INT(htDispatcher_Feed(d, 0, two, 2), HT_OK);
    two[0] = touch(1, HT_PHASE_MOVED, 100, 240);
    two[1] = touch(2, HT_PHASE_MOVED, 200, 240);
    CHECK_EQ_INT(htDispatcher_Feed(d, 0.1, two, 2), HT_OK);
    const htDispatchEvent* s = find(htDispatcher_GetEvents(d), HT_EVENT_STATE, "swipe");
    CHECK(s != NULL && s->state == HT_STATE_RECOGNIZED && HT_GESTURE_ID_EQUALS(s->gesture, swipe));
    // Its action carries its report: the direction it recognized in, and where it began.
    s = find(htDispatcher_GetEvents(d), HT_EVENT_ACTION, "swipe");
    CHECK(s != NULL && s->report.fields == (HT_REPORT_LOCATION | HT_REPORT_DIRECTION));
    CHECK(s != NULL && s->report.direction == HT_SWIPE_UP);
    CHECK(s != NULL && s->report.location.x == 150 && s->report.location.y == 300);
    two[0].phase = HT_PHASE_ENDED;
    two[1].phase = HT_PHASE_ENDED;
    CHECK_EQ_INT(htDispatcher_Feed(d, 0.2, two, 2), HT_OK);

    // The second finger swings from east of the first to south of it: a quarter turn.
    two[0] = touch(3, HT_PHASE_BEGAN, 100, 200);
    two[1] = touch(4, HT_PHASE_BEGAN, 200, 200);
    CHECK_EQ_INT(htDispatcher_Feed(d, 1, two, 2), HT_OK);
    htTouchInput m = touch(4, HT_PHASE_MOVED, 100, 300);
    CHECK_EQ_INT(htDispatcher_Feed(d, 1.5, &m, 1), HT_OK);
    int32_t state = -1;
    CHECK_EQ_INT(htGesture_GetState(rotate, &state), HT_OK);
    CHECK_EQ_INT(state, HT_STATE_BEGAN);
    double rotation = 0, angular = 0;
    CHECK_EQ_INT(htGesture_GetRotation(rotate, &rotation, &angular), HT_OK);
    CHECK(fabs(rotation - M_PI / 2) < 1e-12 && fabs(angular - M_PI) < 1e-12);
    // The full report adds the location: the centroid of the two fingers down.
    htGestureReport report;
    CHECK_EQ_INT(htGesture_GetFullReport(rotate, &report), HT_OK);
    CHECK(report.fields ==
          (HT_REPORT_LOCATION | HT_REPORT_ROTATION | HT_REPORT_ANGULAR_VELOCITY));
    CHECK(report.location.x == 100 && report.location.y == 250);
    CHECK(report.rotation == rotation && report.angularVelocity == angular);
    s = find(htDispatcher_GetEvents(d), HT_EVENT_ACTION, "rotate");
    CHECK(s != NULL && s->report.rotation == rotation);
    CHECK_EQ_INT(htGesture_GetFullReport(rotate, NULL), HT_ERROR_INVALID_ARGUMENT);
    CHECK_EQ_INT(htDispatcher_CancelAllTouches(d, 1.6), HT_OK);

    // A drag from 5 pt off the left edge begins the edge pan; from 50 pt it fails.
    htTouchInput t = touch(5, HT_PHASE_BEGAN, 5, 700);
    CHECK_EQ_INT(htDispatcher_Feed(d, 2, &t, 1), HT_OK);
    t = touch(5, HT_PHASE_MOVED, 40, 700);
    CHECK_EQ_INT(htDispatcher_Feed(d, 2.1, &t, 1), HT_OK);
    s = find(htDispatcher_GetEvents(d), HT_EVENT_STATE, "edge");
    CHECK(s != NULL && s->state == HT_STATE_BEGAN);
    CHECK_EQ_INT(htDispatcher_CancelAllTouches(d, 2.2), HT_OK);
    t = touch(6, HT_PHASE_BEGAN, 50, 700);
    CHECK_EQ_INT(htDispatcher_Feed(d, 3, &t, 1), HT_OK);
    s = find(htDispatcher_GetEvents(d), HT_EVENT_STATE, "edge");
    CHECK(s != NULL && s->state == HT_STATE_FAILED);
    CHECK_EQ_INT(htDispatcher_CancelAllTouches(d, 3.1), HT_OK);

    // Failure requirements at run time: a single and a double tap on `side`.
    gd = htDefaultGestureDef();
    gd.name = "single";
    htGestureId single = htDispatcher_AddGesture(d, side, &gd);
    gd.name = "twice";
    gd.taps = 2;
    htGestureId twice = htDispatcher_AddGesture(d, side, &gd);
    Host h = {single, twice, 0, htNullViewId, htNullViewId, 0};
    htDispatchCallbacks callbacks = {0};
    callbacks.shouldBeRequiredToFailBy = requiredBy;
    callbacks.context = &h;
    CHECK_EQ_INT(htDispatcher_SetCallbacks(d, &callbacks), HT_OK);
    t = touch(7, HT_PHASE_BEGAN, 100, 550);
    CHECK_EQ_INT(htDispatcher_Feed(d, 10, &t, 1), HT_OK);
    t.phase = HT_PHASE_ENDED;
    CHECK_EQ_INT(htDispatcher_Feed(d, 10.05, &t, 1), HT_OK);
    // Waiting for the double tap: nothing recognized yet; asked once about `twice`.
    CHECK(find(htDispatcher_GetEvents(d), HT_EVENT_STATE, "single") == NULL);
    CHECK_EQ_INT(h.asked, 1);
    CHECK_EQ_INT(htDispatcher_AdvanceTime(d, 11), HT_OK);
    s = find(htDispatcher_GetEvents(d), HT_EVENT_STATE, "single");
    CHECK(s != NULL && s->state == HT_STATE_RECOGNIZED);
    CHECK_EQ_INT(h.asked, 1);  // the attempt resumed on the answer it had
    CHECK_EQ_INT(htDispatcher_SetCallbacks(d, NULL), HT_OK);
    // The same as a subclass-level answer, without callbacks.
    CHECK_EQ_INT(htGesture_ShouldBeRequiredToFailBy(twice, single), HT_OK);
    t = touch(8, HT_PHASE_BEGAN, 100, 550);
    CHECK_EQ_INT(htDispatcher_Feed(d, 20, &t, 1), HT_OK);
    t.phase = HT_PHASE_ENDED;
    CHECK_EQ_INT(htDispatcher_Feed(d, 20.05, &t, 1), HT_OK);
    CHECK(find(htDispatcher_GetEvents(d), HT_EVENT_STATE, "single") == NULL);
    CHECK_EQ_INT(htDispatcher_AdvanceTime(d, 21), HT_OK);
    CHECK(find(htDispatcher_GetEvents(d), HT_EVENT_STATE, "single") != NULL);
    CHECK_EQ_INT(htGesture_ShouldRequireFailureOf(single, twice), HT_OK);
    CHECK_EQ_INT(htGesture_ShouldRequireFailureOf(single, htNullGestureId), HT_ERROR_NULL_ID);

    // next overridden: side's touches go from side to card, then card's superview.
    CHECK_EQ_INT(htGesture_Remove(single), HT_OK);
    CHECK_EQ_INT(htGesture_Remove(twice), HT_OK);
    CHECK_EQ_INT(htDispatcher_SetNextResponder(d, side, card), HT_OK);
    t = touch(9, HT_PHASE_BEGAN, 100, 550);
    CHECK_EQ_INT(htDispatcher_Feed(d, 30, &t, 1), HT_OK);
    htDispatchEvents e = htDispatcher_GetEvents(d);
    const htDispatchEvent* toCard = find(e, HT_EVENT_DELIVERY, "card");
    CHECK(toCard != NULL && HT_VIEW_ID_EQUALS(toCard->view, card));
    CHECK(toCard != NULL && toCard > find(e, HT_EVENT_DELIVERY, "side"));
    CHECK(find(e, HT_EVENT_DELIVERY, "main") > toCard);
    t.phase = HT_PHASE_ENDED;
    CHECK_EQ_INT(htDispatcher_Feed(d, 30.1, &t, 1), HT_OK);
    CHECK_EQ_INT(htDispatcher_SetNextResponder(d, side, htNullViewId), HT_OK);
    t = touch(10, HT_PHASE_BEGAN, 100, 550);
    CHECK_EQ_INT(htDispatcher_Feed(d, 40, &t, 1), HT_OK);
    CHECK(find(htDispatcher_GetEvents(d), HT_EVENT_DELIVERY, "card") == NULL);
    t.phase = HT_PHASE_ENDED;  // nothing in flight: the next call sees the world's changes
    CHECK_EQ_INT(htDispatcher_Feed(d, 40.1, &t, 1), HT_OK);
    // The same override from the host's callback.
    Host nh = {htNullGestureId, htNullGestureId, 0, side, card, 0};
    htDispatchCallbacks nc = {0};
    nc.nextResponder = nextResponder;
    nc.context = &nh;
    CHECK_EQ_INT(htDispatcher_SetCallbacks(d, &nc), HT_OK);
    t = touch(11, HT_PHASE_BEGAN, 100, 550);
    CHECK_EQ_INT(htDispatcher_Feed(d, 45, &t, 1), HT_OK);
    e = htDispatcher_GetEvents(d);
    CHECK(find(e, HT_EVENT_DELIVERY, "card") > find(e, HT_EVENT_DELIVERY, "side"));
    CHECK(nh.nextAsked >= 2);
    t.phase = HT_PHASE_ENDED;
    CHECK_EQ_INT(htDispatcher_Feed(d, 45.1, &t, 1), HT_OK);
    CHECK_EQ_INT(htDispatcher_SetCallbacks(d, NULL), HT_OK);
    // A view controller's next needs a view controller.
    CHECK_EQ_INT(htDispatcher_SetViewControllerNextResponder(d, card, side), HT_ERROR_NOT_ALLOWED);

    // Hover: a pointer with no button, moved over the card, then away.
    gd = htDefaultGestureDef();
    gd.name = "hover";
    gd.kind = HT_GESTURE_HOVER;
    htGestureId hover = htDispatcher_AddGesture(d, card, &gd);
    CHECK(htGesture_IsValid(hover));
    htVec2 p = {100, 200};
    CHECK_EQ_INT(htDispatcher_MovePointer(d, 50, &p), HT_OK);
    s = find(htDispatcher_GetEvents(d), HT_EVENT_STATE, "hover");
    CHECK(s != NULL && s->state == HT_STATE_BEGAN && s->time == 50);
    p.x = 120;
    CHECK_EQ_INT(htDispatcher_MovePointer(d, 50.1, &p), HT_OK);
    s = find(htDispatcher_GetEvents(d), HT_EVENT_STATE, "hover");
    CHECK(s != NULL && s->state == HT_STATE_CHANGED);
    CHECK_EQ_INT(htDispatcher_MovePointer(d, 50.2, NULL), HT_OK);
    s = find(htDispatcher_GetEvents(d), HT_EVENT_STATE, "hover");
    CHECK(s != NULL && s->state == HT_STATE_ENDED);
    p.x = NAN;
    CHECK_EQ_INT(htDispatcher_MovePointer(d, 50.3, &p), HT_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(htGetLastErrorMessage(), "pointer") != NULL);
    CHECK_EQ_INT(htDispatcher_MovePointer(d, 1, NULL), HT_ERROR_INVALID_ARGUMENT);  // backwards

    // Bad definitions: refused with the field named.
    gd = htDefaultGestureDef();
    gd.kind = HT_GESTURE_SWIPE;
    gd.swipeDirections = 0;
    CHECK(HT_IS_NULL(htDispatcher_AddGesture(d, card, &gd)));
    CHECK(strstr(htGetLastErrorMessage(), "swipeDirections") != NULL);
    gd.swipeDirections = 16;
    CHECK(HT_IS_NULL(htDispatcher_AddGesture(d, card, &gd)));
    gd = htDefaultGestureDef();
    gd.kind = HT_GESTURE_SCREEN_EDGE_PAN;  // edges left at 0: no edge
    CHECK(HT_IS_NULL(htDispatcher_AddGesture(d, card, &gd)));
    CHECK(strstr(htGetLastErrorMessage(), "edges") != NULL);
    htViewId stale = side;
    stale.generation += 1;
    CHECK(htDispatcher_SetNextResponder(d, side, stale) != HT_OK);
    CHECK(strstr(htGetLastErrorMessage(), "next") != NULL);

    htDestroyDispatcher(d);
    htDestroyWorld(world);
    if (ht_failures == 0) printf("test_dispatch_kinds: ok\n");
    return ht_failures;
}
