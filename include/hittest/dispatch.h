// HitTestKit C API: touch dispatch as UIKit does it (gesture recognizers, controls,
// responder chains), for a world. Swift: `Dispatcher` of module HitTestDispatch, which
// this API drives; no dispatch rule is implemented in the C layer.
//
// The per-frame loop of a host:
//
//   htDispatcherDef def = htDefaultDispatcherDef();
//   htDispatcherId d = htCreateDispatcher(world, &def);
//   htGestureDef tap = htDefaultGestureDef();          // a tap on `card`
//   tap.name = "cardTap";
//   htGestureId g = htDispatcher_AddGesture(d, card, &tap);
//   for (;;) {
//       htWorld_SetCenters(world, ids, centers, n);    // the engine's layout
//       htDispatcher_Feed(d, now, touches, touchCount); // or htDispatcher_AdvanceTime
//       htDispatchEvents events = htDispatcher_GetEvents(d);
//       for (int32_t i = 0; i < events.count; i++) { /* events.events[i] */ }
//   }
//
// Where settings live: recognizers, controls and per-view touch handling are fields of
// the world's views (they are saved with htWorld_SaveSceneFile and loaded from scene
// files' event fields), so a scene file made for `hittest replay` dispatches the same.
// What the dispatcher sees: the world itself, as it is at each call; it keeps no copy.
// Views added, removed, moved, reordered or changed, and recognizers added, removed or
// disabled, take effect on the next call, with touches down too (rule-live-world in
// DispatchRules: a new touch is hit-tested against the world as it is; a moved view keeps
// its touches; a removed view's touches are cancelled for it; a removed or disabled
// recognizer is cancelled or fails). A call costs one hit test per touch that begins plus
// the recognizers and responders its touches reach; nothing is linear in the world's size.
//
// Threads: a dispatcher is used by one thread at a time, and while it runs a call
// (feeding, advancing time, cancelling) no other thread may change its world. Different
// dispatchers on different worlds may run at the same time. Callbacks run on the calling
// thread, inside htDispatcher_Feed / AdvanceTime / CancelAllTouches; they may read the
// world but must not call functions of the same dispatcher or change its world.
#ifndef HITTEST_DISPATCH_H
#define HITTEST_DISPATCH_H

#include "base.h"
#include "id.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Limits

/// The most dispatchers that can exist at the same time.
#define HT_MAX_DISPATCHERS 128

// MARK: Enumerations

/// Touch phases (Swift: `TouchPhase`).
#define HT_PHASE_BEGAN 0
#define HT_PHASE_MOVED 1
#define HT_PHASE_STATIONARY 2
#define HT_PHASE_ENDED 3
#define HT_PHASE_CANCELLED 4

/// Touch messages (Swift: `TouchMessage`).
#define HT_MESSAGE_TOUCHES_BEGAN 0
#define HT_MESSAGE_TOUCHES_MOVED 1
#define HT_MESSAGE_TOUCHES_ENDED 2
#define HT_MESSAGE_TOUCHES_CANCELLED 3

/// What a responder does with a touch message (Swift: `TouchHandling`). DEFAULT is only
/// a callback's answer: "what the view's setting says".
#define HT_TOUCHES_DEFAULT (-1)
#define HT_TOUCHES_FORWARD 0
#define HT_TOUCHES_HANDLE 1
#define HT_TOUCHES_HANDLE_AND_FORWARD 2

/// Gesture recognizer kinds (Swift: `GestureKind`).
#define HT_GESTURE_TAP 0
#define HT_GESTURE_LONG_PRESS 1
#define HT_GESTURE_PAN 2
#define HT_GESTURE_PINCH 3
#define HT_GESTURE_SWIPE 4
#define HT_GESTURE_ROTATION 5
#define HT_GESTURE_SCREEN_EDGE_PAN 6
#define HT_GESTURE_HOVER 7

/// Swipe directions, a bit mask (Swift: `SwipeDirections`; UIKit's raw values).
#define HT_SWIPE_RIGHT 1u
#define HT_SWIPE_LEFT 2u
#define HT_SWIPE_UP 4u
#define HT_SWIPE_DOWN 8u

/// Window edges of a screen-edge pan, a bit mask (Swift: `ScreenEdges`; UIKit's
/// UIRectEdge raw values).
#define HT_EDGE_TOP 1u
#define HT_EDGE_LEFT 2u
#define HT_EDGE_BOTTOM 4u
#define HT_EDGE_RIGHT 8u
#define HT_EDGE_ALL 15u

/// Gesture recognizer states (Swift: `GestureState`).
#define HT_STATE_POSSIBLE 0
#define HT_STATE_BEGAN 1
#define HT_STATE_CHANGED 2
#define HT_STATE_ENDED 3
#define HT_STATE_CANCELLED 4
#define HT_STATE_FAILED 5
#define HT_STATE_RECOGNIZED 6

/// Control events (Swift: `ControlEvent`).
#define HT_CONTROL_TOUCH_DOWN 0
#define HT_CONTROL_TOUCH_DOWN_REPEAT 1
#define HT_CONTROL_TOUCH_DRAG_INSIDE 2
#define HT_CONTROL_TOUCH_DRAG_OUTSIDE 3
#define HT_CONTROL_TOUCH_DRAG_ENTER 4
#define HT_CONTROL_TOUCH_DRAG_EXIT 5
#define HT_CONTROL_TOUCH_UP_INSIDE 6
#define HT_CONTROL_TOUCH_UP_OUTSIDE 7
#define HT_CONTROL_TOUCH_CANCEL 8
#define HT_CONTROL_VALUE_CHANGED 9
#define HT_CONTROL_PRIMARY_ACTION_TRIGGERED 10

// MARK: Definitions

/// A dispatcher's timing and distances (Swift: `DispatchSettings`). Make it with
/// htDefaultDispatcherDef.
typedef struct htDispatcherDef {
    /// A touch continues a tap sequence when it begins at most this long (s) after the
    /// previous one ended (default 0.35).
    double multiTapInterval;
    /// A longer touch is no tap (default 0.75 s).
    double maximumTapDuration;
    /// How far a tap may move, and how near the next tap must begin (default 45 pt).
    double tapSlop;
    /// How long a scroll view that delays content touches holds a touch's touchesBegan
    /// back from its content (default 0.15 s; rule-scroll-view-delays-content-touches).
    double contentTouchDelay;
    /// Set by htDefaultDispatcherDef; a definition without it is refused. Always last.
    int32_t internalValue;
} htDispatcherDef;

/// A gesture recognizer (Swift: `SceneGesture`). Make it with htDefaultGestureDef; the
/// kind's parameters not of its kind are ignored.
typedef struct htGestureDef {
    /// The recognizer's name in events and logs, unique among the world's recognizers
    /// (UTF-8, copied). NULL: "gesture" followed by a number.
    const char* name;
    /// HT_GESTURE_* (default tap).
    int32_t kind;
    /// Tap: taps required (default 1). Tap and long press: fingers required (default 1).
    int32_t taps;
    int32_t touches;
    /// Long press: seconds held (default 0.5), points a finger may move (default 10).
    double minimumPressDuration;
    double allowableMovement;
    /// Pan: fingers needed (default 1), most fingers (0: no limit, the default), points a
    /// finger moves before it begins (default 10).
    int32_t minimumTouches;
    int32_t maximumTouches;
    double hysteresis;
    /// UIKit's properties of the same names (defaults true, true, false, true).
    bool enabled;
    bool cancelsTouchesInView;
    bool delaysTouchesBegan;
    bool delaysTouchesEnded;
    /// What the delegate answers when no callback does (defaults true).
    bool shouldBegin;
    bool shouldReceiveTouch;
    /// Swipe: HT_SWIPE_* bits, at least one (default HT_SWIPE_RIGHT, as UIKit); the
    /// fingers required are `touches`.
    uint32_t swipeDirections;
    /// Screen-edge pan: HT_EDGE_* bits, at least one (default 0, which is refused for
    /// that kind: UIKit's default of no edge never begins).
    uint32_t edges;
    /// Set by htDefaultGestureDef; a definition without it is refused. Always last.
    int32_t internalValue;
} htGestureDef;

/// A view's control behaviour (Swift: `SceneControl`). Make it with htDefaultControlDef.
typedef struct htControlDef {
    /// Default true. A disabled control passes touches up the responder chain.
    bool enabled;
    /// How far outside its bounds a tracked touch still counts as inside (default 70).
    double trackingSlop;
    /// Set by htDefaultControlDef; a definition without it is refused.
    int32_t internalValue;
} htControlDef;

/// A view's scroll view settings (Swift: `SceneScrollView`;
/// rule-scroll-view-identity). Make it with htDefaultScrollViewDef. Views of class
/// UIScrollView, UITableView, UICollectionView and UITextView are scroll views with the
/// defaults without it.
typedef struct htScrollViewDef {
    /// UIKit's properties of the same names (defaults true, true, true).
    bool scrollEnabled;
    bool delaysContentTouches;
    bool canCancelContentTouches;
    /// touchesShouldCancel(in:) when no callback answers: HT_SCROLL_ANSWER_DEFAULT (UIKit's
    /// default: false for a control, true otherwise), _NO or _YES.
    int32_t touchesShouldCancel;
    /// touchesShouldBegin when no callback answers (default true).
    bool touchesShouldBegin;
    /// contentSize (default 0 x 0).
    htVec2 contentSize;
    /// Defaults true, false, false, false.
    bool bounces;
    bool alwaysBounceHorizontal;
    bool alwaysBounceVertical;
    bool directionalLockEnabled;
    /// Zooming is enabled when they differ (defaults 1 and 1).
    double minimumZoomScale;
    double maximumZoomScale;
    /// decelerationRate: the factor the content's speed is multiplied by each millisecond
    /// after a flick, in (0, 1) (rule-scroll-view-deceleration). Default
    /// HT_DECELERATION_RATE_NORMAL.
    double decelerationRate;
    /// isPagingEnabled: the content comes to rest on multiples of the view's bounds size
    /// (rule-scroll-view-paging). Default false.
    bool pagingEnabled;
    /// contentInset: room around the content on each side, which widens the offset range
    /// to [-top, contentSize.y - bounds height + bottom] vertically (left and right
    /// likewise; rule-scroll-view-content-inset). Finite and not negative. Default zero.
    htInsets contentInset;
    /// viewForZooming(in:): the subview a pinch zooms (rule-scroll-view-zoom); the null id
    /// (the default) zooms nothing. Refused when it is not a subview of the view.
    htViewId zoomingView;
    /// zoomScale (default 1): the scale the zooming view is shown at, finite and > 0.
    double zoomScale;
    /// bouncesZoom (default true): a pinch may go past the zoom limits and springs back.
    bool bouncesZoom;
    /// Set by htDefaultScrollViewDef; a definition without it is refused.
    int32_t internalValue;
} htScrollViewDef;

/// UIKit's UIScrollView.DecelerationRate.normal and .fast.
#define HT_DECELERATION_RATE_NORMAL 0.998
#define HT_DECELERATION_RATE_FAST 0.99

#define HT_SCROLL_ANSWER_DEFAULT -1
#define HT_SCROLL_ANSWER_NO 0
#define HT_SCROLL_ANSWER_YES 1

/// What a scroll view decided about a touch (Swift: `ScrollViewDecision`), in
/// HT_EVENT_SCROLL_DECISION events' `state`.
#define HT_SCROLL_CONTENT_TOUCH_DELAYED 0
#define HT_SCROLL_DELAY_ELAPSED 1
#define HT_SCROLL_TOUCH_ENDED_DURING_DELAY 2
#define HT_SCROLL_SCROLL_BEGAN_DURING_DELAY 3
#define HT_SCROLL_TOUCHES_SHOULD_BEGIN_FALSE 4
#define HT_SCROLL_TOUCHES_SHOULD_CANCEL_TRUE 5
#define HT_SCROLL_TOUCHES_SHOULD_CANCEL_FALSE 6
#define HT_SCROLL_CANNOT_CANCEL_CONTENT_TOUCHES 7
#define HT_SCROLL_CANNOT_SCROLL_IN_DIRECTION 8
/// The touch began on a scroll view decelerating after a flick: it stops it, and the
/// content is sent nothing for the touch (rule-scroll-view-stopping-touch).
#define HT_SCROLL_TOUCH_STOPPED_SCROLLING 9

// MARK: Input and output

/// One touch that changed in a frame (Swift: `TouchInput`).
typedef struct htTouchInput {
    /// Names the finger from began to ended or cancelled; may be reused afterwards.
    int64_t id;
    /// HT_PHASE_*.
    int32_t phase;
    /// Screen coordinates; finite.
    htVec2 point;
} htTouchInput;

/// A touch as callbacks see it (Swift: `Touch`).
typedef struct htTouch {
    int64_t id;
    int32_t phase;
    /// The view it was bound to when it began (null when it began on no view).
    htViewId view;
    /// Screen coordinates now and at the previous message.
    htVec2 location;
    htVec2 previousLocation;
    int32_t tapCount;
    /// When it began.
    double beganAt;
} htTouch;

/// A responder that receives a touch message: a view (view set, name its name) or a view
/// controller, the application or its delegate (view null, name theirs).
typedef struct htResponder {
    htViewId view;
    const char* name;
} htResponder;

/// Kinds of events.
#define HT_EVENT_DELIVERY 0
#define HT_EVENT_STATE 1
#define HT_EVENT_ACTION 2
#define HT_EVENT_CONTROL 3
/// A control's highlighted state turned on (`state` 1) or off (`state` 0); `view` and
/// `name` are the control's.
#define HT_EVENT_HIGHLIGHT 4
/// A scroll view's content offset changed: `view` and `name` are the scroll view's,
/// `contentOffset` the new offset (its bounds origin, which the world's view takes too).
#define HT_EVENT_SCROLL 5
/// A scroll view decided about a touch in its content: `touch`, `view` (the scroll view)
/// and `state` (HT_SCROLL_*).
#define HT_EVENT_SCROLL_DECISION 6
/// A scroll view's delegate call (rule-scroll-view-delegate-calls): its drag began or
/// ended, or its motion after the lift began or ended. `view` and `name` are the scroll
/// view's, `state` one of the HT_SCROLL_* calls below (Swift: `ScrollViewEvent`).
#define HT_EVENT_SCROLL_EVENT 7
#define HT_SCROLL_WILL_BEGIN_DECELERATING 0
#define HT_SCROLL_DID_END_DECELERATING 1
#define HT_SCROLL_WILL_BEGIN_DRAGGING 2
/// `velocity` is the content's velocity at the lift (points a millisecond, positive
/// where the offset grows) and `contentOffset` the target offset its motion ends on.
#define HT_SCROLL_WILL_END_DRAGGING 3
/// `willDecelerate` says whether the content moves on after the lift.
#define HT_SCROLL_DID_END_DRAGGING 4
/// An htDispatcher_SetContentOffset animation ended, on its target or stopped
/// (rule-scroll-view-set-content-offset).
#define HT_SCROLL_DID_END_SCROLLING_ANIMATION 5
/// The scroll view's pinch began zooming (rule-scroll-view-zoom).
#define HT_SCROLL_WILL_BEGIN_ZOOMING 6
/// The zoom scale changed: `zoomScale` is the new scale.
#define HT_SCROLL_DID_ZOOM 7
/// The zoom ended (after the spring back to a limit, if any): `zoomScale` is the scale.
#define HT_SCROLL_DID_END_ZOOMING 8

/// Which fields of an htGestureReport the recognizer's kind reports.
#define HT_REPORT_LOCATION 1u
#define HT_REPORT_TRANSLATION 2u
#define HT_REPORT_VELOCITY 4u
#define HT_REPORT_SCALE 8u
#define HT_REPORT_SCALE_VELOCITY 16u
#define HT_REPORT_ROTATION 32u
#define HT_REPORT_ANGULAR_VELOCITY 64u
#define HT_REPORT_DIRECTION 128u

/// What a recognizer reports to its action (rule-recognizer-reports; Swift:
/// `GestureReport`). `fields` holds the HT_REPORT_* bits of what its kind reports; the
/// others are zero. Points are screen points, times seconds.
typedef struct htGestureReport {
    /// HT_REPORT_* bits.
    uint32_t fields;
    /// Every kind: the gesture's location (UIKit's location(in:)): the centroid of its
    /// touches down, or of those that lifted last where they lifted; a swipe's, where
    /// it began; a hover's, the pointer's.
    htVec2 location;
    /// Pan and screen-edge pan: the centroid's travel since the touches began, and its
    /// speed at the last move (points a second).
    htVec2 translation;
    htVec2 velocity;
    /// Pinch: the scale since the second touch began, and its change a second.
    double scale;
    double scaleVelocity;
    /// Rotation: radians turned since the second touch began (positive clockwise on the
    /// screen), and radians a second.
    double rotation;
    double angularVelocity;
    /// Swipe: the HT_SWIPE_* direction it recognized in.
    uint32_t direction;
} htGestureReport;

/// One thing that happened, in order (Swift: `DispatchLogEntry`). Fields not of the
/// event's type are zero (null ids, NULL name).
typedef struct htDispatchEvent {
    /// HT_EVENT_*.
    int32_t type;
    /// Seconds: the frame's time, or the timer's when a timer caused it.
    double time;
    /// DELIVERY: the touch's id and HT_MESSAGE_*.
    int64_t touch;
    int32_t message;
    /// DELIVERY to a recognizer, STATE, and ACTION of a recognizer: the recognizer.
    htGestureId gesture;
    /// DELIVERY: the responder (a recognizer's: its view). CONTROL and a control's
    /// ACTION: the control.
    htViewId view;
    /// STATE: HT_STATE_*. CONTROL: HT_CONTROL_*.
    int32_t state;
    int32_t controlEvent;
    /// DELIVERY: the responder's name (the recognizer's for a recognizer). STATE: the
    /// recognizer's name. ACTION: the recognizer's name or the control's action name.
    /// CONTROL: the control view's name. Valid until the next feed, advance, cancel,
    /// reset or destroy of the dispatcher.
    const char* name;
    /// SCROLL: the new content offset. SCROLL_EVENT HT_SCROLL_WILL_END_DRAGGING: the
    /// target content offset.
    htVec2 contentOffset;
    /// SCROLL_EVENT HT_SCROLL_WILL_END_DRAGGING: the content's velocity, points a
    /// millisecond.
    htVec2 velocity;
    /// SCROLL_EVENT HT_SCROLL_DID_END_DRAGGING: whether a motion follows the lift.
    bool willDecelerate;
    /// ACTION of a recognizer: what it reported at that moment (the recognizer may have
    /// reset by the time the host reads the events, so its getters no longer say).
    htGestureReport report;
    /// SCROLL_EVENT HT_SCROLL_DID_ZOOM and HT_SCROLL_DID_END_ZOOMING: the zoom scale.
    double zoomScale;
} htDispatchEvent;

/// The events of the last htDispatcher_Feed / AdvanceTime / CancelAllTouches: an array
/// owned by the dispatcher, valid until its next such call (as box2d's
/// b2World_GetContactEvents).
typedef struct htDispatchEvents {
    const htDispatchEvent* events;
    int32_t count;
} htDispatchEvents;

/// A host's answers to the questions UIKit asks delegates and overrides. Each function
/// may be NULL (the settings decide); `context` is passed as it is.
typedef struct htDispatchCallbacks {
    /// gestureRecognizerShouldBegin: (default: the definition's shouldBegin).
    bool (*shouldBegin)(htGestureId gesture, void* context);
    /// gestureRecognizer:shouldReceiveTouch: (default: the definition's).
    bool (*shouldReceiveTouch)(htGestureId gesture, const htTouch* touch, void* context);
    /// true lets the two recognize together (in addition to
    /// htGesture_RecognizeSimultaneouslyWith).
    bool (*shouldRecognizeSimultaneously)(htGestureId gesture, htGestureId other,
                                          void* context);
    /// true makes `gesture` wait for `other` to fail (in addition to
    /// htGesture_RequireToFail).
    bool (*shouldRequireFailureOf)(htGestureId gesture, htGestureId other, void* context);
    /// A responder received a touch message (HT_MESSAGE_*): return HT_TOUCHES_FORWARD,
    /// _HANDLE or _HANDLE_AND_FORWARD, or HT_TOUCHES_DEFAULT (or any other value) for its
    /// setting. A control's answer is ignored (controls handle their touches).
    int32_t (*touchHandling)(const htResponder* responder, int32_t message,
                             const htTouch* touch, void* context);
    void* context;
    /// gestureRecognizer:shouldBeRequiredToFailByGestureRecognizer: true makes `other`
    /// wait for `gesture` to fail (in addition to htGesture_RequireToFail). Like
    /// shouldRequireFailureOf, asked once per attempt of `other`, about each recognizer
    /// that holds touches (`rule-recognizer-failure-requirements-at-run-time`).
    bool (*shouldBeRequiredToFailBy)(htGestureId gesture, htGestureId other, void* context);
    /// A responder's `next` overridden by the host: return the view that follows
    /// `responder` (a view, or a view controller by name), or the null id for its setting
    /// (htDispatcher_SetNextResponder, or UIKit's default). Asked when a touch begins, for
    /// each link of its chain (`rule-responder-next-override`); an id that is no view of
    /// the world is ignored.
    htViewId (*nextResponder)(const htResponder* responder, void* context);
    /// UIControl's beginTracking(_:with:): false means the control does not track the
    /// touch (rule-control-tracking). NULL: the default (true; a slider: on its knob).
    bool (*beginTracking)(htViewId control, const htTouch* touch, void* context);
    /// continueTracking(_:with:): false stops tracking. NULL: true.
    bool (*continueTracking)(htViewId control, const htTouch* touch, void* context);
    /// endTracking(_:with:) and cancelTracking(with:): told before touchUpInside /
    /// touchUpOutside and before touchCancel. A control removed from the world while it
    /// tracks is told cancelTracking at the next frame with its id, no longer valid
    /// (rule-live-world).
    void (*endTracking)(htViewId control, const htTouch* touch, void* context);
    void (*cancelTracking)(htViewId control, const htTouch* touch, void* context);
    /// UIScrollView's touchesShouldBegin(_:with:in:) (rule-scroll-view-touches-should-begin).
    /// NULL: the scroll view's setting.
    bool (*touchesShouldBegin)(htViewId scrollView, htViewId view, const htTouch* touch,
                               void* context);
    /// UIScrollView's touchesShouldCancel(in:) (rule-scroll-view-cancels-content-touches).
    /// NULL: the scroll view's setting.
    bool (*touchesShouldCancel)(htViewId scrollView, htViewId view, void* context);
    /// Like touchHandling, with every touch of the call: UIKit's `touches` set of
    /// touchesBegan(_:with:) and the other messages, in the order the touches began;
    /// `touches[index]` is the touch being delivered (rule-responder-touch-sets). Asked
    /// instead of touchHandling when set. Touches of a call share the responder's view
    /// (each touch's `view` is the view it is bound to).
    int32_t (*touchesHandling)(const htResponder* responder, int32_t message,
                               const htTouch* touches, int32_t count, int32_t index,
                               void* context);
    /// UIScrollViewDelegate's scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)
    /// (rule-scroll-view-delegate-calls): asked when a drag's touches lift, with the
    /// content's velocity (points a millisecond) and, in `targetContentOffset`, the offset
    /// its motion would end on. Write another offset there to end the motion on it instead
    /// (held in the offset range); leave it to keep it. Not asked for a paging scroll view.
    /// NULL: the target stays.
    void (*willEndDragging)(htViewId scrollView, htVec2 velocity, htVec2* targetContentOffset,
                            void* context);
} htDispatchCallbacks;

// MARK: Dispatchers

/// A dispatcher definition with the defaults (Swift: `DispatchSettings.default`).
HT_API htDispatcherDef htDefaultDispatcherDef(void);

/// Creates a dispatcher for `world`. Returns the null id on error (HT_ERROR_TOO_MANY_DISPATCHERS
/// when all HT_MAX_DISPATCHERS slots are in use). Swift:
/// `Dispatcher.init(store:useIndexes:settings:)` on the world's store.
HT_API htDispatcherId htCreateDispatcher(htWorldId world, const htDispatcherDef* def);

/// Destroys a dispatcher; its ids and its events go stale.
HT_API htResult htDestroyDispatcher(htDispatcherId dispatcher);

/// True when the id names a live dispatcher.
HT_API bool htDispatcher_IsValid(htDispatcherId dispatcher);

/// Sets (or with NULL clears) the callbacks.
HT_API htResult htDispatcher_SetCallbacks(htDispatcherId dispatcher,
                                          const htDispatchCallbacks* callbacks);

/// Handles one frame at `time` (seconds, not before the previous frame): the touches that
/// changed, in delivery order (`count` may be 0). Timers due by `time` fire first. A
/// refused frame (a touch that moves without having begun, an id twice, NaN) changes
/// nothing and returns HT_ERROR_INVALID_ARGUMENT naming the touch and field. Swift:
/// `Dispatcher.feed(_:)`.
HT_API htResult htDispatcher_Feed(htDispatcherId dispatcher, double time,
                                  const htTouchInput* touches, int32_t count);

/// Advances time to `time` with no touches: fires the timers due by then (long presses,
/// tap limits). `time` may be INFINITY: every pending timer fires, and time then stands at
/// the last one fired. Swift: `Dispatcher.flush(until:)`.
HT_API htResult htDispatcher_AdvanceTime(htDispatcherId dispatcher, double time);

/// The pointer (a mouse or trackpad with no button pressed) at `time`: at `*point` in
/// screen coordinates, or gone (NULL). Drives hover recognizers (HT_GESTURE_HOVER), which
/// take no touches. Timers due by `time` fire first, as with htDispatcher_Feed. Cheap:
/// one hit test plus the hover recognizers on the chain under the pointer, so a host may
/// call it for every mouse move. Swift: `Dispatcher.feed(_:)` with a frame whose `pointer`
/// is set and no touches.
HT_API htResult htDispatcher_MovePointer(htDispatcherId dispatcher, double time,
                                         const htVec2* point);

/// The system cancellation (the app lost focus): every touch down is cancelled at `time`.
/// Swift: `Dispatcher.cancelAllTouches(at:)`.
HT_API htResult htDispatcher_CancelAllTouches(htDispatcherId dispatcher, double time);

/// Forgets every touch, timer and recognizer state without any event, and the time: the
/// next frame may have any time.
HT_API htResult htDispatcher_Reset(htDispatcherId dispatcher);

// MARK: Names

// The names of the constants' values, as the log and the Swift API spell them (UIKit's
// words): for printing events without a table of one's own. Each returns a constant
// string of the library, "unknown" for a value that is none of the constants.

/// HT_STATE_*: "possible", "began", "changed", "ended", "cancelled", "failed",
/// "recognized" (UIGestureRecognizer.State). Swift: `GestureState.rawValue`.
HT_API const char* htStateName(int32_t state);
/// HT_CONTROL_*: "touchDown", ..., "touchUpInside", ..., "valueChanged",
/// "primaryActionTriggered" (UIControl.Event). Swift: `ControlEvent.rawValue`.
HT_API const char* htControlEventName(int32_t event);
/// HT_PHASE_*: "began", "moved", "stationary", "ended", "cancelled" (UITouch.Phase).
/// Swift: `TouchPhase.rawValue`.
HT_API const char* htPhaseName(int32_t phase);
/// HT_MESSAGE_*: "touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled"
/// (UIResponder's methods). Swift: `TouchMessage.rawValue`.
HT_API const char* htMessageName(int32_t message);
/// HT_EVENT_*: "delivery", "state", "action", "control", "highlight", "scrollOffset",
/// "scrollView", "scrollEvent" (the `kind` of the log's JSON entries they come from).
HT_API const char* htEventTypeName(int32_t type);
/// HT_SCROLL_* decisions (HT_EVENT_SCROLL_DECISION's `state`): "contentTouchDelayed",
/// "delayElapsed", ... Swift: `ScrollViewDecision.rawValue`.
HT_API const char* htScrollDecisionName(int32_t decision);
/// HT_SCROLL_* calls (HT_EVENT_SCROLL_EVENT's `state`): "scrollViewWillBeginDecelerating",
/// "scrollViewDidEndDecelerating", "scrollViewWillBeginDragging",
/// "scrollViewWillEndDragging", "scrollViewDidEndDragging",
/// "scrollViewDidEndScrollingAnimation", "scrollViewWillBeginZooming", "scrollViewDidZoom",
/// "scrollViewDidEndZooming". Swift: `ScrollViewEvent.name`.
HT_API const char* htScrollEventName(int32_t event);

// MARK: Events

/// The events of the last feed, advance or cancel (empty after an error or a reset).
HT_API htDispatchEvents htDispatcher_GetEvents(htDispatcherId dispatcher);

/// Event `index` of the last call's events as the line the log prints
/// (rule-dispatch-log; `json` false), e.g. `[0.000] card,-[cardTap touchesBegan:withEvent:]
/// touch 1` (to a recognizer of `card`), `[0.000] -[card touchesBegan:withEvent:] touch 1`
/// (to a responder), `[0.150] cardPan: began`, or as its JSON object (`json` true), e.g.
/// `{"t": 0, "kind": "delivery", "touch": 1, "responder": "card", "message":
/// "touchesBegan"}`, written with a NUL into `buffer`; `*length` (if not
/// NULL) gets the length without the NUL. HT_ERROR_BUFFER_TOO_SMALL when `capacity` is not
/// more than that length; HT_ERROR_INVALID_ARGUMENT for an index out of range. Swift:
/// `DispatchLogEntry.text` / `.json`.
HT_API htResult htDispatcher_FormatEvent(htDispatcherId dispatcher, int32_t index, bool json,
                                         char* buffer, size_t capacity, size_t* length);

/// One frame that carries both touches and the pointer: the touches first, then the
/// pointer, in that order, as `hittest replay` runs a frame of an events file (`pointer`
/// NULL with `pointerGone` false: the pointer did not change; `pointerGone` true: it went
/// away). The same as htDispatcher_Feed followed by htDispatcher_MovePointer at the same
/// time, in one call with one set of events. Swift: `Dispatcher.feed(_:)` with
/// `InputFrame.pointer`.
HT_API htResult htDispatcher_FeedFrame(htDispatcherId dispatcher, double time,
                                       const htTouchInput* touches, int32_t count,
                                       const htVec2* pointer, bool pointerGone);

/// Sets a control's value (a switch's 0 or 1, a slider's or stepper's value), as the
/// host's code would set `isOn` or `value`: written to the view's control settings, with
/// no control event. HT_ERROR_NOT_ALLOWED for a view that is no control.
HT_API htResult htDispatcher_SetControlValue(htDispatcherId dispatcher, htViewId control,
                                             double value);

/// The number of touches down in `*count`. Swift: `Dispatcher.activeTouches`.
HT_API htResult htDispatcher_GetActiveTouchCount(htDispatcherId dispatcher, int32_t* count);

// MARK: Recognizers

/// A gesture definition with the defaults (a one-finger single tap).
HT_API htGestureDef htDefaultGestureDef(void);

/// Attaches a recognizer to a view of the dispatcher's world (after the view's others).
/// Returns the null id on error (a name already used, bad parameters).
HT_API htGestureId htDispatcher_AddGesture(htDispatcherId dispatcher, htViewId view,
                                           const htGestureDef* def);

/// The recognizer named `name` (from a loaded scene, or added), or the null id. A scroll
/// view's built-in recognizers are found by their names too, `<view id>.panGestureRecognizer`
/// and, when it zooms, `<view id>.pinchGestureRecognizer`: the ids the callbacks and events
/// give for them.
HT_API htGestureId htDispatcher_FindGesture(htDispatcherId dispatcher, const char* name);

/// True when the id names a live recognizer.
HT_API bool htGesture_IsValid(htGestureId gesture);

/// Detaches a recognizer; its id goes stale.
HT_API htResult htGesture_Remove(htGestureId gesture);

/// `gesture` may recognize only once `other` has failed (UIKit's requireGestureRecognizer
/// ToFail:). Both of the same dispatcher.
HT_API htResult htGesture_RequireToFail(htGestureId gesture, htGestureId other);

/// The two may recognize together.
HT_API htResult htGesture_RecognizeSimultaneouslyWith(htGestureId gesture, htGestureId other);

/// The subclass-level answers of UIKit's shouldRequireFailureOfGestureRecognizer: and
/// shouldBeRequiredToFailByGestureRecognizer: (Swift: `SceneGesture.shouldRequireFailureOf`
/// and `shouldBeRequiredToFailBy`): `gesture`'s class answers true for `other`. The first
/// makes `gesture` wait for `other` to fail, the second makes `other` wait for `gesture`.
HT_API htResult htGesture_ShouldRequireFailureOf(htGestureId gesture, htGestureId other);
HT_API htResult htGesture_ShouldBeRequiredToFailBy(htGestureId gesture, htGestureId other);

/// Changes `enabled`.
HT_API htResult htGesture_SetEnabled(htGestureId gesture, bool enabled);

/// The recognizer's state (HT_STATE_*) now. Swift: `Dispatcher.gesture(_:)`.
HT_API htResult htGesture_GetState(htGestureId gesture, int32_t* state);

/// A pan's translation and velocity, a pinch's scale (1 for other kinds). Swift:
/// `GestureInfo.report`.
HT_API htResult htGesture_GetReport(htGestureId gesture, htVec2* translation,
                                    htVec2* velocity, double* scale);

/// A rotation recognizer's rotation (radians since the second touch began, positive
/// clockwise on the screen) and angular velocity (radians a second); 0 for other kinds.
/// Swift: `GestureReport.rotation`, `angularVelocity`.
HT_API htResult htGesture_GetRotation(htGestureId gesture, double* rotation,
                                      double* angularVelocity);

/// Everything the recognizer reports now, as a report (rule-recognizer-reports): with
/// its location, a pinch's scale velocity and a swipe's direction, which the two calls
/// above do not give. Swift: `GestureInfo.report`.
HT_API htResult htGesture_GetFullReport(htGestureId gesture, htGestureReport* report);

// MARK: Views: controls and touch handling

/// A control definition with the defaults.
HT_API htControlDef htDefaultControlDef(void);

/// Makes the view a control (or changes its settings, keeping its target actions).
HT_API htResult htDispatcher_SetControl(htDispatcherId dispatcher, htViewId view,
                                        const htControlDef* def);

/// A scroll view definition with UIKit's defaults (Swift: `SceneScrollView()`).
HT_API htScrollViewDef htDefaultScrollViewDef(void);

/// Makes `view` a scroll view with these settings (Swift: `ViewEventSettings.scrollView`);
/// its built-in pan (and pinch when zooming) recognizers come with it. Events name them
/// `<view name>.panGestureRecognizer` / `.pinchGestureRecognizer`, with ids that
/// htGesture_* calls refuse (the world holds no such recognizer). Non-finite or
/// negative sizes and insets, non-positive zoom scales (zoomScale too), a maximum below the
/// minimum and a zoomingView that is not a subview of `view` are refused with
/// HT_ERROR_INVALID_ARGUMENT naming the field.
HT_API htResult htDispatcher_SetScrollView(htDispatcherId dispatcher, htViewId view,
                                           const htScrollViewDef* def);

/// A scroll view's content offset now (its bounds origin). HT_ERROR_INVALID_ARGUMENT when
/// the view is not a scroll view of the dispatcher.
HT_API htResult htDispatcher_GetContentOffset(htDispatcherId dispatcher, htViewId view,
                                              htVec2* offset);
/// Whether the scroll view is moving after a flick (UIKit's isDecelerating;
/// rule-scroll-view-deceleration): false for a view that is not a scroll view or is at rest.
HT_API htResult htDispatcher_IsDecelerating(htDispatcherId dispatcher, htViewId view,
                                            bool* decelerating);

/// UIScrollView's setContentOffset(_:animated:) (rule-scroll-view-set-content-offset), at
/// the time the dispatcher's clock stands at (the last frame or AdvanceTime; 0 before any).
/// Any motion of the view stops first (its end is an event). Not animated: the offset is
/// set at once (an HT_EVENT_SCROLL event). Animated: the content moves at a constant
/// velocity to `x`, `y` in 0.3 s on the dispatcher's clock, an HT_EVENT_SCROLL event each
/// frame or AdvanceTime, then HT_SCROLL_DID_END_SCROLLING_ANIMATION; a touch on the view
/// stops it as it stops a deceleration (rule-scroll-view-stopping-touch). The offset is not
/// held in the view's range. HT_ERROR_INVALID_ARGUMENT when the view is not a scroll view
/// of the dispatcher or `x` or `y` is not finite. Swift:
/// `Dispatcher.setContentOffset(_:of:animated:)`.
HT_API htResult htDispatcher_SetContentOffset(htDispatcherId dispatcher, htViewId view, double x,
                                              double y, bool animated);

/// Whether the scroll view runs an htDispatcher_SetContentOffset animation
/// (rule-scroll-view-set-content-offset); htDispatcher_IsDecelerating stays false meanwhile.
/// Swift: `Dispatcher.isScrollAnimating(_:)`.
HT_API htResult htDispatcher_IsScrollAnimating(htDispatcherId dispatcher, htViewId view,
                                               bool* animating);

/// Whether a touch the scroll view's pan took is down, dragging or not (UIKit's
/// isTracking; rule-scroll-view-delegate-calls). Swift: `Dispatcher.isTracking(_:)`.
HT_API htResult htDispatcher_IsTracking(htDispatcherId dispatcher, htViewId view,
                                        bool* tracking);

/// Whether the scroll view's pan has begun a drag that has not ended (UIKit's
/// isDragging). Swift: `Dispatcher.isDragging(_:)`.
HT_API htResult htDispatcher_IsDragging(htDispatcherId dispatcher, htViewId view,
                                        bool* dragging);

/// Whether the scroll view's built-in pinch is zooming its zooming view (UIKit's
/// isZooming; rule-scroll-view-zoom). Swift: `Dispatcher.isZooming(_:)`.
HT_API htResult htDispatcher_IsZooming(htDispatcherId dispatcher, htViewId view, bool* zooming);

/// Whether the scroll view's zoom springs back to a limit a pinch took it past (UIKit's
/// isZoomBouncing; rule-scroll-view-zoom). Swift: `Dispatcher.isZoomBouncing(_:)`.
HT_API htResult htDispatcher_IsZoomBouncing(htDispatcherId dispatcher, htViewId view,
                                            bool* bouncing);

/// A scroll view's zoom scale now (UIKit's zoomScale; 1 for a scroll view without
/// settings). HT_ERROR_INVALID_ARGUMENT when the view is not a scroll view.
/// Swift: `Dispatcher.zoomScale(of:)`.
HT_API htResult htDispatcher_GetZoomScale(htDispatcherId dispatcher, htViewId view,
                                          double* zoomScale);

/// UIKit's setZoomScale(_:animated:) (rule-scroll-view-zoom): the scale goes to `scale`,
/// held in the zoom limits, about the zooming view's point at the centre of the view's
/// bounds; at once, or `animated` on the dispatcher's clock from its last time (the
/// zoom's spring; AdvanceTime runs it). The call's events (htDispatcher_GetEvents) are
/// what it logged. HT_ERROR_INVALID_ARGUMENT when the view is not a scroll view with a
/// zooming view or `scale` is not a finite number > 0. Swift: `Dispatcher.setZoomScale`.
HT_API htResult htDispatcher_SetZoomScale(htDispatcherId dispatcher, htViewId view,
                                          double scale, bool animated);
/// UIKit's zoom(to:animated:): `rect`, in the zooming view's bounds coordinates, fitted to
/// the view's bounds and centred in it, as htDispatcher_SetZoomScale. Refused likewise,
/// and for a rect that is not finite with a size >= 0. Swift: `Dispatcher.zoom(to:in:)`.
HT_API htResult htDispatcher_ZoomToRect(htDispatcherId dispatcher, htViewId view, htRect rect,
                                        bool animated);

/// Adds a target action: the control sends `event` (HT_CONTROL_*) and fires `action`
/// (copied). Makes the view a control with the defaults if it was not one.
HT_API htResult htDispatcher_AddControlAction(htDispatcherId dispatcher, htViewId view,
                                              int32_t event, const char* action);

/// What the view does with touch messages (HT_TOUCHES_FORWARD, _HANDLE,
/// _HANDLE_AND_FORWARD).
HT_API htResult htDispatcher_SetTouchHandling(htDispatcherId dispatcher, htViewId view,
                                              int32_t handling);

/// What the view controller whose root view `view` is does with touch messages (the view
/// must have a view controller, from a loaded scene).
HT_API htResult htDispatcher_SetViewControllerTouchHandling(htDispatcherId dispatcher,
                                                            htViewId view, int32_t handling);

/// UIKit's multipleTouchEnabled and exclusiveTouch (both default false).
HT_API htResult htDispatcher_SetMultipleTouchEnabled(htDispatcherId dispatcher, htViewId view,
                                                     bool enabled);
HT_API htResult htDispatcher_SetExclusiveTouch(htDispatcherId dispatcher, htViewId view,
                                               bool exclusive);

/// Overrides the view's `next` responder (Swift: `ViewEventSettings.next`): touches that
/// begin afterwards go from `view` to `next` and up `next`'s chain. The null id as `next`
/// removes the override. Both views of the dispatcher's world.
HT_API htResult htDispatcher_SetNextResponder(htDispatcherId dispatcher, htViewId view,
                                              htViewId next);

/// The same for the view controller whose root view `view` is (Swift:
/// `ViewEventSettings.viewControllerNext`; the view must have a view controller, from a
/// loaded scene).
HT_API htResult htDispatcher_SetViewControllerNextResponder(htDispatcherId dispatcher,
                                                            htViewId view, htViewId next);

#ifdef __cplusplus
}
#endif

#endif  // HITTEST_DISPATCH_H
