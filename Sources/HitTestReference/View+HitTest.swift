import HitTestGeometry
import HitTestScene

// The reference algorithm (`rule-algorithm-hit-test` in the DocC catalog), line by line.
// Recursive and unoptimised on purpose: this is the spec that runs.

extension View {
    /// `hitTest(v, p)` (`rule-algorithm-hit-test`), for this view, without any override.
    public final func defaultHitTest(_ p: Point, with event: HitTestEvent?) -> View? {
        if let target = redirectTarget, let q = convertDown(p, to: target) {
            if View.tracedPointInside(target, q, event) { return target }
        }
        if !isHitTestEligible { return nil }
        if !View.tracedPointInside(self, p, event) { return nil }
        if hitRules.hitTestRule != .boxOnly {
            for s in subviews.reversed() {
                if let r = View.tracedHitTest(s, s.geometry.toChild(p), event) { return r }
            }
        }
        return hitRules.hitTestRule == .passthrough ? nil : self
    }

    /// `pointInside(v, p)` (`rule-override-point-inside`), for this view, without any override.
    public final func defaultPointInside(_ p: Point, with event: HitTestEvent?) -> Bool {
        switch hitRules.pointInside {
        case .bounds:
            return hitRules.shapeContains(p, bounds: bounds)
        case .subviews:
            return subviews.contains { $0.frame.contains(p) }
        case .boundsOrSubviews:
            for s in subviews.reversed() {
                if View.tracedPointInside(s, s.geometry.toChild(p), event) { return true }
            }
            return hitRules.shapeContains(p, bounds: bounds)
        }
    }

    /// `hitTest` on `view` with the entry and return recorded in the trace.
    public static func tracedHitTest(_ view: View, _ p: Point, _ event: HitTestEvent?) -> View? {
        event?.record(.hitTest(view: view.id))
        let r = view.hitTest(p, with: event)
        event?.record(.returned(view: view.id, result: r?.id))
        return r
    }

    /// `pointInside` on `view` with its answer recorded in the trace when it returns.
    public static func tracedPointInside(_ view: View, _ p: Point, _ event: HitTestEvent?) -> Bool {
        let r = view.point(inside: p, with: event)
        event?.record(.pointInside(view: view.id, result: r))
        return r
    }
}
