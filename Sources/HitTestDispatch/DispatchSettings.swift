/// The numbers UIKit keeps undocumented (`rule-touch-tap-count`, `rule-recognizer-kinds`),
/// with the defaults UIKit ports use. Times in seconds, distances in points.
public struct DispatchSettings: Hashable, Sendable {
    /// A touch continues a tap sequence when it begins at most this long after the
    /// previous touch ended; a multi-tap recognizer fails when its next tap does not.
    public var multiTapInterval: Double = 0.35
    /// A touch lasting longer than this neither counts as a tap nor continues a sequence.
    public var maximumTapDuration: Double = 0.75
    /// How far a tap may move, and how near the next tap of a sequence must begin.
    public var tapSlop: Double = 45
    /// How long a scroll view with `delaysContentTouches` holds a touch's `touchesBegan`
    /// back from its content while waiting to see whether the touch scrolls
    /// (`rule-scroll-view-delays-content-touches`). Apple's `UIScrollView` documentation
    /// describes a timer ("it temporarily intercepts a touch-down event by starting a
    /// timer") but gives no number; 0.15 s is the value measured on devices and quoted in
    /// WWDC 2014's "Advanced Scrollviews and Touch Handling Techniques".
    public var contentTouchDelay: Double = DispatchSettings.defaultContentTouchDelay

    /// 0.15 s: the default `contentTouchDelay`.
    public static let defaultContentTouchDelay = 0.15

    /// The defaults: 0.35 s, 0.75 s and 45 points.
    public init() {}

    /// The defaults: 0.35 s, 0.75 s and 45 points.
    public static let `default` = DispatchSettings()
}
