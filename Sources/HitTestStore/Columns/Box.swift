import HitTestGeometry

/// A closed axis-aligned box in screen coordinates, in 32-bit floats rounded outward, so
/// that it holds every point of the double-precision region it was made from.
///
/// An empty box has `minX > maxX` (and holds nothing); the infinite box holds every
/// point except NaN. Comparing a point rounded to `Float` against a box is conservative:
/// rounding is monotonic, so `a <= x` implies `a <= Float(x)` for every float `a`.
@frozen
public struct Box: Hashable, Sendable {
    /// The left edge, rounded down; inside the box.
    public var minX: Float  // 4 bytes
    /// The top edge, rounded down; inside the box.
    public var minY: Float  // 4 bytes
    /// The right edge, rounded up; inside the box (the box is closed).
    public var maxX: Float  // 4 bytes
    /// The bottom edge, rounded up; inside the box (the box is closed).
    public var maxY: Float  // 4 bytes

    /// The box with these edges, as given (no rounding; `minX > maxX` makes it empty).
    @inlinable
    public init(minX: Float, minY: Float, maxX: Float, maxY: Float) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The box that holds nothing; the identity of `union`. (Computed, not a stored
    /// `static let`: on Linux every read of a global went through `swift_once`.)
    @inlinable public static var empty: Box {
        Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
    }
    /// The box that holds every point but NaN: given to a subtree whose region cannot be
    /// bounded, so the walk always enters it.
    @inlinable public static var infinite: Box {
        Box(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)
    }

    /// True when the box holds no point (a minimum above its maximum, or NaN).
    @inlinable public var isEmpty: Bool { !(minX <= maxX && minY <= maxY) }
    /// True for `Box.infinite` exactly.
    @inlinable public var isInfinite: Bool { self == .infinite }

    /// Closed containment of a point already rounded to floats.
    @inlinable @inline(__always)
    public func contains(x: Float, y: Float) -> Bool {
        minX <= x && x <= maxX && minY <= y && y <= maxY
    }

    /// `contains(x:y:)`, but true for a NaN coordinate: a box never excludes a point it
    /// cannot compare (custom code may still take it). The same comparisons.
    @inlinable @inline(__always)
    public func admits(x: Float, y: Float) -> Bool {
        !(x < minX || maxX < x || y < minY || maxY < y)
    }

    /// The smallest box holding both; an empty box is ignored.
    @inlinable
    public func union(_ o: Box) -> Box {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return Box(
            minX: Swift.min(minX, o.minX), minY: Swift.min(minY, o.minY),
            maxX: Swift.max(maxX, o.maxX), maxY: Swift.max(maxY, o.maxY))
    }

    /// The box both hold, or `Box.empty` when they do not overlap.
    @inlinable
    public func intersection(_ o: Box) -> Box {
        let b = Box(
            minX: Swift.max(minX, o.minX), minY: Swift.max(minY, o.minY),
            maxX: Swift.min(maxX, o.maxX), maxY: Swift.min(maxY, o.maxY))
        return b.isEmpty ? .empty : b
    }

    /// True when every point of `o` is in this box; an empty `o` is in every box.
    @inlinable
    public func contains(_ o: Box) -> Bool {
        o.isEmpty || (minX <= o.minX && minY <= o.minY && o.maxX <= maxX && o.maxY <= maxY)
    }

    /// The box of a double-precision region `[x0, x1] x [y0, y1]`, grown by `pad` on each
    /// side and rounded outward to floats. NaN anywhere gives `.empty`.
    @inlinable
    public init(x0: Double, y0: Double, x1: Double, y1: Double, pad: Double) {
        guard !(x0.isNaN || y0.isNaN || x1.isNaN || y1.isNaN || pad.isNaN), x0 <= x1, y0 <= y1
        else {
            self = .empty
            return
        }
        self.init(
            minX: Box.down(x0 - pad), minY: Box.down(y0 - pad),
            maxX: Box.up(x1 + pad), maxY: Box.up(y1 + pad))
    }

    /// The largest float `<= x` (`-inf` below the float range).
    @inlinable
    static func down(_ x: Double) -> Float {
        let f = Float(x)
        return Double(f) > x ? f.nextDown : f
    }

    /// The smallest float `>= x` (`+inf` above the float range).
    @inlinable
    static func up(_ x: Double) -> Float {
        let f = Float(x)
        return Double(f) < x ? f.nextUp : f
    }
}
