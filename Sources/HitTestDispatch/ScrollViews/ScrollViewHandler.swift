import HitTestGeometry

/// A host's answers to the questions a scroll view asks about its content (UIKit's
/// `UIScrollView` overrides, and the one `UIScrollViewDelegate` call that answers).
/// Register a conformance with `Dispatcher.addHandler(_:)`; every method defaults to nil,
/// the scene's answer.
public protocol ScrollViewHandler: DispatchHandler {
    /// UIKit's `touchesShouldBegin(_:with:in:)`: asked once per touch, just before the
    /// content view `view` would be sent the touch's `touchesBegan`; false sends the
    /// content nothing for the touch (`rule-scroll-view-touches-should-begin`).
    /// Return nil for the scene's `touchesShouldBegin` (default true).
    func scrollView(_ scrollView: String, touchesShouldBegin touch: Touch, in view: String)
        -> Bool?
    /// UIKit's `touchesShouldCancel(in:)`: asked when a drag would start while `view` is
    /// tracking the touch; true cancels the view's touch and scrolls, false keeps the
    /// touch with the view and does not scroll (`rule-scroll-view-cancels-content-touches`).
    /// Return nil for the scene's `touchesShouldCancel`, or UIKit's default: false for a
    /// `UIControl`, true otherwise.
    func scrollView(_ scrollView: String, touchesShouldCancelIn view: String) -> Bool?
    /// UIKit's `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: asked
    /// when the drag's touches lift, with the content's velocity (points a millisecond)
    /// and the offset its motion would end on. Return another offset to end the motion
    /// there instead, as a UIKit delegate that changes `targetContentOffset` does; nil
    /// keeps it (`rule-scroll-view-delegate-calls`). Not asked for a paging scroll view.
    func scrollViewWillEndDragging(
        _ scrollView: String, withVelocity velocity: Point, targetContentOffset: Point
    ) -> Point?
}

extension ScrollViewHandler {
    public func scrollView(_ scrollView: String, touchesShouldBegin touch: Touch, in view: String)
        -> Bool?
    { nil }
    public func scrollView(_ scrollView: String, touchesShouldCancelIn view: String) -> Bool? {
        nil
    }
    public func scrollViewWillEndDragging(
        _ scrollView: String, withVelocity velocity: Point, targetContentOffset: Point
    ) -> Point? { nil }
}
