import CHitTestShim
import HitTestScene
@_spi(Tables) import HitTestStore

/// Scene files for the world calls, read once: straight into the store's columns when the
/// streaming reader takes the document (`LoadedScene`), else through the full decoder,
/// with the same errors either way.

/// Replaces a world's contents with a loaded scene (`_install`).
func _replace(_ w: _CWorld, with loaded: LoadedScene, _ function: _CFunction) throws(_CError) {
    let store: ViewStore
    do throws(AllocationRefused) {
        store = try ViewStore.building(loaded, indexThreshold: w.store.indexThreshold)
    } catch {
        throw _outOfMemory(error.bytes, function)
    }
    try _install(store, in: w, function)
}

/// The scene file at `path`, loaded: `HT_ERROR_FILE` when it cannot be read,
/// `HT_ERROR_SCENE` when it is not a valid scene (the message lists why), as
/// `_loadScene`.
func _loadSceneOnce(_ path: UnsafePointer<CChar>?, _ f: _CFunction) throws(_CError) -> LoadedScene {
    let p = String(cString: try _nonNull(path, f, "path"))
    guard let file = try? FileContents.load(path: p).get() else {
        throw _CError(HT_ERROR_FILE, "\(f): cannot read the file \(p)")
    }
    do {
        return try file.withBytes { b throws(SceneError) in try LoadedScene.load(json: b) }
    } catch {
        throw _CError(HT_ERROR_SCENE, "\(f): \(p) is not a valid scene: \(error)")
    }
}
