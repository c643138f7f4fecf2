import HitTestGenerators
import HitTestStore
import Testing

/// Bytes a view, store and indexes together, on the shapes the memory target
/// names: exact counts of the buffers (`ViewStore.stats`), so a column or an index field
/// that grows fails here rather than in a benchmark. The bounds are this layout's figures
/// when committed (50,000 views, seed 1): `ui` 94.3, `wide` 100.8 bytes a view (at a
/// million 95.5 and 101.9; issue 12 asks for 96).
@Test("bytes a view of the store and its indexes stay within the committed layout's", arguments: [
    (SceneShape.ui, 94.4), (SceneShape.wide, 100.9),
])
func bytesPerView(shape: SceneShape, bound: Double) {
    let store = ViewStore(scene: shape.scene(views: 50_000, seed: 1))
    let st = store.stats()
    let perView = st.storeBytesPerView + st.indexBytesPerView
    print("\(shape): \(st.storeBytesPerView) + \(st.indexBytesPerView) = \(perView) bytes a view")
    #expect(perView <= bound, "\(shape): \(perView) bytes a view, committed \(bound)")
}
