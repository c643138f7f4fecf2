import HitTestDispatch
import HitTestScene
import HitTestStore

extension Dispatcher {
    /// A dispatcher on the chosen engine: `.reference` is the oracle, `.flat` and `.bvh`
    /// build a store from the scene and run on it as `init(store:)` does. Every engine
    /// gives the same log.
    public convenience init(
        scene: Scene, engine: Engine = .bvh, settings: DispatchSettings = .default
    ) {
        switch engine {
        case .reference:
            self.init(scene: scene, hitTesting: engine.makeHitTester(scene: scene), settings: settings)
        case .flat, .bvh:
            self.init(
                store: ViewStore(scene: scene), useIndexes: engine == .bvh, settings: settings)
        }
    }
}
