import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

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
    /// content and its insets are bigger than the view (the offset range is more than a
    /// point), or that always bounce (with `bounces`).
    var canScroll: (x: Bool, y: Bool) {
        let s = settings
        let r = range
        return (
            r.x.upperBound > r.x.lowerBound || (s.bounces && s.alwaysBounceHorizontal),
            r.y.upperBound > r.y.lowerBound || (s.bounces && s.alwaysBounceVertical)
        )
    }

    /// The content offset's range on each axis (`rule-scroll-view-content-inset`), the one
    /// definition the clamp, the rubber band, the motions' edges and paging use:
    /// `[-left, contentSize.width - bounds.width + right]` and
    /// `[-top, contentSize.height - bounds.height + bottom]`, the upper bound never below
    /// the lower, with the insets of `adjustedContentInset` (the content inset here). With
    /// zero insets, `[0, max(0, contentSize - bounds.size)]`.
    var range: (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        let s = settings
        let i = s.adjustedContentInset
        return (
            Self.range(
                content: s.contentSize.width, size: size.width, leading: i.left, trailing: i.right),
            Self.range(
                content: s.contentSize.height, size: size.height, leading: i.top, trailing: i.bottom)
        )
    }

    /// One axis's range: `[-leading, max(-leading, content - size + trailing)]`. A value
    /// that is not finite (only a Swift host's unchecked settings give one) counts as zero
    /// for the inset and makes the range a point, so that the range is always well formed.
    static func range(content: Double, size: Double, leading: Double, trailing: Double)
        -> ClosedRange<Double>
    {
        let lower = leading.isFinite ? -leading : 0
        let upper = content - size + (trailing.isFinite ? trailing : 0)
        return lower...(upper > lower ? upper : lower)
    }

    /// Whether the offset is where a paging view rests on every axis it scrolls, a page
    /// (`rule-scroll-view-paging`); true when the view does not page.
    var isOnPage: Bool {
        guard settings.pagingEnabled else { return true }
        let can = canScroll
        let r = range
        func on(_ o: Double, _ range: ClosedRange<Double>, _ size: Double) -> Bool {
            size <= 0 || _DecelerationAxis.page(from: o, velocity: 0, range: range, size: size) == o
        }
        return (!can.x || on(offset.x, r.x, size.width))
            && (!can.y || on(offset.y, r.y, size.height))
    }

    /// The offset held in its range on both axes (`rule-scroll-view-content-offset`).
    func clamped(_ p: Point) -> Point {
        let r = range
        return Point(x: _RubberBand.clamp(p.x, r.x), y: _RubberBand.clamp(p.y, r.y))
    }
}

/// The rubber band of a drag past an edge (`rule-scroll-view-bounce`): x points of
/// finger travel past an edge move the content b(x) = x · D · c / (D + c · x) past it,
/// with c = 0.55 and D the view's size on that axis, the curve published measurements of
/// UIKit give. b is below D for every x, with slope c at the edge.
///
/// Apple's documentation followed: `bounces`, "whether the scroll view bounces past the
/// edge of content and back again",
/// https://developer.apple.com/documentation/uikit/uiscrollview/bounces; `alwaysBounceVertical`
/// (and its horizontal twin), which lets a view with `bounces` drag along an axis its
/// content does not fill (`canScroll`),
/// https://developer.apple.com/documentation/uikit/uiscrollview/alwaysbouncevertical.
/// Apple gives neither the band's curve nor the spring's constants.
enum _RubberBand {
    static let c = 0.55

    /// b(x) for `travel` ≥ 0 points past the edge, on a view `size` long. At the ends of
    /// the double range it takes its limits, never NaN: c · x on a view of infinite size,
    /// D for an infinite travel.
    static func band(_ travel: Double, size d: Double) -> Double {
        guard d > 0, travel > 0 else { return 0 }
        if !d.isFinite { return travel * c }
        if !travel.isFinite { return d }
        return travel * d * c / (d + c * travel)
    }

    /// The finger travel b maps to an `overshoot` ≥ 0: y D / (c (D - y)). An overshoot of
    /// D or more (which only a host's offset gives) is taken as that much travel; on a
    /// view of infinite size, y / c.
    static func travel(_ overshoot: Double, size d: Double) -> Double {
        if !d.isFinite && overshoot.isFinite { return overshoot / c }
        return overshoot < d ? overshoot * d / (c * (d - overshoot)) : overshoot
    }

    /// `value` held in `range`.
    static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        min(max(value, range.lowerBound), range.upperBound)
    }

    /// The offset of an unclamped drag target `p` (the drag's start in finger terms minus
    /// its translation) in the offset range `r`: p inside it, b of the travel past an edge
    /// outside.
    static func offset(_ p: Double, range r: ClosedRange<Double>, size d: Double) -> Double {
        if p < r.lowerBound { return r.lowerBound - band(r.lowerBound - p, size: d) }
        if p > r.upperBound { return r.upperBound + band(p - r.upperBound, size: d) }
        return p
    }

    /// The inverse of `offset`: the unclamped target that gives offset `o`.
    static func target(_ o: Double, range r: ClosedRange<Double>, size d: Double) -> Double {
        if o < r.lowerBound { return r.lowerBound - travel(r.lowerBound - o, size: d) }
        if o > r.upperBound { return r.upperBound + travel(o - r.upperBound, size: d) }
        return o
    }

    /// db/dx at offset `o`: c (D - y)² / D² for an overshoot y < D, 1 inside the range
    /// (the content follows the finger); 0 at an overshoot of D or more.
    static func slope(at o: Double, range r: ClosedRange<Double>, size d: Double) -> Double {
        let y = o < r.lowerBound ? r.lowerBound - o : o > r.upperBound ? o - r.upperBound : 0
        guard y > 0 else { return 1 }
        guard y < d else { return 0 }
        if !d.isFinite { return c }
        return c * (d - y) * (d - y) / (d * d)
    }
}

/// What a scroll view's pan remembers while it drags.
struct _Drag {
    /// The unclamped target the current drag began from: the offset then, or past an
    /// edge the finger travel the rubber band maps to it (`_RubberBand.target`), so that
    /// a drag that begins on bouncing content continues the band from where it is.
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
struct _ScrollViews: ~Copyable {
    /// Scroll view -> its pan's drag.
    var drags = HostMap<ViewHandle, _Drag>()
    /// The scroll views decelerating (`rule-scroll-view-deceleration`), in the order
    /// their motions began; a list, so that a frame updates them in place.
    var motions = HostList<_Deceleration>()
    /// Touch -> its content delay.
    var delays = HostMap<TouchID, _ContentDelay>()
    /// Scroll views a touch stopped past an edge during their spring back, or paging ones
    /// it stopped off a page (`rule-scroll-view-stopping-touch`), with the touch: each
    /// springs back (or goes to its page) from rest once that touch is up, unless a drag
    /// of its pan took over.
    var parked: [(view: ViewHandle, touch: TouchID)] = []
    /// Scroll views a touch stopped past a zoom limit during their zoom's spring back
    /// (`rule-scroll-view-stopping-touch`), with the touch: each springs back to the limit
    /// once that touch is up and neither a drag nor an offset motion runs on it; a new zoom
    /// (a pinch, or the host's) takes it off the list.
    var parkedZooms: [(view: ViewHandle, touch: TouchID)] = []
    /// The zooms in progress (`rule-scroll-view-zoom`): pinches, then spring backs, in the
    /// order they began.
    var zooms: [_Zoom] = []

    /// The ids of the built-in recognizers of the scroll views touches met last, made once
    /// for each (`builtInIDs(of:viewID:)`): at most `recentLimit`, the oldest replaced.
    private var recentIDs = HostList<(view: ViewHandle, viewID: String, pan: String, pinch: String)>()
    private var nextRecent = 0
    private static let recentLimit = 8

    /// The ids of a scroll view's built-in recognizers (`SceneScrollView.panID(of:)` and
    /// `pinchID(of:)`), kept for the last few scroll views met so that a touch on a scroll
    /// view makes no new text: ids longer than fifteen bytes take a heap block each.
    mutating func builtInIDs(of view: ViewHandle, viewID: String) -> (pan: String, pinch: String) {
        for k in recentIDs.indices where recentIDs[k].view == view && recentIDs[k].viewID == viewID {
            return (recentIDs[k].pan, recentIDs[k].pinch)
        }
        let e = (view, viewID, SceneScrollView.panID(of: viewID), SceneScrollView.pinchID(of: viewID))
        if recentIDs.count < Self.recentLimit {
            recentIDs.append(e)
        } else {
            recentIDs[nextRecent] = e
            nextRecent = (nextRecent + 1) % Self.recentLimit
        }
        return (e.2, e.3)
    }

    /// The recognizers a scroll view has built in, attached before any its settings list
    /// (`rule-scroll-view-recognizers`), given their ids (`builtInIDs(of:viewID:)`):
    /// UIKit's `panGestureRecognizer` (disabled when `isScrollEnabled` is false), and
    /// `pinchGestureRecognizer` when zooming is enabled (`minimumZoomScale !=
    /// maximumZoomScale`). No other view has any.
    static func builtInGestures(
        _ ids: (pan: String, pinch: String), _ s: SceneScrollView
    ) -> (pan: SceneGesture, pinch: SceneGesture?) {
        var pan = SceneGesture(id: ids.pan, kind: .pan())
        pan.enabled = s.scrollEnabled
        guard s.zoomEnabled else { return (pan, nil) }
        var pinch = SceneGesture(id: ids.pinch, kind: .pinch)
        pinch.enabled = s.scrollEnabled
        return (pan, pinch)
    }

    /// The built-in recognizer `id` names among `builtInGestures(_:_:)`, or nil;
    /// found by comparing the id's text, without making the ids: a frame asks this of
    /// every scroll view's pan it follows (`Dispatcher.followWorld`), and allocates
    /// nothing.
    static func builtInGesture(_ id: String, viewID: String, _ s: SceneScrollView)
        -> SceneGesture?
    {
        let kind: GestureKind
        if isID(id, viewID, panSuffix) {
            kind = .pan()
        } else if s.zoomEnabled && isID(id, viewID, pinchSuffix) {
            kind = .pinch
        } else {
            return nil
        }
        var g = SceneGesture(id: id, kind: kind)
        g.enabled = s.scrollEnabled
        return g
    }

    /// Whether `id` is `viewID` followed by `suffix`, compared as text without making it.
    static func isID(_ id: String, _ viewID: String, _ suffix: String) -> Bool {
        id.hasSuffix(suffix) && id.utf8.count == viewID.utf8.count + suffix.utf8.count
            && id.utf8.starts(with: viewID.utf8)
    }

    /// The suffixes `SceneScrollView.panID(of:)` and `pinchID(of:)` add to a view's id.
    static let panSuffix = SceneScrollView.panID(of: "")
    static let pinchSuffix = SceneScrollView.pinchID(of: "")
}

/// The tag of the timer that ends a content delay, on the scroll view's pan recognizer
/// (whose kind ignores timers).
let _contentDelayTimerTag = -1
