import HitTestBridge
import HitTestGenerators
import HitTestGeometry
import HitTestParity
import HitTestReference
import HitTestScene
import HitTestStore
import Testing

/// Hand-written scenes whose answers are known exactly: points on the min and max edges
/// (and one ulp either side) under quarter turns, power-of-two scales, anchor points and
/// scroll offsets, where every conversion is exact; singular transforms; NaN points; the
/// alpha threshold. Each checks the reference's answer and the fast engines' parity.
@Suite("Parity on hand-written edge cases")
struct EdgeCaseTests {
    /// A view placed by `frame: [100, 200, 80, 40]` (center (140, 220)) with a
    /// transform, and where it is hit: `x` in `xs`, `y` in `ys`, each end inclusive or not.
    struct Footprint {
        var transform: [Double]
        var xs: (Double, Double)
        var ys: (Double, Double)
        /// Which end of each range is inclusive: true for the minimum.
        var xMinInclusive: Bool
        var yMinInclusive: Bool

        func contains(_ p: Point) -> Bool {
            func within(_ v: Double, _ r: (Double, Double), _ minInclusive: Bool) -> Bool {
                minInclusive ? (r.0 <= v && v < r.1) : (r.0 < v && v <= r.1)
            }
            return within(p.x, xs, xMinInclusive) && within(p.y, ys, yMinInclusive)
        }
    }

    static let footprints: [Footprint] = [
        // Identity: the frame, min edges inclusive (half-open containment).
        Footprint(
            transform: [1, 0, 0, 1, 0, 0], xs: (100, 180), ys: (200, 240), xMinInclusive: true,
            yMinInclusive: true),
        // A quarter turn clockwise: screen x maps to local y reversed, so the max x edge
        // is the inclusive one.
        Footprint(
            transform: [0, 1, -1, 0, 0, 0], xs: (120, 160), ys: (180, 260), xMinInclusive: false,
            yMinInclusive: true),
        Footprint(
            transform: [-1, 0, 0, -1, 0, 0], xs: (100, 180), ys: (200, 240), xMinInclusive: false,
            yMinInclusive: false),
        Footprint(
            transform: [0, -1, 1, 0, 0, 0], xs: (120, 160), ys: (180, 260), xMinInclusive: true,
            yMinInclusive: false),
        // With a translation.
        Footprint(
            transform: [0, 1, -1, 0, 3, -5], xs: (123, 163), ys: (175, 255), xMinInclusive: false,
            yMinInclusive: true),
        // Power-of-two scales.
        Footprint(
            transform: [2, 0, 0, 2, 0, 0], xs: (60, 220), ys: (180, 260), xMinInclusive: true,
            yMinInclusive: true),
        Footprint(
            transform: [0.5, 0, 0, 0.5, 0, 0], xs: (120, 160), ys: (210, 230), xMinInclusive: true,
            yMinInclusive: true),
        Footprint(
            transform: [-2, 0, 0, 0.25, 0, 0], xs: (60, 220), ys: (215, 225), xMinInclusive: false,
            yMinInclusive: true),
        Footprint(
            transform: [0, 0.5, -4, 0, 0, 0], xs: (60, 220), ys: (200, 240), xMinInclusive: false,
            yMinInclusive: true),
    ]

    @Test(
        "points on min and max edges under quarter turns and power-of-two scales",
        arguments: footprints.indices)
    func exactEdges(_ k: Int) {
        let f = EdgeCaseTests.footprints[k]
        let scene = oneWindow([
            view("v", frame: [100, 200, 80, 40]) { $0.transform = transform(f.transform) }
        ])
        // Exactly on the edges and a little either side, where every conversion is exact
        // (so the answer is known), and one ulp either side (parity only: the window's
        // conversion rounds those).
        var exact: [Point] = []
        var nudged: [Point] = []
        let xs = [f.xs.0, (f.xs.0 + f.xs.1) / 2, f.xs.1]
        let ys = [f.ys.0, (f.ys.0 + f.ys.1) / 2, f.ys.1]
        for x in xs {
            for y in ys {
                for dx in [-0.25, 0, 0.25] {
                    for dy in [-0.25, 0, 0.25] { exact.append(Point(x: x + dx, y: y + dy)) }
                }
                nudged += around(x, y)
            }
        }
        let screen = Screen(scene: scene)
        for p in exact {
            let expected = f.contains(p) ? "v" : "w"
            #expect(screen.hitTest(p)?.view.id == expected, "transform \(f.transform) at \(p)")
        }
        expectParity(scene, at: exact + nudged)
    }

    @Test("anchor points and scroll offsets: exact edges and local points")
    func anchorsAndScrollOffsets() {
        // Anchor (0, 0): the center is the top-left corner. A scroll offset of (10, 20)
        // shows the child placed at (10, 20) at the parent's top-left.
        let parent = view("p", frame: [100, 100, 50, 30]) {
            $0.placement = .centerSize(Point(x: 100, y: 100), Size(width: 50, height: 30))
            $0.anchorPoint = Point(x: 0, y: 0)
            $0.boundsOrigin = Point(x: 10, y: 20)
            $0.subviews = [view("c", frame: [10, 20, 5, 5])]
        }
        let other = view("q", frame: [0, 0, 0, 0]) {
            $0.placement = .centerSize(Point(x: 300, y: 300), Size(width: 40, height: 20))
            $0.anchorPoint = Point(x: 1, y: 1)
            $0.transform = transform([0, 1, -1, 0, 0, 0])
        }
        let scene = oneWindow([parent, other])
        let screen = Screen(scene: scene)
        let hit = screen.hitTest(Point(x: 100, y: 100))
        #expect(hit?.view.id == "c")
        #expect(hit?.localPoint.isIdentical(to: Point(x: 0, y: 0)) == true)
        #expect(screen.hitTest(Point(x: 105, y: 100))?.view.id == "p")
        #expect(screen.hitTest(Point(x: 104.75, y: 104.75))?.view.id == "c")
        #expect(
            screen.hitTest(Point(x: 104.75, y: 104.75))?.localPoint.isIdentical(
                to: Point(x: 4.75, y: 4.75)) == true)
        #expect(screen.hitTest(Point(x: 99.75, y: 100))?.view.id == "w")
        #expect(screen.hitTest(Point(x: 149.75, y: 129.75))?.view.id == "p")
        #expect(
            screen.hitTest(Point(x: 149.75, y: 129.75))?.localPoint.isIdentical(
                to: Point(x: 59.75, y: 49.75)) == true)
        #expect(screen.hitTest(Point(x: 150, y: 110))?.view.id == "w")
        #expect(screen.hitTest(Point(x: 110, y: 130))?.view.id == "w")
        // q: anchor (1, 1) at (300, 300), turned a quarter: it covers x in (300, 320],
        // y in [260, 300).
        #expect(screen.hitTest(Point(x: 320, y: 260))?.view.id == "q")
        #expect(screen.hitTest(Point(x: 300, y: 260))?.view.id == "w")
        #expect(screen.hitTest(Point(x: 320, y: 300))?.view.id == "w")
        var points: [Point] = []
        for v in EdgePoints.allViews(screen) {
            for p in EdgePoints.keyPoints(of: v.bounds) {
                points += EdgePoints.nudged(v.convert(p, to: nil), far: true)
            }
        }
        expectParity(scene, at: points)
    }

    @Test(
        "singular transforms: nothing inside is hit; a `subviews` parent still sees the child's frame"
    )
    func singularTransforms() {
        for m in [
            [0.0, 0, 0, 0, 0, 0], [1, 2, 2, 4, 5, 5], [2, 0, 0, 0, 0, 0],
            [1e-200, 0, 0, 1e-200, 0, 0],
        ] {
            let scene = oneWindow([
                view("s", frame: [50, 50, 200, 200]) {
                    $0.transform = transform(m)
                    $0.subviews = [view("inner", frame: [0, 0, 200, 200])]
                },
                view("parent", frame: [0, 400, 300, 300]) {
                    $0.hitRules.pointInside = .subviews
                    $0.subviews = [
                        view("flat", frame: [50, 50, 100, 100]) { $0.transform = transform(m) }
                    ]
                },
            ])
            let screen = Screen(scene: scene)
            #expect(screen.hitTest(Point(x: 150, y: 150))?.view.id == "w", "\(m)")
            // The child's frame is the box of its bounds' image: a line segment for
            // [1, 2, 2, 4], whose box has an area; the parent answers there.
            let frame = screen.view(withID: "flat")!.frame
            if frame.width > 0 && frame.height > 0 {
                #expect(
                    screen.hitTest(Point(x: frame.midX, y: 400 + frame.midY))?.view.id == "parent",
                    "\(m)")
            }
            var rng = SplitMix64(seed: 42)
            var points = EdgePoints.uniform(&rng, screen: screen.size, count: 200)
            for v in EdgePoints.allViews(screen) {
                points += EdgePoints.aimed(at: v, &rng, far: true)
            }
            expectParity(scene, at: points + EdgePoints.special)
        }
    }

    @Test("NaN and infinite points hit nothing, unless custom code ignores the point")
    func nonFinitePoints() {
        let scene = oneWindow([
            view("v", frame: [0, 0, 390, 844]) { $0.hitRules.hitInsets = EdgeInsets(all: -1e300) }
        ])
        let nan = [
            Point(x: .nan, y: .nan), Point(x: .nan, y: 1), Point(x: 1, y: .nan),
            Point(x: .infinity, y: 1),
            Point(x: -.infinity, y: -.infinity),
        ]
        for p in nan {
            #expect(Screen(scene: scene).hitTest(p) == nil, "\(p)")
        }
        expectParity(scene, at: nan + EdgePoints.special)

        // A window whose hitTest returns its first subview whatever the point, and one whose
        // pointInside says yes to everything.
        for variant in 0..<2 {
            let screen = Screen(scene: scene)
            let w = screen.windows[0]
            if variant == 0 {
                w.hitTestHandler = { v, _, _ in v.subviews.first }
            } else {
                w.pointInsideHandler = { _, _, _ in true }
            }
            let checker = ParityChecker(
                screen: screen,
                subjects: ParityChecker.thresholds.map {
                    .init(store: ViewStore(screen: screen, indexThreshold: $0), label: "screen")
                })
            let expected = variant == 0 ? "v" : "w"
            #expect(screen.hitTest(Point(x: .nan, y: .nan))?.view.id == expected)
            if let m = checker.check(nan + EdgePoints.special) { Issue.record("\(m)") }
        }
    }

    @Test("alpha is a 32-bit float compared with 0.01: 0.01 is not hittable, the next float up is")
    func alphaThreshold() {
        let cases: [(Double, Bool)] = [
            (0.01, false), (Double(Float(0.01)), false), (Double(Float(0.01).nextUp), true),
            (Double(Float(0.01).nextDown), false), (0.010000000000000002, false), (0, false),
            (0.5, true), (1, true),
        ]
        for (alpha, hittable) in cases {
            let scene = oneWindow([
                view("v", frame: [10, 10, 100, 100]) {
                    $0.alpha = alpha
                    $0.subviews = [view("child", frame: [0, 0, 50, 50])]
                }
            ])
            #expect(
                referenceHit(scene, Point(x: 70, y: 70)) == (hittable ? "v" : "w"), "alpha \(alpha)"
            )
            #expect(
                referenceHit(scene, Point(x: 20, y: 20)) == (hittable ? "child" : "w"),
                "alpha \(alpha)")
            expectParity(scene, at: around(10, 10) + around(60, 60) + around(110, 110))

            // The same through changes.
            let world = ChangingWorld(scene: oneWindow([view("v", frame: [10, 10, 100, 100])]))
            world.apply(.alpha("v", alpha))
            #expect(world.screen.hitTest(Point(x: 70, y: 70))?.view.id == (hittable ? "v" : "w"))
            expectParity(world, at: around(10, 10) + around(70, 70), "alpha \(alpha)")
        }
    }

    @Test("regression: hit insets so large that the hit rect's width overflows to infinity")
    func overflowingHitRect() throws {
        // Found by the fuzzer (seed 1102, minimised): v13's hit rect is infinite, so v7
        // (boundsOrSubviews) is inside everywhere and the window's redirect takes it. The
        // store's box of v13 came out empty (0 * inf = NaN corners), so the store missed.
        let json = """
            {"format": "hittest-scene/1", "windows": [
              {"id": "w1", "frame": [30, 0, 291, 0], "redirectTo": "v7", "subviews": [
                {"id": "v2", "frame": [240, 34, 204, 0],
                 "transform": [-0.790057715206701, -0.6611290261824143, 0.7939953716130166, 1.4757287680231124, 0, 0],
                 "subviews": [
                  {"id": "v7", "frame": [38, -1, 2, 32], "pointInside": "boundsOrSubviews", "subviews": [
                    {"id": "v13", "center": [31, 44], "size": [25, 1],
                     "hitInsets": [-1.7976931348623157e308, -1.7976931348623157e308,
                                   -1.7976931348623157e308, -1.7976931348623157e308]}
                  ]}
                ]}
              ]}
            ]}
            """
        let scene = try Scene.load(json: json)
        #expect(referenceHit(scene, Point(x: 0, y: 0)) == "v7")
        expectParity(
            scene, at: [Point(x: 0, y: 0), Point(x: -1e300, y: 1e300), Point(x: 200, y: 500)])
        // The same overflow on a plain view, under every kind of transform.
        for m in [
            [1.0, 0, 0, 1, 0, 0], [-1, 0, 0, 1, 0, 0], [0, 1, -1, 0, 0, 0],
            [0.6, 0.8, -0.8, 0.6, 0, 0],
        ] {
            let s = oneWindow([
                view("a", frame: [10, 10, 50, 50]) {
                    $0.transform = transform(m)
                    $0.hitRules.hitInsets = EdgeInsets(all: -1e308)
                }
            ])
            #expect(referenceHit(s, Point(x: 300, y: 700)) == "a")
            expectParity(
                s, at: [Point(x: 300, y: 700), Point(x: -5, y: -5), Point(x: 1e300, y: 0)])
        }
    }

    @Test("window order: level descending, then the last added first; levels and windows change")
    func windowOrder() {
        var a = SceneView.window(
            id: "a", placement: .frame(Rect(x: 0, y: 0, width: 200, height: 200)))
        a.subviews = [view("a1", frame: [0, 0, 100, 100])]
        let b = SceneView.window(
            id: "b", placement: .frame(Rect(x: 50, y: 50, width: 200, height: 200)))
        let c = SceneView.window(
            id: "c", placement: .frame(Rect(x: 90, y: 90, width: 20, height: 20)), level: -1)
        let scene = Scene(windows: [a, b, c])
        #expect(referenceHit(scene, Point(x: 60, y: 60)) == "b")
        #expect(referenceHit(scene, Point(x: 95, y: 95)) == "b")
        let world = ChangingWorld(scene: scene)
        let points =
            around(60, 60) + around(95, 95) + around(10, 10) + around(50, 50) + around(100, 100)
        let steps: [Change] = [
            .level("a", 1), .level("c", 2), .level("c", 1), .removeWindow("a"),
            .addWindow(
                SceneView.window(
                    id: "d", placement: .frame(Rect(x: 0, y: 0, width: 100, height: 100)), level: 1)
            ),
            .level("b", 1), .removeWindow("c"), .level("d", 0),
        ]
        expectParity(world, at: points, "start")
        for s in steps {
            #expect(world.apply(s), "\(s)")
            expectParity(world, at: points, "after \(s)")
        }
        #expect(world.screen.hitTest(Point(x: 60, y: 60))?.view.id == "b")
    }
}
