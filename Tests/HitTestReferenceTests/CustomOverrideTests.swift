import HitTestGeometry
import HitTestReference
import Testing

// Custom code: subclasses overriding hitTest / point(inside:) and calling super, and the
// handler closures. The trace records each call made by the algorithm exactly once,
// overridden or not.

/// Counts its calls and defers to UIKit's default through `super`.
final class CountingView: View {
    var hitTestCalls = 0
    var pointInsideCalls = 0

    override func hitTest(_ point: Point, with event: HitTestEvent?) -> View? {
        hitTestCalls += 1
        return super.hitTest(point, with: event)
    }

    override func point(inside point: Point, with event: HitTestEvent?) -> Bool {
        pointInsideCalls += 1
        return super.point(inside: point, with: event)
    }
}

/// The overlay idiom: `let v = super.hitTest(p); return v === self ? nil : v`.
final class PassthroughView: View {
    override func hitTest(_ point: Point, with event: HitTestEvent?) -> View? {
        let v = super.hitTest(point, with: event)
        return v === self ? nil : v
    }
}

@Suite("Custom overrides")
struct CustomOverrideTests {
    @Test("overrides calling super behave as plain views, and each call is traced once")
    func overridesCallingSuper() {
        let (screen, main) = makeScreen()
        let outer = CountingView(id: "outer", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        let inner = CountingView(id: "inner", frame: Rect(x: 10, y: 10, width: 20, height: 20))
        add(inner, to: outer)
        add(outer, to: main)
        #expect(outer.className == "CountingView")
        let q = query(screen, 115, 115)
        #expect(q.hit == "inner")
        #expect(q.local == Point(5, 5))
        let expected: [TraceEntry] =
            [enter("main"), inside("main", true), enter("outer"), inside("outer", true)]
            + hitSelf("inner") + [ret("outer", "inner"), ret("main", "inner")]
        #expect(q.trace == expected)
        #expect(outer.hitTestCalls == 1)
        #expect(outer.pointInsideCalls == 1)
        #expect(inner.hitTestCalls == 1)
        #expect(inner.pointInsideCalls == 1)
    }

    @Test("an overridden hitTest is still entered and left in the trace when it skips super")
    func overrideWithoutSuper() {
        let (screen, main) = makeScreen()
        let blocker = CountingView(id: "blocker", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        blocker.hitTestHandler = { _, _, _ in nil }
        add(makeView("child", 0, 0, 50, 50), to: blocker)
        add(blocker, to: main)
        let q = query(screen, 10, 10)
        #expect(q.hit == "main")
        #expect(
            q.trace == [
                enter("main"), inside("main", true), enter("blocker"), ret("blocker", nil),
                ret("main", "main"),
            ])
        #expect(blocker.hitTestCalls == 1)
        #expect(blocker.pointInsideCalls == 0)
    }

    @Test("the overlay idiom as a subclass: passes through, its subviews still hit")
    func passthroughSubclass() {
        let (screen, main) = makeScreen()
        let overlay = PassthroughView(
            id: "overlay", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        add(makeView("badge", 300, 300, 50, 50), to: overlay)
        add(makeView("button", 50, 50, 100, 100), overlay, to: main)
        #expect(hitID(screen, 60, 60) == "button")
        #expect(hitID(screen, 310, 310) == "badge")
        #expect(hitID(screen, 250, 250) == "main")
        let q = query(screen, 60, 60)
        let expected: [TraceEntry] =
            [enter("main"), inside("main", true), enter("overlay"), inside("overlay", true)]
            + missed("badge") + [ret("overlay", nil)] + hitSelf("button") + [ret("main", "button")]
        #expect(q.trace == expected)
    }

    @Test("hitTestHandler replaces the default and can fall back to it")
    func hitTestHandler() {
        let (screen, main) = makeScreen()
        let v = makeView("v", 0, 0, 100, 100)
        let left = makeView("left", 0, 0, 50, 100)
        add(left, to: v)
        add(v, to: main)
        // Everything on the right half goes to `left`; the rest is the default.
        v.hitTestHandler = { [unowned left] view, p, event in
            if view.bounds.contains(p) && p.x >= 50 { return left }
            return view.defaultHitTest(p, with: event)
        }
        #expect(hitID(screen, 75, 10) == "left")
        #expect(hitID(screen, 10, 10) == "left")
        #expect(hitID(screen, 150, 10) == "main")
        let q = query(screen, 75, 10)
        #expect(
            q.trace == [
                enter("main"), inside("main", true), enter("v"), ret("v", "left"),
                ret("main", "left"),
            ])
        // The local point is still the screen point converted into the hit view.
        #expect(q.local == Point(75, 10))
        v.hitTestHandler = nil
        #expect(hitID(screen, 75, 10) == "v")
    }

    @Test("pointInsideHandler replaces the default; its answer is traced once")
    func pointInsideHandler() {
        let (screen, main) = makeScreen()
        let v = makeView("v", 100, 100, 100, 100)
        add(v, to: main)
        // A circle of radius 50 around the center, with its edge inside.
        v.pointInsideHandler = { _, p, _ in
            let dx = p.x - 50
            let dy = p.y - 50
            return dx * dx + dy * dy <= 2500
        }
        #expect(hitID(screen, 150, 100) == "v")
        #expect(hitID(screen, 101, 101) == "main")
        let q = query(screen, 150, 150)
        #expect(
            q.trace == [enter("main"), inside("main", true)] + hitSelf("v") + [ret("main", "v")])
        v.pointInsideHandler = { view, p, event in
            !view.defaultPointInside(p, with: event)
        }
        #expect(hitID(screen, 150, 150) == "main")
        #expect(hitID(screen, 250, 250) == "v")
        #expect(screen.hitTest(Point(250, 250))?.localPoint == Point(150, 150))
    }

    @Test("a handler overrides the declarative rules, which defaultPointInside still applies")
    func handlerAndRules() {
        let (screen, main) = makeScreen()
        let v = makeView("v", 100, 100, 100, 100)
        v.hitRules.hitInsets = EdgeInsets(all: -10)
        add(v, to: main)
        #expect(hitID(screen, 95, 95) == "v")
        v.pointInsideHandler = { view, p, _ in view.bounds.contains(p) }
        #expect(hitID(screen, 95, 95) == "main")
        v.pointInsideHandler = { view, p, event in view.defaultPointInside(p, with: event) }
        #expect(hitID(screen, 95, 95) == "v")
    }

    @Test("a pointInside override is called once per visit, also for boundsOrSubviews parents")
    func boundsOrSubviewsCallsOverride() {
        let (screen, main) = makeScreen()
        let parent = makeView("parent", 100, 100, 100, 100)
        parent.hitRules.pointInside = .boundsOrSubviews
        let child = CountingView(id: "child", frame: Rect(x: 80, y: 80, width: 60, height: 60))
        add(child, to: parent)
        add(parent, to: main)
        let q = query(screen, 230, 230)
        #expect(q.hit == "child")
        // Asked once by the parent's pointInside, once by its own hitTest.
        #expect(child.pointInsideCalls == 2)
        #expect(child.hitTestCalls == 1)
        #expect(q.trace.filter { $0 == inside("child", true) }.count == 2)
    }
}
