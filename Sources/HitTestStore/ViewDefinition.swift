import HitTestGeometry
import HitTestScene

/// Everything that describes one view, without its subviews: what `ViewStore.addView`
/// takes and `ViewStore.definition(of:)` gives back.
/// The corresponding C type is `htViewDef` (made by `htDefaultViewDef`).
public struct ViewDefinition: Hashable, Sendable {
    public var id: String
    public var className: String
    public var geometry: ViewGeometry
    public var isHidden: Bool = false
    /// Stored as a 32-bit float, as UIKit stores it.
    public var alpha: Double = 1
    public var isUserInteractionEnabled: Bool
    public var clipsToBounds: Bool = false
    public var hitRules: HitRules = .default
    /// Windows only: the window level.
    public var level: Double = 0
    public var viewController: String?
    public var presentedBy: String?
    public var events: ViewEventSettings = .default

    /// A view placed by its untransformed layout rect, with the class defaults.
    public init(id: String, frame: Rect, className: String = "UIView") {
        self.id = id
        self.className = className
        self.geometry = ViewGeometry(layoutFrame: frame)
        self.isUserInteractionEnabled = SceneView.defaultUserInteractionEnabled(forClass: className)
    }

    /// The fields of a scene view (its subviews and redirect are not part of it).
    public init(_ v: SceneView) {
        id = v.id
        className = v.className
        geometry = v.geometry
        isHidden = v.isHidden
        alpha = v.alpha
        isUserInteractionEnabled = v.isUserInteractionEnabled
        clipsToBounds = v.clipsToBounds
        hitRules = v.hitRules
        level = v.level ?? 0
        viewController = v.viewController
        presentedBy = v.presentedBy
        events = v.events
    }
}
