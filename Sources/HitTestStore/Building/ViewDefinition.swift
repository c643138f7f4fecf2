import HitTestGeometry
import HitTestScene

/// Everything that describes one view, without its subviews: what `ViewStore.addView`
/// takes and `ViewStore.definition(of:)` gives back.
/// The corresponding C type is `htViewDef` (made by `htDefaultViewDef`).
public struct ViewDefinition: Hashable, Sendable {
    /// The view's id, unique in its store.
    public var id: String
    /// The UIKit class name for traces and chains; it decides the interaction default.
    public var className: String
    /// Bounds (with the scroll offset as origin), center, transform and anchor point.
    public var geometry: ViewGeometry
    /// Hidden views and their subtrees take no touches (`rule-eligibility-hidden`).
    public var isHidden: Bool = false
    /// Stored as a 32-bit float, as UIKit stores it.
    public var alpha: Double = 1
    /// False: the view and its subtree take no touches (`rule-eligibility-interaction`).
    public var isUserInteractionEnabled: Bool
    /// Kept for scenes; no effect on hit-testing (`rule-geometry-clips-to-bounds`).
    public var clipsToBounds: Bool = false
    /// The declarative overrides (`rule-override-hit-insets` and those after it).
    public var hitRules: HitRules = .default
    /// Windows only: the window level.
    public var level: Double = 0
    /// The name of the view controller whose root view this is, if any.
    public var viewController: String?
    /// With `viewController`: the presenting view controller's name.
    public var presentedBy: String?
    /// Event-dispatch fields, kept for scenes and dispatch; ignored by hit-testing.
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

/// The fields of one view that `ViewStore.allocate` and `write` read: a `ViewDefinition`,
/// or a scene's view read where it lies, so that a build from a `Scene` neither copies
/// each view into a definition nor retains the strings it does not keep.
protocol _ViewFields {
    var id: String { get }
    var className: String { get }
    var geometry: ViewGeometry { get }
    var isHidden: Bool { get }
    var alpha: Double { get }
    var isUserInteractionEnabled: Bool { get }
    var clipsToBounds: Bool { get }
    var hitRules: HitRules { get }
    /// The window level; 0 for views that are not windows.
    var windowLevel: Double { get }
    var viewController: String? { get }
    var presentedBy: String? { get }
    var events: ViewEventSettings { get }
    /// `events.isDefault`, read without copying the settings out.
    var hasDefaultEvents: Bool { get }
}

extension ViewDefinition: _ViewFields {
    var windowLevel: Double { level }
    var hasDefaultEvents: Bool { events.isDefault }
}

/// A scene's view read in place: each field is copied as it is read, never the whole
/// view. Passing `buffer[k]` to a function copied all of a `SceneView` (a few hundred
/// bytes, a dozen references retained and released) out of the buffer first; a Scene
/// build did that twice a view.
struct _SceneViewFields: _ViewFields {
    let view: UnsafePointer<SceneView>

    // Borrowed in place, not copied: a copy retains and releases each id and class name.
    var id: String { _read { yield view.pointee.id } }
    var className: String { _read { yield view.pointee.className } }
    var geometry: ViewGeometry { view.pointee.geometry }
    var isHidden: Bool { view.pointee.isHidden }
    var alpha: Double { view.pointee.alpha }
    var isUserInteractionEnabled: Bool { view.pointee.isUserInteractionEnabled }
    var clipsToBounds: Bool { view.pointee.clipsToBounds }
    var hitRules: HitRules { view.pointee.hitRules }
    var windowLevel: Double { view.pointee.level ?? 0 }
    var viewController: String? { view.pointee.viewController }
    var presentedBy: String? { view.pointee.presentedBy }
    var events: ViewEventSettings { view.pointee.events }
    var hasDefaultEvents: Bool { view.pointee.eventsAreDefault }
}
