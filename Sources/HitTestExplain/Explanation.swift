import HitTestGeometry
import HitTestScene

/// What decided one view's `hitTest` call, or why a view was never asked.
public enum Decision: Equatable, Sendable {
    /// The view returned itself: it is the hit view.
    case hit
    /// A view below it took the touch and it passed that answer up.
    case passedDown(to: String)
    /// Its `redirectTo` target said yes to the point first.
    case redirected(to: String)
    case hidden
    /// Alpha as UIKit stores it (a 32-bit float), below 0.01.
    case alphaTooLow(stored: Float)
    /// `userInteractionEnabled` is false; `classDefault` when that is its class's default
    /// (UILabel, UIImageView).
    case interactionDisabled(className: String, classDefault: Bool)
    /// `pointInside` said no: the local point is outside the hit rect (bounds inset by
    /// the hit insets), tested as `shape`, under the view's `pointInside` mode.
    case outside(hitRect: Rect, local: Point, shape: HitShape, mode: PointInsideMode)
    /// The point converted into the view is NaN because `view` (the view or an
    /// ancestor) has a singular or non-finite transform.
    case singularTransform(view: String)
    /// The point is inside, no subview took it, and the view passes touches through.
    case passthrough
    /// Custom code (an override or a handler) decided.
    case customCode(result: String?)
    // Views never asked:
    /// A sibling above it (or above an ancestor) took the touch first.
    case coveredBy(sibling: String, took: String)
    /// An ancestor is `boxOnly`: its subviews are never asked.
    case insideBoxOnly(ancestor: String)
    /// An ancestor returned nil before asking its subviews.
    case ancestorDidNotPass(ancestor: String)
    /// A window above took the touch first.
    case windowAbove(window: String, took: String)

    /// A short code for JSON and tests.
    public var code: String {
        switch self {
        case .hit: "hit"
        case .passedDown: "passedDown"
        case .redirected: "redirected"
        case .hidden: "hidden"
        case .alphaTooLow: "alpha"
        case .interactionDisabled: "interactionDisabled"
        case .outside: "outside"
        case .singularTransform: "singularTransform"
        case .passthrough: "passthrough"
        case .customCode: "customCode"
        case .coveredBy: "coveredBySibling"
        case .insideBoxOnly: "insideBoxOnly"
        case .ancestorDidNotPass: "ancestorDidNotPass"
        case .windowAbove: "windowAbove"
        }
    }
}

/// One view the reference algorithm asked (`hitTest` called), with what decided.
public struct ExplainStep: Equatable, Sendable {
    public var view: String
    public var className: String
    /// 0 for windows.
    public var depth: Int
    public var decision: Decision
}

/// Why a view did or did not get the touch, in words a person can act on.
public struct ExpectVerdict: Equatable, Sendable {
    public var view: String
    public var gotTouch: Bool
    /// The view whose rule decided (the expected view or an ancestor, sibling, window).
    public var decidedBy: String
    public var decision: Decision
    /// The name of the rule of the HitTestingRules article that decided, as
    /// `rule-eligibility-hidden`.
    public var rule: String
    /// One or two sentences in UIKit's terms: what decided, and what to change on which
    /// view; it ends with the rule's name in parentheses.
    public var message: String
}

/// The reference algorithm's walk for one point, with what decided at each view.
public struct Explanation: Equatable, Sendable {
    public var point: Point
    /// The reference's answer (nil when no view takes the point).
    public var hit: SceneHit?
    /// Every `hitTest` call in the order the walk made them.
    public var steps: [ExplainStep]
    /// With `--expect`.
    public var verdict: ExpectVerdict?
    /// For a scene imported from a dump (`Explainer(imported:)`): what the import assumed
    /// about the views this explanation talks about, possibly nothing. Nil for a scene file.
    public var importNotes: [ImportNote]?
}

/// Something the import of a dump assumed about a view an explanation talks about
/// (`rule-import-gestures`, `rule-import-mapping`, `rule-import-transformed`), which the
/// device may not share.
public struct ImportNote: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// The dump lists gesture recognizers on the view and the scene has none.
        case recognizers
        /// The dump lists a `UISwitch`'s recognizers (on it or inside it): the scene has
        /// the switch's built-in tap instead.
        case builtInTap
        /// Any other assumption or repair, in the importer's words.
        case assumption
    }

    public var view: String
    /// The 1-based line of the dump that the import's warning names.
    public var line: Int
    public var kind: Kind
    /// How many recognizers the dump lists on the view; nil when it does not say, and
    /// for an assumption.
    public var recognizerCount: Int?
    /// True when this touch lands in the view (it is the hit view or one of its
    /// ancestors), so that the view's recognizers on the device would see it.
    public var touchLandsInView: Bool
    /// One sentence in UIKit's terms, ending with the import rule in parentheses.
    public var message: String
}
