import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

/// One column of the recognizer table: a value for every id handed out, members and free
/// ids alike, reached by `RecognizerID` only.
struct _RecognizerColumn<Value>: ~Copyable {
    private(set) var values = HostList<Value>()

    @inline(__always) subscript(id: RecognizerID) -> Value {
        _read { yield values[id.index] }
        _modify { yield &values[id.index] }
    }

    var count: Int { values.count }

    /// A value for the next id (the table grows every column together).
    fileprivate mutating func append(_ value: Value) { values.append(value) }
}

/// The recognizers the dispatcher has met, with their arena entries: one row per
/// `RecognizerID`, stored as columns of one length. A row is made when a touch or the
/// pointer first reaches a recognizer (`add`), and freed once it is `possible` again with
/// no touches, nothing held and no timer (`Dispatcher.retireIdle`); a freed id is handed
/// out again, its lists emptied with their capacity kept, so that meeting a recognizer
/// again allocates none of them. So the table holds what is in flight, not every
/// recognizer of the world, and a recognizer's settings stay with its view.
///
/// Values, not objects: `_DispatchState` holds the table in one field and every read and
/// change goes through it, under the rule that state's doc gives. The arena's verbs
/// (`GestureArena.swift`) decide the `states`, `held` and `waitsOn` columns.
struct _RecognizerTable: ~Copyable {
    // Membership.

    /// Whether the id names a member now; the others are free (`free`).
    private(set) var isMember = _RecognizerColumn<Bool>()
    /// Free ids, handed out again before new ones.
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

    // What a member is: its view's recognizer when it was met.

    /// The settings of the recognizer attached to its view, read again at every frame
    /// (`Dispatcher.followWorld`), so that the host's changes take effect.
    var gesture = _RecognizerColumn<SceneGesture>()
    /// The view it is attached to, and that view's id when the recognizer was met.
    private(set) var view = _RecognizerColumn<ViewHandle>()
    private(set) var viewID = _RecognizerColumn<String>()
    /// The view's depth and the recognizer's place among those attached to it, when it
    /// was met: with the view's pre-order place they give its rank.
    private(set) var depth = _RecognizerColumn<Int>()
    private(set) var slot = _RecognizerColumn<Int>()
    /// Set when it is a scroll view's built-in pan: that scroll view.
    private(set) var scrollView = _RecognizerColumn<ViewHandle?>()

    // What a member did since it last reset.

    /// Its position in `ranked`: delivery order (`rule-recognizer-delivery-order`:
    /// deepest view first, then pre-order of the view, then in the order attached).
    private(set) var rank = _RecognizerColumn<Int>()
    /// Every touch taken since the last reset, in the order taken.
    var touches = _RecognizerColumn<[TouchID]>()
    /// Those still down.
    var down = _RecognizerColumn<[TouchID]>()
    /// Bumped to drop pending timers: a timer fires only for the generation it names.
    var timerGeneration = _RecognizerColumn<Int>()
    /// The kind's logic for the current attempt.
    var logic = _RecognizerColumn<_KindLogic>()
    /// Its touches' location after the last change delivered to it
    /// (`GestureReport.location`, `Dispatcher.followTouches(of:serial:down:frame:)`); nil
    /// until it has seen one.
    var location = _RecognizerColumn<Point?>()

    // The arena's (`GestureArena.swift`).

    /// Each member's state.
    var states = _RecognizerColumn<GestureState>()
    /// The attempt a member holds while it waits on its failure requirements; nil when
    /// it does not wait.
    var held = _RecognizerColumn<_Wish?>()
    /// The members the held (or current) attempt waits for to fail, in rank order, as
    /// decided when that attempt began (`rule-recognizer-failure-requirements-at-run-time`).
    var waitsOn = _RecognizerColumn<[RecognizerID]>()

    var isEmpty: Bool { ranked.isEmpty }

    /// The number of ids handed out so far, members or free: the length of every column.
    var idCount: Int { isMember.count }

    /// Whether the id names a member now.
    @inline(__always) func contains(_ id: RecognizerID) -> Bool {
        id.index < isMember.count && isMember[id]
    }

    /// Where a member lives: its view and its id.
    func key(of id: RecognizerID) -> GestureKey { GestureKey(view: view[id], name: gesture[id].id) }

    /// The member attached to the key's view with the key's id; nil if none.
    func member(_ key: GestureKey) -> RecognizerID? {
        if ranked.count > Self.scanLimit { return byKey[key] }
        for id in ranked where view[id] == key.view && gesture[id].id == key.name { return id }
        return nil
    }

    /// The member `name` names (see `byName`); nil if none.
    func named(_ name: String) -> RecognizerID? {
        if ranked.count > Self.scanLimit { return byName[name] }
        for id in namedFew where gesture[id].id == name { return id }
        return nil
    }

    /// A row for a recognizer just met, under the next free id: `possible`, holding
    /// nothing, with a fresh kind. Not yet ranked (`rank(_:at:)`), so not yet a member.
    mutating func add(
        gesture g: SceneGesture, view v: ViewHandle, viewID vid: String, depth d: Int,
        slot s: Int, scrollView sv: ViewHandle?
    ) -> RecognizerID {
        guard let i = free.popLast() else {
            let id = RecognizerID(idCount)
            isMember.append(false)
            gesture.append(g)
            view.append(v)
            viewID.append(vid)
            depth.append(d)
            slot.append(s)
            scrollView.append(sv)
            rank.append(0)
            touches.append([])
            down.append([])
            timerGeneration.append(0)
            logic.append(_KindLogic(g.kind))
            location.append(nil)
            states.append(.possible)
            held.append(nil)
            waitsOn.append([])
            return id
        }
        let id = RecognizerID(i)
        gesture[id] = g
        view[id] = v
        viewID[id] = vid
        depth[id] = d
        slot[id] = s
        scrollView[id] = sv
        rank[id] = 0
        // Emptied only when not empty: `removeAll(keepingCapacity:)` takes the general
        // range replacement even for an empty list.
        if !touches[id].isEmpty { touches[id].removeAll(keepingCapacity: true) }
        if !down[id].isEmpty { down[id].removeAll(keepingCapacity: true) }
        timerGeneration[id] = 0
        logic[id] = _KindLogic(g.kind)
        location[id] = nil
        states[id] = .possible
        held[id] = nil
        waitsOn[id] = []
        return id
    }

    /// Where a row just added goes in rank order: `before` orders two rows (it may read
    /// the table, which this only reads).
    func place(of id: RecognizerID, before: (RecognizerID, RecognizerID) -> Bool) -> Int {
        var lo = 0
        var hi = ranked.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if before(ranked[mid], id) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Makes a row just added a member, at `place` in rank order (`place(of:before:)`).
    mutating func rank(_ id: RecognizerID, at place: Int) {
        isMember[id] = true
        ranked.insert(id, at: place)
        for k in place..<ranked.count { rank[ranked[k]] = k }
        if ranked.count == Self.scanLimit + 1 {
            for m in ranked { byKey[key(of: m)] = m }
            for m in namedFew { byName[gesture[m].id] = m }
            namedFew.removeAll(keepingCapacity: true)
        } else if ranked.count > Self.scanLimit {
            byKey[key(of: id)] = id
        }
        let name = gesture[id].id
        if ranked.count > Self.scanLimit {
            if byName[name] == nil { byName[name] = id }
        } else if !namedFew.contains(where: { gesture[$0].id == name }) {
            namedFew.append(id)
        }
    }

    /// Retires a member: its id is free for the next recognizer met.
    mutating func remove(_ id: RecognizerID) {
        let r = rank[id]
        ranked.remove(at: r)
        for k in r..<ranked.count { rank[ranked[k]] = k }
        if ranked.count == Self.scanLimit {
            byKey.removeAll(keepingCapacity: true)
        } else if ranked.count > Self.scanLimit {
            byKey[key(of: id)] = nil
        }
        // The id passes to the first of the others in rank order, if any.
        let name = gesture[id].id
        let wasIndexed = ranked.count + 1 > Self.scanLimit
        if wasIndexed {
            if byName[name] == id { byName[name] = ranked.first { gesture[$0].id == name } }
            if ranked.count == Self.scanLimit {
                namedFew.append(contentsOf: byName.values)
                byName.removeAll(keepingCapacity: true)
            }
        } else if let k = namedFew.firstIndex(of: id) {
            if let next = ranked.first(where: { gesture[$0].id == name }) {
                namedFew[k] = next
            } else {
                namedFew.remove(at: k)
            }
        }
        isMember[id] = false
        free.append(id.index)
    }

    /// Back to `possible` with nothing taken, a fresh kind, no pending timer and nothing
    /// held: once all its touches have ended and it has nothing pending.
    mutating func reset(_ id: RecognizerID) {
        if !touches[id].isEmpty { touches[id].removeAll(keepingCapacity: true) }
        if !down[id].isEmpty { down[id].removeAll(keepingCapacity: true) }
        timerGeneration[id] += 1
        logic[id] = _KindLogic(gesture[id].kind)
        location[id] = nil
        states[id] = .possible
        held[id] = nil
        waitsOn[id] = []
    }

    /// Whether `a` allows recognizing together with `b` by the scene's settings (either
    /// side lists the other).
    func allowsSimultaneous(_ a: RecognizerID, _ b: RecognizerID) -> Bool {
        gesture[a].simultaneousWith.contains(gesture[b].id)
            || gesture[b].simultaneousWith.contains(gesture[a].id)
    }

    /// Whether the two took a touch in common since they last reset.
    func shareTouches(_ a: RecognizerID, _ b: RecognizerID) -> Bool {
        touches[a].contains { touches[b].contains($0) }
    }

    /// The length of every column but `isMember`, in the order declared.
    private var columnLengths: [Int] {
        [
            gesture.count, view.count, viewID.count, depth.count, slot.count, scrollView.count,
            rank.count, touches.count, down.count, timerGeneration.count, logic.count,
            location.count, states.count, held.count, waitsOn.count,
        ]
    }

    /// Whether every column has `idCount` entries, one per id handed out.
    var columnsHaveOneLength: Bool { columnLengths.allSatisfy { $0 == idCount } }

    /// What is wrong with the table (empty when nothing): its columns have one length,
    /// each member sits at its rank, members and free ids are disjoint and cover every
    /// id, the lookups by key and by name give members with that key and name, and only
    /// a `possible` member holds an attempt.
    func violations() -> [String] {
        var out: [String] = []
        let n = idCount
        guard columnsHaveOneLength else {
            return ["recognizers: columns of \(n) ids and of \(columnLengths)"]
        }
        for (k, id) in ranked.enumerated() {
            guard contains(id) else {
                out.append("recognizer \(id): ranked but not a member")
                continue
            }
            if rank[id] != k { out.append("recognizer \(id): rank \(rank[id]) at place \(k)") }
        }
        let memberCount = isMember.values.indices.count { isMember.values[$0] }
        if memberCount != ranked.count {
            out.append("recognizers: \(memberCount) members, \(ranked.count) ranked")
        }
        for i in free where isMember.values[i] { out.append("recognizer \(i): free and a member") }
        if memberCount + free.count != n {
            out.append("recognizers: \(memberCount) members and \(free.count) free of \(n) ids")
        }
        if ranked.count > Self.scanLimit {
            for id in ranked where byKey[key(of: id)] != id {
                out.append("recognizer \(id): not found by its key")
            }
        }
        for (name, id) in byName where !contains(id) || gesture[id].id != name {
            out.append("recognizer named \(name): \(id) is not a member with that id")
        }
        for id in namedFew where !contains(id) {
            out.append("recognizer \(id): named but not a member")
        }
        for id in ranked where held[id] != nil && states[id] != .possible {
            out.append("recognizer \(id): holds an attempt while \(states[id])")
        }
        return out
    }
}
