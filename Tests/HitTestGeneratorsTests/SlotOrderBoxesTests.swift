import HitTestGenerators
import HitTestScene
import Testing

@testable import HitTestStore

/// A Scene build computes boxes in one pass in slot order (`computeBoxesInSlotOrder`);
/// the invariant checks recompute every box and `pointInside` box by walking each window
/// (`recomputeSubtree`'s functions, in its order) and compare them bit for bit. Every
/// generated shape, with its redirects, `pointInside` modes, passthrough views,
/// transforms, hidden and faint views and scroll offsets, on several seeds.
@Test("a Scene build's one-pass boxes equal a walk's on every generated shape", arguments: SceneShape.allCases)
func slotOrderBoxesMatchTheWalk(shape: SceneShape) {
    for seed: UInt64 in 1...4 {
        let store = ViewStore(scene: shape.scene(views: shape == .deep ? 500 : 3_000, seed: seed))
        let parents = UnsafeBufferPointer(start: store.columns.parent.base, count: store.capacity)
        let ranOnePass = ViewStore.isSceneBuildOrder(parents) { store.columns.lastChild[$0] >= 0 }
        #expect(ranOnePass, "\(shape) seed \(seed): the build's slots are not in its own order")
        let violations = store.invariantViolations()
        #expect(violations.isEmpty, "\(shape) seed \(seed): \(violations.prefix(3))")
    }
}

/// Every box pass the store keeps gives the same boxes, bit for bit: the Scene build's
/// pass in slot order (`computeBoxesInSlotOrder`), the batch's pass in array order
/// (`computeBoxesInArrayOrder`, through `addViews(_:parents:to:)`) and the walk of each
/// window (`recomputeSubtree`), on every generated shape.
@Test("the slot-order pass, the array-order pass and the walk give identical boxes on every generated shape",
    arguments: SceneShape.allCases)
func everyBoxPassAgrees(shape: SceneShape) {
    for seed: UInt64 in 1...2 {
        let scene = shape.scene(views: shape == .deep ? 300 : 1_000, seed: seed)
        let bySlots = ViewStore(scene: scene)
        // The same views through the batch API: each window, then its subtree in one call.
        let byArrays = ViewStore(screenSize: scene.screen)
        var redirects: [(String, String)] = []
        for w in scene.windows {
            let wh = byArrays.addWindow(ViewDefinition(w))
            if let r = w.redirectTo { redirects.append((w.id, r)) }
            var defs: [ViewDefinition] = []
            var parents: [Int] = []
            var stack: [(SceneView, Int)] = w.subviews.reversed().map { ($0, -1) }
            while let (v, p) = stack.popLast() {
                defs.append(ViewDefinition(v))
                parents.append(p)
                if let r = v.redirectTo { redirects.append((v.id, r)) }
                let k = defs.count - 1
                stack += v.subviews.reversed().map { ($0, k) }
            }
            byArrays.addViews(defs, parents: parents, to: wh)
        }
        for (from, to) in redirects {
            byArrays.setRedirect(byArrays.view(withID: from)!, to: byArrays.view(withID: to))
        }
        // The walk, over the Scene build's store, boxes only.
        var walked: [Int32: (Box, Box)] = [:]
        let saved = (0..<bySlots.capacity).map { (bySlots.columns.box[$0], bySlots.pointInsideBox(Int32($0))) }
        for w in bySlots.storage.windowSlots { bySlots.recomputeSubtree(w, parentFrame: .screen, updatingIndexes: false) }
        for s in 0..<Int32(bySlots.capacity) { walked[s] = (bySlots.columns.box[Int(s)], bySlots.pointInsideBox(s)) }
        var mismatches: [String] = []
        for s in 0..<Int32(bySlots.capacity) where bySlots.columns.flags[Int(s)] & _Flags.alive != 0 {
            let id = bySlots.id(of: bySlots.handle(s))
            let t = byArrays.slot(byArrays.view(withID: id)!)
            let passes = [
                ("slot order", saved[Int(s)].0, saved[Int(s)].1), ("walk", walked[s]!.0, walked[s]!.1),
                ("array order", byArrays.columns.box[Int(t)], byArrays.pointInsideBox(t)),
            ]
            for (name, b, pi) in passes.dropFirst() where b != passes[0].1 || pi != passes[0].2 {
                mismatches.append("\(id): \(name) \(b) / \(pi), slot order \(passes[0].1) / \(passes[0].2)")
            }
        }
        #expect(mismatches.isEmpty, "\(shape) seed \(seed): \(mismatches.count) views differ: \(mismatches.prefix(3))")
    }
}
