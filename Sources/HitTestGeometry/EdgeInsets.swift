/// Distances to move each edge of a rect inward (UIEdgeInsets). Negative values move
/// an edge outward, which is how a hit area is enlarged.
public struct EdgeInsets: Hashable, Sendable {
    /// Moves the top edge down (up when negative).
    public var top: Double
    /// Moves the left edge right (left when negative).
    public var left: Double
    /// Moves the bottom edge up (down when negative).
    public var bottom: Double
    /// Moves the right edge left (right when negative).
    public var right: Double

    /// Insets in UIEdgeInsets' order: top, left, bottom, right.
    @inlinable
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same distance on every side.
    @inlinable
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// No insets.
    @inlinable public static var zero: EdgeInsets {
        EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    }

    /// True when no edge moves.
    @inlinable
    public var isZero: Bool { top == 0 && left == 0 && bottom == 0 && right == 0 }
}
