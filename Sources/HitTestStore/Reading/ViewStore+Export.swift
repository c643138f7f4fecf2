import HitTestGeometry
import HitTestScene

extension ViewStore {
    /// The store as a scene: every window and view with its geometry (as center, size and
    /// bounds origin), flags, rules, redirects, view controllers and event settings, in
    /// sibling order. Loading the scene's JSON builds a store that answers every query as
    /// this one does. Custom code is not written. Iterative.
    ///
    /// A scene's ids are unique and not empty, while a store's need not be (a C host adds
    /// views without names). A view whose id is empty, or taken by a view before it in
    /// paint order, is written with a new id that no view has: its id, or `view` for
    /// none, then `#` and the smallest number that is free (from 1 for none, 2 for a
    /// repeat): `view#1`, `cell#2`. Redirects name their targets by the ids written.
    /// The corresponding C function is `htWorld_SaveSceneFile`.
    public func scene() -> Scene {
        let ids = sceneIDs()
        var out = Scene(
            screen: screenSize,
            application: SceneApplication(
                className: applicationClassName, delegate: applicationDelegateName))
        out.windows = storage.windowSlots.map { w in
            foldTree(w, children: children) { s, subviews, _ in
                var v = sceneView(s, ids: ids)
                v.subviews = subviews
                return v
            }
        }
        return out
    }

    /// The ids `scene()` writes in place of the views' own, by slot: only for views whose
    /// id is empty or repeats one earlier in paint order.
    func sceneIDs() -> [Int32: String] {
        // Every id in use, and the views to rename, in paint order.
        var taken = Set<String>()
        var repeats: [Int32] = []
        forEachSlotInPaintOrder { s in
            let id = name(s)
            if id.isEmpty || !taken.insert(id).inserted { repeats.append(s) }
        }
        var renamed: [Int32: String] = [:]
        // The next number to try after each stem.
        var nextNumber: [String: Int] = [:]
        for s in repeats {
            let id = name(s)
            let stem = id.isEmpty ? "view" : id
            var k = nextNumber[stem] ?? (id.isEmpty ? 1 : 2)
            while taken.contains("\(stem)#\(k)") { k += 1 }
            let fresh = "\(stem)#\(k)"
            taken.insert(fresh)
            nextNumber[stem] = k + 1
            renamed[s] = fresh
        }
        return renamed
    }

    /// Calls `body` with every live slot, windows from the bottom one up, each view before
    /// its subviews, subviews from the bottom up. Iterative.
    func forEachSlotInPaintOrder(_ body: (Int32) -> Void) {
        var stack: [Int32] = storage.windowSlots.reversed()
        while let s = stack.popLast() {
            body(s)
            let start = stack.count
            var c = columns.firstChild(of: s)
            while c >= 0 {
                stack.append(c)
                c = columns.nextSibling[Int(c)]
            }
            stack[start...].reverse()
        }
    }

    func sceneView(_ s: Int32, ids: [Int32: String]) -> SceneView {
        let h = handle(s)
        let d = definition(of: h)
        var v = SceneView(
            id: ids[s] ?? d.id, className: d.className,
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
            if c == s { v.redirectTo = ids[t.slot] ?? name(t.slot) }
        }
        return v
    }
}
