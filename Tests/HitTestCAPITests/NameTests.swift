import CHitTestShim
import HitTestCAPI
import HitTestDispatch
import HitTestScene
import Testing

/// The C functions that name the constants' values, so hosts print events without tables
/// of their own.
@Suite("C API: the names of the constants")
struct NameTests {
    static func string(_ p: UnsafePointer<CChar>) -> String { String(cString: p) }

    @Test("each constant's name is the Swift name of the same value; others are unknown")
    func names() {
        let states: [(Int32, GestureState)] = [
            (HT_STATE_POSSIBLE, .possible), (HT_STATE_BEGAN, .began), (HT_STATE_CHANGED, .changed),
            (HT_STATE_ENDED, .ended), (HT_STATE_CANCELLED, .cancelled), (HT_STATE_FAILED, .failed),
            (HT_STATE_RECOGNIZED, .recognized),
        ]
        for (c, s) in states { #expect(Self.string(htStateName(c)) == s.rawValue) }
        let phases: [(Int32, TouchPhase)] = [
            (HT_PHASE_BEGAN, .began), (HT_PHASE_MOVED, .moved), (HT_PHASE_STATIONARY, .stationary),
            (HT_PHASE_ENDED, .ended), (HT_PHASE_CANCELLED, .cancelled),
        ]
        for (c, p) in phases { #expect(Self.string(htPhaseName(c)) == p.rawValue) }
        let messages: [(Int32, TouchMessage)] = [
            (HT_MESSAGE_TOUCHES_BEGAN, .touchesBegan), (HT_MESSAGE_TOUCHES_MOVED, .touchesMoved),
            (HT_MESSAGE_TOUCHES_ENDED, .touchesEnded),
            (HT_MESSAGE_TOUCHES_CANCELLED, .touchesCancelled),
        ]
        for (c, m) in messages { #expect(Self.string(htMessageName(c)) == m.rawValue) }
        #expect(Self.string(htControlEventName(HT_CONTROL_TOUCH_DOWN)) == "touchDown")
        #expect(Self.string(htControlEventName(HT_CONTROL_TOUCH_UP_INSIDE)) == "touchUpInside")
        #expect(Self.string(htControlEventName(HT_CONTROL_TOUCH_CANCEL)) == "touchCancel")
        #expect(Self.string(htControlEventName(HT_CONTROL_VALUE_CHANGED)) == "valueChanged")
        #expect(
            Self.string(htControlEventName(HT_CONTROL_PRIMARY_ACTION_TRIGGERED))
                == "primaryActionTriggered")
        #expect(
            Self.string(htScrollDecisionName(HT_SCROLL_CONTENT_TOUCH_DELAYED))
                == "contentTouchDelayed")
        #expect(
            Self.string(htScrollDecisionName(HT_SCROLL_TOUCHES_SHOULD_CANCEL_TRUE))
                == "touchesShouldCancelTrue")
        let events: [(Int32, String)] = [
            (HT_EVENT_DELIVERY, "delivery"), (HT_EVENT_STATE, "state"), (HT_EVENT_ACTION, "action"),
            (HT_EVENT_CONTROL, "control"), (HT_EVENT_HIGHLIGHT, "highlight"),
            (HT_EVENT_SCROLL, "scrollOffset"), (HT_EVENT_SCROLL_DECISION, "scrollView"),
        ]
        for (c, n) in events { #expect(Self.string(htEventTypeName(c)) == n) }
        for bad: Int32 in [-1, 99, Int32.max, Int32.min] {
            #expect(Self.string(htStateName(bad)) == "unknown")
            #expect(Self.string(htControlEventName(bad)) == "unknown")
            #expect(Self.string(htPhaseName(bad)) == "unknown")
            #expect(Self.string(htMessageName(bad)) == "unknown")
            #expect(Self.string(htEventTypeName(bad)) == "unknown")
            #expect(Self.string(htScrollDecisionName(bad)) == "unknown")
            #expect(Self.string(htResultName(bad)) == "unknown")
        }
    }

    @Test("every result code is named as the header spells it")
    func resultNames() {
        let codes: [(Int32, String)] = [
            (HT_OK, "HT_OK"), (HT_ERROR_NULL_ID, "HT_ERROR_NULL_ID"),
            (HT_ERROR_STALE_ID, "HT_ERROR_STALE_ID"), (HT_ERROR_FOREIGN_ID, "HT_ERROR_FOREIGN_ID"),
            (HT_ERROR_INVALID_ARGUMENT, "HT_ERROR_INVALID_ARGUMENT"),
            (HT_ERROR_NOT_ALLOWED, "HT_ERROR_NOT_ALLOWED"), (HT_ERROR_FILE, "HT_ERROR_FILE"),
            (HT_ERROR_SCENE, "HT_ERROR_SCENE"),
            (HT_ERROR_TOO_MANY_WORLDS, "HT_ERROR_TOO_MANY_WORLDS"),
            (HT_ERROR_BUFFER_TOO_SMALL, "HT_ERROR_BUFFER_TOO_SMALL"),
            (HT_ERROR_TOO_MANY_DISPATCHERS, "HT_ERROR_TOO_MANY_DISPATCHERS"),
            (HT_ERROR_OUT_OF_MEMORY, "HT_ERROR_OUT_OF_MEMORY"),
        ]
        for (c, n) in codes { #expect(Self.string(htResultName(c)) == n) }
    }
}
