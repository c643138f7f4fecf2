import HitTestGenerators
import HitTestGeometry
import HitTestParity
import HitTestReference
import HitTestScene
import HitTestStore
import Testing

/// Hand-written sequences of changes, each checked after every step.
@Suite("Parity after hand-written changes")
struct ChangeEdgeCaseTests {
    @Test("regression: a change that only flips the sign of a zero reaches the local point")
    func signedZero() throws {
        // A zero-width view whose scroll offset and anchor make its anchor's local x -0,
        // hittable through negative hit insets. Moving its center from 0 to -0 turns the
        // local x of the point (-0, 10) from -0 to +0 in the reference; the store's
        // `update` took -0 == 0 for "no change" and kept the old center.
        let json = """
            {"format": "hittest-scene/1", "windows": [
              {"id": "w", "center": [0, 0], "size": [-0.0, 100], "boundsOrigin": [-0.0, 0],
               "hitInsets": [0, -10, 0, -10], "subviews": [
                {"id": "v", "center": [0, 60], "size": [-0.0, 10], "boundsOrigin": [-0.0, 0],
                 "hitInsets": [0, -10, 0, -10]}
              ]}
            ]}
            """
        let scene = try Scene.load(json: json)
        let p = Point(x: -0.0, y: 10)
        for change in [
            Change.center("v", Point(x: -0.0, y: 60)),
            .bounds("v", Rect(x: 0, y: 0, width: -0.0, height: 10)),
            .transform("v", AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -0.0, ty: 0)),
            .fields(
                "v", transform: .identity, boundsOrigin: Point(x: 0, y: 0), alpha: 1, hidden: false),
        ] {
            let world = ChangingWorld(scene: scene)
            let before = world.screen.hitTest(p)
            #expect(before?.view.id == "v")
            #expect(before?.localPoint.x.bitPattern == (-0.0).bitPattern)
            expectParity(world, at: [p], "before \(change)")
            world.apply(change)
            expectParity(world, at: [p, Point(x: 0, y: 10)], "after \(change)")
            world.apply(.center("v", Point(x: 0, y: 60)))
            expectParity(
                world, at: [p, Point(x: 0, y: 10)], "after \(change), then center back to +0")
        }
    }

    @Test(
        "many insertions at the same index: sibling order labels are relabelled, indexes extended and rebuilt"
    )
    func insertionsAndReorders() {
        var big = view("big", frame: [0, 0, 390, 844])
        big.subviews = (0..<40).map { k in
            view("c\(k)", frame: [Double(k % 5) * 78, Double(k / 5) * 44, 78, 44])
        }
        let world = ChangingWorld(scene: oneWindow([big]), thresholds: [0, 4, 32])
        var rng = SplitMix64(seed: 7)
        func points() -> [Point] {
            var out = EdgePoints.uniform(&rng, screen: Size(width: 390, height: 844), count: 30)
            out += around(1, 1) + around(78, 44) + around(200, 100)
            return out
        }
        var step = 0
        func apply(_ c: Change) {
            step += 1
            #expect(world.apply(c), "step \(step): \(c)")
            expectParity(world, at: points(), "step \(step): \(c)")
        }
        // Overlapping new views, all at index 0, then all at index 1: labels run out.
        for k in 0..<60 {
            apply(.add(view("a\(k)", frame: [Double(k), Double(k), 60, 60]), to: "big", at: 0))
        }
        for k in 0..<60 {
            apply(.add(view("b\(k)", frame: [Double(2 * k), 50, 30, 300]), to: "big", at: 1))
        }
        for k in stride(from: 0, to: 60, by: 3) {
            apply(.bringToFront("a\(k)"))
            apply(.sendToBack("b\(k)"))
            apply(.move("c\(k % 40)", to: "big", at: k))
            apply(.frame("a\(k + 1)", Rect(x: 300, y: 700, width: 10, height: 10)))
        }
        // Empty the container down below the thresholds, then fill it again.
        for k in 0..<60 { apply(.remove("a\(k)")) }
        for k in 0..<60 { apply(.remove("b\(k)")) }
        for k in 0..<38 { apply(.remove("c\(k)")) }
        for k in 0..<40 {
            apply(
                .add(
                    view("d\(k)", frame: [Double(k * 9), Double(k * 20), 50, 50]), to: "big",
                    at: k % 3 == 0 ? 0 : nil))
        }
    }

    @Test("a redirect whose target moves out of the view, comes back, and is removed")
    func redirectTargetMoves() {
        let scene = oneWindow([
            view("r", frame: [0, 0, 100, 100]) {
                $0.redirectTo = "t"
                $0.subviews = [
                    view("mid", frame: [10, 10, 50, 50]) {
                        $0.subviews = [view("t", frame: [40, 40, 100, 100])]
                    }
                ]
            },
            view("elsewhere", frame: [200, 200, 100, 100]),
        ])
        let world = ChangingWorld(scene: scene)
        let points =
            around(120, 120) + around(150, 150) + around(5, 5) + around(250, 250)
            + around(109.5, 60)
        let steps: [Change] = [
            .move("t", to: "elsewhere", at: nil),
            .frame("t", Rect(x: -50, y: -50, width: 30, height: 30)),
            .move("t", to: "mid", at: 0), .hidden("r", true), .hidden("mid", true),
            .transform("mid", AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)),
            .redirect("r", to: "elsewhere"), .redirect("r", to: "r"), .redirect("r", to: "t"),
            .remove("mid"),
            .redirect("elsewhere", to: nil),
        ]
        expectParity(world, at: points, "start")
        for s in steps {
            #expect(world.apply(s), "\(s)")
            expectParity(world, at: points, "after \(s)")
        }
    }
}
