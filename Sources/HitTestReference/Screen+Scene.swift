import HitTestGeometry
import HitTestScene

extension View {
    /// A view (a `Window` when `asWindow`) with a scene view's own fields: class, geometry,
    /// flags, alpha, hit rules and event settings. Not its subviews, its redirect or its
    /// view controller: those link views together, which `Screen(scene:)` does.
    public static func make(from s: SceneView, asWindow: Bool) -> View {
        let v: View =
            asWindow
            ? Window(id: s.id, frame: .zero, level: s.level ?? 0, className: s.className)
            : View(id: s.id, frame: .zero, className: s.className)
        let g = s.geometry
        v.bounds = g.bounds
        v.center = g.center
        v.transform = g.transform
        v.anchorPoint = g.anchorPoint
        v.isHidden = s.isHidden
        v.alpha = s.alpha
        v.isUserInteractionEnabled = s.isUserInteractionEnabled
        v.clipsToBounds = s.clipsToBounds
        v.hitRules = s.hitRules
        v.events = s.events
        return v
    }
}

extension Screen {
    /// Builds the reference tree of a scene. The scene should be valid (`Scene.load`
    /// returns only valid scenes); a `redirectTo` or `presentedBy` that names nothing is
    /// ignored here.
    public convenience init(scene: Scene) {
        self.init(
            size: scene.screen, applicationClassName: scene.application.className,
            applicationDelegateName: scene.application.delegate)
        var byID: [String: View] = [:]
        var controllers: [String: ViewController] = [:]
        var pending: [(view: View, redirect: String)] = []
        var presented: [(controller: ViewController, by: String)] = []

        func make(_ s: SceneView, asWindow: Bool) -> View {
            let v = View.make(from: s, asWindow: asWindow)
            if let name = s.viewController {
                let c = ViewController(name: name)
                c.touches = s.events.viewControllerTouches
                controllers[name] = c
                v.viewController = c
                if let p = s.presentedBy { presented.append((c, p)) }
            }
            if let r = s.redirectTo { pending.append((v, r)) }
            if byID[s.id] == nil { byID[s.id] = v }
            return v
        }

        // Iterative, so that deep scenes build without deep recursion.
        for sw in scene.windows {
            let w = make(sw, asWindow: true) as! Window
            addWindow(w)
            var stack: [(scene: SceneView, view: View)] = [(sw, w)]
            while let (s, v) = stack.popLast() {
                for sub in s.subviews {
                    let child = make(sub, asWindow: false)
                    v.addSubview(child)
                    stack.append((sub, child))
                }
            }
        }
        for (v, target) in pending { v.redirectTarget = byID[target] }
        for (c, by) in presented { c.presentingViewController = controllers[by] }
    }

    /// The tree as a scene: every window and view with its geometry (as center, size and
    /// bounds origin), flags, rules, view controllers and event settings. Closures and
    /// overrides are code and are not written. Loading the scene's JSON builds a tree
    /// equal to this one. Iterative.
    public func scene() -> Scene {
        var out = Scene(
            screen: size,
            application: SceneApplication(
                className: applicationClassName, delegate: applicationDelegateName))
        out.windows = windows.map { Screen.sceneView(of: $0) }
        return out
    }

    static func sceneView(of top: View) -> SceneView {
        foldTree(top, children: \.subviews) { view, subviews, _ in
            var s = fields(of: view)
            s.subviews = subviews
            return s
        }
    }

    private static func fields(of v: View) -> SceneView {
        var s = SceneView(
            id: v.id, className: v.className, placement: .centerSize(v.center, v.bounds.size))
        s.boundsOrigin = v.bounds.origin
        s.transform = v.transform
        s.anchorPoint = v.anchorPoint
        s.isHidden = v.isHidden
        s.alpha = v.alpha
        s.isUserInteractionEnabled = v.isUserInteractionEnabled
        s.clipsToBounds = v.clipsToBounds
        s.hitRules = v.hitRules
        if let t = v.redirectTarget, v.isAncestor(of: t), t !== v { s.redirectTo = t.id }
        if let c = v.viewController {
            s.viewController = c.name
            s.presentedBy = c.presentingViewController?.name
        }
        s.events = v.events
        s.events.viewControllerTouches = v.viewController?.touches
        if let w = v as? Window { s.level = w.level }
        return s
    }
}
