import ArgumentParser
import HitTestKit

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a scene: print a summary, or every error (exit 1).")

    @Argument(help: "The scene file; \"-\" reads standard input.")
    var scene: String

    @Flag(
        name: .long,
        help: """
            Print one JSON object on standard output: the summary with "valid": true, or \
            "valid": false and every error (path, viewID, field, message), exit status 1.
            """)
    var json = false

    func run() throws {
        guard json else {
            let scene = try SceneInput.load(self.scene)
            for line in SceneSummary(scene).lines { Output.line(line) }
            return
        }
        let bytes = try SceneInput.read(self.scene, what: "scene file")
        do {
            let scene = try Scene.load(json: bytes)
            Output.line(JSONWriter.write(SceneSummary(scene).json, pretty: false))
        } catch {
            var issues = error.issues
            if let hint = DumpDetector.hint(bytes, path: self.scene) {
                issues = [SceneIssue(path: "$", message: "not a scene: " + hint)]
            }
            Output.line(JSONWriter.write(ValidateCommand.json(issues), pretty: false))
            throw ExitCode(1)
        }
    }

    /// `{"valid": false, "errors": [...]}`, each error with its JSON path, the view's id
    /// and the field (null when there is none) and the message.
    static func json(_ issues: [SceneIssue]) -> JSONValue {
        func optional(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
        return .object(
            JSONObject([
                JSONMember(key: "valid", value: .bool(false)),
                JSONMember(
                    key: "errors",
                    value: .array(
                        issues.map { issue in
                            .object(
                                JSONObject([
                                    JSONMember(key: "path", value: .string(issue.path)),
                                    JSONMember(key: "viewID", value: optional(issue.viewID)),
                                    JSONMember(key: "field", value: optional(issue.field)),
                                    JSONMember(key: "message", value: .string(issue.message)),
                                ]))
                        })),
            ]))
    }
}

/// What `validate` prints for a valid scene.
struct SceneSummary {
    var views = 0
    var depth = 0
    var windows = 0
    var viewControllers = 0
    var gestures = 0
    var controls = 0
    /// Rule name -> number of views using it, in a fixed order.
    var rules: [(String, Int)] = []

    init(_ scene: Scene) {
        windows = scene.windows.count
        var counts: [String: Int] = [:]
        func bump(_ key: String) { counts[key, default: 0] += 1 }
        scene.forEachView { v, d in
            views += 1
            depth = max(depth, d)
            if v.viewController != nil { viewControllers += 1 }
            gestures += v.events.gestures.count
            if v.events.control != nil { controls += 1 }
            let r = v.hitRules
            if !r.hitInsets.isZero { bump("hitInsets") }
            if r.hitShape != .rect { bump("hitShape=\(r.hitShape.rawValue)") }
            if r.pointInside != .bounds { bump("pointInside=\(r.pointInside.rawValue)") }
            if r.hitTestRule != .default { bump("hitTestRule=\(r.hitTestRule.rawValue)") }
            if v.redirectTo != nil { bump("redirectTo") }
            if v.isHidden { bump("hidden") }
            if Double(Float(v.alpha)) < 0.01 { bump("alpha<0.01") }
            if !v.isUserInteractionEnabled { bump("userInteractionEnabled=false") }
            if !v.transform.isIdentity { bump("transform") }
            if v.boundsOrigin != .zero { bump("boundsOrigin") }
        }
        let order = [
            "hitInsets", "hitShape=ellipse", "pointInside=subviews", "pointInside=boundsOrSubviews",
            "hitTestRule=passthrough", "hitTestRule=boxOnly", "redirectTo", "hidden", "alpha<0.01",
            "userInteractionEnabled=false", "transform", "boundsOrigin",
        ]
        rules = order.compactMap { k in counts[k].map { (k, $0) } }
    }

    /// The summary as one object: `valid`, `format`, the counts, and `rules` (name ->
    /// number of views, in the text's order).
    var json: JSONValue {
        func count(_ n: Int) -> JSONValue { .number(Double(n)) }
        return .object(
            JSONObject([
                JSONMember(key: "valid", value: .bool(true)),
                JSONMember(key: "format", value: .string(Scene.formatName)),
                JSONMember(key: "views", value: count(views)),
                JSONMember(key: "windows", value: count(windows)),
                JSONMember(key: "depth", value: count(depth)),
                JSONMember(key: "viewControllers", value: count(viewControllers)),
                JSONMember(key: "gestures", value: count(gestures)),
                JSONMember(key: "controls", value: count(controls)),
                JSONMember(
                    key: "rules",
                    value: .object(JSONObject(rules.map { JSONMember(key: $0.0, value: count($0.1)) }))),
            ]))
    }

    var lines: [String] {
        var out = [
            "valid \(Scene.formatName) scene",
            "views: \(views) (windows: \(windows)), depth: \(depth)",
            "view controllers: \(viewControllers), gestures: \(gestures), controls: \(controls)",
        ]
        out.append(
            "rules used: "
                + (rules.isEmpty
                    ? "none" : rules.map { "\($0.0) (\($0.1))" }.joined(separator: ", ")))
        return out
    }
}
