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
/// dispatcher's own state does (see `Dispatcher`).
final class _TouchRecord {
    @exclusivity(unchecked) var touch: Touch
    @exclusivity(unchecked) var startLocation: Point
    /// Order of beginning: the order held messages are released in.
    let serial: TouchID
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
    @exclusivity(unchecked) var held: [(message: TouchMessage, location: Point, previous: Point)] = []
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
}

/// The dispatcher's touch records in the order the touches began: a frame has a few, so a
/// scan finds one faster than a hash would, and iterating them needs no sort.
struct _TouchTable {
    private(set) var values: [_TouchRecord] = []

    var isEmpty: Bool { values.isEmpty }

    /// The record of a touch; nil when it has been forgotten.
    subscript(serial: TouchID) -> _TouchRecord? {
        for r in values where r.serial == serial { return r }
        return nil
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
    mutating func removeAll(where predicate: (_TouchRecord) -> Bool) {
        guard values.contains(where: predicate) else { return }
        values.removeAll(where: predicate)
    }
}
