/// An origin and a size (CGRect on 64-bit platforms).
///
/// Containment is half-open, as `CGRectContainsPoint`: `minX <= x < maxX` and
/// `minY <= y < maxY`, with `maxX = minX + width`. A rect whose width or height is `<= 0`
/// (or NaN) contains nothing, and a NaN point is contained by nothing. Unlike CGRect, a
/// rect is never standardized: a negative size stays negative and means "empty".
public struct Rect: Hashable, Sendable {
    /// The top-left corner (minX, minY).
    public var origin: Point
    /// The width and height; not standardized, so a negative side stays and means empty.
    public var size: Size

    /// A rect at `origin` of `size`.
    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rect at `(x, y)` of `width` by `height`.
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rect at the origin.
    @inlinable public static var zero: Rect { Rect(x: 0, y: 0, width: 0, height: 0) }

    /// The left edge, `origin.x` (inside the rect).
    @inlinable public var minX: Double { origin.x }
    /// The top edge, `origin.y` (inside the rect).
    @inlinable public var minY: Double { origin.y }
    /// `size.width`; may be zero, negative or NaN.
    @inlinable public var width: Double { size.width }
    /// `size.height`; may be zero, negative or NaN.
    @inlinable public var height: Double { size.height }
    /// `minX + width`, computed exactly as containment computes it.
    @inlinable public var maxX: Double { origin.x + size.width }
    /// `minY + height`, computed exactly as containment computes it.
    @inlinable public var maxY: Double { origin.y + size.height }
    /// The horizontal centre, `minX + width / 2`.
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre, `minY + height / 2`.
    @inlinable public var midY: Double { origin.y + size.height / 2 }

    /// True when the rect contains no point: a side is `<= 0` or NaN.
    @inlinable
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// Half-open containment (`rule-geometry-containment`). NaN anywhere gives false.
    @inlinable
    public func contains(_ p: Point) -> Bool {
        size.width > 0 && size.height > 0
            && origin.x <= p.x && p.x < origin.x + size.width
            && origin.y <= p.y && p.y < origin.y + size.height
    }

    /// Containment in the ellipse inscribed in this rect:
    /// `((x - cx) / rx)^2 + ((y - cy) / ry)^2 < 1`. An empty rect contains nothing.
    @inlinable
    public func ellipseContains(_ p: Point) -> Bool {
        guard size.width > 0 && size.height > 0 else { return false }
        let rx = size.width / 2
        let ry = size.height / 2
        let nx = (p.x - (origin.x + rx)) / rx
        let ny = (p.y - (origin.y + ry)) / ry
        return nx * nx + ny * ny < 1
    }

    /// The rect with each edge moved inward by `insets` (negative values move it out):
    /// `x += left`, `y += top`, `width -= left + right`, `height -= top + bottom`.
    @inlinable
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: origin.x + insets.left, y: origin.y + insets.top,
            width: size.width - (insets.left + insets.right),
            height: size.height - (insets.top + insets.bottom))
    }

    /// The smallest rect holding both; an empty rect is not ignored (its origin counts),
    /// so callers decide what empty means to them.
    @inlinable
    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX)
        let y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX)
        let y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The axis-aligned box of a set of points, or nil when `points` is empty.
    /// NaN coordinates make the box NaN (it then contains nothing).
    public static func boundingBox(of points: some Sequence<Point>) -> Rect? {
        var it = points.makeIterator()
        guard let first = it.next() else { return nil }
        var x0 = first.x
        var x1 = first.x
        var y0 = first.y
        var y1 = first.y
        var sawNaN = first.x.isNaN || first.y.isNaN
        while let p = it.next() {
            if p.x.isNaN || p.y.isNaN { sawNaN = true }
            x0 = Swift.min(x0, p.x)
            x1 = Swift.max(x1, p.x)
            y0 = Swift.min(y0, p.y)
            y1 = Swift.max(y1, p.y)
        }
        if sawNaN { return Rect(x: .nan, y: .nan, width: .nan, height: .nan) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The four corners, clockwise from `(minX, minY)`.
    @inlinable
    public var corners: [Point] {
        [
            Point(x: minX, y: minY), Point(x: maxX, y: minY),
            Point(x: maxX, y: maxY), Point(x: minX, y: maxY),
        ]
    }
}

extension Rect: CustomStringConvertible {
    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}
