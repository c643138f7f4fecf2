import HitTestScene

/// One link of a touch's responder chain as the dispatcher keeps it: resolved once, when
/// the touch begins and its chain is taken (`rule-touch-binding`), so that delivering each
/// message along the chain reads arrays only and hashes no id. A view is its index in the
/// scene model; any other responder carries what the scene says it does with touch
/// messages (`rule-responder-handling`).
enum _ChainLink {
    /// A view (windows included).
    case view(ViewIndex)
    /// A view controller, the application or its delegate, with its handling.
    case other(ResponderLink, TouchHandling)
}

extension _SceneModel {
    /// Resolves a link of a chain from the hit tester. A view id the model does not know
    /// (none, for a chain of this scene) stays a named link that forwards.
    func chainLink(_ link: ResponderLink) -> _ChainLink {
        switch link {
        case .view(let id):
            guard let index = views.index(of: id) else { return .other(link, .forward) }
            return .view(index)
        case .viewController(let name): return .other(link, controllerTouches[name] ?? .forward)
        case .application, .applicationDelegate: return .other(link, .forward)
        }
    }

    /// The name the log prints for the link and handlers are asked about: the view id,
    /// the view controller's name, the application's or the delegate's class name.
    func name(of link: _ChainLink) -> String {
        switch link {
        case .view(let index): views[index].id
        case .other(let link, _): link.name
        }
    }

    /// What the responder does with a touch message (`rule-responder-handling`); `forward`
    /// by default.
    func handling(of link: _ChainLink) -> TouchHandling {
        switch link {
        case .view(let index): views[index].events.touches ?? .forward
        case .other(_, let handling): handling
        }
    }
}
