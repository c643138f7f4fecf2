import HitTestGeometry
import HitTestScene
import HitTestStore

/// A scroll view as the dispatcher sees it at one moment (`rule-scroll-view-identity`):
/// its settings, size and content offset as its view has them now, and the state of the
/// drag its pan is running.
struct _ScrollViewState {
    /// Its id, for the log and the host.
    let id: String
    let settings: SceneScrollView
    /// The bounds size, for the clamp range.
    let size: Size
    /// The content offset now: the view's bounds origin.
    var offset: Point
    /// The drag's state.
    var drag: _Drag

    /// The axes a drag may scroll (`rule-scroll-view-direction`): those along which the
    /// content is bigger than the view, or that always bounce (with `bounces`).
    var canScroll: (x: Bool, y: Bool) {
        let s = settings
        return (
            s.contentSize.width > size.width || (s.bounces && s.alwaysBounceHorizontal),
            s.contentSize.height > size.height || (s.bounces && s.alwaysBounceVertical)
        )
    }

    /// `value` held in `[0, max(0, content - size)]` on one axis.
    func clamp(_ value: Double, content: Double, size: Double) -> Double {
        min(max(value, 0), max(0, content - size))
    }

    /// The offset held in the content range on both axes (`rule-scroll-view-content-offset`).
    func clamped(_ p: Point) -> Point {
        Point(
            x: clamp(p.x, content: settings.contentSize.width, size: size.width),
            y: clamp(p.y, content: settings.contentSize.height, size: size.height))
    }
}

/// What a scroll view's pan remembers while it drags.
struct _Drag {
    /// The offset when the current drag began.
    var start = Point.zero
    /// With `directionalLockEnabled`, the axis the current drag scrolls along.
    var lockedAxis: _Axis?
}

/// An axis of scrolling.
enum _Axis { case x, y }

/// A touch whose `touchesBegan` a scroll view holds back from its content.
struct _ContentDelay {
    /// When the delay ends (`DispatchSettings.contentTouchDelay` after the touch began).
    var due: Double
    /// The scroll view that delays it (the innermost one with `delaysContentTouches`), its
    /// id, and its pan.
    var scrollView: ViewHandle
    var scrollViewID: String
    var pan: RecognizerID
}

/// The drags of scroll views whose pan is a member, the touches they delay, and the
/// scroll views moving after a flick.
struct _ScrollViews {
    /// Scroll view -> its pan's drag.
    var drags: [ViewHandle: _Drag] = [:]
    /// The scroll views decelerating (`rule-scroll-view-deceleration`), in the order
    /// their motions began; a list, so that a frame updates them in place.
    var motions: [_Deceleration] = []
    /// Touch -> its content delay.
    var delays: [TouchID: _ContentDelay] = [:]

    /// The recognizers a scroll view has built in, attached before any its settings list
    /// (`rule-scroll-view-recognizers`): UIKit's `panGestureRecognizer` (disabled when
    /// `isScrollEnabled` is false), and `pinchGestureRecognizer` when zooming is enabled
    /// (`minimumZoomScale != maximumZoomScale`). No other view has any.
    static func builtInGestures(viewID: String, _ s: SceneScrollView) -> [SceneGesture] {
        var pan = SceneGesture(id: SceneScrollView.panID(of: viewID), kind: .pan())
        pan.enabled = s.scrollEnabled
        guard s.zoomEnabled else { return [pan] }
        var pinch = SceneGesture(id: SceneScrollView.pinchID(of: viewID), kind: .pinch)
        pinch.enabled = s.scrollEnabled
        return [pan, pinch]
    }
}

/// The tag of the timer that ends a content delay, on the scroll view's pan recognizer
/// (whose kind ignores timers).
let _contentDelayTimerTag = -1
