import HitTestGeometry
import HitTestScene

// Custom code (`rule-override-custom-code`): what makes a view's answers code rather
// than data, and how another engine asks for them.

extension View {
    /// True when the view may run code of its own in `hitTest` or `pointInside`
    /// (`rule-override-custom-code`): a `hitTestHandler` or `pointInsideHandler` is set,
    /// or the view is an instance of a subclass of `View` or `Window` (which may override
    /// `hitTest(_:with:)` or `point(inside:with:)`). The one definition of the rule: the
    /// store built from a tree asks such views instead of reading their fields, and
    /// `explain` reports them as deciding by custom code.
    public var hasCustomCode: Bool {
        hitTestHandler != nil || pointInsideHandler != nil
            || (type(of: self) != View.self && type(of: self) != Window.self)
    }
}

extension View: CustomHitTestCode {
    /// `hitTest(_:with:)` with no event, overrides and handlers included.
    public func customHitTest(_ point: Point) -> (any CustomHitTestCode)? {
        hitTest(point, with: nil)
    }

    /// `point(inside:with:)` with no event, overrides and handlers included.
    public func customPointInside(_ point: Point) -> Bool {
        self.point(inside: point, with: nil)
    }
}
