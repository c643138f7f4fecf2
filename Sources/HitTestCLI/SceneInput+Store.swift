import HitTestKit
import HitTestScene
import HitTestStore

extension SceneInput {
    /// A store from a scene file, for the commands that need a store and no `Scene`: the
    /// file is read once, straight into the store's columns when the streaming reader
    /// takes it (`LoadedScene`), and its bytes are released before the store is built.
    /// Rejections read exactly as `load(_:)` reports them. `indexThreshold` 0 builds no
    /// index (`ViewStore.init(scene:indexThreshold:)`).
    static func loadStore(
        _ path: String?, indexThreshold: Int = ViewStore.defaultIndexThreshold
    ) throws -> ViewStore {
        guard let path else {
            return ViewStore(scene: DemoScene.scene, indexThreshold: indexThreshold)
        }
        return ViewStore(loaded: try loadOnce(path), indexThreshold: indexThreshold)
    }

    /// The file at `path` loaded, its bytes dropped on return.
    static func loadOnce(_ path: String) throws -> LoadedScene {
        let file = try contents(path, what: "scene file")
        do {
            return try file.withBytes { b throws(SceneError) in try LoadedScene.load(json: b) }
        } catch {
            throw rejection(error, file.array, path)
        }
    }
}
