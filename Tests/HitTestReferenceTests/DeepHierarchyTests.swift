import HitTestGeometry
import HitTestReference
import Testing

// The reference is recursive on purpose; scenes allow a depth of 4,096. A 4,000-deep chain
// must hit-test correctly at its deepest view.

@Suite("Deep hierarchies")
struct DeepHierarchyTests {
    static let depth = 4_000

    /// main (0, 0, 5000, 5000) > v1 > v2 > ... > v4000, each at (1, 1, 5000, 5000) in its
    /// superview: the screen point (4010, 4010) is (4010 - k, 4010 - k) in v_k.
    static func makeChain() -> (Screen, deepest: View) {
        let screen = Screen()
        let main = makeWindow("main", 0, 0, 5000, 5000)
        screen.addWindow(main)
        var parent: View = main
        for k in 1...depth {
            let v = makeView("v\(k)", 1, 1, 5000, 5000)
            parent.addSubview(v)
            parent = v
        }
        return (screen, parent)
    }

    @Test("a 4,000-deep chain hits its deepest view, with the exact local point and trace")
    func deepChain() {
        let (screen, deepest) = Self.makeChain()
        let q = query(screen, 4010, 4010)
        #expect(q.hit == "v4000")
        #expect(q.local == Point(10, 10))
        #expect(q.trace.count == 3 * (Self.depth + 1))
        #expect(q.trace.first == enter("main"))
        #expect(q.trace[2 * Self.depth] == enter("v4000"))
        #expect(q.trace[2 * Self.depth + 1] == inside("v4000", true))
        #expect(q.trace.last == ret("main", "v4000"))
        #expect(deepest.ancestorsAndSelf.count == Self.depth + 1)
        #expect(deepest.convert(Point(10, 10), to: nil) == Point(4010, 4010))
        #expect(deepest.responderChain.count == Self.depth + 3)
        // Just outside the deepest view (local -1): its parent is hit.
        #expect(hitID(screen, 3999, 3999) == "v3999")
    }
}

@Suite("Releasing deep trees")
struct DeepReleaseTests {
    @Test("a chain of 300,000 views built in code is released without recursion")
    func releaseDeepViewChain() {
        // Built bottom-up: adding a view under a parent without a superview is O(1).
        let deepest = makeView("v299999", 0, 0, 10, 10)
        var top = deepest
        for k in stride(from: 299_998, through: 0, by: -1) {
            let v = makeView("v\(k)", 0, 0, 10, 10)
            v.addSubview(top)
            top = v
        }
        var root: View? = top
        top = deepest
        // Something outside the chain keeps its deepest view: it must stay whole.
        let kept = deepest
        #expect(kept.superview != nil)
        root = nil
        #expect(root == nil)
        #expect(kept.id == "v299999")
        #expect(kept.superview == nil)  // weak: its superview is gone
    }
}
