import CHitTestShim
import HitTestDispatch
import HitTestScene
import HitTestStore

// The table of dispatchers behind `htDispatcherId`, each dispatcher's table of
// recognizers behind `htGestureId`, and the copy of the world a Swift `Dispatcher` runs
// on. Every dispatch rule is the Swift `Dispatcher`'s; this file only names things.

/// One recognizer id: the recognizer's name (its id in the world's scene) and the view it
/// is attached to. `name == nil` marks a free slot.
struct _GestureSlot {
    var name: String?
    var view: ViewHandle
    var generation: UInt32
}

/// A C dispatcher: its world, the Swift dispatcher on the world's copy (nil until a touch
/// begins, and after a reset), its recognizer ids, and the events of the last call.
final class _CDispatcher {
    let world: _CWorld
    let worldID: htWorldId
    let slot: UInt16
    let generation: UInt16
    var settings: DispatchSettings
    /// The world's revision the recognizer table was read at.
    var revision: UInt16 = 0
    var gestures: [_GestureSlot] = []
    var gestureByName: [String: Int] = [:]
    var swift: Dispatcher?
    /// The copy's keys: scene id -> view, and gesture key -> slot.
    var viewOfKey: [String: (id: htViewId, name: String)] = [:]
    /// The latest time fed or advanced to (frames may not come before it).
    var lastTime = -Double.infinity
    var callbacks = htDispatchCallbacks()
    let events = _EventBuffer()
    var nextGestureNumber = 1

    init(
        world: _CWorld, worldID: htWorldId, slot: UInt16, generation: UInt16,
        settings: DispatchSettings
    ) {
        self.world = world
        self.worldID = worldID
        self.slot = slot
        self.generation = generation
        self.settings = settings
    }

    var id: htDispatcherId { htDispatcherId(index1: slot + 1, generation: generation) }

    func gestureID(_ index: Int) -> htGestureId {
        htGestureId(
            index1: UInt32(index + 1), generation: gestures[index].generation, dispatcher0: slot,
            dispatcherGeneration: generation)
    }

    /// Re-reads the world's recognizers after the world was created or reloaded (old
    /// recognizer ids go stale, the Swift dispatcher is dropped).
    func sync() {
        guard revision != world.revision else { return }
        revision = world.revision
        swift = nil
        for i in gestures.indices {
            gestures[i].name = nil
            gestures[i].generation &+= 1
        }
        gestureByName = [:]
        let store = world.store
        var stack = store.windows
        while let h = stack.popLast() {
            for g in store.definition(of: h).events.gestures where gestureByName[g.id] == nil {
                _ = addSlot(g.id, h)
            }
            stack.append(contentsOf: store.subviews(of: h))
        }
    }

    func addSlot(_ name: String, _ view: ViewHandle) -> Int {
        let i: Int
        if let free = gestures.firstIndex(where: { $0.name == nil }) {
            i = free
            gestures[i].name = name
            gestures[i].view = view
        } else {
            i = gestures.count
            gestures.append(_GestureSlot(name: name, view: view, generation: 1))
        }
        gestureByName[name] = i
        return i
    }

    /// Whether the slot's recognizer is still on its view in the world.
    func isLive(_ i: Int) -> Bool {
        guard let name = gestures[i].name, world.store.isValid(gestures[i].view) else {
            return false
        }
        return world.store.definition(of: gestures[i].view).events.gestures.contains {
            $0.id == name
        }
    }

    /// Frees a slot whose recognizer is gone.
    func free(_ i: Int) {
        if let name = gestures[i].name, gestureByName[name] == i { gestureByName[name] = nil }
        gestures[i].name = nil
        gestures[i].generation &+= 1
        if gestures[i].generation == 0 { gestures[i].generation = 1 }
    }

    static let viewPrefix = "\u{1F}v"
    static let gesturePrefix = "\u{1F}g"

    /// A Swift dispatcher on a copy of the world in which every view's id is a key naming
    /// its handle and every recognizer's id a key naming its slot, so that names need not
    /// be unique. Controls keep the values they had in the copy it replaces. O(views).
    func rebuild() {
        let store = world.store
        var scene = store.scene()
        viewOfKey = [:]
        var byName: [String: String] = [:]
        for (name, i) in gestureByName where gestures[i].name != nil {
            byName[name] = Self.gesturePrefix + String(i)
        }
        // A view's name -> the key of the first view of that name in pre-order: what a
        // `next` override names (names need not be unique).
        var keyOfName: [String: String] = [:]
        func renameNext(_ v: inout SceneView) {
            if let n = v.events.next { v.events.next = keyOfName[n] }
            if let n = v.events.viewControllerNext { v.events.viewControllerNext = keyOfName[n] }
            for k in v.subviews.indices { renameNext(&v.subviews[k]) }
        }
        func rename(_ v: inout SceneView, _ h: ViewHandle) {
            let key = Self.viewPrefix + "\(h.index).\(h.generation)"
            viewOfKey[key] = (world.viewID(h), v.id)
            if keyOfName[v.id] == nil { keyOfName[v.id] = key }
            v.id = key
            if v.redirectTo != nil, let t = store.redirect(of: h) {
                v.redirectTo = Self.viewPrefix + "\(t.index).\(t.generation)"
            }
            for k in v.events.gestures.indices {
                var g = v.events.gestures[k]
                if byName[g.id] == nil {
                    byName[g.id] = Self.gesturePrefix + String(addSlot(g.id, h))
                }
                g.id = byName[g.id]!
                g.requireToFail = g.requireToFail.map { byName[$0] ?? $0 }
                g.simultaneousWith = g.simultaneousWith.map { byName[$0] ?? $0 }
                g.shouldRequireFailureOf = g.shouldRequireFailureOf.map { byName[$0] ?? $0 }
                g.shouldBeRequiredToFailBy = g.shouldBeRequiredToFailBy.map { byName[$0] ?? $0 }
                v.events.gestures[k] = g
            }
            let subviews = store.subviews(of: h)
            for k in v.subviews.indices { rename(&v.subviews[k], subviews[k]) }
        }
        let windows = store.windows
        for k in scene.windows.indices { rename(&scene.windows[k], windows[k]) }
        for k in scene.windows.indices { renameNext(&scene.windows[k]) }
        let d = Dispatcher(scene: scene, engine: .bvh, settings: settings)
        // View keys name handles, so the values of the last copy's controls carry over.
        if let old = swift { d.changedControlValues = old.changedControlValues }
        d.addHandler(_CallbackHandler(self))
        if lastTime.isFinite { d.flush(until: lastTime) }
        swift = d
    }

    /// The Swift dispatcher to run a call that begins touches at `time` on: a new one on
    /// the world as it is now when nothing is in flight.
    func dispatcher(beginning: Bool, at time: Double) -> Dispatcher {
        if let d = swift, !(beginning && d.isIdle(at: time)) { return d }
        rebuild()
        return swift!
    }

    /// A gesture key of the copy as the C id and the recognizer's name.
    func gesture(key: String) -> (id: htGestureId, name: String)? {
        guard key.hasPrefix(Self.gesturePrefix), let i = Int(key.dropFirst(2)), i < gestures.count,
            let name = gestures[i].name
        else { return builtInGesture(key: key) }
        return (gestureID(i), name)
    }
}

/// Fixed slots for `HT_MAX_DISPATCHERS` dispatchers.
struct _DispatcherTable: ~Copyable {
    var dispatchers = [_CDispatcher?](repeating: nil, count: Int(HT_MAX_DISPATCHERS))
    var generations = [UInt16](repeating: 1, count: Int(HT_MAX_DISPATCHERS))
}

let _dispatchers = _Locked(_DispatcherTable())

func _describe(_ d: htDispatcherId) -> String { "dispatcher \(d.index1):\(d.generation)" }
func _describe(_ g: htGestureId) -> String {
    "gesture \(g.index1):\(g.generation) (dispatcher slot \(g.dispatcher0))"
}

/// The live dispatcher of an id whose world is live, synchronised with its world.
func _dispatcher(_ d: htDispatcherId, _ f: String) throws(_CError) -> _CDispatcher {
    if d.index1 == 0 {
        throw _CError(HT_ERROR_NULL_ID, "\(f): dispatcher is the null dispatcher id")
    }
    let found: _CDispatcher? = _dispatchers.withLock { t in
        let slot = Int(d.index1) - 1
        guard slot < t.dispatchers.count, let x = t.dispatchers[slot], x.generation == d.generation
        else { return nil }
        return x
    }
    guard let found else {
        throw _CError(HT_ERROR_STALE_ID, "\(f): \(_describe(d)) was destroyed or never made")
    }
    let w = try _world(found.worldID, f, "the dispatcher's world")
    guard w === found.world else {
        throw _CError(HT_ERROR_STALE_ID, "\(f): the dispatcher's world was destroyed")
    }
    found.sync()
    return found
}

/// The dispatcher and table slot of a live recognizer id.
func _gesture(_ g: htGestureId, _ f: String, _ argument: String = "gesture") throws(_CError)
    -> (_CDispatcher, Int)
{
    if g.index1 == 0 {
        throw _CError(HT_ERROR_NULL_ID, "\(f): \(argument) is the null gesture id")
    }
    let d = try _dispatcher(
        htDispatcherId(index1: g.dispatcher0 &+ 1, generation: g.dispatcherGeneration), f)
    let i = Int(g.index1) - 1
    guard i < d.gestures.count, d.gestures[i].generation == g.generation, d.isLive(i) else {
        throw _CError(
            HT_ERROR_STALE_ID,
            "\(f): \(argument) \(_describe(g)) was removed, its view removed, or its world reloaded"
        )
    }
    return (d, i)
}

/// A view id of the dispatcher's world.
func _view(_ v: htViewId, of d: _CDispatcher, _ f: String) throws(_CError) -> ViewHandle {
    try _view(v, in: d.world, f, "view")
}
