import HitTestGeometry
import HitTestScene
import HitTestStore

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
/// view or still counts it among its touches. A class: the dispatcher reads and changes
/// records in place many times a frame, where a value would be copied whole (its touch,
/// chain and lists) at every read. Its fields skip the dynamic exclusivity check, as the
/// dispatcher's state does, under the rule `_DispatchState` states.
final class _TouchRecord {
    @exclusivity(unchecked) var touch: Touch
    @exclusivity(unchecked) var startLocation: Point
    /// Order of beginning: the order held messages are released in.
    private(set) var serial: TouchID
    /// The view and window it is bound to (`touch.view`, `touch.window`).
    @exclusivity(unchecked) var viewHandle: ViewHandle?
    @exclusivity(unchecked) var windowHandle: ViewHandle?
    @exclusivity(unchecked) var isDown = true
    /// The view is never sent this touch (`multipleTouchEnabled`, `exclusiveTouch`).
    @exclusivity(unchecked) var excludedFromView = false
    /// The view has been sent `touchesBegan`.
    @exclusivity(unchecked) var viewSentBegan = false
    /// The view is sent nothing more (it was sent `touchesEnded` or `touchesCancelled`, or
    /// a recognizer took the touch).
    @exclusivity(unchecked) var viewDone = false
    /// Messages held back from the view by `delaysTouchesBegan` / `delaysTouchesEnded`, in
    /// order, each with the location it carried.
    @exclusivity(unchecked) var held: [(message: TouchMessage, location: Point, previous: Point)] =
        []
    /// The responder chain of the view, computed and resolved once at `began`.
    @exclusivity(unchecked) var chain: [_ChainLink] = []
    /// Its view took `touchesBegan` as an enabled control: every later message goes to the
    /// control alone, as a control's messages do, even once it is disabled.
    @exclusivity(unchecked) var toControl = false
    /// Control tracking: inside the tracking rect at the last message.
    @exclusivity(unchecked) var controlInside = true
    /// The recognizers that took it, in delivery order.
    @exclusivity(unchecked) var recognizers: [RecognizerID] = []

    init(touch: Touch, startLocation: Point, serial: TouchID) {
        self.touch = touch
        self.startLocation = startLocation
        self.serial = serial
    }

    /// Makes a forgotten record the record of a new touch: every field as `init` leaves
    /// it, the lists emptied with their capacity kept, so that a touch that begins after
    /// another was forgotten allocates none of them again. The new touch's list of
    /// recognizers is the old one's, emptied (a new touch has taken none yet).
    func renew(touch: Touch, startLocation: Point, serial: TouchID) {
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
/// scan finds one faster than a hash would, and iterating them needs no sort.
struct _TouchTable {
    private(set) var values: [_TouchRecord] = []
    /// Forgotten records kept for new touches (`record(for:startLocation:serial:)`).
    private var spares = _Spares<_TouchRecord>()

    var isEmpty: Bool { values.isEmpty }

    /// The record of a touch; nil when it has been forgotten.
    subscript(serial: TouchID) -> _TouchRecord? {
        for r in values where r.serial == serial { return r }
        return nil
    }

    /// A record for a touch that begins: a forgotten one renewed when nothing else holds
    /// it, else a new one. Not yet in the table (`append`).
    mutating func record(for touch: Touch, startLocation: Point, serial: TouchID) -> _TouchRecord {
        if let r = spares.take() {
            r.renew(touch: touch, startLocation: startLocation, serial: serial)
            return r
        }
        return _TouchRecord(touch: touch, startLocation: startLocation, serial: serial)
    }

    /// Adds the record of a touch that just began (serials only grow).
    mutating func append(_ r: _TouchRecord) {
        values.append(r)
    }

    /// The first record, in the order the touches began, that satisfies `predicate`.
    func first(where predicate: (_TouchRecord) -> Bool) -> _TouchRecord? {
        values.first(where: predicate)
    }

    /// Removes the records that satisfy `predicate` (which must not change anything): a
    /// scan first, since most frames remove none and the array's own removal costs
    /// several times a scan even then.
    /// Removed records are kept as spares (`record(for:startLocation:serial:)`).
    mutating func removeAll(where predicate: (_TouchRecord) -> Bool) {
        guard values.contains(where: predicate) else { return }
        var kept = 0
        for i in values.indices {
            if predicate(values[i]) {
                spares.keep(values[i])
            } else {
                if kept != i { values.swapAt(kept, i) }
                kept += 1
            }
        }
        values.removeLast(values.count - kept)
    }
}
