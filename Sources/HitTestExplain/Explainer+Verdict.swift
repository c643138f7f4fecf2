import Foundation
import HitTestGeometry
import HitTestJSON
import HitTestReference
import HitTestScene

// Each piece of advice names what to change in UIKit's terms (a property, or an override of
// `hitTest(_:with:)` or `point(inside:with:)`), on which view, and the rule of
// HitTestingRules.md that decided. The scene field that stands for an override follows in
// parentheses, for people who edit scene files.

extension Explainer {
    /// Why `e` did or did not get the touch: the first rule on the way from the screen
    /// down to `e` that kept the touch from it.
    func verdict(for e: View, _ x: Explanation) -> ExpectVerdict {
        let id = e.id
        func verdict(
            _ by: View, _ d: Decision, _ rule: String, _ message: String, got: Bool = false
        ) -> ExpectVerdict {
            ExpectVerdict(
                view: id, gotTouch: got, decidedBy: by.id, decision: d, rule: rule,
                message: message + " (\(rule))")
        }
        let hitID = x.hit?.view
        if hitID == id {
            return verdict(
                e, .hit, "rule-algorithm-hit-test",
                "`\(id)` gets the touch: it is the deepest view that takes this point.", got: true)
        }
        // The first call of each view, in walk order.
        var step: [String: ExplainStep] = [:]
        for s in x.steps where step[s.view] == nil { step[s.view] = s }
        let chain = Array(e.ancestorsAndSelf.reversed())  // window ... e
        guard let w = chain.first as? Window, w.screen === screen else {
            return verdict(
                e, .customCode(result: hitID), "rule-windows-entry",
                "`\(id)` is in no window on the screen: add it to a window's view hierarchy.")
        }
        if step[w.id] == nil {
            return windowAbove(w, e, x, verdict)
        }
        for (k, v) in chain.enumerated() {
            guard let s = step[v.id] else {
                // `v` was never asked: its superview stopped before it.
                return notAsked(v, parent: chain[k - 1], e, step, x, verdict)
            }
            switch s.decision {
            case .hit, .passedDown:
                if v === e, case .passedDown(let to) = s.decision {
                    // https://developer.apple.com/documentation/uikit/uiview/hittest(_:with:)
                    // returns the farthest descendant that contains the point.
                    return verdict(
                        e, s.decision, "rule-order-subviews",
                        "`\(id)`'s subview `\(to)` is on top at this point and took the touch; `\(id)` gets only "
                            + "touches that none of its subviews take: set `isUserInteractionEnabled = false` "
                            + "on `\(to)` if it only shows something, or move it off this point.")
                }
                continue
            case .passthrough:
                if v === e {
                    return verdict(
                        e, s.decision, "rule-override-passthrough",
                        "`\(id)` overrides `hitTest(_:with:)` to return nil for itself (hitTestRule "
                            + "passthrough): it never takes a touch itself, only its subviews do, and none is "
                            + "at this point: remove that override (hitTestRule default) if `\(id)` should "
                            + "take touches.")
                }
                continue
            case .redirected(let to):
                return redirected(v, to: to, e, s.decision, verdict)
            case .hidden:
                // https://developer.apple.com/documentation/uikit/uiview/ishidden: a hidden view
                // does not receive input events, nor do its descendants.
                return verdict(
                    v, s.decision, "rule-eligibility-hidden",
                    "`\(v.id)`\(Self.contains(v, e)) has `isHidden = true`, so neither it nor anything inside "
                        + "it gets touches: set `isHidden = false` on `\(v.id)`.")
            case .alphaTooLow(let stored):
                // https://developer.apple.com/documentation/uikit/uiview/hittest(_:with:) ignores
                // views with an alpha level less than 0.01.
                return verdict(
                    v, s.decision, "rule-eligibility-alpha",
                    "`\(v.id)`\(Self.contains(v, e)) has `alpha` \(Explainer.stored(stored)), a 32-bit float "
                        + "below 0.01, so `hitTest(_:with:)` skips it\(v === e ? "" : " and everything inside it"): "
                        + "set `alpha` to at least 0.011 on `\(v.id)`.")
            case .interactionDisabled(let className, let classDefault):
                // https://developer.apple.com/documentation/uikit/uiview/isuserinteractionenabled;
                // false by default for https://developer.apple.com/documentation/uikit/uiimageview/isuserinteractionenabled
                // and UILabel.
                let why = classDefault ? " (the default for \(className))" : ""
                return verdict(
                    v, s.decision, "rule-eligibility-interaction",
                    "`\(v.id)`\(Self.contains(v, e)) has `isUserInteractionEnabled = false`\(why), so it"
                        + "\(v === e ? "" : " and its subviews") get no touches: set `isUserInteractionEnabled = true` "
                        + "on `\(v.id)`.")
            case .singularTransform(let singular):
                return verdict(
                    viewsByID[singular] ?? v, s.decision, "rule-geometry-singular",
                    "`\(singular)` has a `transform` with no inverse (determinant 0, such as a scale of 0), so no "
                        + "point is inside it or its subviews\(singular == id ? "" : ", `\(id)` among them"): "
                        + "give `\(singular)` an invertible `transform` (a scale of 0.001 rather than 0), or set "
                        + "`isHidden = true` on it while it is collapsed.")
            case .outside(let rect, let local, let shape, let mode):
                if v === e {
                    return outsideItself(e, rect, local, shape, mode, s.decision, verdict)
                }
                return outsideAncestor(
                    v, isSuperview: k == chain.count - 2, e, x, s.decision, verdict)
            case .customCode(let r):
                return verdict(
                    v, s.decision, "rule-override-custom-code",
                    "Custom code in `\(v.id)` (an override of `hitTest(_:with:)` or `point(inside:with:)`, or a "
                        + "handler) returned \(r.map { "`\($0)`" } ?? "nil") here: read that code in `\(v.id)`."
                )
            case .coveredBy, .insideBoxOnly, .ancestorDidNotPass, .windowAbove:
                continue
            }
        }
        return verdict(
            e, .customCode(result: hitID), "rule-algorithm-hit-test",
            "`\(id)` was asked but did not take the touch.")
    }

    /// Makes a verdict from the view whose rule decided, the decision, the rule's name, the
    /// sentence and whether the view got the touch.
    typealias MakeVerdict = (View, Decision, String, String, Bool) -> ExpectVerdict

    /// ", which contains `e`," when `v` is an ancestor of `e`; nothing when it is `e`.
    static func contains(_ v: View, _ e: View) -> String {
        v === e ? "" : ", which contains `\(e.id)`,"
    }

    /// A window above `e`'s took the touch before `e`'s window was asked.
    // https://developer.apple.com/documentation/uikit/uiwindow/windowlevel: windows of a
    // higher level are in front of all windows of a lower one.
    private func windowAbove(
        _ w: Window, _ e: View, _ x: Explanation,
        _ verdict: MakeVerdict
    ) -> ExpectVerdict {
        let took = x.hit?.window ?? "?"
        let hitID = x.hit?.view ?? "?"
        let above = viewsByID[took] as? Window
        let level = above?.level ?? 0
        let order =
            level == w.level
            ? "has the same windowLevel (\(Explainer.number(level))) as `\(e.id)`'s window `\(w.id)` and was added after it"
            : "(windowLevel \(Explainer.number(level))) is above `\(e.id)`'s window `\(w.id)` "
                + "(windowLevel \(Explainer.number(w.level)))"
        let through =
            hitID == took
            ? "override `hitTest(_:with:)` in `\(took)` to return nil for itself so that touches on its "
                + "empty parts go on to the windows below"
            : "set `isUserInteractionEnabled = false` on `\(hitID)` if it only shows something"
        return verdict(
            above ?? w, .windowAbove(window: took, took: hitID), "rule-order-windows",
            "Window `\(took)` \(order), and took the touch (it hit `\(hitID)`): lower `\(took)`'s "
                + "`windowLevel`, set `isHidden = true` on it while it is not in use, or \(through).",
            false)
    }

    /// `v` (`e` or an ancestor) was never asked: `parent` stopped before it.
    private func notAsked(
        _ v: View, parent: View, _ e: View, _ step: [String: ExplainStep], _ x: Explanation,
        _ verdict: MakeVerdict
    ) -> ExpectVerdict {
        let id = e.id
        let hitID = x.hit?.view
        if parent.hitRules.hitTestRule == .boxOnly {
            return verdict(
                parent, .insideBoxOnly(ancestor: parent.id), "rule-override-box-only",
                "`\(parent.id)` overrides `hitTest(_:with:)` to return itself without asking its subviews "
                    + "(hitTestRule boxOnly), so `\(id)` cannot get the touch: remove that override from "
                    + "`\(parent.id)` (hitTestRule default), or let it call `super.hitTest(_:with:)`.",
                false)
        }
        if let t = parent.redirectTarget, hitID == t.id {
            return redirected(parent, to: t.id, e, .redirected(to: t.id), verdict)
        }
        // A sibling above `v` took the touch.
        let siblings = parent.subviews
        let i = siblings.firstIndex { $0 === v } ?? 0
        let above = siblings[(i + 1)...].first {
            step[$0.id] != nil && hitID != nil && Explainer.isAncestor($0, of: hitID!, in: self)
        }
        let sibling = above?.id ?? siblings.last?.id ?? "?"
        let took = hitID ?? "?"
        let subject = v === e ? "`\(id)`" : "`\(v.id)`, which contains `\(id)`,"
        if let above, let s = step[above.id], case .redirected(let to) = s.decision {
            return redirected(above, to: to, e, s.decision, verdict)
        }
        // https://developer.apple.com/documentation/uikit/uiview/hittest(_:with:): subviews
        // are asked from the frontmost; the first that answers wins.
        let letThrough =
            took == sibling
            ? "set `isUserInteractionEnabled = false` on `\(sibling)` if it only shows something, or "
                + "override `hitTest(_:with:)` in `\(sibling)` to return nil for itself if only its "
                + "subviews should take touches"
            : "set `isUserInteractionEnabled = false` on `\(took)` if it only shows something"
        return verdict(
            above ?? parent, .coveredBy(sibling: sibling, took: took), "rule-order-subviews",
            "`\(sibling)`, added after \(subject) and so on top of it, took the touch (it hit `\(took)`): "
                + "\(letThrough); or move `\(sibling)` off this point, or call "
                + "`\(parent.id).bringSubviewToFront(\(v.id))`.", false)
    }

    /// `v` hands touches inside `to` to it before anything else.
    private func redirected(
        _ v: View, to: String, _ e: View, _ d: Decision,
        _ verdict: MakeVerdict
    ) -> ExpectVerdict {
        verdict(
            v, d, "rule-override-redirect",
            "`\(v.id)` overrides `hitTest(_:with:)` to hand every touch inside `\(to)` to `\(to)` first "
                + "(redirectTo), and this point is inside `\(to)`: move `\(to)` off `\(e.id)`, or make that "
                + "override in `\(v.id)` leave points over `\(e.id)` alone.", false)
    }

    /// The point is outside `e`'s own `point(inside:with:)`.
    // https://developer.apple.com/documentation/uikit/uiview/point(inside:with:): true when
    // the point is inside the receiver's bounds; overriding it changes the hit area.
    private func outsideItself(
        _ e: View, _ rect: Rect, _ local: Point, _ shape: HitShape, _ mode: PointInsideMode,
        _ d: Decision, _ verdict: MakeVerdict
    ) -> ExpectVerdict {
        let id = e.id
        let at = "(local point \(Explainer.text(local)), hit rect \(Explainer.text(rect)))"
        if mode == .subviews {
            return verdict(
                e, d, "rule-override-point-inside",
                "`\(id)` overrides `point(inside:with:)` to say yes only inside its subviews' frames "
                    + "(pointInside subviews), and no subview's frame holds this point \(at): let that "
                    + "override fall back to `super.point(inside:with:)` (pointInside boundsOrSubviews) if "
                    + "`\(id)`'s own bounds should take touches.", false)
        }
        if rect.contains(local) && shape == .ellipse {
            return verdict(
                e, d, "rule-override-hit-shape",
                "The point is inside `\(id)`'s hit rect but outside the ellipse inscribed in it \(at): "
                    + "`\(id)` overrides `point(inside:with:)` with a round shape (hitShape ellipse); touch "
                    + "nearer its center, or test the whole rect in that override (hitShape rect).",
                false)
        }
        let insets = e.hitRules.hitInsets
        if e.bounds.contains(local), !insets.isZero {
            return verdict(
                e, d, "rule-override-hit-insets",
                "The point is inside `\(id)`'s bounds \(Explainer.text(e.bounds)) but outside its hit rect "
                    + "\(Explainer.text(rect)), which its `point(inside:with:)` shrinks by insets "
                    + "[\(Explainer.number(insets.top)), \(Explainer.number(insets.left)), "
                    + "\(Explainer.number(insets.bottom)), \(Explainer.number(insets.right))] (hitInsets): "
                    + "make those insets 0 or negative in the override of `point(inside:with:)` in `\(id)`.",
                false)
        }
        let by = Explainer.distanceOutside(local, rect)
        if by == 0 {
            return verdict(
                e, d, "rule-geometry-containment",
                "The point is on `\(id)`'s right or bottom edge \(at), which is outside: a rect holds "
                    + "its left and top edges but not its right and bottom ones, as `CGRect.contains(_:)`. "
                    + "Touch inside `\(id)`, or override `point(inside:with:)` in `\(id)` to test "
                    + "`bounds.insetBy(dx: -1, dy: -1)` (hitInsets of -1).", false)
        }
        let grow = Explainer.number(by.rounded(.up))
        let moved =
            e.transform.isIdentity
            ? ""
            : " `\(id)`'s `transform` moves its hit area with what is drawn: its untransformed frame does "
                + "not count."
        return verdict(
            e, d, e.transform.isIdentity ? "rule-override-hit-insets" : "rule-geometry-to-child",
            "The point is \(Explainer.number(by)) pt outside `\(id)` \(at).\(moved) To take touches that "
                + "far out, override `point(inside:with:)` in `\(id)` to test `bounds.insetBy(dx: -\(grow), "
                + "dy: -\(grow))` (hitInsets of -\(grow)), or touch inside it.", false)
    }

    /// The point is outside `v`'s `point(inside:with:)`, an ancestor of `e`.
    private func outsideAncestor(
        _ v: View, isSuperview: Bool, _ e: View, _ x: Explanation, _ d: Decision,
        _ verdict: MakeVerdict
    ) -> ExpectVerdict {
        let id = e.id
        guard case .outside(let rect, let local, _, _) = d else {
            return verdict(
                v, d, "rule-algorithm-hit-test", "`\(v.id)` did not pass the point down.", false)
        }
        let by = Explainer.distanceOutside(local, rect)
        let eLocal = e.convert(x.point, from: nil)
        if e.bounds.inset(by: e.hitRules.hitInsets).contains(eLocal) {
            // The nearest scroll view between `e` and `v` that shows only part of `e`.
            var ancestor = e.superview
            while let a = ancestor {
                if let scrolled = scrolledOff(e, in: a) {
                    return verdict(a, d, "rule-geometry-scroll-offset", scrolled, false)
                }
                if a === v { break }
                ancestor = a.superview
            }
            let what = isSuperview ? "its superview" : "its ancestor"
            let clips =
                v.clipsToBounds
                ? ""
                : " (`clipsToBounds` is false on `\(v.id)`, so that part is drawn, but drawing does not "
                    + "change hit-testing)"
            return verdict(
                v, d, v.clipsToBounds ? "rule-algorithm-hit-test" : "rule-geometry-clips-to-bounds",
                "`\(id)` sticks out of \(what) `\(v.id)` by \(Explainer.number(by)) pt at this point, and "
                    + "`hitTest(_:with:)` never asks a subview about a point outside its superview's "
                    + "`point(inside:with:)`\(clips): enlarge `\(v.id)`, move `\(id)` inside it, or override "
                    + "`point(inside:with:)` in `\(v.id)` to say yes where its subviews are (pointInside "
                    + "boundsOrSubviews).", false)
        }
        return verdict(
            v, d, v is Window ? "rule-windows-entry" : "rule-algorithm-hit-test",
            "The point is \(Explainer.number(by)) pt outside `\(v.id)`, which contains `\(id)`, and outside "
                + "`\(id)` too: touch inside `\(id)`.", false)
    }

    /// The sentence for `e` lying, at least in part, outside the visible content of `v`, a
    /// scroll view (or any view with a `bounds.origin`, which is its scroll offset), or nil
    /// when `v` is not one or `e` lies wholly inside what it shows.
    // https://developer.apple.com/documentation/uikit/uiscrollview/contentoffset is the
    // bounds origin: content at y < contentOffset.y is above the visible area.
    func scrolledOff(_ e: View, in v: View) -> String? {
        let isScroll =
            v.events.scrollView != nil || SceneScrollView.classes.contains(v.className)
            || v.bounds.origin != Point(x: 0, y: 0)
        guard isScroll else { return nil }
        let shown = v.bounds
        let content = e.convert(e.bounds, to: v)
        guard
            !(content.minX >= shown.minX && content.maxX <= shown.maxX
                && content.minY >= shown.minY && content.maxY <= shown.maxY)
        else { return nil }
        typealias E = Explainer
        var moves: [String] = []
        if content.minY < shown.minY {
            moves.append(
                "towards the top: set contentOffset.y to \(E.number(content.minY)) or less")
        } else if content.maxY > shown.maxY {
            moves.append(
                "towards the bottom: set contentOffset.y to \(E.number(content.maxY - shown.height)) or more"
            )
        }
        if content.minX < shown.minX {
            moves.append(
                "towards the left: set contentOffset.x to \(E.number(content.minX)) or less")
        } else if content.maxX > shown.maxX {
            moves.append(
                "towards the right: set contentOffset.x to \(E.number(content.maxX - shown.width)) or more"
            )
        }
        let partly = Explainer.intersection(content, shown) != nil
        let offset = "(\(E.number(shown.minX)), \(E.number(shown.minY)))"
        let what =
            partly
            ? "`\(e.id)` is partly scrolled off `\(v.id)`, and this point is on the part that is"
            : "`\(e.id)` is scrolled off `\(v.id)`"
        return
            "\(what): `\(v.id)`'s contentOffset is \(offset) (its bounds.origin), so it shows its content "
            + "from \(E.text(Point(x: shown.minX, y: shown.minY))) to \(E.text(Point(x: shown.maxX, y: shown.maxY))), "
            + "and `\(e.id)` is at \(E.text(content)) of that content; a touch there reaches what is on "
            + "screen instead. Scroll `\(v.id)` \(moves.joined(separator: ", and ")) "
            + "(`setContentOffset(_:animated:)`, or `scrollRectToVisible(_:animated:)` with `\(e.id)`'s frame) "
            + "to bring it in."
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

    /// A stored alpha as the shortest decimal that reads back as the same 32-bit float
    /// (`0.005`, not `0.0049999999`). When that decimal is not itself below 0.01 (the
    /// float stored for 0.01 is), the float's value follows with eight significant digits,
    /// so that "below 0.01" reads true: `0.01 (0.0099999998 as stored)`. The page's script
    /// (`stored` in ``pageScript``) writes the same.
    package static func stored(_ alpha: Float) -> String {
        let exact = String(format: "%.8g", Double(alpha))
        if alpha == 0 { return "0" }
        for decimals in 1...12 {
            let text = String(format: "%.\(decimals)f", Double(alpha))
            guard Float(text) == alpha else { continue }
            return Double(alpha) < 0.01 && Double(text)! >= 0.01
                ? text + " (\(exact) as stored)" : text
        }
        return exact
    }

    static func text(_ p: Point) -> String { "(\(number(p.x)), \(number(p.y)))" }

    static func text(_ r: Rect) -> String {
        "(\(number(r.minX)), \(number(r.minY)), \(number(r.width)), \(number(r.height)))"
    }
}
