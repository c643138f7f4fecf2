import HitTestScene

/// A view controller: a responder between its root view and that view's superview
/// (`rule-responder-next`). It owns nothing; it only takes part in the responder chain.
public final class ViewController {
    /// The class name shown in responder chains, unique in a scene.
    public let name: String
    /// Its root view; set through `View.viewController`.
    public internal(set) weak var view: View?
    /// Set when it was presented: the presenting view controller comes next in the chain.
    public var presentingViewController: ViewController?
    /// What it does with touch messages (event dispatch); nil means `forward`.
    public var touches: TouchHandling?

    /// A view controller named `name`, with no root view until a view's `viewController`
    /// is set to it.
    public init(name: String) {
        self.name = name
    }
}
