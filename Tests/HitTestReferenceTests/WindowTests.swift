import HitTestGeometry
import HitTestReference
import HitTestScene
import Testing

// `rule-order-windows` and `rule-windows-entry`, hitTestScreen: windows by level descending, then the most recently
// added first; a screen point enters a window through toChild.

@Suite("Windows")
struct WindowTests {
    @Test("a higher level wins even when its window was added first")
    func levelBeatsOrder() {
        let screen = Screen()
        let alert = makeWindow("alert", 0, 0, 400, 400, level: 2000)
        let main = makeWindow("main", 0, 0, 400, 400)
        screen.addWindow(alert)
        screen.addWindow(main)
        #expect(screen.windowsInHitTestOrder.map(\.id) == ["alert", "main"])
        let q = query(screen, 10, 10)
        #expect(q.hit == "alert")
        #expect(q.window == "alert")
        #expect(q.trace == hitSelf("alert"))
    }

    @Test("at the same level the last added window wins")
    func sameLevelLastAdded() {
        let screen = Screen()
        screen.addWindow(makeWindow("first", 0, 0, 400, 400))
        screen.addWindow(makeWindow("second", 0, 0, 400, 400))
        screen.addWindow(makeWindow("low", 0, 0, 400, 400, level: -1))
        #expect(screen.windowsInHitTestOrder.map(\.id) == ["second", "first", "low"])
        #expect(hitID(screen, 10, 10) == "second")
    }

    @Test("a miss in the top window falls through to the next")
    func fallThrough() {
        let screen = Screen()
        let main = makeWindow("main", 0, 0, 400, 400)
        add(makeView("content", 0, 0, 400, 400), to: main)
        let banner = makeWindow("banner", 0, 0, 400, 100, level: 1)
        screen.addWindow(main)
        screen.addWindow(banner)
        #expect(hitID(screen, 10, 50) == "banner")
        let q = query(screen, 10, 150)
        #expect(q.hit == "content")
        #expect(q.window == "main")
        let expected: [TraceEntry] =
            missed("banner") + [enter("main"), inside("main", true)] + hitSelf("content") + [
                ret("main", "content")
            ]
        #expect(q.trace == expected)
    }

    @Test("a passthrough window lets touches through to the window below, except on its subviews")
    func passthroughWindow() {
        let screen = Screen()
        let main = makeWindow("main", 0, 0, 400, 400)
        let overlay = makeWindow("overlay", 0, 0, 400, 400, level: 1)
        overlay.hitRules.hitTestRule = .passthrough
        add(makeView("bubble", 300, 300, 80, 80), to: overlay)
        screen.addWindow(main)
        screen.addWindow(overlay)
        #expect(hitID(screen, 10, 10) == "main")
        #expect(screen.hitTest(Point(10, 10))?.window.id == "main")
        #expect(hitID(screen, 310, 310) == "bubble")
    }

    @Test("a hidden window is skipped")
    func hiddenWindow() {
        let screen = Screen()
        screen.addWindow(makeWindow("main", 0, 0, 400, 400))
        let top = makeWindow("top", 0, 0, 400, 400, level: 1)
        top.isHidden = true
        screen.addWindow(top)
        #expect(hitID(screen, 10, 10) == "main")
    }

    @Test("nothing hit anywhere gives nil")
    func noHit() {
        let screen = Screen()
        screen.addWindow(makeWindow("a", 0, 0, 100, 100))
        screen.addWindow(makeWindow("b", 200, 200, 100, 100))
        let q = query(screen, 150, 150)
        #expect(q.hit == nil)
        #expect(q.window == nil)
        #expect(q.trace == missed("b") + missed("a"))
    }

    @Test("a window's frame offsets screen points")
    func windowFrameOffset() {
        let screen = Screen()
        let w = makeWindow("w", 50, 100, 200, 200)
        add(makeView("child", 10, 10, 20, 20), to: w)
        screen.addWindow(w)
        let q = query(screen, 65, 115)
        #expect(q.hit == "child")
        #expect(q.local == Point(5, 5))
        #expect(hitID(screen, 49, 150) == nil)
        #expect(screen.hitTest(Point(50, 100))?.localPoint == Point(0, 0))
    }

    @Test("a window's transform converts screen points: scale 2 about its center")
    func windowTransform() {
        let screen = Screen()
        // Bounds 100 x 100, center (100, 100), scaled by 2: it covers screen [0, 200).
        let w = makeWindow("w", 50, 50, 100, 100)
        w.transform = AffineTransform(scaleX: 2, y: 2)
        add(makeView("child", 50, 0, 50, 50), to: w)
        screen.addWindow(w)
        #expect(w.frame == Rect(x: 0, y: 0, width: 200, height: 200))
        let q = query(screen, 120, 80)
        #expect(q.hit == "child")
        #expect(q.local == Point(10, 40))
        #expect(screen.hitTest(Point(199, 199))?.localPoint == Point(99.5, 99.5))
        #expect(hitID(screen, 200, 100) == nil)
    }

    @Test("windows from a scene: levels and order")
    func fromScene() {
        let full = SceneView.Placement.frame(Rect(x: 0, y: 0, width: 400, height: 400))
        let scene = Scene(windows: [
            .window(id: "alert", placement: full, level: 2000),
            .window(id: "main", placement: full),
            .window(id: "second", placement: full),
        ])
        let screen = Screen(scene: scene)
        #expect(screen.windowsInHitTestOrder.map(\.id) == ["alert", "second", "main"])
        #expect(hitID(screen, 1, 1) == "alert")
    }

    @Test("adding a window to another screen moves it")
    func moveWindow() {
        let s1 = Screen()
        let s2 = Screen()
        let w = makeWindow("w", 0, 0, 100, 100)
        s1.addWindow(w)
        s2.addWindow(w)
        #expect(s1.windows.isEmpty)
        #expect(s2.windows.map(\.id) == ["w"])
        #expect(w.screen === s2)
        #expect(hitID(s1, 10, 10) == nil)
        #expect(hitID(s2, 10, 10) == "w")
        s2.removeWindow(w)
        #expect(w.screen == nil)
        #expect(hitID(s2, 10, 10) == nil)
    }
}
