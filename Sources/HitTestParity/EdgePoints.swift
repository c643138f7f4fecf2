import HitTestGenerators
import HitTestGeometry
import HitTestReference
import HitTestScene

/// Points to test: uniform ones over the screen and beyond, points aimed at views' edges
/// (exactly on them and one ulp either side), and non-finite ones.
public enum EdgePoints {
    /// NaN, infinities, signed zeros, extremes.
    public static let special: [Point] = [
        Point(x: .nan, y: .nan), Point(x: .nan, y: 10), Point(x: 10, y: .nan),
        Point(x: .infinity, y: 10), Point(x: -.infinity, y: 10), Point(x: 10, y: .infinity),
        Point(x: 10, y: -.infinity), Point(x: .infinity, y: .infinity),
        Point(x: -.infinity, y: -.infinity),
        Point(x: 0, y: 0), Point(x: -0.0, y: -0.0), Point(x: -0.0, y: 0), Point(x: 0, y: -0.0),
        Point(x: .leastNonzeroMagnitude, y: .leastNonzeroMagnitude),
        Point(x: -.leastNonzeroMagnitude, y: 100),
        Point(x: .greatestFiniteMagnitude, y: 10), Point(x: -.greatestFiniteMagnitude, y: -10),
        Point(x: 1e300, y: 1e300), Point(x: 3.5e38, y: 100), Point(x: 195, y: 1e20),
        Point(x: 390, y: 844), Point(x: 389.99999999999994, y: 843.9999999999999),
    ]

    /// Uniform points over the screen and a margin around it (negative and past the
    /// edges), integers about half the time.
    public static func uniform(_ rng: inout SplitMix64, screen: Size, count: Int) -> [Point] {
        (0..<count).map { _ in
            let mx = Swift.max(screen.width, 1) * 0.25
            let my = Swift.max(screen.height, 1) * 0.25
            var x = rng.double(-mx, screen.width + mx)
            var y = rng.double(-my, screen.height + my)
            if rng.chance(0.5) {
                x.round()
                y.round()
            } else if rng.chance(0.2) {
                x = (x * 2).rounded() / 2
                y = (y * 2).rounded() / 2
            }
            return Point(x: x, y: y)
        }
    }

    /// The rect's 4 corners and the midpoints of its 4 edges (the extreme points of an
    /// inscribed ellipse).
    public static func keyPoints(of r: Rect) -> [Point] {
        [
            Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY),
            Point(x: r.minX, y: r.maxY), Point(x: r.midX, y: r.minY), Point(x: r.maxX, y: r.midY),
            Point(x: r.midX, y: r.maxY), Point(x: r.minX, y: r.midY),
        ]
    }

    /// A point, and the point nudged by one ulp in each direction along each axis and
    /// diagonally (9 points); with `far`, also by a few ulps.
    public static func nudged(_ p: Point, far: Bool = false) -> [Point] {
        var out: [Point] = []
        let xs = [p.x, p.x.nextDown, p.x.nextUp]
        let ys = [p.y, p.y.nextDown, p.y.nextUp]
        for x in xs {
            for y in ys { out.append(Point(x: x, y: y)) }
        }
        if far {
            // A few ulps of the coordinate, and a few ulps of the magnitudes the
            // conversions work with (about 1e-13): near 0, rounding errors of the
            // conversion dwarf the coordinate's own ulp.
            for d in [4 * p.x.ulp, 64 * p.x.ulp, 512.0.ulp, 8 * 512.0.ulp, 64 * 512.0.ulp] {
                let e = d.isFinite ? d : 0
                out.append(Point(x: p.x - e, y: p.y))
                out.append(Point(x: p.x + e, y: p.y))
                out.append(Point(x: p.x, y: p.y - e))
                out.append(Point(x: p.x, y: p.y + e))
            }
        }
        return out
    }

    /// The rects of a view worth aiming at, in its own coordinates (`bounds`, the hit rect
    /// when its insets differ) or in its superview's (`frame`, for `subviews` parents).
    public static func aimed(at v: View, _ rng: inout SplitMix64, far: Bool = false) -> [Point] {
        var screenPoints: [Point] = []
        for p in keyPoints(of: v.bounds) { screenPoints.append(v.convert(p, to: nil)) }
        if !v.hitRules.hitInsets.isZero {
            for p in keyPoints(of: v.bounds.inset(by: v.hitRules.hitInsets)) {
                screenPoints.append(v.convert(p, to: nil))
            }
        }
        if let s = v.superview, s.hitRules.pointInside == .subviews {
            for p in keyPoints(of: v.frame) { screenPoints.append(s.convert(p, to: nil)) }
        }
        var out: [Point] = []
        out.reserveCapacity(screenPoints.count * 9)
        for p in screenPoints {
            // Half of them with every nudge, the others exactly and with one random nudge,
            // to keep the count down.
            if rng.chance(0.5) {
                out += nudged(p, far: far)
            } else {
                out.append(p)
                out.append(rng.pick(nudged(p, far: far)))
            }
        }
        return out
    }

    /// Every view of the screen, windows included, in pre-order.
    public static func allViews(_ screen: Screen) -> [View] {
        var out: [View] = []
        var stack: [View] = screen.windows.reversed()
        while let v = stack.popLast() {
            out.append(v)
            stack.append(contentsOf: v.subviews.reversed())
        }
        return out
    }

    /// A full point set for a screen: the special points, `uniform` uniform ones, and
    /// points aimed at the edges of up to `aimedViews` views (all of them when fewer).
    public static func points(
        for screen: Screen, _ rng: inout SplitMix64, uniform n: Int, aimedViews: Int
    ) -> [Point] {
        var out = special
        out += uniform(&rng, screen: screen.size, count: n)
        var views = allViews(screen)
        if views.count > aimedViews {
            // A random subset, in a deterministic order.
            for i in 0..<aimedViews {
                let j = i + rng.below(views.count - i)
                views.swapAt(i, j)
            }
            views.removeSubrange(aimedViews...)
        }
        for v in views { out += aimed(at: v, &rng, far: rng.chance(0.5)) }
        return out
    }
}
