import CHitTestShim
import HitTestDispatch
import HitTestScene
@_spi(Tables) import HitTestStore

// The table of dispatchers behind `htDispatcherId`, and each dispatcher's table of
// recognizers behind `htGestureId`. Each C dispatcher runs one Swift `Dispatcher` on its
// world's store itself: the host's changes to the world are the dispatcher's world. Every
// dispatch rule is the Swift `Dispatcher`'s; this file only names things.

/// What a recognizer id names: the recognizer's name and the view it is attached to.
struct _GestureSlot {
    var name: String
    var view: ViewHandle
}

/// What a C dispatcher's calls change: the Swift dispatcher on the world's store, its
/// recognizer ids, and the events of the last call. Read on every feed and every event,
/// so it is held unchecked (`_Unchecked`, whose rule it keeps: one thread uses a C
/// dispatcher at a time).
struct _CDispatcherState {
    var settings: DispatchSettings
    /// The world's revision the recognizer table and the Swift dispatcher belong to.
    var revision: UInt16 = 0
    var gestures = _IDPool<UInt32, _GestureSlot>()
    var gestureByName: [String: Int] = [:]
    /// The slot `gestureID(_:)` found last.
    fileprivate var lastFound = 0
    /// The latest time fed or advanced to (frames may not come before it).
    var lastTime = -Double.infinity
    var callbacks = htDispatchCallbacks()
    /// The touches of a call, kept with their capacity.
    var inputs: [TouchInput] = []
    var nextGestureNumber = 1
}

/// A C dispatcher: its world and the state its calls change.
final class _CDispatcher {
    let world: _CWorld
    let worldID: htWorldId
    let slot: UInt16
    let generation: UInt16
    let events = _Unchecked(_EventBuffer())
    let state: _Unchecked<_CDispatcherState>
    /// The Swift dispatcher, on `world.store` (made anew when the world is reloaded, or
    /// on `htDispatcher_Reset`). In a holder of its own, not in `state`: a call on it
    /// borrows it for the call's length, during which its handler's callbacks change
    /// `state`.
    private let current = _Unchecked<Dispatcher?>(nil)
    /// The Swift dispatcher's hit-test memory, kept across resets and reserved before
    /// each call that can hit-test (`_run`), for the world's reserved depth.
    let scratch = QueryScratch(unreserved: ())

    init(
        world: _CWorld, worldID: htWorldId, slot: UInt16, generation: UInt16,
        settings: DispatchSettings
    ) {
        self.world = world
        self.worldID = worldID
        self.slot = slot
        self.generation = generation
        state = _Unchecked(_CDispatcherState(settings: settings))
        sync()
    }

    var id: htDispatcherId { htDispatcherId(index1: slot + 1, generation: generation) }

    /// The Swift dispatcher (see `current`).
    var swift: Dispatcher {
        _read { yield current.value! }
    }

    func gestureID(_ index: Int) -> htGestureId {
        htGestureId(
            index1: UInt32(index + 1), generation: state.value.gestures.generation(of: index),
            dispatcher0: slot, dispatcherGeneration: generation)
    }

    /// After the world was created or reloaded: re-reads its recognizers (old recognizer
    /// ids go stale) and starts a Swift dispatcher on its new store.
    func sync() {
        guard state.value.revision != world.revision || current.value == nil else { return }
        state.value.revision = world.revision
        state.value.gestures.removeAll()
        state.value.gestureByName = [:]
        let store = world.store
        var stack = store.windows
        while let h = stack.popLast() {
            for g in store.definition(of: h).events.gestures
            where state.value.gestureByName[g.id] == nil {
                _ = addSlot(g.id, h)
            }
            stack.append(contentsOf: store.subviews(of: h))
        }
        reset()
    }

    /// A Swift dispatcher with nothing in flight on the world's store; time carries on
    /// from the last call.
    func reset() {
        let d = Dispatcher(store: world.store, settings: state.value.settings, scratch: scratch)
        d.addHandler(_CallbackHandler(self))
        let t = state.value.lastTime
        if t.isFinite { d.flush(until: t) }
        current.value = d
    }

    func addSlot(_ name: String, _ view: ViewHandle) -> Int {
        let i = state.value.gestures.insert { _, _ in _GestureSlot(name: name, view: view) }!
        state.value.gestureByName[name] = i
        return i
    }

    /// Whether the slot's recognizer is still on its view in the world.
    func isLive(_ i: Int) -> Bool {
        guard let g = state.value.gestures[i], world.store.isValid(g.view) else { return false }
        return world.store.definition(of: g.view).events.gestures.contains { $0.id == g.name }
    }

    /// Frees a slot whose recognizer is gone.
    func free(_ i: Int) {
        if let g = state.value.gestures[i], state.value.gestureByName[g.name] == i {
            state.value.gestureByName[g.name] = nil
        }
        state.value.gestures.remove(at: i)
    }

    /// The scroll view whose built-in recognizer is named `name` (its view's id, then
    /// `.panGestureRecognizer` or `.pinchGestureRecognizer`), if it has that recognizer now.
    func builtInRecognizerView(_ name: String) -> ViewHandle? {
        guard let dot = name.lastIndex(of: "."),
            let view = world.store.view(withID: String(name[..<dot])),
            swift.hasBuiltInRecognizer(name, on: view)
        else { return nil }
        return view
    }

    /// The C id of a recognizer of the Swift dispatcher: its slot, made on first sight
    /// for a scroll view's built-in recognizers (`rule-scroll-view-recognizers`), which
    /// the world's settings do not list (so `htGesture_*` calls refuse their ids).
    func gestureID(_ key: GestureKey) -> htGestureId? {
        // A call's events name the same few recognizers again and again: the slot found
        // last is tried first (a live slot's name and view are unique among slots).
        let m = state.value.lastFound
        if let g = state.value.gestures[m], g.view == key.view, g.name == key.name {
            return gestureID(m)
        }
        if let i = state.value.gestureByName[key.name], state.value.gestures[i]?.view == key.view {
            state.value.lastFound = i
            return gestureID(i)
        }
        guard
            key.name.hasSuffix(".panGestureRecognizer")
                || key.name.hasSuffix(".pinchGestureRecognizer"),
            world.store.isValid(key.view)
        else { return nil }
        if let i = state.value.gestures.firstSlot(where: {
            $0.name == key.name && $0.view == key.view
        }) {
            return gestureID(i)
        }
        let i = addSlot(key.name, key.view)
        return gestureID(i)
    }
}

/// Up to `HT_MAX_DISPATCHERS` dispatchers.
struct _DispatcherTable: ~Copyable {
    var dispatchers = _IDPool<UInt16, _CDispatcher>(limit: Int(HT_MAX_DISPATCHERS))
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
        t.dispatchers.value(at: Int(d.index1) - 1, generation: d.generation)
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
    guard d.state.value.gestures.value(at: i, generation: g.generation) != nil, d.isLive(i) else {
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
