import HitTestGeometry
import HitTestScene

/// How near an edge of its window, in points, a screen-edge pan's first touch must begin.
/// UIKit keeps the width of its edge region undocumented
/// (<https://developer.apple.com/documentation/uikit/uiscreenedgepangesturerecognizer>:
/// "looks for panning (dragging) gestures that start near an edge of the screen"); this
/// is ours, written down in `rule-recognizer-screen-edge-pan`.
enum _ScreenEdgeRegion {
    static let width = 20.0
}

/// `screenEdgePan` (`rule-recognizer-screen-edge-pan`, UIKit's
/// `UIScreenEdgePanGestureRecognizer`, a subclass of the pan recognizer): its first touch
/// must begin within `_ScreenEdgeRegion.width` of one of `edges` of the touch's window
/// (in the window's bounds coordinates), or it fails at once. It begins once that touch
/// has moved `hysteresis` (10, the pan's) points away from that edge, toward the
/// window's inside; after that it is a pan: changed on moves, ended when every touch has
/// lifted, with the pan's translation and velocity.
///
/// Needs `_TouchChange.window` (the dispatcher fills it in for this kind only).
struct _ScreenEdgePanLogic: _GestureKindLogic {
    let edges: ScreenEdges
    private var pan = _PanLogic(minimumTouches: 1, maximumTouches: nil, hysteresis: 10)
    /// The edge the first touch began at, and that touch.
    private var edge: ScreenEdges?
    private var first: TouchID?

    init(edges: ScreenEdges) {
        self.edges = edges
    }

    mutating func began(_ c: _TouchChange, _ out: inout _KindOutput) {
        if c.state == .possible && first == nil {
            first = c.touch
            edge = c.window.flatMap { Self.edge(near: $0.start, in: $0.bounds, of: edges) }
            if edge == nil {
                out.wish = .fail
                return
            }
        }
        pan.began(c, &out)
    }

    mutating func moved(_ c: _TouchChange, _ out: inout _KindOutput) {
        pan.moved(c, &out)
        guard c.state == .possible else { return }
        out.wish = nil
        guard c.touch == first, let edge, let w = c.window else { return }
        let inward: Double =
            switch edge {
            case .left: w.location.x - w.start.x
            case .right: w.start.x - w.location.x
            case .top: w.location.y - w.start.y
            default: w.start.y - w.location.y
            }
        if inward >= pan.hysteresis { out.wish = .begin }
    }

    mutating func ended(_ c: _TouchChange, _ out: inout _KindOutput) {
        pan.ended(c, &out)
    }

    mutating func timer(
        tag: Int, time: Double, downCount: Int, state: GestureState, _ out: inout _KindOutput
    ) {}

    /// The first of `edges`, in UIKit's bit order, that `p` lies within the region of.
    static func edge(near p: Point, in b: Rect, of edges: ScreenEdges) -> ScreenEdges? {
        let w = _ScreenEdgeRegion.width
        for (_, e) in ScreenEdges.named where edges.contains(e) {
            let distance: Double =
                switch e {
                case .top: p.y - b.minY
                case .left: p.x - b.minX
                case .bottom: b.maxY - p.y
                default: b.maxX - p.x
                }
            if distance >= 0 && distance <= w { return e }
        }
        return nil
    }

    var report: GestureReport { pan.report }
}
