/// A width and a height (CGSize on 64-bit platforms). Negative values are representable;
/// scenes reject them, and a rect with a non-positive side contains nothing.
public struct Size: Hashable, Sendable {
    /// The horizontal extent; a rect with `width <= 0` contains nothing.
    public var width: Double
    /// The vertical extent; a rect with `height <= 0` contains nothing.
    public var height: Double

    /// A size of `width` by `height`.
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A size of `width` by `height`, for short literals.
    @inlinable
    public init(_ width: Double, _ height: Double) {
        self.init(width: width, height: height)
    }

    /// No size.
    @inlinable public static var zero: Size { Size(width: 0, height: 0) }
}

extension Size: CustomStringConvertible {
    public var description: String { "(\(width) x \(height))" }
}
