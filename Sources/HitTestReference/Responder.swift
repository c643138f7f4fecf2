import HitTestScene

/// A step of the responder chain (`rule-responder-next`) on the reference tree, holding
/// the reference objects; `link` names it as every engine does (`ResponderLink`).
///
/// Not a `ResponderChainLink` over the reference's views: it is what `next` walks, and a
/// step needs what a link does not carry (a view controller's presenter and root view,
/// a screen's delegate name), so it stays a navigation type that produces links.
public enum Responder {
    /// A view (windows included).
    case view(View)
    /// A view controller, between its root view and that view's superview.
    case viewController(ViewController)
    /// The application object of a screen (`Screen.applicationClassName`).
    case application(Screen)
    /// The application's delegate (`Screen.applicationDelegateName`).
    case applicationDelegate(Screen)

    /// The name a chain prints: the view id, the view controller's name, the
    /// application's or the delegate's class name.
    public var name: String { link.name }

    /// The link by name, as the fast store and dispatch name it.
    public var link: ResponderLink {
        switch self {
        case .view(let v): .view(v.id)
        case .viewController(let c): .viewController(c.name)
        case .application(let s): .application(s.applicationClassName)
        case .applicationDelegate(let s): .applicationDelegate(s.applicationDelegateName ?? "")
        }
    }

    /// The class name, for logs: a view's `className`, otherwise `name`.
    public var className: String {
        if case .view(let v) = self { return v.className }
        return name
    }

    /// `next(r)` (`rule-responder-next`): a view's view controller, else its superview (the
    /// application for a window); a view controller's presenter, else its root view's
    /// superview; the application's delegate; then nothing.
    public var next: Responder? {
        switch self {
        case .view(let v):
            if let c = v.viewController { return .viewController(c) }
            return Responder.superviewOrApplication(of: v)
        case .viewController(let c):
            if let p = c.presentingViewController { return .viewController(p) }
            guard let root = c.view else { return nil }
            return Responder.superviewOrApplication(of: root)
        case .application(let s):
            return s.applicationDelegateName == nil ? nil : .applicationDelegate(s)
        case .applicationDelegate:
            return nil
        }
    }

    private static func superviewOrApplication(of v: View) -> Responder? {
        if let s = v.superview { return .view(s) }
        if let w = v as? Window, let screen = w.screen { return .application(screen) }
        return nil
    }
}

extension View {
    /// The responder chain starting at this view: the view, `next(view)`, and so on
    /// (`rule-responder-next`). A view controller presentation cycle, possible only in trees
    /// built in code (scenes reject it), is cut where a view controller would repeat.
    public var responderChain: [Responder] {
        var out: [Responder] = []
        var seen: Set<ObjectIdentifier> = []
        var cursor: Responder? = .view(self)
        while let r = cursor {
            if case .viewController(let c) = r, !seen.insert(ObjectIdentifier(c)).inserted { break }
            out.append(r)
            cursor = r.next
        }
        return out
    }
}
