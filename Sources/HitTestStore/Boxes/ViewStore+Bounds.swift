import HitTestGeometry

/// Where a view sits on screen, as far as its boxes need: the forward map from its bounds
/// coordinates to the screen, and how far that map can be trusted.
@usableFromInline
struct _WorldFrame: Sendable {
    /// Local (bounds) coordinates to screen coordinates.
    var m: AffineTransform
    /// An upper bound of the condition number of the chain of conversions down to here
    /// (1 for translations only).
    var kappa: Double
    /// The largest magnitude, in screen units, of the values the chain computes with.
    var magnitude: Double
    var depth: Int
    /// The chain turns every point into NaN (a singular or non-finite step): nothing
    /// below contains a point.
    var dead: Bool
    /// The chain cannot be bounded tightly (ill-conditioned or huge): boxes are infinite.
    var unbounded: Bool

    static let screen = _WorldFrame(
        m: .identity, kappa: 1, magnitude: 0, depth: 0, dead: false, unbounded: false)

    /// The largest `kappa * (depth + 1)` for which boxes are kept finite.
    static let maxAmplification = 1e6

    /// Padding that covers the rounding of both the forward map and the exact per-level
    /// conversion of the reference algorithm: each level adds at most a few ulps of the
    /// magnitudes involved, amplified by the chain's condition number. 64 ulps a level is
    /// a generous bound; the parity tests aim points at edges to check it.
    var pad: Double { _WorldFrame.pad(kappa: kappa, depth: depth, magnitude: magnitude) }

    @inline(__always)
    static func pad(kappa: Double, depth: Int, magnitude: Double) -> Double {
        64 * Double.ulpOfOne * kappa * Double(depth + 1) * magnitude
    }

    /// The frame of a child with geometry `g` below this one.
    func child(_ g: ViewGeometry) -> _WorldFrame {
        if dead { return self }
        let t = g.transform
        if t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1 && isTranslation {
            return translatedChild(g)
        }
        let det = t.a * t.d - t.b * t.c
        let b = g.bounds
        guard t.isFinite, det != 0, g.center.isFinite, b.origin.isFinite, b.size.width.isFinite,
            b.size.height.isFinite, g.anchorPoint.isFinite
        else {
            return _WorldFrame(
                m: m, kappa: kappa, magnitude: magnitude, depth: depth + 1, dead: true,
                unbounded: unbounded)
        }
        let al = g.anchorLocal
        let local = AffineTransform(
            a: t.a, b: t.b, c: t.c, d: t.d,
            tx: g.center.x + t.tx - (t.a * al.x + t.c * al.y),
            ty: g.center.y + t.ty - (t.b * al.x + t.d * al.y))
        let mm = local.concatenating(m)
        let k = kappa * (t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d) / (2 * abs(det))
        let parentNorm = (m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d).squareRoot()
        let ownNorm = (mm.a * mm.a + mm.b * mm.b + mm.c * mm.c + mm.d * mm.d).squareRoot()
        var mag = magnitude
        mag = max(
            mag,
            abs(m.tx) + abs(m.ty) + parentNorm
                * (abs(g.center.x) + abs(g.center.y) + abs(t.tx) + abs(t.ty)))
        mag = max(
            mag,
            abs(mm.tx) + abs(mm.ty) + ownNorm
                * (abs(al.x) + abs(al.y) + abs(b.minX) + abs(b.minY) + abs(b.width) + abs(b.height))
        )
        let unbounded =
            self.unbounded || !mm.isFinite || !mag.isFinite || mag > 1e15
            || !(k * Double(depth + 2) <= _WorldFrame.maxAmplification)
        return _WorldFrame(
            m: mm, kappa: k, magnitude: mag, depth: depth + 1, dead: false, unbounded: unbounded)
    }

    /// `box(of: r)` for a frame that is a translation: the corners' extremes directly (the
    /// same values as the general computation but for the sign of a zero).
    @inline(__always)
    func translatedBox(of r: Rect) -> Box {
        _WorldFrame.translatedBox(
            of: r, tx: m.tx, ty: m.ty, magnitude: magnitude, kappa: kappa, depth: depth,
            dead: dead, unbounded: unbounded)
    }

    /// `translatedBox(of:)` on scalars, for it and for the flat-array build's compact frames.
    @inline(__always)
    static func translatedBox(
        of r: Rect, tx: Double, ty: Double, magnitude: Double, kappa: Double, depth: Int,
        dead: Bool, unbounded: Bool
    ) -> Box {
        if dead || !(r.width > 0 && r.height > 0) { return .empty }
        if unbounded { return .infinite }
        let x0 = r.minX + tx
        let x1 = r.maxX + tx
        let y0 = r.minY + ty
        let y1 = r.maxY + ty
        guard x0.isFinite && x1.isFinite && y0.isFinite && y1.isFinite else { return .infinite }
        let localMagnitude = Swift.max(abs(x0), abs(x1), abs(y0), abs(y1))
        let p =
            pad(kappa: kappa, depth: depth, magnitude: magnitude) + 64 * Double.ulpOfOne * kappa
            * Double(depth + 1) * localMagnitude
        return Box(x0: x0, y0: y0, x1: x1, y1: y1, pad: p)
    }

    /// True when the frame's linear part is the identity (a translation alone).
    var isTranslation: Bool { m.a == 1 && m.b == 0 && m.c == 0 && m.d == 1 }

    /// `child(g)` when this frame and `g`'s transform are translations (the common view):
    /// the general computation with its multiplications by 1 and additions of 0 left
    /// out, which gives the same values but for the sign of a zero (a box cannot tell).
    /// The condition number stays `kappa` (`(1 + 1) / (2 * 1)`), both norms are `sqrt(2)`.
    @inline(__always)
    func translatedChild(_ g: ViewGeometry) -> _WorldFrame {
        let t = g.transform
        let b = g.bounds
        guard t.tx.isFinite, t.ty.isFinite, g.center.isFinite, b.origin.isFinite,
            b.size.width.isFinite,
            b.size.height.isFinite, g.anchorPoint.isFinite
        else {
            return _WorldFrame(
                m: m, kappa: kappa, magnitude: magnitude, depth: depth + 1, dead: true,
                unbounded: unbounded)
        }
        let step = _WorldFrame.translationStep(
            tx: m.tx, ty: m.ty, magnitude: magnitude, kappa: kappa, depth: depth,
            unbounded: unbounded, center: g.center, translation: (t.tx, t.ty),
            anchorLocal: g.anchorLocal, bounds: b)
        return _WorldFrame(
            m: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: step.tx, ty: step.ty), kappa: kappa,
            magnitude: step.magnitude,
            depth: depth + 1, dead: false, unbounded: step.unbounded)
    }

    /// The arithmetic of `translatedChild` once its inputs are known to be finite, on
    /// scalars, for it and for the flat-array build's compact frames: the child's
    /// translation and magnitude, and whether its boxes must be infinite.
    @inline(__always)
    static func translationStep(
        tx mtx: Double, ty mty: Double, magnitude: Double, kappa: Double, depth: Int,
        unbounded: Bool, center c: Point, translation t: (tx: Double, ty: Double),
        anchorLocal al: Point, bounds b: Rect
    ) -> (tx: Double, ty: Double, magnitude: Double, unbounded: Bool) {
        let tx = c.x + t.tx - al.x + mtx
        let ty = c.y + t.ty - al.y + mty
        let norm = Double(2).squareRoot()
        var mag = Swift.max(
            magnitude,
            abs(mtx) + abs(mty) + norm * (abs(c.x) + abs(c.y) + abs(t.tx) + abs(t.ty)))
        mag = Swift.max(
            mag,
            abs(tx) + abs(ty) + norm
                * (abs(al.x) + abs(al.y) + abs(b.minX) + abs(b.minY) + abs(b.width) + abs(b.height))
        )
        let unbounded =
            unbounded || !tx.isFinite || !ty.isFinite || !mag.isFinite || mag > 1e15
            || !(kappa * Double(depth + 2) <= _WorldFrame.maxAmplification)
        return (tx, ty, mag, unbounded)
    }

    /// The screen box of a rect given in this frame's local coordinates (empty for an
    /// empty rect: half-open containment holds nothing there).
    func box(of r: Rect) -> Box {
        if isTranslation { return translatedBox(of: r) }
        if dead || !(r.width > 0 && r.height > 0) { return .empty }
        if unbounded { return .infinite }
        let c0 = m.apply(to: Point(x: r.minX, y: r.minY))
        let c1 = m.apply(to: Point(x: r.maxX, y: r.minY))
        let c2 = m.apply(to: Point(x: r.maxX, y: r.maxY))
        let c3 = m.apply(to: Point(x: r.minX, y: r.maxY))
        // A rect reaching past the double range (bounds inset by huge negative hit insets
        // overflow to an infinite width) has infinite or NaN corners (0 * inf), yet the
        // reference's half-open containment still holds points in it: no finite box is safe.
        guard c0.isFinite && c1.isFinite && c2.isFinite && c3.isFinite else { return .infinite }
        let x0 = min(min(c0.x, c1.x), min(c2.x, c3.x))
        let x1 = max(max(c0.x, c1.x), max(c2.x, c3.x))
        let y0 = min(min(c0.y, c1.y), min(c2.y, c3.y))
        let y1 = max(max(c0.y, c1.y), max(c2.y, c3.y))
        let localMagnitude = max(abs(x0), abs(x1), abs(y0), abs(y1))
        let p = pad + 64 * Double.ulpOfOne * kappa * Double(depth + 1) * localMagnitude
        return Box(x0: x0, y0: y0, x1: x1, y1: y1, pad: p)
    }
}

extension _WorldFrame {
    /// The box, in this frame's space, of a closed region given as a box in its local
    /// coordinates: where a scroll view's subviews can be hit, seen from outside it (their
    /// boxes are in its content coordinates). Conservative as `box(of:)` is, for a box
    /// whose edges are points that may hold a hit: an empty box stays empty, a box with an
    /// infinite edge (or a frame that cannot be bounded) gives the infinite box.
    func box(enclosing b: Box) -> Box {
        if b.isEmpty || dead { return .empty }
        let finite = b.minX.isFinite && b.minY.isFinite && b.maxX.isFinite && b.maxY.isFinite
        if unbounded || !finite {
            return .infinite
        }
        let r = Rect(
            x: Double(b.minX), y: Double(b.minY), width: Double(b.maxX) - Double(b.minX),
            height: Double(b.maxY) - Double(b.minY))
        // `box(of:)` holds nothing for a rect without area (half-open containment); a
        // closed box of zero width still holds its edge: widen it by the least step.
        if r.width > 0 && r.height > 0 { return box(of: r) }
        return box(
            of: Rect(
                x: r.minX, y: r.minY, width: Swift.max(r.width, r.minX.ulp),
                height: Swift.max(r.height, r.minY.ulp)))
    }
}

extension ViewStore {
    /// The world frames of a slot's ancestors and itself, the window's first, composed from
    /// the screen down, each in its own box space: the frame of a scroll view's subview
    /// starts again from the scroll view's content coordinates (`subviewFrame(of:)`).
    /// O(depth).
    func worldFrames(downTo s: Int32) -> [_WorldFrame] {
        withPath(downTo: s) { slots in
            var f = _WorldFrame.screen
            var out: [_WorldFrame] = []
            out.reserveCapacity(slots.count)
            for x in slots {
                f = f.child(geometry(x))
                out.append(f)
                if columns.flags[Int(x)] & _Flags.scrollView != 0 { f = .screen }
            }
            return out
        }
    }

    /// Runs `body` with the slots from `s`'s window down to `s`, on the stack for the
    /// depths views have (no heap allocation). O(depth).
    func withPath<R>(downTo s: Int32, _ body: (UnsafeMutableBufferPointer<Int32>) -> R) -> R {
        withPath(downTo: s, from: _Slot.none, body)
    }

    /// `withPath(downTo:)` from just below `top` (an ancestor of `s`, or `_Slot.none` for
    /// the window down).
    func withPath<R>(
        downTo s: Int32, from top: Int32, _ body: (UnsafeMutableBufferPointer<Int32>) -> R
    ) -> R {
        var depth = 0
        var c = s
        while c >= 0 && c != top {
            depth += 1
            c = columns.parent[Int(c)]
        }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: depth) { slots in
            var c = s
            var k = depth
            while k > 0 {
                k -= 1
                slots[k] = c
                c = columns.parent[Int(c)]
            }
            return body(slots)
        }
    }

    /// The nearest scroll view above `s` (not `s` itself), or `_Slot.none`: `s`'s box is
    /// in that view's content coordinates, or in screen coordinates when there is none.
    /// O(depth).
    func enclosingScrollView(_ s: Int32) -> Int32 {
        var a = columns.parent[Int(s)]
        while a >= 0 && columns.flags[Int(a)] & _Flags.scrollView == 0 {
            a = columns.parent[Int(a)]
        }
        return a
    }

    /// The world frame of a slot in its box space (the screen, or its nearest scroll
    /// view's content coordinates), composed from there down. O(depth), no heap
    /// allocation.
    func worldFrame(_ s: Int32) -> _WorldFrame {
        withPath(downTo: s, from: enclosingScrollView(s)) { slots in
            var f = _WorldFrame.screen
            for x in slots { f = f.child(geometry(x)) }
            return f
        }
    }

    /// The frame `p`'s subviews are placed in, given `p`'s own: the same, but for a
    /// scroll view, whose subviews' boxes are in its content coordinates (`.screen`: the
    /// exact local point a query computes at the scroll view stands for the screen point).
    @inline(__always)
    func subviewFrame(of p: Int32, own: _WorldFrame) -> _WorldFrame {
        columns.flags[Int(p)] & _Flags.scrollView != 0 ? .screen : own
    }

    /// The frame `p`'s subviews are placed in (`subviewFrame(of:own:)`). O(depth).
    func subviewFrame(of p: Int32) -> _WorldFrame {
        columns.flags[Int(p)] & _Flags.scrollView != 0 ? .screen : worldFrame(p)
    }

    /// The frame slot `s`'s subviews are placed in (`subviewFrame(of:)`), reusing `path`
    /// (the slots from a window down to the slot asked for last, each with the frame its
    /// subviews are placed in) for the ancestors the two share, and leaving `s`'s own
    /// path there: a batch of moves asks for one per moved view whose parent differs from
    /// the last. The frames are composed exactly as `worldFrame(_:)` composes them, so
    /// they are bit for bit the same. A caller that changes the geometry of a slot on the
    /// path empties it.
    func subviewFrame(
        of s: Int32, reusing path: inout [(slot: Int32, frame: _WorldFrame)]
    ) -> _WorldFrame {
        withPath(downTo: s) { slots in
            var shared = 0
            while shared < path.count && shared < slots.count && path[shared].slot == slots[shared] {
                shared += 1
            }
            if shared < path.count { path.removeLast(path.count - shared) }
            var f = shared > 0 ? path[shared - 1].frame : .screen
            for x in slots[shared...] {
                f = subviewFrame(of: x, own: f.child(geometry(x)))
                path.append((x, f))
            }
            return f
        }
    }

    /// The hit rect of a slot: its bounds inset by its hit insets.
    @inline(__always)
    func hitRect(_ s: Int32) -> Rect { columns.hitRect(s, storage.sideRecords) }

    /// Recomputes `box` (and the pointInside box) of one slot from its own geometry and
    /// its children's current boxes. `wf` is the slot's own world frame.
    func computeBoxes(_ s: Int32, _ wf: _WorldFrame) {
        storage.boxesComputed &+= 1
        let i = Int(s)
        let f = columns.flags[i]
        if f & _Flags.insideCustom != 0 {
            columns.box[i] = .empty
            setPointInsideBox(s, nil)
            return
        }
        if f & _Flags.custom != 0 {
            columns.box[i] = .infinite
            setPointInsideBox(s, nil)
            return
        }
        let shape = wf.box(of: hitRect(s))
        var pi: Box
        if f & _Flags.pointInsideSubviews != 0 {
            pi = .empty
            var c = columns.firstChild(of: Int32(i))
            while c >= 0 {
                pi = pi.union(wf.box(of: geometry(c).frame))
                c = columns.nextSibling[Int(c)]
            }
        } else if f & _Flags.pointInsideBoundsOrSubviews != 0 {
            var u = Box.empty
            var c = columns.firstChild(of: Int32(i))
            while c >= 0 {
                u = u.union(pointInsideBox(c))
                c = columns.nextSibling[Int(c)]
            }
            pi = shape.union(f & _Flags.scrollView != 0 ? wf.box(enclosing: u) : u)
        } else {
            pi = shape
        }
        var sub = Box.empty
        // A redirect's target answers only when it is below the view (the query's
        // `convertDown`, as the reference): only then does its box count. A box that read
        // a target elsewhere would go stale on the target's changes, which update the
        // target's ancestors alone.
        if f & _Flags.redirect != 0 {
            let t = storage.sideRecords[columns.sideRecordIndex(i)].redirect
            if isValid(t) && isStrictlyBelow(t.slot, s) {
                // A target inside a scroll view (this one or one below it) has its box in
                // that view's content coordinates: no bound is kept for it here.
                sub =
                    columns.flags[Int(t.slot)] & (_Flags.custom | _Flags.insideCustom) != 0
                        || hasScrollView(from: columns.parent[Int(t.slot)], upTo: s)
                    ? .infinite : pointInsideBox(t.slot)
            }
        }
        if f & _Flags.ineligible == 0 {
            if f & _Flags.passthrough != 0 {
                let u = childrenUnion(s)
                let below = f & _Flags.scrollView != 0 ? wf.box(enclosing: u) : u
                sub = sub.union(pi.intersection(below))
            } else {
                sub = sub.union(pi)
            }
        }
        columns.box[i] = sub
        // The pointInside box is read only by a boundsOrSubviews superview and by a
        // redirect to this view; keep it apart only for those (most views then need no
        // side record, even when ineligible).
        let p = columns.parent[i]
        let needed =
            f & _Flags.redirectTarget != 0
            || (p >= 0 && columns.flags[Int(p)] & _Flags.pointInsideBoundsOrSubviews != 0)
        setPointInsideBox(s, pi == sub || !needed ? nil : pi)
    }

    /// True when a view on the path from `x` up to `s` (both included) is a scroll view.
    /// O(depth).
    func hasScrollView(from x: Int32, upTo s: Int32) -> Bool {
        var a = x
        while a >= 0 {
            if columns.flags[Int(a)] & _Flags.scrollView != 0 { return true }
            if a == s { return false }
            a = columns.parent[Int(a)]
        }
        return false
    }

    /// True when `t` is a descendant of `s` (not `s` itself). O(depth).
    func isStrictlyBelow(_ t: Int32, _ s: Int32) -> Bool {
        var x = columns.parent[Int(t)]
        while x >= 0 && x != s { x = columns.parent[Int(x)] }
        return x == s
    }

    /// The union of the children's boxes (the index's root box when there is one: it
    /// holds them all, possibly loosely).
    func childrenUnion(_ s: Int32) -> Box {
        let i = Int(s)
        if columns.flags[i] & _Flags.indexed != 0 { return childIndex(of: s).bounds(boxes: columns.box) }
        var u = Box.empty
        var c = columns.firstChild(of: Int32(i))
        while c >= 0 {
            u = u.union(columns.box[Int(c)])
            c = columns.nextSibling[Int(c)]
        }
        return u
    }

    func setPointInsideBox(_ s: Int32, _ b: Box?) {
        let i = Int(s)
        if let b {
            // Index first: making the record may move the column, which the subscript
            // below reads.
            let e = ensureSideRecord(s)
            storage.sideRecords[e].pointInsideBox = b
        } else if columns.flags[i] & _Flags.hasSideRecord != 0 {
            storage.sideRecords[columns.sideRecordIndex(i)].pointInsideBox = nil
        }
    }

    /// Recomputes the boxes of a whole subtree, children before parents, and (with
    /// `updatingIndexes`, the default) rebuilds the child indexes in it; without, the
    /// boxes alone, which is what `invariantViolations()` compares against. `parentFrame`
    /// is the frame `root`'s parent places its subviews in (`subviewFrame(of:)`: its world
    /// frame, or the content coordinates of a scroll view). Iterative: safe at any depth. O(subtree).
    ///
    /// `keepingScrollContent`: the subtree's views are the ones it had and only `root`
    /// changed (its geometry, its `pointInside` mode, whether it is a scroll view). The
    /// content of a scroll view below `root` then keeps its boxes and child indexes: they
    /// are in that scroll view's content coordinates, which nothing above it moves, so
    /// only the scroll view's own boxes are recomputed. O(subtree outside scroll content).
    func recomputeSubtree(
        _ root: Int32, parentFrame: _WorldFrame, updatingIndexes: Bool = true,
        keepingScrollContent: Bool = false
    ) {
        // A view with no subviews (the common one moved by a setter) needs no walk: its
        // boxes and its index entry, straight away.
        if columns.lastChild[Int(root)] < 0 {
            if updatingIndexes { updateIndex(of: root) }
            computeBoxes(root, parentFrame.child(geometry(root)))
            return
        }
        // The store's kept stack, taken for the walk (a walk that nested another would
        // start an empty one) and put back empty with its capacity.
        var stack = subtreeStack
        subtreeStack = []
        defer {
            stack.removeAll(keepingCapacity: true)
            subtreeStack = stack
        }
        stack.append((root, parentFrame.child(geometry(root)), columns.lastChild[Int(root)]))
        while !stack.isEmpty {
            let top = stack.count - 1
            let c = stack[top].next
            if c >= 0 {
                stack[top].next = columns.prevSibling[Int(c)]
                let cf = columns.flags[Int(c)]
                if cf & _Flags.insideCustom != 0 {
                    // Owned by custom code: never walked, so its boxes are never read.
                    columns.box[Int(c)] = .empty
                    continue
                }
                let above = subviewFrame(of: stack[top].slot, own: stack[top].frame)
                if keepingScrollContent && cf & _Flags.scrollView != 0 {
                    computeBoxes(c, above.child(geometry(c)))
                    continue
                }
                stack.append((c, above.child(geometry(c)), columns.lastChild[Int(c)]))
                continue
            }
            let (s, frame, _) = stack.removeLast()
            if updatingIndexes { updateIndex(of: s) }
            computeBoxes(s, frame)
        }
    }

    /// After a change inside the subtree of `start` (whose boxes are already up to date;
    /// `oldBox` and `oldPointInsideBox` are its boxes before), refits its parent's index
    /// and recomputes the ancestors whose boxes depend on their children, stopping where
    /// nothing changes. While the store has redirects it goes up to the window, since a
    /// redirect's box holds its target's. O(depth) at most.
    /// `geometryChanged`: `start`'s own geometry changed, so a superview that answers
    /// `pointInside` from its subviews' frames must be recomputed even if boxes did not
    /// change.
    func propagateUp(
        from start: Int32, oldBox: Box, oldPointInsideBox: Box, geometryChanged: Bool = false
    ) {
        var child = start
        var childOld = oldBox
        var childOldPI = oldPointInsideBox
        // The world frames of the ancestors, root first, computed on first need.
        var frames: [_WorldFrame] = []
        var frameIndex = -1
        while columns.parent[Int(child)] >= 0 {
            let a = columns.parent[Int(child)]
            let ai = Int(a)
            let changed =
                columns.box[Int(child)] != childOld || pointInsideBox(child) != childOldPI
                || (child == start && geometryChanged
                    && columns.flags[ai] & _Flags.pointInsideSubviews != 0)
            if columns.flags[ai] & _Flags.indexed != 0, columns.box[Int(child)] != childOld {
                let new = columns.box[Int(child)]
                let (boxes, order) = (columns.box, columns.order)
                changeChildIndex(of: a) { index throws(AllocationRefused) in
                    try index.refit(child, from: childOld, to: new, boxes: boxes, order: order)
                }
            }
            if !changed && storage.redirectCount == 0 { return }
            let dependsOnChildren =
                columns.flags[ai] & (_Flags.pointInsideModes | _Flags.passthrough | _Flags.redirect) != 0
            if !dependsOnChildren && storage.redirectCount == 0 { return }
            if frameIndex < 0 {
                frames = worldFrames(downTo: a)
                frameIndex = frames.count - 1
            }
            let oldA = columns.box[ai]
            let oldAPI = pointInsideBox(a)
            if dependsOnChildren { computeBoxes(a, frames[frameIndex]) }
            frameIndex -= 1
            child = a
            childOld = oldA
            childOldPI = oldAPI
        }
    }
}
