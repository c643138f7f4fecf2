/// A point in a 2-D coordinate space (CGPoint on 64-bit platforms).
///
/// Coordinates may be NaN: a NaN point is contained by no rect and hits nothing.
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate; grows to the right.
    public var x: Double
    /// The vertical coordinate; grows downward, as in UIKit.
    public var y: Double

    /// The point `(x, y)`.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point `(x, y)`, for short literals.
    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }

    /// The origin. Computed, so that a hot loop reading it makes no lazy-initialisation
    /// check of a global.
    @inlinable public static var zero: Point { Point(x: 0, y: 0) }

    /// The point `(NaN, NaN)`: what converting into a view with a singular transform gives.
    public static let nan = Point(x: .nan, y: .nan)

    /// True when both coordinates are finite (neither NaN nor infinite).
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Bitwise equality: unlike `==`, NaN equals NaN and -0 differs from +0.
    /// Parity tests compare engines' points with this.
    @inlinable
    public func isIdentical(to other: Point) -> Bool {
        x.bitPattern == other.x.bitPattern && y.bitPattern == other.y.bitPattern
    }
}

extension Point: CustomStringConvertible {
    public var description: String { "(\(x), \(y))" }
}
