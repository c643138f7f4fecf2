import Foundation
import HitTestGeometry
import HitTestStore
import Testing

/// A million views in one container and a million-deep chain, built and queried through
/// the Swift API on both fast paths (no recursion anywhere on those paths).
@Suite(
    "scale", .serialized,
    // Under the sanitizers (CI sets HITTEST_SANITIZER) a million views take minutes and
    // gigabytes of shadow memory; the normal run covers this suite.
    .disabled(if: ProcessInfo.processInfo.environment["HITTEST_SANITIZER"] != nil))
struct ScaleTests {
    @Test("a 1,000,000-view container answers on both fast paths")
    func millionContainer() {
        let side = 1000
        let store = ViewStore()
        let window = store.addWindow(
            ViewDefinition(id: "w", frame: Rect(x: 0, y: 0, width: 10_000, height: 10_000)))
        let container = store.addView(
            ViewDefinition(id: "c", frame: Rect(x: 0, y: 0, width: 10_000, height: 10_000)),
            to: window)
        var defs: [ViewDefinition] = []
        defs.reserveCapacity(side * side)
        for y in 0..<side {
            for x in 0..<side {
                defs.append(
                    ViewDefinition(
                        id: "v\(y * side + x)",
                        frame: Rect(x: Double(x * 10), y: Double(y * 10), width: 10, height: 10)))
            }
        }
        store.addViews(defs, parents: Array(repeating: -1, count: defs.count), to: container)
        #expect(store.count == side * side + 2)
        // At most 160 bytes per view for the store and its indexes together (exact byte
        // counts of the buffers, not a timing): about 95 for the store, 23 for the
        // container's child index and 31 for the screen index (perf/RESULTS.md has the
        // figures).
        let stats = store.stats()
        #expect(stats.storeBytesPerView + stats.indexBytesPerView <= 160, "\(stats)")
        #expect(store.invariantViolations().isEmpty)
        let scratch = QueryScratch()
        for (px, py) in [
            (0.0, 0.0), (5.5, 7.25), (9999.5, 9999.5), (4321.0, 1234.5), (10.0, 10.0), (9.999, 0),
        ] {
            let expected = "v\(Int(py / 10) * side + Int(px / 10))"
            for useIndexes in [false, true] {
                let hit = store.hitTest(Point(x: px, y: py), useIndexes: useIndexes, scratch: scratch)
                #expect(hit.map { store.id(of: $0.view) } == expected, "(\(px), \(py)) useIndexes \(useIndexes)")
                // The reference's arithmetic: toChild at each level from the window down.
                let cell = Rect(
                    x: Double(Int(px / 10) * 10), y: Double(Int(py / 10) * 10), width: 10,
                    height: 10)
                let big = Rect(x: 0, y: 0, width: 10_000, height: 10_000)
                let local = ViewGeometry(layoutFrame: cell).toChild(
                    ViewGeometry(layoutFrame: big).toChild(
                        ViewGeometry(layoutFrame: big).toChild(Point(x: px, y: py))))
                #expect(
                    hit.map { $0.localPoint.isIdentical(to: local) } == true,
                    "(\(px), \(py)) useIndexes \(useIndexes)")
            }
        }
        // Outside every child but inside the container: the container.
        #expect(store.hitTest(Point(x: -1, y: 5)) == nil)
        // Moving one view is incremental and is seen at once: v0 (the bottom view) moves
        // under v500500, which stays on top until v0 is brought to the front.
        let moved = store.view(withID: "v0")!
        store.setCenter(moved, Point(x: 5005, y: 5005))
        for useIndexes in [false, true] {
            #expect(
                store.hitTest(Point(x: 5001, y: 5001), useIndexes: useIndexes).map { store.id(of: $0.view) }
                    == "v500500")
            #expect(
                store.hitTest(Point(x: 1, y: 1), useIndexes: useIndexes).map { store.id(of: $0.view) }
                    == "c")
        }
        store.bringToFront(moved)
        for useIndexes in [false, true] {
            #expect(
                store.hitTest(Point(x: 5001, y: 5001), useIndexes: useIndexes).map { store.id(of: $0.view) }
                    == "v0")
        }
    }

    @Test("a 1,000,000-deep chain answers on both fast paths")
    func millionChain() {
        let depth = 1_000_000
        let store = ViewStore()
        let window = store.addWindow(
            ViewDefinition(id: "w", frame: Rect(x: 0, y: 0, width: 400, height: 400)))
        let defs = (0..<depth).map {
            ViewDefinition(id: "v\($0)", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        }
        let handles = store.addViews(defs, parents: (0..<depth).map { $0 - 1 }, to: window)
        let scratch = QueryScratch()
        for useIndexes in [false, true] {
            let hit = store.hitTest(Point(x: 123, y: 45), useIndexes: useIndexes, scratch: scratch)
            #expect(hit.map { store.id(of: $0.view) } == "v\(depth - 1)")
            #expect(hit?.localPoint == Point(x: 123, y: 45))
        }
        // Hide the deepest: its parent takes the touch.
        store.setHidden(handles[depth - 1], true)
        #expect(
            store.hitTest(Point(x: 123, y: 45), useIndexes: true).map { store.id(of: $0.view) }
                == "v\(depth - 2)")
        // Removing the top of the chain removes it all.
        store.removeView(handles[0])
        #expect(store.count == 1)
        #expect(!store.isValid(handles[depth - 1]))
        #expect(store.hitTest(Point(x: 123, y: 45)).map { store.id(of: $0.view) } == "w")
    }
}
