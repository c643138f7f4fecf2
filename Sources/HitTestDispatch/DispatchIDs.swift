/// The dispatcher's own ids: small typed integers, so that a recognizer's rank, a touch's
/// serial and a view's handle cannot be mixed up with each other or with the host's
/// finger ids (`Touch.id`, `TouchInput.id`, which stay plain `Int`s in the public API).

/// A recognizer of the running dispatcher: its rank in delivery order
/// (`rule-recognizer-delivery-order`), which is also its index in `Dispatcher.recognizers`
/// and in the arena's per-member arrays. Assigned once when the dispatcher is built.
struct RecognizerID: Hashable, Comparable, CustomStringConvertible {
    /// The rank; 0 is delivered to first.
    let rank: Int32

    init(_ rank: Int) { self.rank = Int32(rank) }

    /// The index into arrays kept per recognizer.
    @inline(__always) var index: Int { Int(rank) }

    static func < (a: RecognizerID, b: RecognizerID) -> Bool { a.rank < b.rank }

    var description: String { String(rank) }
}

/// One touch of the running dispatcher, from `began` until nothing needs it any more: a
/// serial number in the order touches began (the order held messages are released in).
/// The host's finger id (`Touch.id`) is reused by later touches; this id never is.
struct TouchID: Hashable, Comparable, CustomStringConvertible {
    let serial: Int

    init(_ serial: Int) { self.serial = serial }

    static func < (a: TouchID, b: TouchID) -> Bool { a.serial < b.serial }

    var description: String { String(serial) }
}

/// A view of the scene model: its index in `_SceneModel`'s view table, dense from 0 in
/// pre-order. The scene's string ids are turned into handles only at the boundary (a hit
/// test's answer, a view the host names); the dispatcher's hot path compares handles.
struct ViewIndex: Hashable, Comparable, CustomStringConvertible {
    let index32: Int32

    init(_ index: Int) { self.index32 = Int32(index) }

    @inline(__always) var index: Int { Int(index32) }

    static func < (a: ViewIndex, b: ViewIndex) -> Bool { a.index32 < b.index32 }

    var description: String { String(index32) }
}

extension Array where Element == _Recognizer {
    /// The recognizer with this id.
    @inline(__always) subscript(id: RecognizerID) -> _Recognizer { self[id.index] }
}
