import HitTestScene
@_spi(Tables) import HitTestStore

/// One link of a touch's responder chain as the dispatcher keeps it: resolved once, when
/// the touch begins and its chain is taken (`rule-touch-binding`), with the name the log
/// prints and what the responder does with the touch's messages
/// (`rule-responder-handling`), so that every message of a touch takes the same path up
/// the chain even when the world changes while it is down (`rule-live-world`): no
/// responder is sent `touchesCancelled` for a touch it was not sent `touchesBegan` for.
///
/// A cache of resolved data rather than a `ResponderChainLink`, in plain fields: a frame
/// reads a link's view, name and handling many times, and reading an enum case's payload
/// copies it (the name's references) first. Its kind is the links' `ResponderKind`.
struct _ChainLink {
    let kind: ResponderKind
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

    /// The application or its delegate (`kind`), by class name.
    static func other(_ kind: ResponderKind, name: String) -> _ChainLink {
        _ChainLink(kind: kind, handle: .null, name: name, handling: .forward)
    }

    /// A view link's view; nil for any other link.
    var viewHandle: ViewHandle? { kind == .view ? handle : nil }

    /// The link as handlers see it.
    var responderLink: ResponderLink { ResponderLink(kind, name: name) }
}
