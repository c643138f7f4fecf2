import HitTestGenerators
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
        let ranOnePass = ViewStore.isSceneBuildOrder(parents) { store.lastChild[$0] >= 0 }
        #expect(ranOnePass, "\(shape) seed \(seed): the build's slots are not in its own order")
        let violations = store.invariantViolations()
        #expect(violations.isEmpty, "\(shape) seed \(seed): \(violations.prefix(3))")
    }
}
