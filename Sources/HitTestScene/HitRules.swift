import HitTestGeometry

/// The shape a view's hit rect is tested with (`rule-override-hit-shape`).
public enum HitShape: String, Sendable, CaseIterable {
    /// The hit rect itself (half-open containment).
    case rect
    /// The ellipse inscribed in the hit rect: `((x-cx)/rx)^2 + ((y-cy)/ry)^2 < 1`.
    case ellipse
}

/// What `pointInside` answers (`rule-override-point-inside`).
public enum PointInsideMode: String, Sendable, CaseIterable {
    /// The view's own hit shape.
    case bounds
    /// Yes only where one of the subviews' frames contains the point (no calls are made
    /// on the subviews): a parent that answers only for its children.
    case subviews
    /// Yes where a subview's own `pointInside` says yes (last to first, traced), else the
    /// view's own hit shape: children that stick out become hittable.
    case boundsOrSubviews
}

/// How a view takes part in the result (`rule-override-passthrough`, `rule-override-box-only`).
public enum HitTestRule: String, Sendable, CaseIterable {
    /// A plain UIView: the view itself or one of its subviews.
    case `default`
    /// Never the result itself; its subviews still can be (React Native `box-none`).
    case passthrough
    /// Can be the result; its subviews never are (React Native `box-only`).
    case boxOnly
}

/// The declarative forms of the `hitTest` / `pointInside` overrides people write.
/// The default value changes nothing: the view behaves as a plain UIView.
public struct HitRules: Hashable, Sendable {
    /// The hit rect is `bounds` inset by these; negative values enlarge it.
    public var hitInsets: EdgeInsets
    /// How the hit rect is tested (`rule-override-hit-shape`).
    public var hitShape: HitShape
    /// What `pointInside` answers (`rule-override-point-inside`).
    public var pointInside: PointInsideMode
    /// Whether the view or its subviews may be the result (`rule-override-passthrough`,
    /// `rule-override-box-only`).
    public var hitTestRule: HitTestRule

    /// Rules with the given fields; the defaults make a plain UIView.
    public init(
        hitInsets: EdgeInsets = .zero, hitShape: HitShape = .rect,
        pointInside: PointInsideMode = .bounds, hitTestRule: HitTestRule = .default
    ) {
        self.hitInsets = hitInsets
        self.hitShape = hitShape
        self.pointInside = pointInside
        self.hitTestRule = hitTestRule
    }

    /// No rule: a plain UIView.
    public static let `default` = HitRules()

    /// True when no rule differs from a plain UIView's behaviour.
    public var isDefault: Bool { self == .default }

    /// The view's own hit test of a local point: its bounds inset by `hitInsets`, tested
    /// as `hitShape` (`rule-override-hit-insets`, `rule-override-hit-shape`): the
    /// reference algorithm's `shapeContains(v, p)`.
    @inlinable
    public func shapeContains(_ p: Point, bounds: Rect) -> Bool {
        let r = bounds.inset(by: hitInsets)
        switch hitShape {
        case .rect: return r.contains(p)
        case .ellipse: return r.ellipseContains(p)
        }
    }
}
