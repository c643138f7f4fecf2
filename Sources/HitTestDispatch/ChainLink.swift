import HitTestScene
import HitTestStore

/// One link of a touch's responder chain as the dispatcher keeps it: resolved once, when
/// the touch begins and its chain is taken (`rule-touch-binding`), with the name the log
/// prints and what the responder does with the touch's messages
/// (`rule-responder-handling`), so that every message of a touch takes the same path up
/// the chain even when the world changes while it is down (`rule-live-world`): no
/// responder is sent `touchesCancelled` for a touch it was not sent `touchesBegan` for.
enum _ChainLink {
    /// A view (windows included).
    case view(ViewHandle, name: String, handling: TouchHandling)
    /// A view controller, by the root view whose settings say what it does.
    case viewController(String, root: ViewHandle, handling: TouchHandling)
    /// The application or its delegate: they forward.
    case other(ResponderLink)

    /// The name the log prints for the link and handlers are asked about: the view id,
    /// the view controller's name, the application's or the delegate's class name.
    var name: String {
        switch self {
        case .view(_, let name, _): name
        case .viewController(let name, _, _): name
        case .other(let link): link.name
        }
    }

    /// The link as handlers see it.
    var responderLink: ResponderLink {
        switch self {
        case .view(_, let name, _): .view(name)
        case .viewController(let name, _, _): .viewController(name)
        case .other(let link): link
        }
    }
}

extension Dispatcher {
    /// What the responder does with the touch's messages (`rule-responder-handling`), as
    /// it was when the touch began; `forward` by default.
    func handling(of link: _ChainLink) -> TouchHandling {
        switch link {
        case .view(_, _, let h), .viewController(_, _, let h): h
        case .other: .forward
        }
    }
}
