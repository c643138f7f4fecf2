import HitTestGeometry
import HitTestScene

/// The reference tree as a `HitTestable`: `Screen.hitTest`, `View.responderChain` and
/// `View.convert(_:from:)` answered by id (`Engine.reference`).
///
/// Hit tests cost what the reference's own do; the first question by id builds an id
/// table (O(n), once), so that a benchmark timing hit tests pays for nothing else. The
/// tree is shared by reference: changes made to it (a scroll view's bounds origin as
/// dispatch scrolls it) are seen by later answers. Not thread-safe.
public final class ReferenceEngine: HitTestable {
    /// The reference tree it answers from.
    public let screen: Screen
    /// Views by id; views that share an id are found by the first in depth-first order,
    /// windows first.
    private lazy var byID: [String: View] = {
        var map: [String: View] = [:]
        var stack: [View] = screen.windows
        while let v = stack.popLast() {
            if map[v.id] == nil { map[v.id] = v }
            stack.append(contentsOf: v.subviews)
        }
        return map
    }()

    /// Builds the reference tree of `scene`. O(n).
    public convenience init(scene: Scene) {
        self.init(screen: Screen(scene: scene))
    }

    /// Answers from an existing tree.
    public init(screen: Screen) {
        self.screen = screen
    }

    /// The view with this id, if any. O(1) after the first call.
    public func view(withID id: String) -> View? { byID[id] }

    /// `Screen.hitTest(_:with:)` without a trace, by ids.
    public func hitTest(_ screenPoint: Point) -> SceneHit? {
        screen.hitTest(screenPoint)?.sceneHit
    }

    /// `View.responderChain` of the view, each link by name.
    public func responderChain(of viewID: String) -> [ResponderLink] {
        byID[viewID]?.responderChain.map(\.link) ?? []
    }

    /// `View.convert(_:from: nil)`.
    public func location(_ screenPoint: Point, in viewID: String) -> Point {
        byID[viewID]?.convert(screenPoint, from: nil) ?? screenPoint
    }
}

extension ReferenceEngine: ScrollableHitTesting {
    /// Moves the reference view's bounds origin (the tree is shared by reference).
    public func setBoundsOrigin(_ origin: Point, of viewID: String) {
        guard let v = view(withID: viewID) else { return }
        v.bounds = Rect(x: origin.x, y: origin.y, width: v.bounds.width, height: v.bounds.height)
    }

    /// Sets the reference view's transform and center.
    public func setTransform(_ transform: AffineTransform, center: Point, of viewID: String) {
        guard let v = view(withID: viewID) else { return }
        v.transform = transform
        v.center = center
    }
}

extension HitTestResult {
    /// The same answer by ids: what every engine returns.
    public var sceneHit: SceneHit {
        SceneHit(view: view.id, window: window.id, localPoint: localPoint)
    }
}
