import ArgumentParser
import HitTestKit

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a scene: print a summary, or every error (exit 1).")

    @Argument(help: "The scene file; \"-\" reads standard input.")
    var scene: String

    func run() throws {
        let scene = try SceneInput.load(self.scene)
        for line in SceneSummary(scene).lines { Output.line(line) }
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
