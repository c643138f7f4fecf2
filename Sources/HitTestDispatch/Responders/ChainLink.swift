import HitTestScene
import HitTestStore

/// One link of a touch's responder chain as the dispatcher keeps it: resolved once, when
/// the touch begins and its chain is taken (`rule-touch-binding`), with the name the log
/// prints and what the responder does with the touch's messages
/// (`rule-responder-handling`), so that every message of a touch takes the same path up
/// the chain even when the world changes while it is down (`rule-live-world`): no
/// responder is sent `touchesCancelled` for a touch it was not sent `touchesBegan` for.
///
/// Plain fields, not an enum with payloads: a frame reads a link's view, name and handling
/// many times, and reading an enum case's payload copies it (the name's references) first.
struct _ChainLink {
    enum Kind: Equatable {
        /// A view (windows included).
        case view
        /// A view controller, by the root view whose settings say what it does.
        case viewController
        /// The application or its delegate: they forward.
        case application, applicationDelegate
    }

    let kind: Kind
    /// The view; a view controller's root view; null for the application and its
    /// delegate.
    let handle: ViewHandle
    /// The name the log prints for the link and handlers are asked about: the view id,
    /// the view controller's name, the application's or the delegate's class name.
    let name: String
    /// What the responder does with the touch's messages (`rule-responder-handling`), as
    /// it was when the touch began: `forward` for the application and its delegate.
    let handling: TouchHandling

    static func view(_ v: ViewHandle, name: String, handling: TouchHandling) -> _ChainLink {
        _ChainLink(kind: .view, handle: v, name: name, handling: handling)
    }

    static func viewController(_ name: String, root: ViewHandle, handling: TouchHandling)
        -> _ChainLink
    {
        _ChainLink(kind: .viewController, handle: root, name: name, handling: handling)
    }

    /// The application or its delegate.
    static func other(_ link: ResponderLink) -> _ChainLink {
        let kind: Kind = if case .application = link { .application } else { .applicationDelegate }
        return _ChainLink(kind: kind, handle: .null, name: link.name, handling: .forward)
    }

    /// A view link's view; nil for any other link.
    var viewHandle: ViewHandle? { kind == .view ? handle : nil }

    /// The link as handlers see it.
    var responderLink: ResponderLink {
        switch kind {
        case .view: .view(name)
        case .viewController: .viewController(name)
        case .application: .application(name)
        case .applicationDelegate: .applicationDelegate(name)
        }
    }
}
