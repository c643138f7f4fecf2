/// One reason a scene is rejected: where (the JSON path, and the view's id when there is
/// one), which field, and what is wrong, in words that say what to do.
public struct SceneIssue: Hashable, Sendable, CustomStringConvertible {
    /// JSON path of the object the field belongs to, for example `$.windows[0].subviews[2]`.
    public var path: String
    /// The id of the view (or window) the field belongs to, when it has one.
    public var viewID: String?
    /// The field, for example `alpha`, or nil when the object as a whole is wrong.
    public var field: String?
    public var message: String

    public init(path: String, viewID: String? = nil, field: String? = nil, message: String) {
        self.path = path
        self.viewID = viewID
        self.field = field
        self.message = message
    }

    /// `view "buyButton" at $.windows[0].subviews[2], field "alpha": must be ...`
    public var description: String {
        var s = ""
        if let viewID {
            s = "view \"\(viewID)\" at \(path)"
        } else {
            s = path
        }
        if let field { s += ", field \"\(field)\"" }
        return s + ": " + message
    }
}

/// Thrown when a scene cannot be loaded or fails validation. Nothing is half-loaded: the
/// caller gets either a whole valid scene or this error.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every problem found, in document order (at most `Scene.Limits.maxIssues`).
    public var issues: [SceneIssue]

    public init(issues: [SceneIssue]) {
        self.issues = issues
    }

    public init(_ issue: SceneIssue) {
        self.issues = [issue]
    }

    public var description: String {
        issues.map(\.description).joined(separator: "\n")
    }
}
