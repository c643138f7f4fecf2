import HitTestGeometry

/// A view whose `hitTest` and `pointInside` may run code of its own
/// (`rule-override-custom-code`), which an engine cannot read as data and so asks.
///
/// The declarative overrides (``HitRules``) are data every engine evaluates itself; custom
/// code is not, so an engine that meets it calls these two members instead. The reference
/// tree's `View` conforms (its overridable `hitTest(_:with:)` and `point(inside:with:)`
/// answer), which is how the fast store answers views built from a reference tree with
/// closures or subclasses. The protocol sits here, below both the reference and the store,
/// so that neither imports the other.
///
/// Answers are identified by object identity: the object that ``customHitTest(_:)``
/// returns must be a view of the same tree that the engine knows (itself, a descendant or
/// any other view the code chooses), or nil.
public protocol CustomHitTestCode: AnyObject {
    /// UIKit's `hitTest:withEvent:` with no event: the view that takes `point` (given in
    /// this view's bounds coordinates), or nil.
    func customHitTest(_ point: Point) -> (any CustomHitTestCode)?
    /// UIKit's `pointInside:withEvent:` with no event: whether `point` (in this view's
    /// bounds coordinates) counts as inside the view.
    func customPointInside(_ point: Point) -> Bool
}
