import HitTestGeometry
import HitTestJSON

/// What a scroll view decided about a touch in its content, as the log records it
/// (`{"t", "touch", "scrollView", "decision"}`): the answer to "why did the scroll view
/// get this touch and not the button".
public enum ScrollViewDecision: String, Sendable, CaseIterable {
    /// `delaysContentTouches`: the content's `touchesBegan` is held back while the scroll
    /// view waits to see whether the touch scrolls (`rule-scroll-view-delays-content-touches`).
    case contentTouchDelayed
    /// The delay passed without scrolling: the content is sent the held `touchesBegan` now.
    case delayElapsed
    /// The touch ended during the delay: the content is sent `touchesBegan` and then
    /// `touchesEnded` at once (a quick tap on a button highlights only at touch-up).
    case touchEndedDuringDelay
    /// Scrolling began during the delay: the content never hears of the touch.
    case scrollBeganDuringDelay
    /// `touchesShouldBegin(_:with:in:)` answered false: the content is sent nothing for
    /// the touch; the scroll view may still scroll (`rule-scroll-view-touches-should-begin`).
    case touchesShouldBeginFalse
    /// Dragging started after the content got the touch and `touchesShouldCancel(in:)`
    /// answered true: the content's touch is cancelled and the scroll view scrolls
    /// (`rule-scroll-view-cancels-content-touches`).
    case touchesShouldCancelTrue
    /// Dragging started after the content got the touch and `touchesShouldCancel(in:)`
    /// answered false (UIKit's default for a `UIControl`): the scroll view does not
    /// scroll; the content keeps the touch.
    case touchesShouldCancelFalse
    /// Dragging started after the content got the touch and `canCancelContentTouches` is
    /// false: the scroll view does not scroll.
    case cannotCancelContentTouches
    /// The drag runs mostly along an axis the scroll view cannot scroll: its pan fails, so
    /// an enclosing scroll view may take the drag (`rule-scroll-view-direction`).
    case cannotScrollInDirection
    /// The touch began on a scroll view moving after a flick: the motion stops where it
    /// is, and content the view holds is sent nothing for the touch and none of its
    /// recognizers takes it (`rule-scroll-view-stopping-touch`).
    case touchStoppedScrolling
}

/// What a scroll view's drag and its motion after the lift did, as the log records it
/// (`{"t", "scrollView", "event"}` and the event's own fields), named as UIKit's
/// `UIScrollViewDelegate` calls are, in the order UIKit makes them
/// (`rule-scroll-view-delegate-calls`, `rule-scroll-view-deceleration`).
public enum ScrollViewEvent: Hashable, Sendable {
    /// The pan began a drag: "the scroll view is about to start scrolling the content".
    case scrollViewWillBeginDragging
    /// The drag's touches lifted (or the pan was cancelled): `velocity` is the content's
    /// velocity at the lift in points a millisecond, positive where the offset grows;
    /// `targetContentOffset` the offset the motion that follows will end on.
    case scrollViewWillEndDragging(velocity: Point, targetContentOffset: Point)
    /// The drag ended; `willDecelerate` says whether the content moves on after it.
    case scrollViewDidEndDragging(willDecelerate: Bool)
    /// The lift set the content moving: "the scroll view is starting to decelerate the
    /// scrolling movement".
    case scrollViewWillBeginDecelerating
    /// The motion ended: at rest, at an edge or a page, or stopped (by a touch, a drag,
    /// or the host setting the offset).
    case scrollViewDidEndDecelerating
    /// A `setContentOffset(_:animated:)` animation ended: "a scrolling animation in the
    /// scroll view concludes" (`rule-scroll-view-set-content-offset`), on its target or
    /// stopped (by a touch, a drag, or the host setting the offset again).
    case scrollViewDidEndScrollingAnimation
    /// The scroll view's pinch began zooming its zooming view: "zooming of the content in
    /// the scroll view is about to commence" (`rule-scroll-view-zoom`).
    case scrollViewWillBeginZooming
    /// The zoom scale changed to `scale`: "the scroll view's zoom factor changed".
    case scrollViewDidZoom(scale: Double)
    /// The zoom ended at `scale`: when the pinch ends within the limits, or after the
    /// spring back to the limit it went past ("after any 'bounce' animations").
    case scrollViewDidEndZooming(atScale: Double)

    /// The delegate method's name, as the log's `event` field spells it:
    /// `"scrollViewWillEndDragging"`.
    public var name: String {
        switch self {
        case .scrollViewWillBeginDragging: "scrollViewWillBeginDragging"
        case .scrollViewWillEndDragging: "scrollViewWillEndDragging"
        case .scrollViewDidEndDragging: "scrollViewDidEndDragging"
        case .scrollViewWillBeginDecelerating: "scrollViewWillBeginDecelerating"
        case .scrollViewDidEndDecelerating: "scrollViewDidEndDecelerating"
        case .scrollViewDidEndScrollingAnimation: "scrollViewDidEndScrollingAnimation"
        case .scrollViewWillBeginZooming: "scrollViewWillBeginZooming"
        case .scrollViewDidZoom: "scrollViewDidZoom"
        case .scrollViewDidEndZooming: "scrollViewDidEndZooming"
        }
    }

    /// Every event's `name`, in the order of their C values (`HT_SCROLL_WILL_BEGIN_*`).
    public static let names = [
        "scrollViewWillBeginDecelerating", "scrollViewDidEndDecelerating",
        "scrollViewWillBeginDragging", "scrollViewWillEndDragging", "scrollViewDidEndDragging",
        "scrollViewDidEndScrollingAnimation",
        "scrollViewWillBeginZooming", "scrollViewDidZoom", "scrollViewDidEndZooming",
    ]
}

extension ScrollViewEvent {
    /// Bit for bit, as `GestureReport` compares: touches at the edge of the double range
    /// can make a drag's velocity NaN (its translation overflows), and the log records what
    /// was computed; a NaN field equals itself here, so that two logs of the same events
    /// compare equal and the event is a lawful `Hashable` value.
    public static func == (a: ScrollViewEvent, b: ScrollViewEvent) -> Bool {
        a.name == b.name && a.bits == b.bits
    }

    /// Hashes the name and the fields' bit patterns, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(bits)
    }

    /// The event's fields as bit patterns (a flag as 0 or 1).
    private var bits: [UInt64] {
        switch self {
        case .scrollViewWillEndDragging(let v, let target):
            [v.x, v.y, target.x, target.y].map(\.bitPattern)
        case .scrollViewDidEndDragging(let decelerate): [decelerate ? 1 : 0]
        case .scrollViewDidZoom(let scale), .scrollViewDidEndZooming(let scale): [scale.bitPattern]
        case .scrollViewWillBeginDragging, .scrollViewWillBeginDecelerating,
            .scrollViewDidEndDecelerating, .scrollViewDidEndScrollingAnimation,
            .scrollViewWillBeginZooming:
            []
        }
    }
}

extension DispatchLogEntry {
    /// The JSON fields after `"t"` of a scroll view entry:
    /// `"scrollView": "list", "contentOffset": [0, 40]`,
    /// `"touch": 1, "scrollView": "list", "decision": "contentTouchDelayed"`,
    /// `"scrollView": "list", "event": "scrollViewWillBeginDecelerating"`,
    /// `"scrollView": "list", "event": "scrollViewWillEndDragging", "velocity": [0, 1.5],
    /// "targetContentOffset": [0, 800]` or
    /// `"scrollView": "list", "event": "scrollViewDidEndDragging", "willDecelerate": true`,
    /// `"scrollView": "map", "event": "scrollViewDidZoom", "zoomScale": 2` or
    /// `"scrollView": "map", "event": "scrollViewDidEndZooming", "atScale": 2`.
    var scrollFields: [(String, JSONValue)] {
        switch self {
        case .scrollOffset(_, let view, let offset):
            return [
                ("scrollView", .string(view)),
                ("contentOffset", .array([.number(offset.x), .number(offset.y)])),
            ]
        case .scrollView(_, let touch, let view, let decision):
            return [
                ("touch", .number(Double(touch))), ("scrollView", .string(view)),
                ("decision", .string(decision.rawValue)),
            ]
        case .scrollEvent(_, let view, let event):
            var out: [(String, JSONValue)] = [
                ("scrollView", .string(view)), ("event", .string(event.name)),
            ]
            switch event {
            case .scrollViewWillEndDragging(let v, let target):
                out += [
                    ("velocity", .array([.number(v.x), .number(v.y)])),
                    ("targetContentOffset", .array([.number(target.x), .number(target.y)])),
                ]
            case .scrollViewDidEndDragging(let decelerate):
                out.append(("willDecelerate", .bool(decelerate)))
            case .scrollViewDidZoom(let scale):
                out.append(("zoomScale", .number(scale)))
            case .scrollViewDidEndZooming(let scale):
                out.append(("atScale", .number(scale)))
            default:
                break
            }
            return out
        default:
            return []
        }
    }

    /// The text line after the time stamp: `list: contentOffset (0, 40)`,
    /// `list: contentTouchDelayed touch 1`, `list: scrollViewWillBeginDecelerating`,
    /// `list: scrollViewWillEndDragging velocity (0, 1.5) targetContentOffset (0, 800)` or
    /// `list: scrollViewDidEndDragging willDecelerate true`, `map: scrollViewDidZoom
    /// zoomScale 2` or `map: scrollViewDidEndZooming atScale 2`.
    var scrollText: String {
        switch self {
        case .scrollOffset(_, let view, let offset):
            let x = JSONWriter.formatNumber(offset.x)
            let y = JSONWriter.formatNumber(offset.y)
            return "\(view): contentOffset (\(x), \(y))"
        case .scrollView(_, let touch, let view, let decision):
            return "\(view): \(decision.rawValue) touch \(touch)"
        case .scrollEvent(_, let view, let event):
            func pair(_ p: Point) -> String {
                "(\(JSONWriter.formatNumber(p.x)), \(JSONWriter.formatNumber(p.y)))"
            }
            switch event {
            case .scrollViewWillEndDragging(let v, let target):
                return "\(view): \(event.name) velocity \(pair(v)) targetContentOffset "
                    + pair(target)
            case .scrollViewDidEndDragging(let decelerate):
                return "\(view): \(event.name) willDecelerate \(decelerate)"
            case .scrollViewDidZoom(let scale):
                return "\(view): \(event.name) zoomScale \(JSONWriter.formatNumber(scale))"
            case .scrollViewDidEndZooming(let scale):
                return "\(view): \(event.name) atScale \(JSONWriter.formatNumber(scale))"
            default:
                return "\(view): \(event.name)"
            }
        default:
            return ""
        }
    }
}
