import Foundation
import HitTestGeometry
import HitTestJSON
import HitTestReference
import HitTestScene

extension Explainer {
    /// Why `e` did or did not get the touch: the first rule on the way from the screen
    /// down to `e` that kept the touch from it.
    func verdict(for e: View, _ x: Explanation) -> ExpectVerdict {
        let id = e.id
        func verdict(_ by: View, _ d: Decision, _ message: String, got: Bool = false)
            -> ExpectVerdict
        {
            ExpectVerdict(view: id, gotTouch: got, decidedBy: by.id, decision: d, message: message)
        }
        let hitID = x.hit?.view
        if hitID == id {
            return verdict(
                e, .hit, "`\(id)` gets the touch: it is the deepest view that takes this point.",
                got: true)
        }
        // The first call of each view, in walk order.
        var step: [String: ExplainStep] = [:]
        for s in x.steps where step[s.view] == nil { step[s.view] = s }
        let chain = Array(e.ancestorsAndSelf.reversed())  // window ... e
        guard let w = chain.first as? Window, w.screen === screen else {
            return verdict(
                e, .customCode(result: hitID), "`\(id)` is not on the screen: add it to a window.")
        }
        if step[w.id] == nil {
            // A window above took the touch before this one was asked.
            let took = x.hit?.window ?? "?"
            let level = (viewsByID[took] as? Window)?.level ?? 0
            return verdict(
                w, .windowAbove(window: took, took: hitID ?? "?"),
                "Window `\(took)` (level \(Explainer.number(level))) is above `\(id)`'s window `\(w.id)` and took the "
                    + "touch (it hit `\(hitID ?? "?")`): lower its level, or let touches through it."
            )
        }
        for (k, v) in chain.enumerated() {
            guard let s = step[v.id] else {
                // `v` was never asked: its superview stopped before it.
                let parent = chain[k - 1]
                if parent.hitRules.hitTestRule == .boxOnly {
                    return verdict(
                        parent, .insideBoxOnly(ancestor: parent.id),
                        "`\(parent.id)` is boxOnly: it takes touches itself and never asks its subviews, so "
                            + "`\(id)` cannot get one: change its hitTestRule to default.")
                }
                if let t = parent.redirectTarget, hitID == t.id {
                    return verdict(
                        parent, .redirected(to: t.id),
                        "`\(parent.id)` redirects touches inside `\(t.id)` to it (redirectTo), and this point is "
                            + "inside `\(t.id)`.")
                }
                // A sibling above `v` took the touch.
                let siblings = parent.subviews
                let i = siblings.firstIndex { $0 === v } ?? 0
                let above = siblings[(i + 1)...].first {
                    step[$0.id] != nil && hitID != nil
                        && Explainer.isAncestor($0, of: hitID!, in: self)
                }
                let sibling = above?.id ?? siblings.last?.id ?? "?"
                let subject = v === e ? "`\(id)`" : "`\(v.id)`, which contains `\(id)`,"
                if let above, let s = step[above.id], case .redirected(let to) = s.decision {
                    return verdict(
                        above, s.decision,
                        "`\(above.id)`, added after \(subject), redirects touches inside `\(to)` to it (redirectTo), "
                            + "and `\(to)` reaches over this point: move `\(to)`, or bring `\(v.id)` to the front."
                    )
                }
                return verdict(
                    above ?? parent, .coveredBy(sibling: sibling, took: hitID ?? "?"),
                    "`\(sibling)`, added after \(subject) and so on top of it, took the touch (it hit `\(hitID ?? "?")`): "
                        + "bring `\(v.id)` to the front, or let touches through `\(sibling)` "
                        + "(userInteractionEnabled = false, or hitTestRule passthrough for a container)."
                )
            }
            switch s.decision {
            case .hit, .passedDown:
                if v === e, case .passedDown(let to) = s.decision {
                    return verdict(
                        e, s.decision,
                        "`\(id)`'s subview `\(to)` is on top at this point and took the touch; `\(id)` gets only "
                            + "touches that none of its subviews take.")
                }
                continue
            case .passthrough:
                if v === e {
                    return verdict(
                        e, s.decision,
                        "`\(id)` is passthrough (hitTestRule): it never takes a touch itself, only its subviews do."
                    )
                }
                continue
            case .redirected(let to):
                return verdict(
                    v, s.decision,
                    "`\(v.id)` redirects touches inside `\(to)` to it (redirectTo), and this point is inside `\(to)`."
                )
            case .hidden:
                return verdict(
                    v, s.decision,
                    v === e
                        ? "`\(id)` is hidden, so neither it nor its subviews get touches: set hidden = false."
                        : "`\(v.id)`, which contains `\(id)`, is hidden, so nothing inside it gets touches: "
                            + "set hidden = false.")
            case .alphaTooLow(let stored):
                return verdict(
                    v, s.decision,
                    "`\(v.id)`\(v === e ? "" : ", which contains `\(id)`,") has alpha \(Explainer.stored(stored)) as stored (a 32-bit float), "
                        + "below 0.01, so UIKit skips it\(v === e ? "" : " and everything inside it"): use an alpha of at "
                        + "least 0.011.")
            case .interactionDisabled(let className, let classDefault):
                let why = classDefault ? " (the default for \(className))" : ""
                return verdict(
                    v, s.decision,
                    "`\(v.id)`\(v === e ? "" : ", which contains `\(id)`,") has userInteractionEnabled = false\(why), "
                        + "so it\(v === e ? "" : " and its subviews") get no touches: set userInteractionEnabled = true."
                )
            case .singularTransform(let singular):
                return verdict(
                    viewsByID[singular] ?? v, s.decision,
                    "`\(singular)` has a transform with no inverse (determinant 0, such as a scale of 0), so no "
                        + "point is inside it or its subviews\(singular == id ? "" : ", `\(id)` among them"): "
                        + "give it an invertible transform.")
            case .outside(let rect, let local, _, _):
                let by = Explainer.distanceOutside(local, rect)
                if v === e {
                    return verdict(
                        e, s.decision,
                        "The point is \(Explainer.number(by)) pt outside `\(id)` (local point "
                            + "\(Explainer.text(local)), hit rect \(Explainer.text(rect))): enlarge its hit area, for example "
                            + "with hitInsets of -\(Explainer.number(by.rounded(.up))) on that side."
                    )
                }
                // An ancestor said no. Does `e` itself cover the point?
                let eLocal = e.convert(x.point, from: nil)
                if e.bounds.inset(by: e.hitRules.hitInsets).contains(eLocal) {
                    let what = k == chain.count - 2 ? "its superview" : "its ancestor"
                    return verdict(
                        v, s.decision,
                        "`\(id)` sticks out of \(what) `\(v.id)` by \(Explainer.number(by)) pt at this point, and a "
                            + "view is never hit outside its superview's bounds: enlarge `\(v.id)`, or give it "
                            + "pointInside: boundsOrSubviews.")
                }
                return verdict(
                    v, s.decision,
                    "The point is \(Explainer.number(by)) pt outside `\(v.id)`, which contains `\(id)`, and outside "
                        + "`\(id)` too: touch inside `\(id)`, or enlarge it.")
            case .customCode(let r):
                return verdict(
                    v, s.decision,
                    "Custom code in `\(v.id)` (an override or a handler) returned \(r.map { "`\($0)`" } ?? "nil")."
                )
            case .coveredBy, .insideBoxOnly, .ancestorDidNotPass, .windowAbove:
                continue
            }
        }
        return verdict(
            e, .customCode(result: hitID), "`\(id)` was asked but did not take the touch.")
    }

    /// True when view `id` is `v` or below it.
    static func isAncestor(_ v: View, of id: String, in explainer: Explainer) -> Bool {
        guard let target = explainer.view(id) else { return false }
        return v.isAncestor(of: target)
    }

    /// How far a point lies outside a rect (0 on its max edge, which is outside too).
    static func distanceOutside(_ p: Point, _ r: Rect) -> Double {
        let dx = max(r.minX - p.x, 0, p.x - r.maxX)
        let dy = max(r.minY - p.y, 0, p.y - r.maxY)
        return max(dx, dy)
    }

    /// A number without a useless fraction, rounded to 2 decimals.
    static func number(_ x: Double) -> String {
        if let name = JSONWriter.nonFiniteName(x) { return name }
        let r = (x * 100).rounded() / 100
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }

    /// A stored alpha with eight significant digits, so that 0.01 shows as the
    /// 0.0099999998 it really is.
    static func stored(_ alpha: Float) -> String {
        String(format: "%.8g", Double(alpha))
    }

    static func text(_ p: Point) -> String { "(\(number(p.x)), \(number(p.y)))" }

    static func text(_ r: Rect) -> String {
        "(\(number(r.minX)), \(number(r.minY)), \(number(r.width)), \(number(r.height)))"
    }
}
