import HitTestGeometry
import HitTestReference
import HitTestScene
import HitTestStore
import Testing

@testable import HitTestDispatch

/// The dispatcher's typed ids, and the two worlds it runs on: a live store and a scene
/// answered by an engine by id, which must agree on everything the dispatcher asks.
@Suite("Dispatch ids and worlds")
struct DispatchIDTests {
    @Test("RecognizerID is 4 bytes, TouchID 8; none carries more")
    func sizes() {
        #expect(MemoryLayout<RecognizerID>.size == 4)
        #expect(MemoryLayout<TouchID>.size == 8)
    }

    @Test("ordered and printed as the integers they wrap")
    func orderAndText() {
        #expect(RecognizerID(2) < RecognizerID(10))
        #expect(TouchID(3) < TouchID(4))
        #expect("\(RecognizerID(12)) \(TouchID(40))" == "12 40")
        #expect([TouchID(5), TouchID(1), TouchID(3)].sorted().map(\.serial) == [1, 3, 5])
    }

    static let tree = #"""
        {"id": "a", "frame": [0, 0, 100, 100], "subviews": [{"id": "b", "class": "UISlider", "frame": [0, 0, 10, 10]},
          {"id": "b2", "frame": [0, 0, 10, 10]}]},
        {"id": "c", "class": "UIButton", "frame": [0, 0, 10, 10]}
        """#

    @Test("both worlds: depth, pre-order, ancestors and control kinds, by handle")
    func worlds() throws {
        let s = try scene(Self.tree)
        let store = ViewStore(scene: s)
        let worlds: [any _DispatchWorld] = [
            _StoreWorld(store: store, useIndexes: true),
            _SceneWorld(scene: s, engine: ReferenceEngine(scene: s)),
        ]
        for w in worlds {
            let d = Dispatcher(world: w, settings: .default)
            let ids = ["main", "a", "b", "b2", "c"]
            let h = try ids.map { try #require(w.view(withID: $0)) }
            #expect(h.map(w.depth(of:)) == [0, 1, 2, 2, 1])
            // Pre-order is a total order that agrees with the scene's.
            for i in h.indices {
                for j in h.indices {
                    #expect(w.precedes(h[i], h[j]) == (i < j), "\(ids[i]) before \(ids[j])")
                }
            }
            #expect(d.isStrictAncestor(h[0], of: h[2]))
            #expect(!d.isStrictAncestor(h[2], of: h[2]))
            #expect(!d.isStrictAncestor(h[4], of: h[2]))
            #expect(d.control(of: h[2])?.kind == .slider)
            #expect(d.control(of: h[4])?.kind == .button)
            #expect(d.control(of: h[1]) == nil)
            #expect(w.view(withID: "nope") == nil)
        }
    }

    @Test("the live world keeps the ids it read, long or short, and reads them again when a view is renamed or its slot reused")
    func keptIDs() throws {
        let long = "com.example.shop.catalog."
        let store = ViewStore()
        let w = store.addWindow(ViewDefinition(id: "main", frame: Rect(x: 0, y: 0, width: 1000, height: 1000)))
        // More views than the world keeps (64), so that slots share a place.
        var views = (0..<200).map { i in
            store.addView(ViewDefinition(id: "\(i % 2 == 0 ? long : "")v\(i)", frame: Rect(x: 0, y: 0, width: 1, height: 1)), to: w)
        }
        let world = _StoreWorld(store: store, useIndexes: true)
        for _ in 0..<2 {
            for v in views { #expect(world.id(of: v) == store.id(of: v)) }
        }
        // Read just before, so that the world holds it.
        #expect(world.id(of: views[3]) == "v3")
        store.update(views[3]) { $0.id = "\(long)renamed" }
        #expect(world.id(of: views[3]) == "\(long)renamed")
        #expect(world.id(of: views[4]) == "\(long)v4")
        #expect(world.id(of: views[5]) == "v5")
        store.removeView(views[5])
        views[5] = store.addView(ViewDefinition(id: "\(long)new", frame: Rect(x: 0, y: 0, width: 1, height: 1)), to: w)
        #expect(world.id(of: views[5]) == "\(long)new")
        for v in views.reversed() { #expect(world.id(of: v) == store.id(of: v)) }
    }

    @Test("chain links: views by handle with their names and their handling when taken")
    func chainLinks() throws {
        let s = try scene(
            #"""
            {"id": "root", "frame": [0, 0, 100, 100], "viewController": "VC", "viewControllerTouches": "handle", "subviews": [
              {"id": "v", "frame": [0, 0, 10, 10], "touches": "handleAndForward"}]}
            """#)
        let store = ViewStore(scene: s)
        let d = Dispatcher(store: store)
        let v = try #require(store.view(withID: "v"))
        func chain() -> [_ChainLink] {
            var out: [_ChainLink] = []
            d.responderChain(of: v, into: &out)
            return out
        }
        let links = chain()
        #expect(
            links.map(\.name) == ["v", "root", "VC", "main", "UIApplication", "AppDelegate"])
        #expect(links[0].kind == .view && links[0].handle == v, "\(links[0]) is not view \(v)")
        #expect(
            links.map(\.handling)
                == [.handleAndForward, .forward, .handle, .forward, .forward, .forward])
        // Links keep the handling of when the chain was taken; a new chain sees a change.
        store.update(v) { $0.events.touches = .handle }
        #expect(links[0].handling == .handleAndForward)
        #expect(chain()[0].handling == .handle)
    }
}
