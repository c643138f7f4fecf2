import HitTestGeometry
import HitTestScene

/// A view of the reference tree: a plain, class-based model of UIView, used as the
/// oracle that every faster engine is measured against.
///
/// It is deliberately simple: `hitTest(_:with:)` and `point(inside:with:)` follow
/// `rule-algorithm-hit-test` line by line, recursively, with no caching. Subclasses may override both
/// exactly as UIKit code does (call `super` for the default), or set
/// `hitTestHandler` / `pointInsideHandler`.
///
/// Not thread-safe: build and change a tree on one thread. Queries without a trace only
/// read the tree, so several threads may query a tree that nobody changes.
open class View {
    /// Unique within a screen when the tree is written as a scene.
    public let id: String
    /// The UIKit class name shown in traces and responder chains. It decides the default
    /// of `isUserInteractionEnabled` (false for `UILabel` and `UIImageView`).
    public var className: String
    /// Origin: the scroll offset (the local coordinate at the top-left). Size: the view's.
    public var bounds: Rect
    /// The anchor point's position in the superview's bounds coordinates.
    public var center: Point
    /// Applied about the anchor point (`rule-geometry-view`); identity by default.
    public var transform: AffineTransform
    /// In unit coordinates of `bounds`; default `(0.5, 0.5)`.
    public var anchorPoint: Point
    /// Hidden views and their subtrees take no touches (`rule-eligibility-hidden`).
    public var isHidden: Bool = false
    /// Stored as a 32-bit float, as UIKit stores it (CALayer opacity).
    private var storedAlpha: Float = 1
    /// False: the view and its subtree take no touches (`rule-eligibility-interaction`).
    /// Defaults to false for `UILabel` and `UIImageView`, true otherwise.
    public var isUserInteractionEnabled: Bool
    /// Accepted and kept for scenes; it does not change hit-testing.
    public var clipsToBounds: Bool = false
    /// The declarative hit rules (`rule-override-hit-insets` and the rules after it).
    public var hitRules: HitRules = .default
    /// `redirectTo`: a descendant that takes the touch first when the point, converted
    /// down to it, is inside its `point(inside:)`. Ignored while it is not a descendant.
    public weak var redirectTarget: View?
    /// The view controller whose root view this is.
    public var viewController: ViewController? {
        didSet {
            oldValue?.view = nil
            viewController?.view = self
        }
    }
    /// Event-dispatch settings, kept so that scenes round-trip; used by event dispatch.
    public var events: ViewEventSettings = .default
    /// Replaces `point(inside:with:)`'s default when set. Call
    /// `view.defaultPointInside(_:with:)` from it to fall back.
    public var pointInsideHandler: ((View, Point, HitTestEvent?) -> Bool)?
    /// Replaces `hitTest(_:with:)`'s default when set. Call
    /// `view.defaultHitTest(_:with:)` from it to fall back.
    public var hitTestHandler: ((View, Point, HitTestEvent?) -> View?)?

    /// The view this one is a subview of; nil for a window and for a view not in a tree.
    public internal(set) weak var superview: View?
    /// In order of addition: the last is on top.
    public internal(set) var subviews: [View] = []

    /// Releases the subtree from a loop: released one level at a time by the runtime, a
    /// chain of views 100,000 deep would overflow the stack. A subview someone else still
    /// holds is left alone.
    deinit {
        guard !subviews.isEmpty else { return }
        var pending = subviews
        subviews = []
        while var v = pending.popLast() {
            if isKnownUniquelyReferenced(&v) {
                pending.append(contentsOf: v.subviews)
                v.subviews = []
            }
        }
    }

    /// A view placed by its untransformed layout rect, as `UIView(frame:)`.
    /// `className` defaults to the Swift class name (`UIView` for `View` itself).
    public init(id: String, frame: Rect, className: String? = nil) {
        self.id = id
        let name = className ?? View.defaultClassName(of: Self.self)
        self.className = name
        self.anchorPoint = ViewGeometry.defaultAnchorPoint
        self.bounds = Rect(origin: .zero, size: frame.size)
        self.center = ViewGeometry.center(
            ofLayoutFrame: frame, anchorPoint: ViewGeometry.defaultAnchorPoint)
        self.transform = .identity
        self.isUserInteractionEnabled = SceneView.defaultUserInteractionEnabled(forClass: name)
    }

    /// A view placed by center and size.
    public convenience init(id: String, center: Point, size: Size, className: String? = nil) {
        self.init(id: id, frame: Rect(origin: .zero, size: size), className: className)
        self.center = center
    }

    static func defaultClassName(of type: View.Type) -> String {
        if type == View.self { return "UIView" }
        if type == Window.self { return "UIWindow" }
        return String(describing: type)
    }

    /// UIKit's `hitTest:withEvent:`: the deepest view under `point` (given in this view's
    /// bounds coordinates), or nil. Subclasses override it as in UIKit and call `super`
    /// for the default (`defaultHitTest`); `hitTestHandler`, when set, replaces the
    /// default. The trace entries (`rule-algorithm-trace`) are recorded by the caller, around
    /// the call, so that overrides are traced too, and never twice.
    open func hitTest(_ point: Point, with event: HitTestEvent?) -> View? {
        if let handler = hitTestHandler { return handler(self, point, event) }
        return defaultHitTest(point, with: event)
    }

    /// UIKit's `pointInside:withEvent:`: whether `point` (in this view's bounds
    /// coordinates) counts as inside the view. Subclasses override it as in UIKit;
    /// `pointInsideHandler`, when set, replaces the default (`defaultPointInside`).
    open func point(inside point: Point, with event: HitTestEvent?) -> Bool {
        if let handler = pointInsideHandler { return handler(self, point, event) }
        return defaultPointInside(point, with: event)
    }

    /// Alpha as stored: assigning rounds to the nearest 32-bit float, so
    /// `alpha = 0.01` reads back as 0.009999999776482582 and is not hittable.
    public var alpha: Double {
        get { Double(storedAlpha) }
        set { storedAlpha = Float(newValue) }
    }

    /// False when the view and its subtree are skipped by hit-testing: hidden,
    /// interaction disabled, or stored alpha below 0.01 (`rule-eligibility-hidden`,
    /// `rule-eligibility-interaction`, `rule-eligibility-alpha`).
    public var isHitTestEligible: Bool {
        !(isHidden || !isUserInteractionEnabled || Double(storedAlpha) < 0.01)
    }
}

extension View: CustomStringConvertible {
    public var description: String {
        className == id ? "<\(className)>" : "<\(className) \(id)>"
    }
}
