import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

/// Event dispatch as UIKit does it (`rule-touch-frame-steps`): the host feeds input frames;
/// the dispatcher hit-tests each touch once when it begins, drives gesture recognizers,
/// delivers touch messages along responder chains, runs controls, and logs everything
/// that happens, in order.
///
/// It runs on a live world: a `ViewStore` the host keeps changing between frames
/// (`init(store:)`), or a scene and any engine that hit-tests it
/// (`init(scene:hitTesting:)`; HitTestBridge's `init(scene:engine:)` builds one). Nothing
/// is copied: a touch that begins is hit-tested against the views as they are, and each
/// view's recognizers, control, touch handling, scroll view and `next` override are read
/// from the view when a touch or the pointer reaches it, so that adding, removing,
/// moving and reordering views and changing their settings take effect on the next
/// frame (`rule-live-world`).
///
/// ```swift
/// let d = Dispatcher(store: store)
/// d.onGestureAction("tapA") { info in print(info.state) }
/// try d.feed(InputFrame(time: 0, touches: [TouchInput(id: 1, phase: .began, location: p)]))
/// try d.feed(InputFrame(time: 0.08, touches: [TouchInput(id: 1, phase: .ended, location: p)]))
/// d.flush()                                              // fire the remaining timers
/// print(d.log.text)
/// ```
///
/// Time passes only through frame timestamps and `flush(until:)`. A frame costs one hit
/// test per beginning touch plus work linear in the recognizers and responders that the
/// changed touches reach; a pointer move costs one hit test plus the hover recognizers
/// on its chain. Nothing is linear in the size of the world. Not thread-safe: feed it
/// from one thread, and change the store between calls, not during one.
public final class Dispatcher {
    let world: any _DispatchWorld
    /// The tap timings and distances this dispatcher uses.
    public let settings: DispatchSettings
    /// What is in flight: touches, recognizers, timers, the log, the host's handlers.
    let inFlight: _DispatchState
    /// Everything that happened, in order.
    public var log: [DispatchLogEntry] {
        inFlight.logsToHooks ? inFlight.hookLog.array : inFlight.log
    }
    /// For each entry of `log`, the view it is about (null for a responder that is not a
    /// view).
    package var logViews: [ViewHandle] { inFlight.logViews.array }
    /// Where the pointer is, when there is one (`rule-recognizer-hover`).
    public var pointer: Point? { inFlight.pointer }

    init(world: any _DispatchWorld, settings: DispatchSettings) {
        self.world = world
        self.settings = settings
        self.inFlight = _DispatchState(logsToHooks: false)
    }

    /// A dispatcher on a store the host keeps and changes between frames. `useIndexes`
    /// picks the walk that answers hit tests (`Engine.bvh` with them, `Engine.flat`
    /// without). The store is shared, not copied: scrolling moves its scroll views'
    /// bounds origins, and a control's value change is written to its view's settings.
    public init(store: ViewStore, useIndexes: Bool = true, settings: DispatchSettings = .default) {
        self.world = _StoreWorld(store: store, useIndexes: useIndexes)
        self.settings = settings
        self.inFlight = _DispatchState(logsToHooks: false)
    }

    /// A dispatcher on a store whose hit tests use `scratch`, which the caller reserves
    /// for the store's depth before each call, and whose log is kept in the host's
    /// allocator hooks and read by `moveLog`: the C API's, so that a refusal of the host's
    /// allocator is an error before the call changes anything, and the tables a host's
    /// frames fill are counted by `htGetByteCount`.
    package init(store: ViewStore, settings: DispatchSettings, scratch: QueryScratch) {
        self.world = _StoreWorld(store: store, useIndexes: true, scratch: scratch)
        self.settings = settings
        self.inFlight = _DispatchState(logsToHooks: true)
    }

    /// A dispatcher over a scene and an engine built from that same scene (a host's own
    /// engine, or one of HitTestBridge's `Engine.makeHitTester(scene:)`), which it asks by
    /// view id.
    public convenience init(
        scene: Scene, hitTesting: any HitTestable, settings: DispatchSettings = .default
    ) {
        self.init(world: _SceneWorld(scene: scene, engine: hitTesting), settings: settings)
    }

    /// The store this dispatcher runs on; nil for one built on another engine.
    public var store: ViewStore? { (world as? _StoreWorld)?.store }

    /// The touches that are down now (UIEvent's `allTouches`), in the order they began.
    public var activeTouches: [Touch] {
        inFlight.records.values.indices.compactMap {
            inFlight.records.values[$0].isDown ? inFlight.records.values[$0].touch : nil
        }
    }

    /// A recognizer's state and report; nil when no view has a recognizer with this id.
    /// One that no touch has reached since it last reset is `possible`, with no touches.
    /// O(1) for a recognizer touches have reached, else a walk of the world.
    public func gesture(_ id: String) -> GestureInfo? {
        if let r = inFlight.recognizers.named(id) { return info(of: r) }
        var found: GestureInfo?
        world.forEachView { v in
            found = gesture(GestureKey(view: v, name: id))
            return found == nil
        }
        return found
    }

    /// A recognizer by its view and id (ids may repeat across a store's views); nil when
    /// the view has no recognizer with this id. O(the recognizers on the view).
    package func gesture(_ key: GestureKey) -> GestureInfo? {
        if let r = inFlight.recognizers.member(key) { return info(of: r) }
        guard world.isLive(key.view) else { return nil }
        var found: GestureInfo?
        forEachAttached(to: key.view) { g, _ in
            if found == nil && g.id == key.name {
                found = GestureInfo(
                    id: g.id, view: world.id(of: key.view), kind: g.kind.name, state: .possible,
                    touches: [], report: _KindLogic(g.kind).report)
            }
        }
        return found
    }

    /// Appends to the log, with the view the entry is about.
    @inline(__always) func emit(_ entry: DispatchLogEntry, _ view: ViewHandle) {
        if inFlight.logsToHooks {
            inFlight.hookLog.append(entry)
        } else {
            inFlight.log.append(entry)
        }
        inFlight.logViews.append(view)
    }
}
