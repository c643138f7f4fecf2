/// A stable reference to a view of a `ViewStore`: a 1-based slot index and the slot's
/// generation when the view was made. Zero is the null handle. A handle whose view was
/// removed is stale: `ViewStore.isValid(_:)` says so without trapping; every other call
/// traps on it (the C API checks first and returns an error instead).
/// The corresponding C type is `htViewId` (which also names the world).
public struct ViewHandle: Hashable, Sendable, CustomStringConvertible {
    /// Slot + 1; 0 for null.
    public let index: UInt32
    /// The slot's generation when the view was made, 1 to 65,535; a removed view's slot
    /// counts up, so old handles to it go stale, and a slot whose count is spent is never
    /// used again, so a stale handle never names another view.
    public let generation: UInt32

    /// A handle from its parts, as the C API's ids carry them; check it with
    /// `ViewStore.isValid(_:)` before use.
    @inlinable
    public init(index: UInt32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    /// The null handle: no view. Never valid.
    public static let null = ViewHandle(index: 0, generation: 0)

    /// True for the null handle; a non-null handle may still be stale.
    @inlinable public var isNull: Bool { index == 0 }

    /// The slot in the store's columns.
    @inlinable var slot: Int32 { Int32(bitPattern: index &- 1) }

    public var description: String {
        isNull ? "ViewHandle.null" : "ViewHandle(\(index):\(generation))"
    }
}
