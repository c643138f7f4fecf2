import HitTestGeometry
import HitTestScene

/// A scroll view while the dispatcher runs (`rule-scroll-view-identity`): its settings,
/// its built-in pan recognizer, and its content offset now.
struct _ScrollViewState {
    /// Its scene id, for the log, the host and the hit-testing engine.
    let id: String
    let settings: SceneScrollView
    /// Its built-in pan recognizer.
    let pan: RecognizerID
    /// The bounds size, for the clamp range; a drag does not change it.
    let size: Size
    /// The content offset now: the view's bounds origin.
    var offset: Point
    /// The offset when the current drag began.
    var dragStart = Point.zero
    /// With `directionalLockEnabled`, the axis the current drag scrolls along.
    var lockedAxis: _Axis?

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

/// An axis of scrolling.
enum _Axis { case x, y }

/// A touch whose `touchesBegan` a scroll view holds back from its content.
struct _ContentDelay {
    /// When the delay ends (`DispatchSettings.contentTouchDelay` after the touch began).
    var due: Double
    /// The scroll view that delays it (the innermost one with `delaysContentTouches`).
    var scrollView: ViewIndex
}

/// Every scroll view of the scene, and the touches they delay.
struct _ScrollViews {
    var byView: [ViewIndex: _ScrollViewState] = [:]
    /// Pan recognizer -> its scroll view.
    var byPan: [RecognizerID: ViewIndex] = [:]
    /// Touch -> its content delay.
    var delays: [TouchID: _ContentDelay] = [:]
}

/// The tag of the timer that ends a content delay, on the scroll view's pan recognizer
/// (whose kind ignores timers).
let _contentDelayTimerTag = -1

extension _SceneModel {
    /// The recognizers a scroll view has built in, attached before any the scene lists
    /// (`rule-scroll-view-recognizers`): UIKit's `panGestureRecognizer` (disabled when
    /// `isScrollEnabled` is false), and `pinchGestureRecognizer` when zooming is enabled
    /// (`minimumZoomScale != maximumZoomScale`). No other view has any.
    static func builtInGestures(of v: SceneView) -> [SceneGesture] {
        guard let s = v.scrollView else { return [] }
        var pan = SceneGesture(id: SceneScrollView.panID(of: v.id), kind: .pan())
        pan.enabled = s.scrollEnabled
        guard s.zoomEnabled else { return [pan] }
        var pinch = SceneGesture(id: SceneScrollView.pinchID(of: v.id), kind: .pinch)
        pinch.enabled = s.scrollEnabled
        return [pan, pinch]
    }
}
