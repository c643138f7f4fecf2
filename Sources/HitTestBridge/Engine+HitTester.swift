import HitTestReference
import HitTestScene
import HitTestStore

extension Engine {
    /// Builds this engine over `scene`: the reference tree (`ReferenceEngine`) or a store
    /// walked without or with indexes (`StoreEngine`). O(n).
    ///
    /// `indexThreshold` is the store's (`ViewStore.init(scene:indexThreshold:)`; 0 builds
    /// no index, which `.flat` does not use anyway); the reference ignores it.
    public func makeHitTester(
        scene: Scene, indexThreshold: Int = ViewStore.defaultIndexThreshold
    ) -> any HitTestable {
        switch self {
        case .reference: ReferenceEngine(scene: scene)
        case .flat, .bvh:
            StoreEngine(
                store: ViewStore(scene: scene, indexThreshold: indexThreshold),
                useIndexes: self == .bvh)
        }
    }
}
