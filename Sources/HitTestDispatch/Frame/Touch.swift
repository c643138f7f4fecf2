import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

/// A touch as hosts see it (UITouch): bound at `began` to the view and window the hit
/// test found, for its whole life, even when it moves off the view.
public struct Touch: Hashable, Sendable {
    /// The host's id for the finger, as in its input frames.
    public var id: Int
    /// Its current phase.
    public var phase: TouchPhase
    /// The hit view's id; nil when the touch began where no window takes touches.
    public var view: String?
    /// The id of the window the hit test found the view in; nil with `view`.
    public var window: String?
    /// In screen coordinates, now.
    public var location: Point
    /// In screen coordinates, at the frame before (`location` at `began`).
    public var previousLocation: Point
    /// 1, or one more than the previous touch's when it continues a tap sequence
    /// (`rule-touch-tap-count`).
    public var tapCount: Int
    /// When it began.
    public var beganAt: Double
    /// The recognizers that took it, in delivery order.
    public var gestureRecognizers: [String]
}

/// The dispatcher's record of a touch: the host's view of it plus what delivery to the
/// view needs. Kept after the touch ends while a recognizer still holds a message for its
/// view or still counts it among its touches. A value, a row of the touch table: the
/// dispatcher reads and changes it in place through `_DispatchState`, by its place in the
/// table (`_TouchTable.index(of:)`), so that a read copies a field, not the whole record
/// (its touch, chain and lists).
struct _TouchRecord {
    var touch: Touch
    var startLocation: Point
    /// Order of beginning: the order held messages are released in.
    private(set) var serial: TouchID
    /// The view and window it is bound to (`touch.view`, `touch.window`).
    var viewHandle: ViewHandle?
    var windowHandle: ViewHandle?
    var isDown = true
    /// The view is never sent this touch (`multipleTouchEnabled`, `exclusiveTouch`).
    var excludedFromView = false
    /// The view has been sent `touchesBegan`.
    var viewSentBegan = false
    /// The view is sent nothing more (it was sent `touchesEnded` or `touchesCancelled`, or
    /// a recognizer took the touch).
    var viewDone = false
    /// Messages held back from the view by `delaysTouchesBegan` / `delaysTouchesEnded`, in
    /// order, each with the location it carried.
    var held: [(message: TouchMessage, location: Point, previous: Point)] = []
    /// The responder chain of the view, computed and resolved once at `began`.
    var chain: [_ChainLink] = []
    /// Its view took `touchesBegan` as an enabled control: every later message goes to the
    /// control alone, as a control's messages do, even once it is disabled.
    var toControl = false
    /// Control tracking: inside the tracking rect at the last message.
    var controlInside = true
    /// The recognizers that took it, in delivery order.
    var recognizers: [RecognizerID] = []

    init(touch: Touch, startLocation: Point, serial: TouchID) {
        self.touch = touch
        self.startLocation = startLocation
        self.serial = serial
    }

    /// Makes a forgotten record the record of a new touch: every field as `init` leaves
    /// it, the lists emptied with their capacity kept, so that a touch that begins after
    /// another was forgotten allocates none of them again. The new touch's list of
    /// recognizers is the old one's, emptied (a new touch has taken none yet).
    mutating func renew(touch: Touch, startLocation: Point, serial: TouchID) {
        var names = self.touch.gestureRecognizers
        self.touch = touch
        if !names.isEmpty { names.removeAll(keepingCapacity: true) }
        self.touch.gestureRecognizers = names
        self.startLocation = startLocation
        self.serial = serial
        viewHandle = nil
        windowHandle = nil
        isDown = true
        excludedFromView = false
        viewSentBegan = false
        viewDone = false
        // Emptied only when not empty: `removeAll(keepingCapacity:)` takes the general
        // range replacement even for an empty list.
        if !held.isEmpty { held.removeAll(keepingCapacity: true) }
        if !chain.isEmpty { chain.removeAll(keepingCapacity: true) }
        toControl = false
        controlInside = true
        if !recognizers.isEmpty { recognizers.removeAll(keepingCapacity: true) }
    }
}

/// The dispatcher's touch records in the order the touches began: a frame has a few, so a
/// scan finds one faster than a hash would, and iterating them needs no sort. A record's
/// place changes only when records are forgotten (`removeAll(where:)`, at the end of a
/// step) or a touch begins (`append`).
struct _TouchTable: ~Copyable {
    /// The records, changed in place by place (`values[k].isDown = false`).
    var values = HostList<_TouchRecord>()
    /// Forgotten records, kept with their lists for new touches
    /// (`record(for:startLocation:serial:)`); at most `spareLimit`.
    private var spares = HostList<_TouchRecord>()
    private static var spareLimit: Int { 8 }

    var isEmpty: Bool { values.isEmpty }

    /// The place of a touch's record; nil when it has been forgotten.
    @inline(__always) func index(of serial: TouchID) -> Int? {
        for k in values.indices where values[k].serial == serial { return k }
        return nil
    }

    /// A copy of a touch's record; nil when it has been forgotten. A copy retains every
    /// list the record holds: the steps of a frame read and change records in place by
    /// place (`index(of:)`) instead.
    subscript(serial: TouchID) -> _TouchRecord? {
        index(of: serial).map { values[$0] }
    }

    /// A record for a touch that begins: a forgotten one renewed when one is kept, else a
    /// new one. Not yet in the table (`append`).
    mutating func record(for touch: Touch, startLocation: Point, serial: TouchID) -> _TouchRecord {
        if var r = spares.popLast() {
            r.renew(touch: touch, startLocation: startLocation, serial: serial)
            return r
        }
        return _TouchRecord(touch: touch, startLocation: startLocation, serial: serial)
    }

    /// Adds the record of a touch that just began (serials only grow).
    mutating func append(_ r: _TouchRecord) {
        values.append(r)
    }

    /// The place of the first record, in the order the touches began, that satisfies
    /// `predicate`.
    func firstIndex(where predicate: (_TouchRecord) -> Bool) -> Int? {
        values.firstIndex(where: predicate)
    }

    /// Removes the records that satisfy `predicate` (which must not change anything): a
    /// scan first, since most frames remove none and the array's own removal costs
    /// several times a scan even then.
    /// Removed records are kept as spares (`record(for:startLocation:serial:)`).
    mutating func removeAll(where predicate: (_TouchRecord) -> Bool) {
        guard values.contains(where: predicate) else { return }
        var kept = 0
        for i in values.indices where !predicate(values[i]) {
            if kept != i { values.swapAt(kept, i) }
            kept += 1
        }
        while values.count > kept {
            let r = values.removeLast()
            if spares.count < Self.spareLimit { spares.append(r) }
        }
    }
}
