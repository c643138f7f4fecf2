/// The dispatcher's own ids: small typed integers, so that a recognizer's rank, a touch's
/// serial and a view's index cannot be mixed up with each other or with the host's
/// finger ids (`Touch.id`, `TouchInput.id`, which stay plain `Int`s in the public API).

/// A dense index into arrays kept per thing of one kind (`Kind` only tells the kinds
/// apart): 32 bits, from 0. Prints as the number.
struct _DenseIndex<Kind>: Hashable, Comparable, CustomStringConvertible {
    let raw: Int32

    init(_ index: Int) { self.raw = Int32(index) }

    /// The index into arrays kept per thing of this kind.
    @inline(__always) var index: Int { Int(raw) }

    static func < (a: Self, b: Self) -> Bool { a.raw < b.raw }

    var description: String { String(raw) }
}

/// The kind of `RecognizerID`.
enum _RecognizerKind {}

/// A recognizer the dispatcher has met (a touch or the pointer reached it) and not yet
/// retired: its row in the recognizer table (`_RecognizerTable`), the index into every
/// column. Ids are reused once a recognizer is retired; its rank in delivery order is
/// the table's `rank`.
typealias RecognizerID = _DenseIndex<_RecognizerKind>

/// One touch of the running dispatcher, from `began` until nothing needs it any more: a
/// serial number in the order touches began (the order held messages are released in).
/// The host's finger id (`Touch.id`) is reused by later touches; this id never is.
struct TouchID: Hashable, Comparable, CustomStringConvertible {
    let serial: Int

    init(_ serial: Int) { self.serial = serial }

    static func < (a: TouchID, b: TouchID) -> Bool { a.serial < b.serial }

    var description: String { String(serial) }
}


