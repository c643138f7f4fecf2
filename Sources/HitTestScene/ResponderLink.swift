/// A link of a responder chain (`rule-responder-next`), generic over how it names a view
/// and a view controller: the one definition of a link, which every form of a chain
/// takes.
///
/// `ResponderLink` (`ResponderChainLink<String, String>`, a view by id, a view controller
/// by name) is what every engine's `responderChain(of:)` returns, and what dispatch looks
/// up to know what a responder does with a touch message (`rule-responder-handling`).
/// The fast store walks its chains with views by slot and gives the dispatcher links with
/// views by handle: the same type over its own references, turned into names with
/// `map(view:viewController:)`.
///
/// The reference tree's `Responder` is not one of them: it is what `next` walks, holding
/// the objects a step needs and a link does not carry (a view controller's presenter, a
/// screen's delegate name), and it gives its link with `link`. The dispatcher's resolved
/// chain keeps plain fields for speed and shares only `ResponderKind`.
public enum ResponderChainLink<View, ViewController> {
    /// A view (windows included).
    case view(View)
    /// A view controller, between its root view and that view's superview.
    case viewController(ViewController)
    /// The application object, by class name.
    case application(String)
    /// The application's delegate, by class name.
    case applicationDelegate(String)
}

extension ResponderChainLink: Equatable where View: Equatable, ViewController: Equatable {}
extension ResponderChainLink: Hashable where View: Hashable, ViewController: Hashable {}
extension ResponderChainLink: Sendable where View: Sendable, ViewController: Sendable {}

/// Which of the four kinds of responder a link is (`ResponderChainLink.kind`).
public enum ResponderKind: Hashable, Sendable {
    /// A view (windows included).
    case view
    /// A view controller.
    case viewController
    /// The application object.
    case application
    /// The application's delegate.
    case applicationDelegate
}

extension ResponderChainLink {
    /// Which kind of responder the link is.
    @inlinable public var kind: ResponderKind {
        switch self {
        case .view: .view
        case .viewController: .viewController
        case .application: .application
        case .applicationDelegate: .applicationDelegate
        }
    }

    /// The same link with its view and view controller named another way; the
    /// application and its delegate keep their class names.
    @inlinable public func map<NewView, NewViewController, E: Error>(
        view: (View) throws(E) -> NewView,
        viewController: (ViewController) throws(E) -> NewViewController
    ) throws(E) -> ResponderChainLink<NewView, NewViewController> {
        switch self {
        case .view(let v): .view(try view(v))
        case .viewController(let c): .viewController(try viewController(c))
        case .application(let s): .application(s)
        case .applicationDelegate(let s): .applicationDelegate(s)
        }
    }
}

/// A link of a responder chain by name: a view by id, a view controller by name, the
/// application and its delegate by class name.
public typealias ResponderLink = ResponderChainLink<String, String>

extension ResponderChainLink where View == String, ViewController == String {
    /// The link of kind `kind` named `name`.
    public init(_ kind: ResponderKind, name: String) {
        switch kind {
        case .view: self = .view(name)
        case .viewController: self = .viewController(name)
        case .application: self = .application(name)
        case .applicationDelegate: self = .applicationDelegate(name)
        }
    }

    /// The name a chain or a log prints: the view id, the view controller's name, the
    /// application's or the delegate's class name.
    public var name: String {
        switch self {
        case .view(let s), .viewController(let s), .application(let s),
            .applicationDelegate(let s):
            s
        }
    }
}
