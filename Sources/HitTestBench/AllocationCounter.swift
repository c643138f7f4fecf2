/// The process's heap allocation counter, when the executable provides one.
///
/// `hittest` links a small C target that counts every malloc of the process (see
/// `CHitTestAllocationCounter`) and installs it here at start; a library user or a
/// sanitizer build has none, and then allocations and heap bytes are reported as unknown
/// rather than as zero.
public struct AllocationCounter: Sendable {
    /// Successful allocations so far, from every thread.
    public var allocations: @Sendable () -> UInt64
    /// Heap bytes held now.
    public var heapBytes: @Sendable () -> Int64

    public init(
        allocations: @escaping @Sendable () -> UInt64, heapBytes: @escaping @Sendable () -> Int64
    ) {
        self.allocations = allocations
        self.heapBytes = heapBytes
    }

    /// The counter in use, if any. Set once at start, before any benchmark runs.
    nonisolated(unsafe) public static var installed: AllocationCounter?
}
