import HitTestGeometry

/// A world frame in a chain of translations (`_WorldFrame` with the identity linear part
/// and the chain's condition number left out, since translations never change it): 32
/// bytes where the full frame takes 80, for the forward pass of the flat-array build.
struct _TranslationFrame {
    var tx: Double
    var ty: Double
    var magnitude: Double
    var depth: Int32
    var dead: Bool
    var unbounded: Bool

    init(_ f: _WorldFrame) {
        assert(f.dead || f.isTranslation, "a translation frame from a general one")
        tx = f.m.tx
        ty = f.m.ty
        magnitude = f.magnitude
        depth = Int32(truncatingIfNeeded: f.depth)
        dead = f.dead
        unbounded = f.unbounded
    }

    /// The full frame back, bit for bit (`kappa` is the chain's, unchanged by translations;
    /// a dead frame's matrix is never read).
    @inline(__always)
    func frame(kappa: Double) -> _WorldFrame {
        _WorldFrame(
            m: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty), kappa: kappa,
            magnitude: magnitude, depth: Int(depth), dead: dead, unbounded: unbounded)
    }
}

/// The columns of a batch of new views, from its first slot on (read once for a loop).
struct _NewViews {
    /// Flags of a view whose box is not its hit rect's alone: a side record, a rule that
    /// makes its box depend on its subviews or on another view, or ineligibility.
    /// A scroll view is one too: its subviews' frames start from its content coordinates.
    static let special =
        _Flags.hasSideRecord | _Flags.custom | _Flags.insideCustom | _Flags.pointInsideModes
        | _Flags.passthrough | _Flags.redirect | _Flags.redirectTarget | _Flags.ineligible
        | _Flags.scrollView

    let first: Int32
    let flags: UnsafeMutablePointer<UInt32>
    let centerSize: UnsafeMutablePointer<_CenterSize>
    let box: UnsafeMutablePointer<Box>

    init(store: ViewStore, first: Int32) {
        self.first = first
        flags = store.columns.flags.base.unsafelyUnwrapped + Int(first)
        centerSize = store.columns.centerSize.base.unsafelyUnwrapped + Int(first)
        box = store.columns.box.base.unsafelyUnwrapped + Int(first)
    }
}

/// The views still open while flat arrays are read in depth-first order: at each depth,
/// the index of the view open there.
///
/// Working memory of one call, freed before it returns, so it is Swift's (an array), not
/// the hooks': a bulk add reserves the store's room through the hooks before it changes
/// anything (`ViewStore.tryReserve`) and then asks them for nothing.
struct _OpenPath {
    private var index: [Int32] = []
    /// How many views are open.
    private(set) var depth = 0

    /// Closes the views opened after `up` (all of them when `up` is `_Slot.none` or not open).
    mutating func close(downTo up: Int32) {
        while depth > 0 && index[depth - 1] != up { depth -= 1 }
    }

    /// Opens view `i` one level below the last open one.
    mutating func open(_ i: Int32) {
        if depth == index.count { index.append(i) } else { index[depth] = i }
        depth += 1
    }

    mutating func deallocate() { index = [] }
}

extension ViewStore {
    /// The boxes of `n` views just added from flat arrays (slots `first..<first + n`, each
    /// one's superview earlier in the arrays or `p`), in one pass in the arrays' order
    /// instead of a walk of each new subtree: the arrays put superviews first, so each
    /// view's world frame is its superview's, already computed, composed with its own
    /// geometry. The values are `recomputeSubtree`'s, computed by the same functions
    /// (`_WorldFrame.child`, `computeBoxes`): a flat-array view has no transform, so every
    /// frame below a translation stays one, and 32 bytes of it are kept. Arrays in
    /// depth-first order (each view's superview on the path of views still open, as a
    /// walk of a tree writes them) keep only that path's frames; others keep one a view.
    /// The child indexes of new views with subviews are updated after, when every box is
    /// final. Returns false, having done nothing, when `p`'s frame is not a translation (a
    /// transformed ancestor): `recomputeSubtree` then does the work.
    func computeBoxesInArrayOrder(
        first: Int32, count n: Int, parents: UnsafeBufferPointer<Int32>, under p: Int32,
        parentFrame pf: _WorldFrame
    ) -> Bool {
        guard pf.dead || pf.isTranslation else { return false }
        let top = _TranslationFrame(pf)
        let kappa = pf.kappa
        let new = _NewViews(store: self, first: first)
        // The frames below a new scroll view start again from its content coordinates,
        // whose condition number is 1: with another one for the batch, walk instead.
        if kappa != 1 {
            for i in 0..<n where new.flags[i] & _Flags.scrollView != 0 { return false }
        }
        let topFlags = columns.flags[Int(p)]
        // Depth-first arrays keep the open path's frames (`frames[d]` is the frame of the
        // view open at depth d); others keep every view's.
        let depthFirst = ViewStore.isDepthFirst(parents)
        // Swift's memory, as `_OpenPath`'s: working memory of the call.
        var frames: [_TranslationFrame] = []
        if depthFirst {
            frames.reserveCapacity(64)
        } else {
            frames = Array(repeating: top, count: n)
        }
        var path = _OpenPath()
        for i in 0..<n {
            let up = parents[i]
            let above: _TranslationFrame
            if depthFirst {
                path.close(downTo: up)
                above = path.depth > 0 ? frames[path.depth - 1] : top
            } else {
                above = up < 0 ? top : frames[Int(up)]
            }
            let flags = new.flags[i]
            let f: _TranslationFrame
            if flags & _NewViews.special == 0 {
                f = new.plainViewFrame(i, below: above, kappa: kappa)
            } else if flags & _NewViews.special & ~_Flags.ineligible == 0
                && (up < 0 ? topFlags : new.flags[Int(up)]) & _Flags.pointInsideBoundsOrSubviews == 0
            {
                // Plain but ineligible (hidden, or not taking touches: labels, images):
                // `computeBoxes` gives it an empty box, and no pointInside box, since no
                // superview asks for one.
                f = new.plainViewFrame(i, below: above, kappa: kappa)
                new.box[i] = .empty
            } else {
                f = generalNewViewFrame(first + Int32(i), below: above, kappa: kappa)
            }
            if depthFirst {
                if path.depth == frames.count { frames.append(f) } else { frames[path.depth] = f }
                path.open(Int32(i))
            } else {
                frames[i] = f
            }
        }
        labelAndIndexNewSubviews(first: first, count: n, parents: parents)
        return true
    }

    /// The order labels and child indexes of new views' subviews (all new: the arrays
    /// hold every subview of a new view), from the arrays rather than by walking each
    /// sibling list: `relabelChildren`'s labels (subview k of m gets `(k + 1) * 2^32 /
    /// (m + 1)`, in the arrays' order, which is the sibling order), when the store keeps
    /// labels, and `updateIndex` for the views with enough subviews for an index (it does
    /// nothing for the others; a first child index made there labels the whole store).
    func labelAndIndexNewSubviews(first: Int32, count n: Int, parents: UnsafeBufferPointer<Int32>) {
        // A store with neither labels nor indexes (made on first use, or never) has nothing
        // to do here: no need to count subviews.
        guard columns.labelsKept || indexThreshold > 0 else { return }
        // Subviews of each new view, then each one's rank, counted down from the last, in
        // the store's working counts.
        storage.bulkCounts.reset(repeating: 0, count: 2 * n)
        let counts = storage.bulkCounts.start
        let left = counts + n
        for i in 0..<n where parents[i] >= 0 { counts[Int(parents[i])] += 1 }
        for i in 0..<n { left[i] = counts[i] }
        if columns.labelsKept, let base = columns.order.base {
            let labels = base + Int(first)
            var i = n - 1
            while i >= 0 {
                let up = Int(parents[i])
                if up >= 0 {
                    let step = (UInt64(UInt32.max) + 1) / (UInt64(counts[up]) + 1)
                    labels[i] = UInt32(step * UInt64(left[up]))
                    left[up] -= 1
                }
                i -= 1
            }
        }
        if indexThreshold > 0 {
            for i in 0..<n where Int(counts[i]) >= indexThreshold { updateIndex(of: first + Int32(i)) }
        }
    }

    /// True when every superview in `parents` is on the path of views still open when its
    /// subview comes (the order of a depth-first walk). O(n).
    static func isDepthFirst(_ parents: UnsafeBufferPointer<Int32>) -> Bool {
        var path = _OpenPath()
        defer { path.deallocate() }
        for i in 0..<parents.count {
            path.close(downTo: parents[i])
            if parents[i] >= 0 && path.depth == 0 { return false }
            path.open(Int32(i))
        }
        return true
    }

    /// The frame a new view with a side record, a rule or ineligible (or a scroll view)
    /// places its subviews in, having written its boxes: the general functions.
    @inline(never)
    func generalNewViewFrame(_ s: Int32, below above: _TranslationFrame, kappa: Double)
        -> _TranslationFrame
    {
        let wf = above.frame(kappa: kappa).child(geometry(s))
        computeBoxes(s, wf)
        return _TranslationFrame(subviewFrame(of: s, own: wf))
    }
}

extension _NewViews {
    /// `computeBoxes` of a plain new view (no side record, no rule, eligible), on scalars:
    /// `translatedChild(geometry(s))` (its geometry is its center and size: no transform,
    /// anchor (0.5, 0.5), bounds origin 0), then its hit rect's box, by the same functions.
    @inline(__always)
    func plainViewFrame(_ i: Int, below above: _TranslationFrame, kappa: Double)
        -> _TranslationFrame
    {
        let cs = centerSize[i]
        let c = cs.center
        let size = cs.size
        let rect = Rect(origin: .zero, size: size)
        var f = above
        if !above.dead {
            f.depth += 1
            if c.isFinite && size.width.isFinite && size.height.isFinite {
                let step = _WorldFrame.translationStep(
                    tx: above.tx, ty: above.ty, magnitude: above.magnitude, kappa: kappa,
                    depth: Int(above.depth), unbounded: above.unbounded, center: c,
                    translation: (0, 0),
                    anchorLocal: Point(
                        x: 0 + ViewGeometry.defaultAnchorPoint.x * size.width,
                        y: 0 + ViewGeometry.defaultAnchorPoint.y * size.height),
                    bounds: rect)
                (f.tx, f.ty, f.magnitude, f.unbounded) =
                    (step.tx, step.ty, step.magnitude, step.unbounded)
            } else {
                f.dead = true
            }
        }
        box[i] = _WorldFrame.translatedBox(
            of: rect, tx: f.tx, ty: f.ty, magnitude: f.magnitude, kappa: kappa,
            depth: Int(f.depth), dead: f.dead, unbounded: f.unbounded)
        return f
    }
}
