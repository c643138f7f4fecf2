/// A stable reference to a view of a `ViewStore`: a 1-based slot index and the slot's
/// generation when the view was made. Zero is the null handle. A handle whose view was
/// removed is stale: `ViewStore.isValid(_:)` says so without trapping; every other call
/// traps on it (the C API checks first and returns an error instead).
/// The corresponding C type is `htViewId` (which also names the world).
public struct ViewHandle: Hashable, Sendable, CustomStringConvertible {
    /// Slot + 1; 0 for null.
    public let index: UInt32
    public let generation: UInt32

    @inlinable
    public init(index: UInt32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    public static let null = ViewHandle(index: 0, generation: 0)

    @inlinable public var isNull: Bool { index == 0 }

    /// The slot in the store's columns.
    @inlinable var slot: Int32 { Int32(bitPattern: index &- 1) }

    public var description: String {
        isNull ? "ViewHandle.null" : "ViewHandle(\(index):\(generation))"
    }
}
