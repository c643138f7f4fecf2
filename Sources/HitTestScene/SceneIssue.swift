/// One reason a scene is rejected: where (the JSON path, and the view's id when there is
/// one), which field, and what is wrong, in words that say what to do.
public struct SceneIssue: Hashable, Sendable, CustomStringConvertible {
    /// JSON path of the object the field belongs to, for example `$.windows[0].subviews[2]`.
    public var path: String
    /// The id of the view (or window) the field belongs to, when it has one.
    public var viewID: String?
    /// The field, for example `alpha`, or nil when the object as a whole is wrong.
    public var field: String?
    /// What is wrong and what to do about it, as one sentence without the location.
    public var message: String

    /// An issue at `path` (of the view `viewID`, about `field`) saying `message`.
    public init(path: String, viewID: String? = nil, field: String? = nil, message: String) {
        self.path = path
        self.viewID = viewID
        self.field = field
        self.message = message
    }

    /// `view "buyButton" at $.windows[0].subviews[2], field "alpha": must be ...`
    /// A path of more than 16 steps is shortened in the middle.
    public var description: String {
        var s = ""
        let shownPath = SceneIssue.abbreviated(path)
        if let viewID {
            s = "view \"\(viewID)\" at \(shownPath)"
        } else {
            s = shownPath
        }
        if let field { s += ", field \"\(field)\"" }
        return s + ": " + message
    }

    /// `$.windows[0].subviews[0]...` with the middle steps of a long path replaced by
    /// `…(N steps)…`, so that an error about a deep view stays readable.
    public static func abbreviated(_ path: String, keep: Int = 6) -> String {
        // A step starts at each "." or "[".
        var starts: [String.Index] = []
        var i = path.startIndex
        while i < path.endIndex {
            if path[i] == "." || path[i] == "[" { starts.append(i) }
            i = path.index(after: i)
        }
        guard starts.count > 2 * keep + 4 else { return path }
        let head = path[..<starts[keep]]
        let tail = path[starts[starts.count - keep]...]
        return "\(head)…(\(starts.count - 2 * keep) steps)…\(tail)"
    }
}

/// Thrown when a scene cannot be loaded or fails validation. Nothing is half-loaded: the
/// caller gets either a whole valid scene or this error.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every problem found, in document order (at most `Scene.Limits.maxIssues`).
    public var issues: [SceneIssue]

    /// An error listing `issues`; it should hold at least one.
    public init(issues: [SceneIssue]) {
        self.issues = issues
    }

    /// An error with one issue.
    public init(_ issue: SceneIssue) {
        self.issues = [issue]
    }

    public var description: String {
        issues.map(\.description).joined(separator: "\n")
    }
}

extension SceneIssue {
    /// Type issues and rule issues in document order (each list's keys are the places
    /// ``IssueLog`` recorded; a type issue comes before a rule issue at the same place),
    /// without a rule issue about a field that already has a type issue, at most `limit`.
    static func merged(
        _ types: (issues: [SceneIssue], keys: [Int]), _ rules: (issues: [SceneIssue], keys: [Int]),
        limit: Int
    ) -> [SceneIssue] {
        struct Place: Hashable {
            var path: String
            var field: String
        }
        var typed: Set<Place> = []
        for i in types.issues { if let f = i.field { typed.insert(Place(path: i.path, field: f)) } }
        var all: [(key: Int, source: Int, order: Int, issue: SceneIssue)] = []
        for (n, (issue, key)) in zip(types.issues, types.keys).enumerated() {
            all.append((key, 0, n, issue))
        }
        for (n, (issue, key)) in zip(rules.issues, rules.keys).enumerated() {
            if let f = issue.field, typed.contains(Place(path: issue.path, field: f)) { continue }
            all.append((key, 1, n, issue))
        }
        all.sort { ($0.key, $0.source, $0.order) < ($1.key, $1.source, $1.order) }
        return all.prefix(max(1, limit)).map(\.issue)
    }
}
