/// Distances to move each edge of a rect inward (UIEdgeInsets). Negative values move
/// an edge outward, which is how a hit area is enlarged.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

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

    @inlinable
    public var isZero: Bool { top == 0 && left == 0 && bottom == 0 && right == 0 }
}
