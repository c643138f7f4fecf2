import HitTestGeometry
import HitTestScene

extension ViewStore {
    /// The store as a scene: every window and view with its geometry (as center, size and
    /// bounds origin), flags, rules, redirects, view controllers and event settings, in
    /// sibling order. Loading the scene's JSON builds a store that answers every query as
    /// this one does. Custom code is not written. Iterative.
    /// The corresponding C function is `htWorld_SaveSceneFile`.
    public func scene() -> Scene {
        var out = Scene(
            screen: screenSize,
            application: SceneApplication(
                className: applicationClassName, delegate: applicationDelegateName))
        out.windows = storage.windowSlots.map { w in
            foldTree(w, children: children) { s, subviews, _ in
                var v = sceneView(s)
                v.subviews = subviews
                return v
            }
        }
        return out
    }

    func sceneView(_ s: Int32) -> SceneView {
        let h = handle(s)
        let d = definition(of: h)
        var v = SceneView(
            id: d.id, className: d.className,
            placement: .centerSize(d.geometry.center, d.geometry.bounds.size))
        v.boundsOrigin = d.geometry.bounds.origin
        v.transform = d.geometry.transform
        v.anchorPoint = d.geometry.anchorPoint
        v.isHidden = d.isHidden
        v.alpha = Double(Float(d.alpha))
        v.isUserInteractionEnabled = d.isUserInteractionEnabled
        v.clipsToBounds = d.clipsToBounds
        v.hitRules = d.hitRules
        v.viewController = d.viewController
        v.presentedBy = d.presentedBy
        v.events = d.events
        if columns.flags[Int(s)] & _Flags.window != 0 { v.level = d.level }
        if let t = redirect(of: h) {
            var c = columns.parent[Int(t.slot)]
            while c >= 0 && c != s { c = columns.parent[Int(c)] }
            if c == s { v.redirectTo = name(t.slot) }
        }
        return v
    }
}
