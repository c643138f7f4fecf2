import HitTestGeometry
import HitTestReference
import HitTestScene
import HitTestStore
import Testing

@Suite("store API")
struct StoreAPITests {
    static func grid(_ n: Int, threshold: Int = ViewStore.defaultIndexThreshold) -> (
        ViewStore, [ViewHandle]
    ) {
        let store = ViewStore(indexThreshold: threshold)
        let w = store.addWindow(
            ViewDefinition(id: "w", frame: Rect(x: 0, y: 0, width: 1000, height: 1000)))
        var handles: [ViewHandle] = []
        for i in 0..<n {
            let r = Rect(
                x: Double(i % 10) * 100 + 5, y: Double(i / 10) * 100 + 5, width: 90, height: 90)
            handles.append(store.addView(ViewDefinition(id: "v\(i)", frame: r), to: w))
        }
        return (store, handles)
    }

    @Test("a slot whose generation is spent is retired: its first handle never becomes valid again")
    func spentGenerationsRetireTheSlot() {
        let (store, handles) = Self.grid(2)
        let window = store.windows[0]
        let first = handles[1]
        let def = ViewDefinition(id: "cycled", frame: Rect(x: 0, y: 0, width: 1, height: 1))
        store.removeView(first)
        // Every add reuses the slot just freed, one generation up, until the 16 bits run out.
        var h = store.addView(def, to: window)
        var reuses = 0
        while h.index == first.index {
            reuses += 1
            #expect(h.generation > first.generation, "generation \(h.generation) after \(reuses) reuses")
            store.removeView(h)
            h = store.addView(def, to: window)
        }
        // Generations first.generation + 1 through 65,535, then a new slot.
        #expect(reuses == 65_535 - Int(first.generation), "the slot was reused \(reuses) times")
        #expect(!store.isValid(first))
        #expect(store.isValid(h) && h.index != first.index && store.count == 3)
        #expect(store.invariantViolations().isEmpty)
    }

    @Test("handles go stale when their view is removed, and never trap in isValid")
    func staleHandles() {
        let (store, handles) = Self.grid(5)
        #expect(store.isValid(handles[2]))
        store.removeView(handles[2])
        #expect(!store.isValid(handles[2]))
        #expect(!store.isValid(.null))
        #expect(!store.isValid(ViewHandle(index: 9999, generation: 1)))
        // The slot is reused with a new generation: the old handle stays stale.
        let again = store.addView(
            ViewDefinition(id: "new", frame: Rect(x: 0, y: 0, width: 1, height: 1)),
            to: store.windows[0])
        #expect(again.index == handles[2].index)
        #expect(again.generation != handles[2].generation)
        #expect(!store.isValid(handles[2]))
        #expect(store.invariantViolations().isEmpty)
    }

    @Test("batch queries on several threads give the answers of single queries")
    func batch() {
        let (store, _) = Self.grid(100, threshold: 8)
        var points: [Point] = []
        for y in stride(from: -5.0, to: 1005, by: 7.3) {
            for x in stride(from: -5.0, to: 1005, by: 7.3) { points.append(Point(x: x, y: y)) }
        }
        let scratch = QueryScratch()
        for useIndexes in [false, true] {
            let single = points.map { store.hitTest($0, useIndexes: useIndexes, scratch: scratch) }
            #expect(store.hitTest(points, useIndexes: useIndexes, threads: 1) == single)
            #expect(store.hitTest(points, useIndexes: useIndexes, threads: 2) == single)
            #expect(store.hitTest(points, useIndexes: useIndexes, threads: 7) == single)
        }
        #expect(points.count > 10_000)
    }

    @Test("changes keep the structure valid and the answers right")
    func changes() throws {
        let (store, handles) = Self.grid(60, threshold: 8)
        store.setCenter(handles[0], Point(x: 550, y: 550))
        #expect(store.hitTest(Point(x: 550, y: 550)).map { store.id(of: $0.view) } == "v55")
        store.bringToFront(handles[0])
        #expect(store.hitTest(Point(x: 550, y: 550)).map { store.id(of: $0.view) } == "v0")
        store.setHidden(handles[0], true)
        #expect(store.hitTest(Point(x: 550, y: 550)).map { store.id(of: $0.view) } == "v55")
        // Move v55 into v54 (which spans x 405..<495, y 505..<595 on screen); as with
        // addSubview, its center is now read in v54's coordinates. Put it so that it sticks
        // out of v54's left edge, over v53.
        store.moveView(handles[55], to: handles[54])
        store.setCenter(handles[55], Point(x: -20, y: 45))
        #expect(store.hitTest(Point(x: 410, y: 550)).map { store.id(of: $0.view) } == "v55")
        #expect(store.hitTest(Point(x: 390, y: 550)).map { store.id(of: $0.view) } == "v53")
        store.setHitRules(handles[54], HitRules(pointInside: .boundsOrSubviews))
        #expect(store.hitTest(Point(x: 390, y: 550)).map { store.id(of: $0.view) } == "v55")
        #expect(store.invariantViolations() == [])
        store.removeView(handles[54])
        #expect(!store.isValid(handles[55]))
        #expect(store.invariantViolations() == [])
        let scene = store.scene()
        try scene.validate()
        let rebuilt = ViewStore(scene: scene, indexThreshold: 8)
        for y in stride(from: 0.0, to: 1000, by: 13) {
            for x in stride(from: 0.0, to: 1000, by: 13) {
                let p = Point(x: x, y: y)
                #expect(
                    rebuilt.hitTest(p).map { rebuilt.id(of: $0.view) }
                        == store.hitTest(p).map { store.id(of: $0.view) })
            }
        }
    }

    @Test("geometry and event settings changed in place leave the store as update leaves it")
    func inPlaceChangesMatchUpdate() {
        let (a, ha) = Self.grid(60, threshold: 8)
        let (b, hb) = Self.grid(60, threshold: 8)
        // In place on `a`, through `update` on `b`.
        func geometry(_ k: Int, _ g: (inout ViewGeometry) -> Void) {
            a.updateGeometry(ha[k], g)
            b.update(hb[k]) { g(&$0.geometry) }
        }
        func events(_ k: Int, _ e: (inout ViewEventSettings) -> Void) {
            a.updateEvents(ha[k], e)
            b.update(hb[k]) { e(&$0.events) }
        }
        // A move, a rotation (a side record made), a scroll offset, a frame, an anchor;
        // a view moved into another first, so that its subtree moves with it.
        a.moveView(ha[11], to: ha[10])
        b.moveView(hb[11], to: hb[10])
        geometry(10) { $0.center = Point(x: 70.5, y: 80.25) }
        geometry(12) { $0.transform = AffineTransform(rotationAngle: 0.3) }
        geometry(10) { $0.bounds.origin = Point(x: 12, y: -7) }
        geometry(13) { $0.center.x += 33; $0.bounds.size = Size(width: 40, height: 120) }
        geometry(14) { $0.anchorPoint = Point(x: 0, y: 1) }
        geometry(14) { _ in }
        // Events: a control (a side record with values made: `update` then), its value
        // changed in place, a scroll view made and unmade (through `update` either way),
        // its zoom scale and content size changed in place.
        events(20) { $0.control = SceneControl() }
        events(20) { $0.control?.value = 0.5 }
        events(21) { $0.scrollView = SceneScrollView() }
        events(21) {
            $0.scrollView?.zoomScale = 2
            $0.scrollView?.contentSize = Size(width: 300, height: 900)
        }
        events(21) { $0.scrollView = nil }
        #expect(a.invariantViolations() == [])
        #expect(b.invariantViolations() == [])
        for k in 0..<60 { #expect(a.definition(of: ha[k]) == b.definition(of: hb[k]), "view v\(k)") }
        for y in stride(from: 0.0, to: 1000, by: 7) {
            for x in stride(from: 0.0, to: 1000, by: 7) {
                let p = Point(x: x, y: y)
                let (x1, x2) = (a.hitTest(p), b.hitTest(p))
                #expect(x1.map { a.id(of: $0.view) } == x2.map { b.id(of: $0.view) })
                #expect(x1?.localPoint == x2?.localPoint)
            }
        }
    }

    @Test("views without ids, or with repeated ones, are saved with new unique ids, and the scene loads and answers the same")
    func unnamedAndRepeatedIDsSave() throws {
        let store = ViewStore()
        let w = store.addWindow(ViewDefinition(id: "w", frame: Rect(x: 0, y: 0, width: 400, height: 400)))
        // A host's flat arrays without ids: 12 containers of 3 cells, all "".
        var parents: [Int32] = []
        var frames: [Rect] = []
        for c in 0..<12 {
            parents.append(-1)
            frames.append(Rect(x: Double(c % 4) * 100, y: Double(c / 4) * 100, width: 100, height: 100))
            for k in 0..<3 {
                parents.append(Int32(c * 4))
                frames.append(Rect(x: Double(k) * 30 + 5, y: 10, width: 25, height: 80))
            }
        }
        let unnamed = try store.addViews(ViewArrays(parents: parents, frames: frames), to: w)
        // Repeated ids, one of them already a generated id's form, and a redirect to the
        // second of two views called "cell".
        let a = store.addView(ViewDefinition(id: "cell", frame: Rect(x: 0, y: 300, width: 50, height: 50)), to: w)
        let b = store.addView(ViewDefinition(id: "cell", frame: Rect(x: 60, y: 300, width: 50, height: 50)), to: w)
        let c = store.addView(ViewDefinition(id: "view#1", frame: Rect(x: 120, y: 300, width: 50, height: 50)), to: a)
        let d = store.addView(ViewDefinition(id: "cell", frame: Rect(x: 0, y: 0, width: 10, height: 10)), to: a)
        store.setRedirect(a, to: d)
        _ = (b, c)

        let scene = store.scene()
        try scene.validate()
        let loaded = try Scene.load(json: scene.json(pretty: false))
        var ids: [String] = []
        func collect(_ v: SceneView) {
            ids.append(v.id)
            v.subviews.forEach(collect)
        }
        loaded.windows.forEach(collect)
        #expect(ids.count == store.count)
        #expect(Set(ids).count == ids.count, "ids written twice: \(ids)")
        #expect(!ids.contains(""))
        // The first in paint order keeps its id; the others get the next free number, and
        // a view's own id is never given to another.
        #expect(ids.contains("view#1") && ids.contains("view#2") && ids.contains("view#48"))
        #expect(ids.filter { $0.hasPrefix("view#") }.count == unnamed.count + 1)
        #expect(ids.contains("cell") && ids.contains("cell#2") && ids.contains("cell#3"))

        let rebuilt = ViewStore(scene: loaded)
        // The same view answers every point: compare by position in paint order.
        func order(_ s: ViewStore) -> [ViewHandle: Int] {
            var out: [ViewHandle: Int] = [:]
            var stack = s.windows.reversed() as [ViewHandle]
            while let v = stack.popLast() {
                out[v] = out.count
                stack += s.subviews(of: v).reversed()
            }
            return out
        }
        let (before, after) = (order(store), order(rebuilt))
        var hits = 0
        for y in stride(from: 0.5, to: 400, by: 7) {
            for x in stride(from: 0.5, to: 400, by: 7) {
                let p = Point(x: x, y: y)
                let want = store.hitTest(p).map { before[$0.view] }
                let got = rebuilt.hitTest(p).map { after[$0.view] }
                #expect(got == want, "at \(p)")
                if want != nil { hits += 1 }
            }
        }
        #expect(hits > 1_000)
        let redirected = rebuilt.redirect(of: rebuilt.subviews(of: rebuilt.windows[0]).first { rebuilt.id(of: $0) == "cell" }!)
        #expect(redirected.map { after[$0] } == before[d])
    }

    @Test("a store built from a scene round-trips to an equal scene")
    func exportRoundTrip() throws {
        let json = """
            {"format": "hittest-scene/1", "application": {"class": "App", "delegate": null}, "windows": [
              {"id": "w", "level": 3, "center": [195, 422], "size": [390, 844], "subviews": [
                {"id": "a", "class": "UILabel", "center": [100, 100], "size": [50, 60], "alpha": 0.5,
                 "boundsOrigin": [3, 4], "transform": [0, 1, -1, 0, 2, 3], "anchorPoint": [0, 1],
                 "hitInsets": [1, 2, 3, 4], "hitShape": "ellipse", "pointInside": "boundsOrSubviews",
                 "hitTestRule": "passthrough", "redirectTo": "b", "viewController": "VC", "touches": "handle",
                 "subviews": [{"id": "b", "center": [1, 2], "size": [3, 4], "hidden": true}]}
              ]}
            ]}
            """
        let scene = try Scene.load(json: json)
        let store = ViewStore(scene: scene)
        var expected = scene
        expected.windows[0].subviews[0].alpha = Double(Float(0.5))
        #expect(store.scene() == expected)
        #expect(
            store.responderChain(of: store.view(withID: "b")!)
                == [.view("b"), .view("a"), .viewController("VC"), .view("w"), .application("App")])
    }

    @Test("the responder chain follows view controllers and presentations as the reference does")
    func responderChain() throws {
        let json = """
            {"format": "hittest-scene/1", "windows": [
              {"id": "w", "frame": [0, 0, 100, 100], "subviews": [
                {"id": "root", "frame": [0, 0, 100, 100], "viewController": "Nav", "subviews": [
                  {"id": "sheet", "frame": [0, 0, 100, 100], "viewController": "Sheet", "presentedBy": "Nav",
                   "subviews": [{"id": "button", "frame": [10, 10, 10, 10]}]}
                ]}
              ]}
            ]}
            """
        let scene = try Scene.load(json: json)
        let store = ViewStore(scene: scene)
        let screen = Screen(scene: scene)
        for id in ["button", "sheet", "root", "w"] {
            #expect(
                store.responderChain(of: store.view(withID: id)!)
                    == screen.view(withID: id)!.responderChain.map(\.link), "\(id)")
        }
    }
}

/// Class names are kept as the bytes the scene gives: two names that Swift's `String`
/// equality calls equal (canonically equivalent, the same UTF-8 length) stay two classes,
/// one after the other in a build, where the interning tries the last class of the same
/// length first.
@Test("class names that are canonically equivalent but different bytes stay apart")
func classNamesAreBytes() {
    let composedFirst = "Cell\u{301}\u{316}"
    let otherOrder = "Cell\u{316}\u{301}"
    #expect(composedFirst == otherOrder && composedFirst.utf8.count == otherOrder.utf8.count)
    let store = ViewStore()
    let w = store.addWindow(ViewDefinition(id: "w", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
    var a = ViewDefinition(id: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10))
    a.className = composedFirst
    var b = ViewDefinition(id: "b", frame: Rect(x: 10, y: 0, width: 10, height: 10))
    b.className = otherOrder
    let ha = store.addView(a, to: w)
    let hb = store.addView(b, to: w)
    #expect(Array(store.className(of: ha).utf8) == Array(composedFirst.utf8))
    #expect(Array(store.className(of: hb).utf8) == Array(otherOrder.utf8))
}

/// The interning's caches (by a name value's bits, then by its bytes) never give a view
/// another view's class: 120 class names, short ones (kept inline in the value) and long
/// ones each made afresh (a new storage every time, so equal names differ in bits), given
/// in an order that keeps evicting the caches' 64 buckets.
@Test("class names come back as given through the interning's caches")
func classNamesThroughTheCaches() {
    func name(_ k: Int) -> String {
        k % 2 == 0 ? "C\(k)" : String(repeating: "LongClassName", count: 2) + String(k)
    }
    var random = TestRandom(seed: 7)
    var scene = Scene(windows: [
        SceneView(id: "w", className: "UIWindow", placement: .frame(Rect(x: 0, y: 0, width: 100, height: 100)))
    ])
    var given: [String: String] = [:]
    for v in 0..<2_000 {
        let k = Int(random.next() >> 33) % 120
        let view = SceneView(id: "v\(v)", className: name(k), placement: .frame(Rect(x: 0, y: 0, width: 1, height: 1)))
        given["v\(v)"] = name(k)
        scene.windows[0].subviews.append(view)
    }
    let store = ViewStore(scene: scene)
    for (id, className) in given {
        let h = store.view(withID: id)!
        #expect(Array(store.className(of: h).utf8) == Array(className.utf8), "\(id)")
    }
}
