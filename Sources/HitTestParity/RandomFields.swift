import HitTestGenerators
import HitTestGeometry
import HitTestScene

/// Random values for every field of a view, shaped after the cases the spec singles out:
/// exact quarter turns, power-of-two scales, singular and extreme matrices, anchor points,
/// scroll offsets, signed zeros, the alpha threshold and its neighbours. Shared by the
/// scene generator and the generator of changes.
public enum RandomFields {
    /// A coordinate around `scale`: mostly integers, sometimes halves and quarters,
    /// sometimes any double, rarely a signed zero.
    public static func coordinate(_ rng: inout SplitMix64, _ lo: Double, _ hi: Double) -> Double {
        if rng.chance(0.004) { return extreme(&rng) }
        switch rng.below(20) {
        case 0: return rng.chance(0.5) ? -0.0 : 0.0
        case 1...3: return rng.double(lo, hi)
        case 4...5: return (rng.double(lo, hi) * 4).rounded() / 4
        default: return rng.double(lo, hi).rounded()
        }
    }

    /// A width or height: sometimes zero (either sign), mostly small to medium.
    public static func length(_ rng: inout SplitMix64, max: Double) -> Double {
        if rng.chance(0.004) { return abs(extreme(&rng)) }
        switch rng.below(20) {
        case 0: return 0
        case 1: return rng.chance(0.5) ? -0.0 : 0.0
        case 2: return rng.double(0, 2)
        case 3...5: return rng.double(1, max)
        default: return rng.double(1, max).rounded()
        }
    }

    /// A finite value so large that sums and products of it overflow to infinity, or so
    /// small that they underflow.
    public static func extreme(_ rng: inout SplitMix64) -> Double {
        let x = rng.pick([
            1e300, 1e308, .greatestFiniteMagnitude, 1e20, 3.5e38, 1e-300, .leastNonzeroMagnitude,
        ])
        return rng.chance(0.5) ? -x : x
    }

    /// A parent's extent to place children in: at least 40, and small enough that
    /// random coordinates in it stay finite (a parent may be huge).
    public static func span(_ x: Double) -> Double {
        x.isFinite ? Swift.min(Swift.max(x, 40), 4000) : 4000
    }

    /// A placement inside a parent of size `parent`, sometimes sticking out of it.
    public static func placement(_ rng: inout SplitMix64, in parent: Size) -> SceneView.Placement {
        let pw = span(parent.width)
        let ph = span(parent.height)
        let w = length(&rng, max: pw * 0.8)
        let h = length(&rng, max: ph * 0.8)
        if rng.chance(0.6) {
            let x = coordinate(&rng, -pw * 0.2, pw)
            let y = coordinate(&rng, -ph * 0.2, ph)
            return .frame(Rect(x: x, y: y, width: w, height: h))
        }
        let cx = coordinate(&rng, -pw * 0.1, pw * 1.1)
        let cy = coordinate(&rng, -ph * 0.1, ph * 1.1)
        return .centerSize(Point(x: cx, y: cy), Size(width: w, height: h))
    }

    /// The kinds of transform the generator makes, with identity the most common.
    public static func transform(_ rng: inout SplitMix64, identityWeight: Int = 12)
        -> AffineTransform
    {
        func t(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> AffineTransform {
            let tx = rng.chance(0.6) ? 0 : coordinate(&rng, -60, 60)
            let ty = rng.chance(0.6) ? 0 : coordinate(&rng, -60, 60)
            return AffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
        }
        let kind = rng.weighted([
            (identityWeight, 0), (2, 1), (3, 2), (2, 3), (2, 4), (1, 5), (1, 6), (1, 7), (1, 8),
            (1, 9), (1, 10), (1, 11),
        ])
        switch kind {
        case 0:
            return .identity
        case 1:  // a translation only
            return t(1, 0, 0, 1)
        case 2:  // an exact quarter or half turn, or a flip
            let m: [(Double, Double, Double, Double)] = [
                (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0), (-1, 0, 0, 1), (1, 0, 0, -1),
                (0, 1, 1, 0),
            ]
            let (a, b, c, d) = rng.pick(m)
            return t(a, b, c, d)
        case 3:  // power-of-two scales
            let sx = Double(
                sign: rng.chance(0.15) ? .minus : .plus, exponent: rng.int(-3...3), significand: 1)
            let sy =
                rng.chance(0.5)
                ? sx : Double(sign: .plus, exponent: rng.int(-3...3), significand: 1)
            return t(sx, 0, 0, sy)
        case 4:  // an arbitrary rotation, sometimes scaled
            let angle =
                rng.chance(0.3)
                ? rng.pick([Double.pi / 2, .pi, -.pi / 2, .pi / 4, .pi / 6]) : rng.double(-4, 4)
            let s = rng.chance(0.7) ? 1 : rng.double(0.3, 3)
            let r = AffineTransform(rotationAngle: angle)
            return t(r.a * s, r.b * s, r.c * s, r.d * s)
        case 5:  // shear
            let k = coordinate(&rng, -2, 2)
            return rng.chance(0.5) ? t(1, 0, k, 1) : t(1, k, 0, 1)
        case 6:  // singular
            let m: [(Double, Double, Double, Double)] = [
                (0, 0, 0, 0), (1, 2, 2, 4), (2, 0, 0, 0), (0, 0, 0, 3), (1, 1, 1, 1),
            ]
            let (a, b, c, d) = rng.pick(m)
            return t(a, b, c, d)
        case 7:  // tiny
            let s = rng.pick([1e-8, 1e-6, 0x1p-30])
            return rng.chance(0.5) ? t(s, 0, 0, s) : t(s, 0, 0, 1)
        case 8:  // huge
            let s = rng.pick([1e8, 1e6, 0x1p30])
            return rng.chance(0.5) ? t(s, 0, 0, s) : t(1, 0, 0, s)
        case 9:  // any matrix
            return t(rng.double(-2, 2), rng.double(-2, 2), rng.double(-2, 2), rng.double(-2, 2))
        case 10:  // nearly singular
            let e = rng.pick([1e-12, 1e-15, 0x1p-52])
            return t(1, 1, 1, 1 + e)
        default:  // extreme: the determinant overflows or underflows, or the translation is huge
            let s = rng.pick([1e154, 1e200, 1e-160, 1e-200])
            if rng.chance(0.3) {
                return AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: extreme(&rng), ty: 0)
            }
            return rng.chance(0.5) ? t(s, 0, 0, s) : t(s, 1, 0, 1)
        }
    }

    /// Makes a view given by a frame valid when its center, `x + ax*w`, overflows: an
    /// extreme width with an anchor beyond 0.5 (or an extreme origin) can give an
    /// infinite center, which the scene format refuses (`Scene.validationIssues`). The
    /// default anchor is tried first; if the center still overflows, the size is halved
    /// until it is finite. Draws nothing from a generator, so other scenes stay the same.
    public static func keepCenterFinite(_ v: inout SceneView) {
        guard case .frame(var r) = v.placement else { return }
        func centerIsFinite() -> Bool {
            ViewGeometry.center(ofLayoutFrame: r, anchorPoint: v.anchorPoint).isFinite
        }
        if centerIsFinite() { return }
        v.anchorPoint = ViewGeometry.defaultAnchorPoint
        while !centerIsFinite() {
            r.size = Size(width: r.width / 2, height: r.height / 2)
        }
        v.placement = .frame(r)
    }

    public static func anchorPoint(_ rng: inout SplitMix64) -> Point {
        switch rng.below(12) {
        case 0, 1: return Point(x: 0, y: 0)
        case 2: return Point(x: 1, y: 1)
        case 3: return Point(x: rng.double(-0.5, 1.5), y: rng.double(-0.5, 1.5))
        case 4: return Point(x: rng.pick([0, 0.25, 0.5, 1]), y: rng.pick([0, 0.25, 0.5, 1]))
        default: return ViewGeometry.defaultAnchorPoint
        }
    }

    /// A scroll offset.
    public static func boundsOrigin(_ rng: inout SplitMix64) -> Point {
        switch rng.below(10) {
        case 0: return Point(x: 0, y: coordinate(&rng, -50, 400))
        case 1: return Point(x: coordinate(&rng, -200, 200), y: coordinate(&rng, -200, 200))
        case 2: return Point(x: rng.chance(0.5) ? -0.0 : 0, y: rng.chance(0.5) ? -0.0 : 0)
        default: return .zero
        }
    }

    /// 1 mostly; otherwise the threshold values of `rule-eligibility-alpha`.
    public static func alpha(_ rng: inout SplitMix64) -> Double {
        switch rng.below(16) {
        case 0: return 0
        case 1: return 0.01
        case 2: return Double(Float(0.01).nextUp)
        case 3: return Double(Float(0.01).nextDown)
        case 4: return 0.5
        case 5: return rng.unit()
        default: return 1
        }
    }

    public static func className(_ rng: inout SplitMix64) -> String {
        switch rng.below(16) {
        case 0: return "UILabel"
        case 1: return "UIImageView"
        case 2: return "UIButton"
        case 3: return "MyCustomView"
        // Scroll views, nested at random: their subviews' boxes are in their content
        // coordinates.
        case 4: return "UIScrollView"
        case 5: return "UITableView"
        default: return "UIView"
        }
    }

    public static func hitInsets(_ rng: inout SplitMix64) -> EdgeInsets {
        if rng.chance(0.4) {
            let k = coordinate(&rng, -20, 20)
            return EdgeInsets(all: k)
        }
        return EdgeInsets(
            top: coordinate(&rng, -20, 20), left: coordinate(&rng, -20, 20),
            bottom: coordinate(&rng, -20, 20), right: coordinate(&rng, -20, 20))
    }

    /// Hit rules; `parentMode` makes `boundsOrSubviews` chains likelier.
    public static func hitRules(_ rng: inout SplitMix64, parentMode: PointInsideMode = .bounds)
        -> HitRules
    {
        var r = HitRules()
        if rng.chance(0.12) { r.hitInsets = hitInsets(&rng) }
        if rng.chance(0.1) { r.hitShape = .ellipse }
        let chain = parentMode == .boundsOrSubviews ? 0.4 : 0.1
        let u = rng.unit()
        if u < chain {
            r.pointInside = .boundsOrSubviews
        } else if u < chain + 0.07 {
            r.pointInside = .subviews
        }
        switch rng.below(20) {
        case 0, 1: r.hitTestRule = .passthrough
        case 2: r.hitTestRule = .boxOnly
        default: break
        }
        return r
    }

    /// A window level; equal levels are common.
    public static func level(_ rng: inout SplitMix64) -> Double {
        rng.pick([0, 0, 0, 1, 1, 2, -1, 0.5, 1000])
    }
}
