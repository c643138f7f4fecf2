import HitTestReference
import HitTestScene
import HitTestStore

// Where the oracle's tree and the fast store meet: neither module imports the other
// (the store knows custom code only as `CustomHitTestCode`), so the build from a
// reference tree lives here, beside its users (parity checks, `HitTestKit`).

extension ViewStore {
    /// Builds a store from a reference tree. Views with custom code (`View.hasCustomCode`,
    /// `rule-override-custom-code`: a `hitTestHandler` or `pointInsideHandler`, or a
    /// subclass of `View` or `Window`) are answered by the reference views themselves; the
    /// views below them are kept (so that answers map to handles) but never walked, and
    /// must be changed on the reference tree. O(n), iterative, so any depth builds.
    public convenience init(screen: Screen, indexThreshold: Int = ViewStore.defaultIndexThreshold) {
        self.init(
            screenSize: screen.size, applicationClassName: screen.applicationClassName,
            applicationDelegateName: screen.applicationDelegateName, indexThreshold: indexThreshold)
        var redirects: [(slot: Int32, target: any CustomHitTestCode)] = []
        for w in screen.windows {
            let role: CustomCodeRole = w.hasCustomCode ? .runs : .none
            let ws = addTreeView(ViewDefinition(w), under: -1, object: w, role: role)
            var stack: [(view: View, slot: Int32, childrenInsideCustom: Bool)] = [
                (w, ws, role != .none)
            ]
            while let (v, s, inside) = stack.popLast() {
                if let t = v.redirectTarget, t !== v, v.isAncestor(of: t) {
                    redirects.append((s, t))
                }
                // Subviews from the top down, each placed below the ones before it.
                for sub in v.subviews.reversed() {
                    let subRole: CustomCodeRole =
                        inside ? .inside : sub.hasCustomCode ? .runs : .none
                    let c = addTreeView(ViewDefinition(sub), under: s, object: sub, role: subRole)
                    stack.append((sub, c, subRole != .none))
                }
            }
        }
        finishTreeBuild(redirects: redirects)
    }
}

extension ViewDefinition {
    /// The definition of a reference view: its geometry, flags, hit rules, event settings,
    /// view controller (with the controller's touch settings) and, for a window, its level.
    public init(_ v: View) {
        self.init(id: v.id, frame: .zero, className: v.className)
        geometry = v.geometry
        isHidden = v.isHidden
        alpha = v.alpha
        isUserInteractionEnabled = v.isUserInteractionEnabled
        clipsToBounds = v.clipsToBounds
        hitRules = v.hitRules
        events = v.events
        if let c = v.viewController {
            viewController = c.name
            presentedBy = c.presentingViewController?.name
            events.viewControllerTouches = c.touches
        }
        if let w = v as? Window { level = w.level }
    }
}
