import HitTestScene
import Testing

@testable import HitTestDispatch

/// The dispatcher's typed ids: as small as the integers they wrap, ordered and printed as
/// those integers.
@Suite("Dispatch ids")
struct DispatchIDTests {
    @Test("RecognizerID and ViewIndex are 4 bytes, TouchID 8; none carries more")
    func sizes() {
        #expect(MemoryLayout<RecognizerID>.size == 4)
        #expect(MemoryLayout<ViewIndex>.size == 4)
        #expect(MemoryLayout<TouchID>.size == 8)
        #expect(MemoryLayout<ViewIndex?>.size == 5)
    }

    @Test("ordered and printed as the integers they wrap")
    func orderAndText() {
        #expect(RecognizerID(2) < RecognizerID(10))
        #expect(ViewIndex(7).index == 7)
        #expect(TouchID(3) < TouchID(4))
        #expect("\(RecognizerID(12)) \(ViewIndex(5)) \(TouchID(40))" == "12 5 40")
        #expect([TouchID(5), TouchID(1), TouchID(3)].sorted().map(\.serial) == [1, 3, 5])
    }

    @Test("the scene model's view table: pre-order indexes, ids only at the boundary")
    func viewTable() throws {
        let s = try scene(
            #"""
            {"id": "a", "frame": [0, 0, 100, 100], "subviews": [{"id": "b", "class": "UISlider", "frame": [0, 0, 10, 10]}]},
            {"id": "c", "class": "UIButton", "frame": [0, 0, 10, 10]}
            """#)
        let model = _SceneModel(scene: s)
        #expect(model.views.all.map(\.id) == ["main", "a", "b", "c"])
        let b = try #require(model.views.index(of: "b"))
        #expect(b == ViewIndex(2))
        #expect(model.views[b].superview == model.views.index(of: "a"))
        #expect(model.isStrictAncestor(ViewIndex(0), of: b))
        #expect(!model.isStrictAncestor(b, of: b))
        #expect(model.ancestorsAndSelf(b) == [ViewIndex(2), ViewIndex(1), ViewIndex(0)])
        #expect(model.views[b].controlKind == .slider)
        #expect(model.views.index(of: "c").map { model.views[$0].controlKind } == .button)
        #expect(model.views.index(of: "a").flatMap { model.control(of: $0) } == nil)
        #expect(model.views.index(of: "nope") == nil)
    }

    @Test("chain links resolve once: views to their index, other responders with their handling")
    func chainLinks() throws {
        let s = try scene(
            #"""
            {"id": "root", "frame": [0, 0, 100, 100], "viewController": "VC", "viewControllerTouches": "handle", "subviews": [
              {"id": "v", "frame": [0, 0, 10, 10], "touches": "handleAndForward"}]}
            """#)
        let model = _SceneModel(scene: s)
        let chain: [ResponderLink] = [
            .view("v"), .view("root"), .viewController("VC"), .view("main"),
            .application("UIApplication"), .applicationDelegate("AppDelegate"),
        ]
        let links = chain.map(model.chainLink)
        let v = try #require(model.views.index(of: "v"))
        guard case .view(v) = links[0] else {
            Issue.record("\(links[0]) is not view \(v)")
            return
        }
        #expect(links.map(model.name(of:)) == chain.map(\.name))
        #expect(
            links.map(model.handling(of:))
                == [.handleAndForward, .forward, .handle, .forward, .forward, .forward])
    }
}
