/// The dispatcher's own ids: small typed integers, so that a recognizer's rank, a touch's
/// serial and a view's index cannot be mixed up with each other or with the host's
/// finger ids (`Touch.id`, `TouchInput.id`, which stay plain `Int`s in the public API).

/// A dense index into arrays kept per thing of one kind (`Kind` only tells the kinds
/// apart): 32 bits, from 0, assigned once when the dispatcher is built. Prints as the
/// number.
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
/// The kind of `ViewIndex`.
enum _ViewKind {}

/// A recognizer of the running dispatcher: its rank in delivery order
/// (`rule-recognizer-delivery-order`), which is also its index in `Dispatcher.recognizers`
/// and in the arena's per-member arrays.
typealias RecognizerID = _DenseIndex<_RecognizerKind>

/// A view of the scene model: its index in `_SceneModel`'s view table, in pre-order. The
/// scene's string ids are turned into indexes only at the boundary (a hit test's answer, a
/// view the host names); the dispatcher's hot path compares indexes.
typealias ViewIndex = _DenseIndex<_ViewKind>

/// One touch of the running dispatcher, from `began` until nothing needs it any more: a
/// serial number in the order touches began (the order held messages are released in).
/// The host's finger id (`Touch.id`) is reused by later touches; this id never is.
struct TouchID: Hashable, Comparable, CustomStringConvertible {
    let serial: Int

    init(_ serial: Int) { self.serial = serial }

    static func < (a: TouchID, b: TouchID) -> Bool { a.serial < b.serial }

    var description: String { String(serial) }
}

extension Array where Element == _Recognizer {
    /// The recognizer with this id.
    @inline(__always) subscript(id: RecognizerID) -> _Recognizer { self[id.index] }
}
