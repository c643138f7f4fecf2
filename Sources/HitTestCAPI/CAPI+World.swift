// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (The Swift names of the @c functions are their C names: box2d style, htType_Verb.)
import CHitTestShim
import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

// Worlds: create, destroy, load and save. See include/hittest/hittest.h.

/// Marks definitions made by the htDefault* functions.
let _definitionCookie: Int32 = 0x4854_4B31  // "HTK1"

/// The corresponding C header declaration is `htGetVersion` in hittest/base.h.
@c(htGetVersion)
public func htGetVersion() -> htVersion {
    htVersion(major: HT_VERSION_MAJOR, minor: HT_VERSION_MINOR, revision: HT_VERSION_REVISION)
}

/// A world definition with the store's defaults (`ViewStore.init`). The corresponding C
/// function is `htDefaultWorldDef`.
@c(htDefaultWorldDef)
public func htDefaultWorldDef() -> htWorldDef {
    htWorldDef(
        screenWidth: Scene.defaultScreen.width, screenHeight: Scene.defaultScreen.height,
        indexThreshold: Int32(ViewStore.defaultIndexThreshold),
        applicationClassName: _staticCString("UIApplication"),
        applicationDelegateName: _staticCString("AppDelegate"), internalValue: _definitionCookie)
}

/// A pointer to a string constant of the library (valid for the life of the process).
func _staticCString(_ s: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// Creates a world: a `ViewStore` (`ViewStore.init(screenSize:...)`). The corresponding C
/// function is `htCreateWorld`.
@c(htCreateWorld)
public func htCreateWorld(_ def: UnsafePointer<htWorldDef>?) -> htWorldId {
    var id = htWorldId()
    _ = _capi { () throws(_CError) in
        let f = _CFunction()
        let d = try _nonNull(def, f, "def").pointee
        let store = try _makeStore(d, f)
        let scratch = QueryScratch(unreserved: ())
        if let r = scratch.tryReserve(height: 0) { throw _outOfMemory(r, f) }
        id = try _worlds.withLock { (t) throws(_CError) -> htWorldId in
            guard let slot = t.worlds.freeSlot else {
                throw _CError(
                    HT_ERROR_TOO_MANY_WORLDS, "\(f): all \(HT_MAX_WORLDS) world slots are in use")
            }
            let revision = t.nextRevision(slot)
            _ = t.worlds.insert { slot, generation in
                _CWorld(
                    store: store, scratch: scratch, slot: UInt16(slot), generation: generation,
                    revision: revision)
            }
            return t.worlds[slot]!.id
        }
    }
    return id
}

func _makeStore(_ d: htWorldDef, _ f: _CFunction) throws(_CError) -> ViewStore {
    if d.internalValue != _definitionCookie {
        throw _CError(
            HT_ERROR_INVALID_ARGUMENT, "\(f): def was not made by htDefaultWorldDef")
    }
    try _finite([d.screenWidth, d.screenHeight], f, "def.screenWidth/screenHeight")
    if d.screenWidth < 0 || d.screenHeight < 0 {
        throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): def's screen size must be >= 0")
    }
    if d.indexThreshold < 0 {
        throw _CError(
            HT_ERROR_INVALID_ARGUMENT,
            "\(f): def.indexThreshold must be >= 0 (0: no index), got \(d.indexThreshold)")
    }
    var refused = 0
    guard
        let store = ViewStore(
            screenSize: Size(width: d.screenWidth, height: d.screenHeight),
            applicationClassName: _string(d.applicationClassName, "UIApplication"),
            applicationDelegateName: d.applicationDelegateName.map { String(cString: $0) },
            indexThreshold: Int(d.indexThreshold), refused: &refused)
    else { throw _outOfMemory(refused, f) }
    return store
}

/// Destroys a world: its store and scratch are freed (every byte through the hooks). The
/// corresponding C function is `htDestroyWorld`.
@c(htDestroyWorld)
public func htDestroyWorld(_ world: htWorldId) -> htResult {
    _capi { () throws(_CError) in
        let w = try _world(world, _CFunction())
        _worlds.withLock { t in
            t.worlds.remove(at: Int(w.slot))
            _ = t.nextRevision(Int(w.slot))
        }
    }
}

/// The corresponding C function is `htWorld_IsValid`.
@c(htWorld_IsValid)
public func htWorld_IsValid(_ world: htWorldId) -> Bool {
    (try? _world(world, _CFunction())) != nil
}

/// Replaces a world's contents with a scene file, read once into the store (as
/// `Scene.load(contentsOfFile:)` reads it, with the same errors; no `Scene` when the
/// streaming reader takes it). The corresponding C function is `htWorld_LoadSceneFile`.
@c(htWorld_LoadSceneFile)
public func htWorld_LoadSceneFile(_ world: htWorldId, _ path: UnsafePointer<CChar>?) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let w = try _world(world, f)
        try _replace(w, with: try _loadSceneOnce(path, f), f)
    }
}

/// Replaces a world's contents with a scene (`_install`).
func _replace(_ w: _CWorld, with scene: Scene, _ function: _CFunction) throws(_CError) {
    try _replace(w, with: LoadedScene.scene(scene), function)
}

/// Makes `store` the world's contents (the world's view ids go stale). The scratch gets
/// room for the new store's height first: when the host's allocator refuses it, the world
/// keeps its contents (the new store is dropped).
func _install(_ store: ViewStore, in w: _CWorld, _ function: _CFunction) throws(_CError) {
    try _reserveScratch(w, height: store.height, function)
    _worlds.withLock { t in
        w.store = store
        w.userData = []
        w.revision = t.nextRevision(Int(w.slot))
    }
}

/// Replaces a world's contents with a scene's JSON text in memory (`Scene.load(json:)`).
/// The corresponding C function is `htWorld_LoadSceneBuffer`.
@c(htWorld_LoadSceneBuffer)
public func htWorld_LoadSceneBuffer(
    _ world: htWorldId, _ json: UnsafePointer<CChar>?, _ length: UInt
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let w = try _world(world, f)
        let p = try _nonNull(json, f, "json")
        let bytes = UnsafeRawBufferPointer(start: p, count: Int(length))
        if let c = SceneStreamReader.read(bytes.assumingMemoryBound(to: UInt8.self)) {
            return try _replace(w, with: .columns(c), f)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let scene: Scene
        do {
            scene = try Scene.load(json: text)
        } catch {
            throw _CError(HT_ERROR_SCENE, "\(f): the buffer is not a valid scene: \(error)")
        }
        try _replace(w, with: scene, f)
    }
}

/// Writes a world as a scene's JSON text into a caller's buffer (`ViewStore.scene()`), as
/// `htView_GetName` writes strings. The corresponding C function is
/// `htWorld_SaveSceneBuffer`.
@c(htWorld_SaveSceneBuffer)
public func htWorld_SaveSceneBuffer(
    _ world: htWorldId, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: UInt,
    _ length: UnsafeMutablePointer<UInt>?
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let w = try _world(world, f)
        try _write(w.store.scene().json(pretty: true), buffer, capacity, length, f)
    }
}

/// The scene in the file at `path`: `HT_ERROR_FILE` when it cannot be read,
/// `HT_ERROR_SCENE` when it is not a valid scene (the message lists why).
func _loadScene(_ path: UnsafePointer<CChar>?, _ f: _CFunction) throws(_CError) -> Scene {
    try _loadSceneOnce(path, f).scene
}

/// Writes a world as a scene file (`ViewStore.scene()`). The corresponding C function is
/// `htWorld_SaveSceneFile`.
@c(htWorld_SaveSceneFile)
public func htWorld_SaveSceneFile(_ world: htWorldId, _ path: UnsafePointer<CChar>?) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let w = try _world(world, f)
        let p = String(cString: try _nonNull(path, f, "path"))
        let text = w.store.scene().json(pretty: true)
        if case .failure(let error) = FileBytes.write(Array(text.utf8), toPath: p) {
            throw _CError(HT_ERROR_FILE, "\(f): cannot write the file \(p): \(error.message)")
        }
    }
}

/// The number of live views (`ViewStore.count`). The corresponding C function is
/// `htWorld_GetViewCount`.
@c(htWorld_GetViewCount)
public func htWorld_GetViewCount(_ world: htWorldId, _ count: UnsafeMutablePointer<Int32>?)
    -> htResult
{
    _capi { () throws(_CError) in
        let f = _CFunction()
        let w = try _world(world, f)
        try _nonNull(count, f, "count").pointee = Int32(clamping: w.store.count)
    }
}
