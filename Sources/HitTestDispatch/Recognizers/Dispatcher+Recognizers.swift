import HitTestScene
import HitTestStore

/// The recognizers the dispatcher has met: made when a touch or the pointer first reaches
/// one (`Dispatcher.meet`), retired once it is `possible` again with no touches, nothing
/// held and no timer (`Dispatcher.retireIdle`). So the table holds what is in flight, not
/// every recognizer of the world, and a recognizer's settings stay with its view.
struct _RecognizerPool: Sequence {
    private var slots: [_Recognizer?] = []
    private var free: [Int] = []
    /// Every member, in rank order.
    private(set) var ranked: [RecognizerID] = []
    /// Member by view and id, kept only while there are more than `scanLimit` members:
    /// fewer are found faster by a scan than by hashing the key (`member(_:)`).
    private var byKey: [GestureKey: RecognizerID] = [:]
    private static let scanLimit = 8
    /// The member an id names, for `requireToFail` and the other lists of ids: the first
    /// met when ids repeat across views, and when that one is retired, the first of the
    /// others in rank order. Like `byKey`, a dictionary only past `scanLimit` members;
    /// below it, `namedFew` holds the named members (one per id) and is scanned.
    private var byName: [String: RecognizerID] = [:]
    private var namedFew: [RecognizerID] = []
    /// Retired members kept for the next recognizers met (`make`).
    private var spares = _Spares<_Recognizer>()

    @inline(__always) subscript(id: RecognizerID) -> _Recognizer { slots[id.index]! }

    var isEmpty: Bool { ranked.isEmpty }

    /// The member attached to the key's view with the key's id; nil if none.
    func member(_ key: GestureKey) -> RecognizerID? {
        if ranked.count > Self.scanLimit { return byKey[key] }
        for id in ranked {
            let r = self[id]
            if r.view == key.view && r.gesture.id == key.name { return id }
        }
        return nil
    }

    /// The member `name` names (see `byName`); nil if none.
    func named(_ name: String) -> RecognizerID? {
        if ranked.count > Self.scanLimit { return byName[name] }
        for id in namedFew where self[id].gesture.id == name { return id }
        return nil
    }

    /// Whether the id names a member now.
    func contains(_ id: RecognizerID) -> Bool { id.index < slots.count && slots[id.index] != nil }

    /// The next free id.
    private mutating func nextID() -> RecognizerID {
        if let i = free.popLast() { return RecognizerID(i) }
        slots.append(nil)
        return RecognizerID(slots.count - 1)
    }

    /// A recognizer for the next free id, not yet a member (`insert`): a retired one
    /// renewed when nothing else holds it, else a new one.
    mutating func make(
        gesture: SceneGesture, view: ViewHandle, viewID: String, depth: Int, slot: Int,
        scrollView: ViewHandle?
    ) -> _Recognizer {
        let id = nextID()
        if let r = spares.take() {
            r.renew(
                gesture: gesture, view: view, viewID: viewID, depth: depth, slot: slot, id: id,
                scrollView: scrollView)
            return r
        }
        return _Recognizer(
            gesture: gesture, view: view, viewID: viewID, depth: depth, slot: slot, id: id,
            scrollView: scrollView)
    }

    /// Adds a member at its place in rank order (`before` orders two members).
    mutating func insert(_ r: _Recognizer, before: (_Recognizer, _Recognizer) -> Bool) {
        slots[r.id.index] = r
        var lo = 0
        var hi = ranked.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if before(self[ranked[mid]], r) { lo = mid + 1 } else { hi = mid }
        }
        ranked.insert(r.id, at: lo)
        for k in lo..<ranked.count { self[ranked[k]].rank = k }
        if ranked.count == Self.scanLimit + 1 {
            for id in ranked { byKey[self[id].key] = id }
            for id in namedFew { byName[self[id].gesture.id] = id }
            namedFew.removeAll(keepingCapacity: true)
        } else if ranked.count > Self.scanLimit {
            byKey[r.key] = r.id
        }
        let name = r.gesture.id
        if ranked.count > Self.scanLimit {
            if byName[name] == nil { byName[name] = r.id }
        } else if !namedFew.contains(where: { self[$0].gesture.id == name }) {
            namedFew.append(r.id)
        }
    }

    mutating func remove(_ id: RecognizerID) {
        let r = self[id]
        ranked.remove(at: r.rank)
        for k in r.rank..<ranked.count { self[ranked[k]].rank = k }
        if ranked.count == Self.scanLimit {
            byKey.removeAll(keepingCapacity: true)
        } else if ranked.count > Self.scanLimit {
            byKey[r.key] = nil
        }
        // The id passes to the first of the others in rank order, if any.
        let name = r.gesture.id
        let wasIndexed = ranked.count + 1 > Self.scanLimit
        if wasIndexed {
            if byName[name] == id { byName[name] = ranked.first { self[$0].gesture.id == name } }
            if ranked.count == Self.scanLimit {
                namedFew.append(contentsOf: byName.values)
                byName.removeAll(keepingCapacity: true)
            }
        } else if let k = namedFew.firstIndex(of: id) {
            if let next = ranked.first(where: { self[$0].gesture.id == name }) {
                namedFew[k] = next
            } else {
                namedFew.remove(at: k)
            }
        }
        spares.keep(r)
        slots[id.index] = nil
        free.append(id.index)
    }

    /// The number of ids handed out so far, members or free: the length of every
    /// per-member column (the arena's included).
    var idCount: Int { slots.count }

    /// What is wrong with the table (empty when nothing): each member sits at its rank,
    /// members and free ids are disjoint and cover every id, and the lookups by key and
    /// by name give members with that key and name.
    func violations() -> [String] {
        var out: [String] = []
        for (k, id) in ranked.enumerated() {
            guard let r = slots[id.index] else {
                out.append("recognizer \(id): ranked but not a member")
                continue
            }
            if r.rank != k { out.append("recognizer \(id): rank \(r.rank) at place \(k)") }
            if r.id != id { out.append("recognizer \(id): holds id \(r.id)") }
        }
        let memberCount = slots.count { $0 != nil }
        if memberCount != ranked.count {
            out.append("recognizers: \(memberCount) members, \(ranked.count) ranked")
        }
        for i in free where slots[i] != nil { out.append("recognizer \(i): free and a member") }
        if memberCount + free.count != slots.count {
            out.append(
                "recognizers: \(memberCount) members and \(free.count) free of \(slots.count) ids")
        }
        if ranked.count > Self.scanLimit {
            for id in ranked where byKey[self[id].key] != id {
                out.append("recognizer \(id): not found by its key")
            }
        }
        for (name, id) in byName where !contains(id) || self[id].gesture.id != name {
            out.append("recognizer named \(name): \(id) is not a member with that id")
        }
        for id in namedFew where !contains(id) {
            out.append("recognizer \(id): named but not a member")
        }
        return out
    }

    /// The members in rank order (allocates nothing). It holds the two lists it reads,
    /// not the whole pool: a loop over the members then counts two references, not one
    /// for every table of the pool.
    struct Iterator: IteratorProtocol {
        let slots: [_Recognizer?]
        let ranked: [RecognizerID]
        var k = 0

        mutating func next() -> _Recognizer? {
            guard k < ranked.count else { return nil }
            defer { k += 1 }
            return slots[ranked[k].index]
        }
    }

    func makeIterator() -> Iterator { Iterator(slots: slots, ranked: ranked) }
}

extension Dispatcher {
    /// The recognizers attached to a view, in order: a scroll view's built-in ones
    /// (`rule-scroll-view-recognizers`), then those its settings list. Returns whether
    /// the view is a scroll view.
    @discardableResult
    func forEachAttached(to view: ViewHandle, _ body: (SceneGesture, Int) -> Void) -> Bool {
        var slot = 0
        let scroll = scrollSettings(of: view)
        if let s = scroll {
            for g in _ScrollViews.builtInGestures(viewID: world.id(of: view), s) {
                body(g, slot)
                slot += 1
            }
        }
        for g in world.gestures(of: view) {
            body(g, slot)
            slot += 1
        }
        return scroll != nil
    }

    /// The first recognizer with this id attached to the view now, in the order of
    /// `forEachAttached`; nil if none. Only an id with a built-in recognizer's suffix is
    /// looked for among a scroll view's built-in recognizers: the suffix is checked first,
    /// since it rules out most ids without asking the world anything.
    func attached(_ id: String, on view: ViewHandle) -> SceneGesture? {
        if id.hasSuffix(".panGestureRecognizer") || id.hasSuffix(".pinchGestureRecognizer"),
            let s = scrollSettings(of: view),
            let g = _ScrollViews.builtInGestures(viewID: world.id(of: view), s).first(where: {
                $0.id == id
            })
        {
            return g
        }
        return world.gestures(of: view).first { $0.id == id }
    }

    /// Whether `view` has, now, the scroll view built-in recognizer `id`
    /// (`rule-scroll-view-recognizers`): its `panGestureRecognizer`, or its
    /// `pinchGestureRecognizer` when it zooms. A host finds these by name to answer for them,
    /// as a UIKit app reads `scrollView.panGestureRecognizer`.
    public func hasBuiltInRecognizer(_ id: String, on view: ViewHandle) -> Bool {
        guard id.hasSuffix(".panGestureRecognizer") || id.hasSuffix(".pinchGestureRecognizer"),
            world.isLive(view), let s = scrollSettings(of: view)
        else { return false }
        return _ScrollViews.builtInGestures(viewID: world.id(of: view), s).contains { $0.id == id }
    }

    /// The view's scroll view settings when it is a scroll view (`rule-scroll-view-identity`).
    func scrollSettings(of view: ViewHandle) -> SceneScrollView? {
        if let s = world.scrollViewSettings(of: view) { return s }
        return world.classTraits(of: view).isScrollView ? SceneScrollView() : nil
    }

    /// The member for a recognizer attached to `view`, made now if no touch has reached it
    /// since it was last retired.
    func meet(_ g: SceneGesture, slot: Int, on view: ViewHandle, depth: Int) -> _Recognizer {
        if let id = inFlight.recognizers.member(GestureKey(view: view, name: g.id)) {
            return inFlight.recognizers[id]
        }
        let viewID = world.id(of: view)
        let isPan = scrollSettings(of: view) != nil && g.id == SceneScrollView.panID(of: viewID)
        let r = inFlight.recognizers.make(
            gesture: g, view: view, viewID: viewID, depth: depth, slot: slot,
            scrollView: isPan ? view : nil)
        inFlight.arena.admit(r.id)
        inFlight.recognizers.insert(r) { a, b in ranksBefore(a, b) }
        return r
    }

    /// Delivery rank (`rule-recognizer-delivery-order`): deeper views first, then views in
    /// pre-order, then in the order attached.
    func ranksBefore(_ a: _Recognizer, _ b: _Recognizer) -> Bool {
        if a.depth != b.depth { return a.depth > b.depth }
        if a.view != b.view {
            guard world.isLive(a.view), world.isLive(b.view) else {
                return a.view.index < b.view.index
            }
            return world.precedes(a.view, b.view)
        }
        return a.slot < b.slot
    }

    /// Retires the members that are `possible` with no touches and no held attempt, and
    /// that no held attempt waits on: they carry nothing a later frame needs, and are met
    /// afresh when a touch reaches them.
    /// Whether a member carries nothing a later frame needs: `possible` with no touches,
    /// no held attempt, and no held attempt waiting on it. `retireIdle` retires these.
    func isIdle(_ r: _Recognizer) -> Bool {
        r.touches.isEmpty && inFlight.arena.state(of: r.id) == .possible
            && !inFlight.arena.isWaiting(r.id)
            && !inFlight.arena.isAwaited(r.id, among: inFlight.recognizers.ranked)
    }

    func retireIdle() {
        var idle = inFlight.scratch.take(\.idle)
        defer { inFlight.scratch.give(idle, \.idle) }
        for r in inFlight.recognizers where isIdle(r) { idle.append(r.id) }
        for id in idle {
            inFlight.timers.removeAll(of: id)
            if let v = inFlight.recognizers[id].scrollView { inFlight.scrolling.drags[v] = nil }
            inFlight.recognizers.remove(id)
        }
    }

    /// The world changed between frames (`rule-live-world`): members whose view left the
    /// world, or whose recognizer was removed from its view, disabled, or replaced by one
    /// of another kind, are cancelled when they are in progress and fail when still
    /// possible; the others take their view's settings as they are now. Touches bound to
    /// a view that left the world are cancelled for it. Runs before each frame and timer.
    func followWorld(at t: Double) {
        if inFlight.recognizers.isEmpty && inFlight.records.isEmpty { return }
        var gone: [(recognizer: RecognizerID, wish: _Wish)] = []
        for r in inFlight.recognizers {
            let current = world.isLive(r.view) ? attached(r.gesture.id, on: r.view) : nil
            if let g = current, g.enabled, g.kind == r.gesture.kind {
                r.gesture = g
                continue
            }
            // One with no touches has nothing to end: it is retired below.
            let state = inFlight.arena.state(of: r.id)
            if state.isInProgress {
                gone.append((r.id, .cancel))
            } else if state == .possible && !r.touches.isEmpty {
                gone.append((r.id, .fail))
            }
        }
        if !gone.isEmpty { resolve(gone, at: t) }
        let cancelled = cancelTouchesOfRemovedViews(at: t)
        if !gone.isEmpty || cancelled { settle(at: t) }
    }
}
