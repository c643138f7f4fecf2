import HitTestGeometry
import HitTestScene

/// What event dispatch reads of a store while the host keeps changing it: each view's
/// event settings (kept with the view, in its side values), its place in the tree, its
/// responder chain by handle, and its scroll offset. Every call is O(depth) or less and
/// allocates nothing but its answer, so that a dispatcher on a live store pays for the
/// views a touch reaches, never for the size of the store.
extension ViewStore {
    /// The view's event settings (`ViewEventSettings.default` for a view without any).
    package func events(of view: ViewHandle) -> ViewEventSettings {
        eventsIfAny(of: view) ?? .default
    }

    /// The view's event settings; nil for a view that has none (every setting its
    /// default), which is most views, so that a caller pays nothing for them. O(1).
    package func eventsIfAny(of view: ViewHandle) -> ViewEventSettings? {
        eventsIndex(view).map { sideValues[$0].events }
    }

    /// The view's class as a small number, the same for every view of one class name in
    /// this store (its interned name): what a caller keys per-class facts by without
    /// making the name's string.
    package func classNumber(of view: ViewHandle) -> Int {
        Int(columns.flags[Int(slot(view))] >> _Flags.classShift)
    }

    /// The number of superviews above the view (0 for a window). O(depth).
    package func depth(of view: ViewHandle) -> Int {
        var d = 0
        var s = columns.parent[Int(slot(view))]
        while s >= 0 {
            d += 1
            s = columns.parent[Int(s)]
        }
        return d
    }

    /// Whether `a` comes before `b` in pre-order: windows in order of addition, each
    /// window before its subviews, subviews bottom to top. O(depth) to find where the two
    /// paths part, then a walk along the siblings there from both ends of the gap at once,
    /// so O(depth + the number of siblings between the two).
    package func precedesInPreOrder(_ a: ViewHandle, _ b: ViewHandle) -> Bool {
        var x = slot(a)
        var y = slot(b)
        if x == y { return false }
        var dx = depth(of: a)
        var dy = depth(of: b)
        // An ancestor comes first.
        while dx > dy {
            x = columns.parent[Int(x)]
            dx -= 1
            if x == y { return false }
        }
        while dy > dx {
            y = columns.parent[Int(y)]
            dy -= 1
            if x == y { return true }
        }
        while columns.parent[Int(x)] != columns.parent[Int(y)] {
            x = columns.parent[Int(x)]
            y = columns.parent[Int(y)]
        }
        if columns.parent[Int(x)] < 0 {
            // Two windows: the order of addition.
            for k in 0..<storage.windowSlots.count {
                let w = storage.windowSlots[k]
                if w == x { return true }
                if w == y { return false }
            }
            return false
        }
        // Siblings: walk up from x and down from x at once; whichever meets y decides.
        var up = columns.nextSibling[Int(x)]
        var down = columns.prevSibling[Int(x)]
        while up >= 0 || down >= 0 {
            if up == y { return true }
            if down == y { return false }
            if up >= 0 { up = columns.nextSibling[Int(up)] }
            if down >= 0 { down = columns.prevSibling[Int(down)] }
        }
        return false
    }

    /// The screen point in the view's coordinates, converted level by level from its
    /// window down with the reference's arithmetic. O(depth), allocates nothing.
    package func location(_ screenPoint: Point, in view: ViewHandle) -> Point {
        localPoint(slot(view), screenPoint)
    }

    /// Sets the view's bounds origin (a scroll view's content offset), keeping its size:
    /// `updateGeometry`, which reads no id or name on the frames of a scroll.
    package func setBoundsOrigin(_ origin: Point, of view: ViewHandle) {
        updateGeometry(view) { $0.bounds.origin = origin }
    }

    /// The responder chain of a view by handle (`ViewStore.responderChain(of:)` names the
    /// same links by id).
    package func responders(of view: ViewHandle) -> [StoreResponder] {
        var out = HostList<StoreResponder>()
        responders(of: view, into: &out)
        return out.array
    }

    /// Appends the responder chain of a view to `out` (a caller's list, reused between
    /// calls so that a chain costs no allocation).
    package func responders(of view: ViewHandle, into out: inout HostList<StoreResponder>) {
        forEachResponder(of: view) { r in
            out.append(
                r.map(
                    view: { handle($0) },
                    viewController: {
                        StoreViewController(name: controllerName(ofRoot: $0), root: handle($0))
                    }))
        }
    }
}

/// One link of a responder chain by handle: a view, a view controller with the root
/// view it manages, the application, its delegate.
package typealias StoreResponder = ResponderChainLink<ViewHandle, StoreViewController>

/// A view controller of a chain by handle (`StoreResponder`): its name, and the root view
/// it manages, whose event settings say what it does with touches.
package struct StoreViewController: Hashable, Sendable {
    package var name: String
    package var root: ViewHandle

    package init(name: String, root: ViewHandle) {
        self.name = name
        self.root = root
    }
}
