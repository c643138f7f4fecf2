import CHitTestShim
import HitTestDispatch
import HitTestScene
import HitTestStore

// The table of dispatchers behind `htDispatcherId`, and each dispatcher's table of
// recognizers behind `htGestureId`. Each C dispatcher runs one Swift `Dispatcher` on its
// world's store itself: the host's changes to the world are the dispatcher's world. Every
// dispatch rule is the Swift `Dispatcher`'s; this file only names things.

/// One recognizer id: the recognizer's name and the view it is attached to.
/// `name == nil` marks a free slot.
struct _GestureSlot {
    var name: String?
    var view: ViewHandle
    var generation: UInt32
}

/// A C dispatcher: its world, the Swift dispatcher on the world's store, its recognizer
/// ids, and the events of the last call. Its fields are read on every feed and every
/// event of it, and only under the dispatcher table's calls: they go without the run-time
/// exclusivity check (`@exclusivity(unchecked)`), a thread-local lookup per access.
final class _CDispatcher {
    let world: _CWorld
    let worldID: htWorldId
    let slot: UInt16
    let generation: UInt16
    @exclusivity(unchecked) var settings: DispatchSettings
    /// The world's revision the recognizer table and the Swift dispatcher belong to.
    @exclusivity(unchecked) var revision: UInt16 = 0
    @exclusivity(unchecked) var gestures: [_GestureSlot] = []
    @exclusivity(unchecked) var gestureByName: [String: Int] = [:]
    /// The slot `gestureID(_:)` found last.
    @exclusivity(unchecked) private var lastFound = 0
    /// The Swift dispatcher, on `world.store` (made anew when the world is reloaded, or
    /// on `htDispatcher_Reset`).
    @exclusivity(unchecked) private(set) var swift: Dispatcher!
    /// The latest time fed or advanced to (frames may not come before it).
    @exclusivity(unchecked) var lastTime = -Double.infinity
    @exclusivity(unchecked) var callbacks = htDispatchCallbacks()
    let events = _EventBuffer()
    /// The last call's log entries and their views, as `events` holds them (for
    /// htDispatcher_FormatEvent), kept with their capacity for the next call.
    @exclusivity(unchecked) var lastLog: [DispatchLogEntry] = []
    @exclusivity(unchecked) var lastLogViews: [ViewHandle] = []
    /// The touches of a call, kept with their capacity.
    @exclusivity(unchecked) var inputs: [TouchInput] = []
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
        sync()
    }

    var id: htDispatcherId { htDispatcherId(index1: slot + 1, generation: generation) }

    func gestureID(_ index: Int) -> htGestureId {
        htGestureId(
            index1: UInt32(index + 1), generation: gestures[index].generation, dispatcher0: slot,
            dispatcherGeneration: generation)
    }

    /// After the world was created or reloaded: re-reads its recognizers (old recognizer
    /// ids go stale) and starts a Swift dispatcher on its new store.
    func sync() {
        guard revision != world.revision || swift == nil else { return }
        revision = world.revision
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
        reset()
    }

    /// A Swift dispatcher with nothing in flight on the world's store; time carries on
    /// from the last call.
    func reset() {
        let d = Dispatcher(store: world.store, settings: settings)
        d.addHandler(_CallbackHandler(self))
        if lastTime.isFinite { d.flush(until: lastTime) }
        swift = d
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

    /// The C id of a recognizer of the Swift dispatcher: its slot, made on first sight
    /// for a scroll view's built-in recognizers (`rule-scroll-view-recognizers`), which
    /// the world's settings do not list (so `htGesture_*` calls refuse their ids).
    func gestureID(_ key: GestureKey) -> htGestureId? {
        // A call's events name the same few recognizers again and again: the slot found
        // last is tried first (a live slot's name and view are unique among slots).
        let m = lastFound
        if m < gestures.count, gestures[m].view == key.view, gestures[m].name == key.name {
            return gestureID(m)
        }
        if let i = gestureByName[key.name], gestures[i].view == key.view {
            lastFound = i
            return gestureID(i)
        }
        guard key.name.hasSuffix(".panGestureRecognizer") || key.name.hasSuffix(".pinchGestureRecognizer"),
            world.store.isValid(key.view)
        else { return nil }
        if let i = gestures.firstIndex(where: { $0.name == key.name && $0.view == key.view }) {
            return gestureID(i)
        }
        let i = addSlot(key.name, key.view)
        return gestureID(i)
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
func _dispatcher(_ d: htDispatcherId, _ f: _CFunction) throws(_CError) -> _CDispatcher {
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
func _gesture(_ g: htGestureId, _ f: _CFunction, _ argument: String = "gesture") throws(_CError)
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
func _view(_ v: htViewId, of d: _CDispatcher, _ f: _CFunction) throws(_CError) -> ViewHandle {
    try _view(v, in: d.world, f, "view")
}
