import HitTestGeometry

/// Something that hit-tests a scene: the one role every engine plays (the reference tree,
/// the fast store), and the one that the dispatcher, the command line, the benchmark and
/// the parity checks ask.
///
/// As Flutter separates `HitTestable` (what is under a point) from `HitTestTarget` (what
/// handles the event), this role answers only where a touch goes and what its view's
/// chain is; what is done with the touch belongs to dispatch. Views are named by their
/// scene ids, which every engine keeps. `HitTestBridge` builds any engine from a scene
/// (`Engine.makeHitTester(scene:)`).
///
/// The members answer from the engine's tree as it is now; an engine is not thread-safe
/// unless it says so.
public protocol HitTestable {
    /// `hitTestScreen(p)` (`rule-order-windows`, `rule-windows-result`): the hit view, its
    /// window and the point in the view's bounds coordinates, or nil when no window takes
    /// the point (NaN points take none unless custom code does).
    func hitTest(_ screenPoint: Point) -> SceneHit?
    /// The responder chain of a view (`rule-responder-next`), the view first. An unknown
    /// id gives an empty chain.
    func responderChain(of viewID: String) -> [ResponderLink]
    /// A screen point in the view's bounds coordinates (`convert(_:from: nil)`,
    /// `rule-geometry-local-point`). An unknown id gives the point unchanged.
    func location(_ screenPoint: Point, in viewID: String) -> Point
    /// Many points at once, in order, with the same answers as one at a time; an engine
    /// that can may spread them over up to `threads` threads. The default asks
    /// ``hitTest(_:)`` point by point on the calling thread.
    func hitTest(_ screenPoints: [Point], threads: Int) -> [SceneHit?]
}

extension HitTestable {
    /// One point at a time, on the calling thread.
    public func hitTest(_ screenPoints: [Point], threads: Int) -> [SceneHit?] {
        screenPoints.map { hitTest($0) }
    }
}

/// An engine that follows a scroll view's content offset
/// (`rule-scroll-view-content-offset`): the dispatcher moves the scroll view's bounds
/// origin as a drag scrolls it, so that the hit tests of later touches see the scrolled
/// content. Both built-in engines conform; a host engine that does not sees the offset
/// changes only in the dispatcher's log.
public protocol ScrollableHitTesting: HitTestable {
    /// Sets the bounds origin of the view (its content offset); its size and everything
    /// else stay. An unknown id changes nothing.
    func setBoundsOrigin(_ origin: Point, of viewID: String)
    /// Sets the transform and center of the view (a scroll view's zooming view as a zoom
    /// scales it, `rule-scroll-view-zoom`); everything else stays. An unknown id changes
    /// nothing. The default does nothing: an engine without it sees zooms only in the
    /// dispatcher's log.
    func setTransform(_ transform: AffineTransform, center: Point, of viewID: String)
}

extension ScrollableHitTesting {
    /// Does nothing: an engine that does not follow zooms keeps its views' transforms.
    public func setTransform(_ transform: AffineTransform, center: Point, of viewID: String) {}
}
