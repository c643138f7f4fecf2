import HitTestGeometry

/// One view (or window) of a scene, with its subviews.
///
/// Fields hold resolved values: `className` and `isUserInteractionEnabled` are filled in
/// with their defaults when a scene is loaded, so two scenes that mean the same thing
/// compare equal.
public struct SceneView: Hashable, Sendable {
    /// Unique in the scene.
    public var id: String
    /// A label for traces and chains (default `UIView`, `UIWindow` for windows); it also
    /// decides the `isUserInteractionEnabled` default (`rule-eligibility-interaction`).
    public var className: String
    /// The subviews' storage (nil for none), released without recursion: see
    /// `_SubviewList`. Declared beside `id`, in the view's first cache line: a store's
    /// build counts a scene's views and their ids' bytes before it reads anything else,
    /// and at the end of the struct this field took a second line a view (the `SceneView`
    /// is 480 bytes).
    @usableFromInline nonisolated(unsafe) var _subviews: _SubviewList?
    /// Where the view sits in its superview: a layout frame, or a center and a size.
    public var placement: Placement
    /// The scroll offset: the local coordinate at the top-left of the view.
    public var boundsOrigin: Point
    /// Applied about the anchor point (`rule-geometry-view`); identity by default.
    public var transform: AffineTransform
    /// In unit coordinates of the bounds; `(0.5, 0.5)` by default.
    public var anchorPoint: Point
    /// Hidden views and their subtrees take no touches (`rule-eligibility-hidden`).
    public var isHidden: Bool
    /// In `[0, 1]`. Hit-testing compares `Double(Float(alpha)) < 0.01`, as UIKit stores
    /// alpha in a 32-bit float.
    public var alpha: Double
    /// False for `UILabel` and `UIImageView` by default, true otherwise
    /// (`rule-eligibility-interaction`).
    public var isUserInteractionEnabled: Bool
    /// Accepted and kept; it has no effect on hit-testing.
    public var clipsToBounds: Bool
    /// The declarative overrides: `hitInsets`, `hitShape`, `pointInside`, `hitTestRule`.
    public var hitRules: HitRules
    /// Id of a descendant that takes the touch first when its `pointInside` says yes.
    public var redirectTo: String?
    /// This view is the root view of a view controller of this name.
    public var viewController: String?
    /// With `viewController`: the name of the view controller that presented it.
    public var presentedBy: String?
    /// Windows only (nil on other views): the window level; higher levels are on top.
    public var level: Double?
    /// The event-dispatch fields (touch handling, gestures, control); ignored by hit-testing.
    public var events: ViewEventSettings {
        didSet { eventsAreDefault = events.isDefault }
    }
    /// `events.isDefault`, kept up to date as `events` changes: a store reads it for every
    /// view it builds, where reading `events` itself would copy the settings.
    public private(set) var eventsAreDefault = true
    /// In order of addition: the last is on top.
    @inlinable public var subviews: [SceneView] {
        get { _subviews?.items ?? [] }
        set { _subviews = newValue.isEmpty ? nil : _SubviewList.make(newValue) }
        _modify {
            if !isKnownUniquelyReferenced(&_subviews) {
                _subviews = _SubviewList.make(_subviews?.items ?? [])
            }
            // A strong local reference keeps the list alive while it is yielded.
            let list = _subviews.unsafelyUnwrapped
            yield &list.items
        }
    }
    /// `!subviews.isEmpty`, without making the array: a store's build asks it of every
    /// view, and most have none.
    @inlinable public var hasSubviews: Bool { !(_subviews?.items.isEmpty ?? true) }

    /// How a view is placed in its superview: exactly one of the two forms of a scene.
    public enum Placement: Hashable, Sendable {
        /// `frame: [x, y, w, h]`: the untransformed layout rect.
        case frame(Rect)
        /// `center: [x, y]` and `size: [w, h]`.
        case centerSize(Point, Size)
    }

    /// A view with the defaults of `rule-scene-format` for `className`.
    public init(id: String, className: String = "UIView", placement: Placement) {
        self.id = id
        self.className = className
        self.placement = placement
        self.boundsOrigin = .zero
        self.transform = .identity
        self.anchorPoint = ViewGeometry.defaultAnchorPoint
        self.isHidden = false
        self.alpha = 1
        self.isUserInteractionEnabled = SceneView.defaultUserInteractionEnabled(
            forClass: className)
        self.clipsToBounds = false
        self.hitRules = .default
        self.redirectTo = nil
        self.viewController = nil
        self.presentedBy = nil
        self.level = nil
        self.events = .default
        self._subviews = nil
    }

    /// A window: `className` defaults to `UIWindow` and `level` to 0.
    public static func window(
        id: String, className: String = "UIWindow", placement: Placement, level: Double = 0
    ) -> SceneView {
        var w = SceneView(id: id, className: className, placement: placement)
        w.level = level
        return w
    }

    /// False for `UILabel` and `UIImageView`, true for every other class (`rule-eligibility-interaction`).
    public static func defaultUserInteractionEnabled(forClass className: String) -> Bool {
        className != "UILabel" && className != "UIImageView"
    }

    /// The resolved UIKit geometry: bounds, center, transform and anchor point.
    @inlinable public var geometry: ViewGeometry {
        switch placement {
        case .frame(let r):
            return ViewGeometry(
                layoutFrame: r, boundsOrigin: boundsOrigin, transform: transform,
                anchorPoint: anchorPoint)
        case .centerSize(let c, let s):
            return ViewGeometry(
                bounds: Rect(origin: boundsOrigin, size: s), center: c, transform: transform,
                anchorPoint: anchorPoint)
        }
    }
}

extension SceneView {
    /// Field by field, subviews included, without recursion: the synthesized `==` recursed
    /// once per level of nesting and overflowed the stack on deep scenes that load fine.
    public static func == (lhs: SceneView, rhs: SceneView) -> Bool {
        var pending = [(lhs, rhs)]
        while let (a, b) = pending.popLast() {
            guard a.hasSameFields(as: b), a.subviews.count == b.subviews.count else { return false }
            for i in a.subviews.indices { pending.append((a.subviews[i], b.subviews[i])) }
        }
        return true
    }

    /// Hashes every field, subviews included, without recursion (see `==`).
    public func hash(into hasher: inout Hasher) {
        var pending = [self]
        while let v = pending.popLast() {
            hasher.combine(v.id)
            hasher.combine(v.className)
            hasher.combine(v.placement)
            hasher.combine(v.boundsOrigin)
            hasher.combine(v.transform)
            hasher.combine(v.anchorPoint)
            hasher.combine(v.isHidden)
            hasher.combine(v.alpha)
            hasher.combine(v.isUserInteractionEnabled)
            hasher.combine(v.clipsToBounds)
            hasher.combine(v.hitRules)
            hasher.combine(v.redirectTo)
            hasher.combine(v.viewController)
            hasher.combine(v.presentedBy)
            hasher.combine(v.level)
            hasher.combine(v.events)
            hasher.combine(v.subviews.count)
            pending.append(contentsOf: v.subviews.reversed())
        }
    }

    /// Every stored property but `subviews` is equal. A new stored property must be added
    /// here and to `hash(into:)`.
    private func hasSameFields(as o: SceneView) -> Bool {
        id == o.id && className == o.className && placement == o.placement
            && boundsOrigin == o.boundsOrigin && transform == o.transform
            && anchorPoint == o.anchorPoint && isHidden == o.isHidden && alpha == o.alpha
            && isUserInteractionEnabled == o.isUserInteractionEnabled
            && clipsToBounds == o.clipsToBounds && hitRules == o.hitRules
            && redirectTo == o.redirectTo && viewController == o.viewController
            && presentedBy == o.presentedBy && level == o.level && events == o.events
    }
}
