/// A link of a responder chain (`rule-responder-next`), by name: what every engine's
/// `responderChain(of:)` returns, and what dispatch looks up to know what a responder
/// does with a touch message (`rule-responder-handling`).
///
/// The reference tree's `Responder` (which holds the objects) maps to it with `link`; the
/// fast store builds it from its own walk.
public enum ResponderLink: Hashable, Sendable {
    /// A view (windows included), by id.
    case view(String)
    /// A view controller, by name.
    case viewController(String)
    /// The application object, by class name.
    case application(String)
    /// The application's delegate, by class name.
    case applicationDelegate(String)

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
