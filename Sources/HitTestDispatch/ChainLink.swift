import HitTestScene
import HitTestStore

/// One link of a touch's responder chain as the dispatcher keeps it: resolved once, when
/// the touch begins and its chain is taken (`rule-touch-binding`), with the name the log
/// prints. What a link does with a message (`rule-responder-handling`) is read from its
/// view when the message is delivered, so a change of the view's settings is seen.
enum _ChainLink {
    /// A view (windows included).
    case view(ViewHandle, name: String)
    /// A view controller, by the root view whose settings say what it does.
    case viewController(String, root: ViewHandle)
    /// The application or its delegate: they forward.
    case other(ResponderLink)

    /// The name the log prints for the link and handlers are asked about: the view id,
    /// the view controller's name, the application's or the delegate's class name.
    var name: String {
        switch self {
        case .view(_, let name): name
        case .viewController(let name, _): name
        case .other(let link): link.name
        }
    }

    /// The link as handlers see it.
    var responderLink: ResponderLink {
        switch self {
        case .view(_, let name): .view(name)
        case .viewController(let name, _): .viewController(name)
        case .other(let link): link
        }
    }
}

extension Dispatcher {
    /// A link of the world's chain.
    func chainLink(_ r: StoreResponder) -> _ChainLink {
        switch r {
        case .view(let v): .view(v, name: world.id(of: v))
        case .viewController(let name, let root): .viewController(name, root: root)
        case .application(let name): .other(.application(name))
        case .applicationDelegate(let name): .other(.applicationDelegate(name))
        }
    }

    /// What the responder does with a touch message (`rule-responder-handling`), as its
    /// view says now; `forward` by default, and for a view no longer in the world.
    func handling(of link: _ChainLink) -> TouchHandling {
        switch link {
        case .view(let v, _):
            world.isLive(v) ? world.events(of: v).touches ?? .forward : .forward
        case .viewController(_, let root):
            world.isLive(root) ? world.events(of: root).viewControllerTouches ?? .forward : .forward
        case .other: .forward
        }
    }
}
