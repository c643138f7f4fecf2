/// The directions a swipe recognizes in (UIKit's `UISwipeGestureRecognizer.Direction`,
/// with its raw values: right 1, left 2, up 4, down 8). Scenes write them as an array of
/// names, `["right", "up"]`; the default is `right`, as UIKit documents.
public struct SwipeDirections: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    /// Wraps UIKit's raw bit mask (right 1, left 2, up 4, down 8).
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Toward +x.
    public static let right = SwipeDirections(rawValue: 1)
    /// Toward -x.
    public static let left = SwipeDirections(rawValue: 2)
    /// Toward -y (screen coordinates grow downward).
    public static let up = SwipeDirections(rawValue: 4)
    /// Toward +y.
    public static let down = SwipeDirections(rawValue: 8)

    /// Each direction with its name in scenes, in UIKit's bit order.
    public static let named: [(name: String, value: SwipeDirections)] = [
        ("right", .right), ("left", .left), ("up", .up), ("down", .down),
    ]

    /// The names of the directions in the set, in bit order.
    public var names: [String] { Self.named.filter { contains($0.value) }.map(\.name) }
}

/// The edges of a window a screen-edge pan starts from (UIKit's `UIRectEdge`, with its raw
/// values: top 1, left 2, bottom 4, right 8). Scenes write them as an array of names,
/// `["left"]`; UIKit's default is no edge at all (a recognizer that never begins), so
/// scenes must name at least one.
public struct ScreenEdges: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    /// Wraps UIKit's raw bit mask (top 1, left 2, bottom 4, right 8).
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The window's top edge (its bounds' minimum y).
    public static let top = ScreenEdges(rawValue: 1)
    /// The window's left edge (minimum x).
    public static let left = ScreenEdges(rawValue: 2)
    /// The window's bottom edge (maximum y).
    public static let bottom = ScreenEdges(rawValue: 4)
    /// The window's right edge (maximum x).
    public static let right = ScreenEdges(rawValue: 8)
    /// Every edge.
    public static let all: ScreenEdges = [.top, .left, .bottom, .right]

    /// Each edge with its name in scenes, in UIKit's bit order.
    public static let named: [(name: String, value: ScreenEdges)] = [
        ("top", .top), ("left", .left), ("bottom", .bottom), ("right", .right),
    ]

    /// The names of the edges in the set, in bit order.
    public var names: [String] { Self.named.filter { contains($0.value) }.map(\.name) }
}
