import HitTestGeometry

/// A window: a view whose superview is the screen. Windows are hit-tested by `level`
/// descending, then the most recently added first.
open class Window: View {
    /// UIWindow's `windowLevel`; higher levels are on top. Keep it finite.
    public var level: Double

    /// The screen the window is on.
    public internal(set) weak var screen: Screen?

    /// A window placed by `frame` in screen coordinates, at `level` (higher is on top);
    /// `className` defaults to `UIWindow` (to the Swift class name for a subclass).
    public init(id: String, frame: Rect, level: Double = 0, className: String? = nil) {
        self.level = level
        super.init(id: id, frame: frame, className: className)
    }
}
