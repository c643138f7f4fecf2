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

extension ViewStore {
    /// The boxes of `n` views just added from flat arrays (slots `first..<first + n`, each
    /// one's superview earlier in the arrays or `p`), in one pass in the arrays' order
    /// instead of a walk of each new subtree: the arrays put superviews first, so each
    /// view's world frame is its superview's, already computed, composed with its own
    /// geometry. The values are `recomputeSubtree`'s, computed by the same functions
    /// (`_WorldFrame.child`, `computeBoxes`): a flat-array view has no transform, so every
    /// frame below a translation stays one and 32 bytes of it are kept a view. The child
    /// indexes of new views with subviews are updated after, when every box is final.
    /// Returns false, having done nothing, when `p`'s frame is not a translation (a
    /// transformed ancestor): `recomputeSubtree` then does the work.
    func computeBoxesInArrayOrder(
        first: Int32, count n: Int, parents: UnsafeBufferPointer<Int32>, under p: Int32,
        parentFrame pf: _WorldFrame
    ) -> Bool {
        guard pf.dead || pf.isTranslation else { return false }
        let kappa = pf.kappa
        var frames = _Column<_TranslationFrame>(capacity: n)
        defer { frames.deallocate() }
        let out = frames.extend(by: n)
        // A view whose box is its hit rect's, read from the columns alone: no side record,
        // no rule that makes its box depend on its subviews or on another view, eligible.
        let special =
            _Flags.hasExtras | _Flags.custom | _Flags.insideCustom | _Flags.pointInsideModes
            | _Flags.passthrough | _Flags.redirect | _Flags.redirectTarget | _Flags.ineligible
        let flagsIn = columns.flags.base.unsafelyUnwrapped + Int(first)
        let centerSizeIn = columns.centerSize.base.unsafelyUnwrapped + Int(first)
        let boxOut = columns.box.base.unsafelyUnwrapped + Int(first)
        let screenFrame = _TranslationFrame(pf)
        for i in 0..<n {
            let up = Int(parents[i])
            let above = up < 0 ? screenFrame : out[up]
            if flagsIn[i] & special == 0 {
                // `computeBoxes` of such a view, on scalars: `translatedChild(geometry(s))`
                // (its geometry is its center and size: no transform, anchor (0.5, 0.5),
                // bounds origin 0), then its hit rect's box, by the same functions.
                let cs = centerSizeIn[i]
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
                out[i] = f
                boxOut[i] = _WorldFrame.translatedBox(
                    of: rect, tx: f.tx, ty: f.ty, magnitude: f.magnitude, kappa: kappa,
                    depth: Int(f.depth), dead: f.dead, unbounded: f.unbounded)
            } else {
                let s = first + Int32(i)
                let wf = above.frame(kappa: kappa).child(geometry(s))
                out[i] = _TranslationFrame(wf)
                computeBoxes(s, wf)
            }
        }
        var i = 0
        while i < n {
            if firstChild[Int(first) + i] >= 0 { updateIndex(of: first + Int32(i)) }
            i += 1
        }
        return true
    }
}
