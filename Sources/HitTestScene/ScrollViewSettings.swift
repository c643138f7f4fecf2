import HitTestGeometry

/// A scroll view's settings (`"scrollView"` in scenes; `rule-scroll-view-identity`).
///
/// A view of class `UIScrollView`, `UITableView`, `UICollectionView` or `UITextView` is a
/// scroll view with these defaults even without the field; any other view becomes one
/// when the scene gives the field. Its content offset is its bounds origin (UIKit's
/// `contentOffset`), read from the view's `bounds` when the scene loads.
public struct SceneScrollView: Hashable, Sendable {
    /// `isScrollEnabled`: false disables the built-in pan recognizer.
    public var scrollEnabled: Bool = true
    /// `delaysContentTouches`: content is sent `touchesBegan` only after
    /// `contentTouchDelay` without scrolling (`rule-scroll-view-delays-content-touches`).
    public var delaysContentTouches: Bool = true
    /// `canCancelContentTouches`: false means that once content has been sent a touch, the
    /// scroll view does not scroll for it (`rule-scroll-view-cancels-content-touches`).
    public var canCancelContentTouches: Bool = true
    /// `touchesShouldCancel(in:)` as the scene answers it for every content view; nil for
    /// UIKit's default (false for a `UIControl`, true otherwise).
    public var touchesShouldCancel: Bool?
    /// `touchesShouldBegin(_:with:in:)` as the scene answers it; UIKit's default is true.
    public var touchesShouldBegin: Bool = true
    /// `contentSize`; UIKit's default is zero.
    public var contentSize: Size = Size(width: 0, height: 0)
    /// `contentInset`: room added around the content on each side, which widens the offset
    /// range to `[-top, contentSize.height - bounds.height + bottom]` vertically (and
    /// likewise horizontally with left and right; `rule-scroll-view-content-inset`).
    /// Finite and not negative; UIKit's default is zero.
    public var contentInset: EdgeInsets = .zero
    /// `bounces`: the offset may leave its range (`rule-scroll-view-content-offset`) while
    /// dragging and returns into it when the drag ends.
    public var bounces: Bool = true
    /// `alwaysBounceHorizontal`: the view scrolls horizontally even when its content is
    /// not wider than it (with `bounces`).
    public var alwaysBounceHorizontal: Bool = false
    /// `alwaysBounceVertical`: likewise vertically.
    public var alwaysBounceVertical: Bool = false
    /// `isDirectionalLockEnabled`: a drag scrolls along one axis only, the one it started
    /// along (`rule-scroll-view-direction`).
    public var directionalLockEnabled: Bool = false
    /// `minimumZoomScale`; zooming is enabled when it differs from `maximumZoomScale`.
    public var minimumZoomScale: Double = 1
    /// `maximumZoomScale`.
    public var maximumZoomScale: Double = 1
    /// `decelerationRate`: the factor by which the content's speed is multiplied each
    /// millisecond after a flick (`rule-scroll-view-deceleration`), in (0, 1); UIKit's
    /// default is `.normal`, 0.998.
    public var decelerationRate: Double = SceneScrollView.normalDecelerationRate
    /// `isPagingEnabled`: the content comes to rest on multiples of the view's bounds size
    /// when a drag ends (`rule-scroll-view-paging`); UIKit's default is false.
    public var pagingEnabled: Bool = false
    /// The id of the subview a pinch zooms, UIKit's `viewForZooming(in:)`
    /// (`rule-scroll-view-zoom`): nil, UIKit's default, zooms nothing. It must name a
    /// subview of the scroll view.
    public var zoomingView: String?
    /// `zoomScale`: the scale the zooming view is shown at; UIKit's default is 1. A zoom
    /// changes it (`rule-scroll-view-zoom`).
    public var zoomScale: Double = 1
    /// `bouncesZoom`: a pinch may take the scale past its limits, which it springs back to
    /// when the pinch ends (`rule-scroll-view-zoom`); UIKit's default is true.
    public var bouncesZoom: Bool = true

    /// UIKit's `UIScrollView.DecelerationRate.normal`, "the default deceleration rate for
    /// a scroll view": 0.998 a millisecond.
    public static let normalDecelerationRate = 0.998
    /// UIKit's `UIScrollView.DecelerationRate.fast`, "a fast deceleration rate for a
    /// scroll view": 0.99 a millisecond.
    public static let fastDecelerationRate = 0.99

    /// A scroll view with UIKit's defaults.
    public init() {}

    /// UIKit classes that are scroll views (subclasses of `UIScrollView`).
    public static let classes: Set<String> = [
        "UIScrollView", "UITableView", "UICollectionView", "UITextView",
    ]

    /// UIKit's `adjustedContentInset`, "the insets derived from the content insets and the
    /// safe area of the scroll view" (`rule-scroll-view-content-inset`): `contentInset`
    /// itself, since there is no safe area here for `contentInsetAdjustmentBehavior` to
    /// add; https://developer.apple.com/documentation/uikit/uiscrollview/adjustedcontentinset.
    /// The offset range is worked out from it.
    public var adjustedContentInset: EdgeInsets { contentInset }

    /// Whether zooming is enabled: a pinch recognizer is built in
    /// (`rule-scroll-view-recognizers`).
    public var zoomEnabled: Bool { minimumZoomScale != maximumZoomScale }

    /// The id of a scroll view's built-in pan recognizer (UIKit's `panGestureRecognizer`):
    /// `"<view id>.panGestureRecognizer"`. Other gestures may name it in `requireToFail`
    /// and `simultaneousWith`.
    public static func panID(of viewID: String) -> String { viewID + ".panGestureRecognizer" }

    /// The id of the built-in pinch recognizer when zooming is enabled:
    /// `"<view id>.pinchGestureRecognizer"`.
    public static func pinchID(of viewID: String) -> String {
        viewID + ".pinchGestureRecognizer"
    }

    /// The scene fields' names, as `"scrollView"` objects spell them.
    static let fieldNames = [
        "scrollEnabled", "delaysContentTouches", "canCancelContentTouches", "touchesShouldCancel",
        "touchesShouldBegin", "contentSize", "bounces", "alwaysBounceHorizontal",
        "alwaysBounceVertical", "directionalLockEnabled", "minimumZoomScale", "maximumZoomScale",
        "decelerationRate", "pagingEnabled", "contentInset", "zoomingView", "zoomScale",
        "bouncesZoom",
    ]

    /// The semantic problems of these settings: (field, message) pairs.
    package func problems() -> [(field: String, message: String)] {
        var out: [(String, String)] = []
        for (name, x) in [("contentSize", contentSize.width), ("contentSize", contentSize.height)]
        where !(x.isFinite && x >= 0) {
            out.append((name, "width and height must be finite numbers >= 0, got \(x)"))
        }
        let i = contentInset
        if ![i.top, i.left, i.bottom, i.right].allSatisfy({ $0.isFinite && $0 >= 0 }) {
            out.append(
                (
                    "contentInset",
                    "top, left, bottom and right must be finite numbers >= 0, got [\(i.top), \(i.left), \(i.bottom), \(i.right)]"
                ))
        }
        for (name, x) in [
            ("minimumZoomScale", minimumZoomScale), ("maximumZoomScale", maximumZoomScale),
        ]
        where !(x.isFinite && x > 0) {
            out.append((name, "must be a finite number > 0, got \(x)"))
        }
        if minimumZoomScale.isFinite, maximumZoomScale.isFinite, maximumZoomScale < minimumZoomScale
        {
            out.append(
                (
                    "maximumZoomScale",
                    "must be at least minimumZoomScale (\(minimumZoomScale)), got \(maximumZoomScale)"
                ))
        }
        if !(decelerationRate > 0 && decelerationRate < 1) {
            out.append(
                ("decelerationRate", "must be a number between 0 and 1 (exclusive), got \(decelerationRate)"))
        }
        if !(zoomScale.isFinite && zoomScale > 0) {
            out.append(("zoomScale", "must be a finite number > 0, got \(zoomScale)"))
        }
        return out
    }
}

extension SceneView {
    /// The view's scroll view settings when it is a scroll view (`rule-scroll-view-identity`):
    /// the scene's `"scrollView"`, or the defaults for a scroll view class; nil otherwise.
    public var scrollView: SceneScrollView? {
        if let s = events.scrollView { return s }
        return SceneScrollView.classes.contains(className) ? SceneScrollView() : nil
    }
}
