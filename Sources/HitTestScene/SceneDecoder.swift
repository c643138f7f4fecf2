import HitTestGeometry
import HitTestJSON

/// Turns parsed JSON into a `Scene`, checking types, shapes, enum values and unknown
/// fields. Semantic rules (ranges, uniqueness, references) are `Scene.validationIssues`.
struct SceneDecoder {
    let limits: Scene.Limits
    let log: IssueLog
    private var viewCount = 0
    private var reportedTooMany = false
    /// What the validator needs to check a scene that had type errors (see
    /// ``DecodeGaps``); filled only once the first issue is logged, so a valid scene pays
    /// nothing for it.
    var gaps = DecodeGaps()
    /// Views on the decode stack that are not kept (no id): their subviews are dropped too.
    private var droppedOnStack = 0

    init(limits: Scene.Limits) {
        self.limits = limits
        self.log = IssueLog(limit: limits.maxIssues)
    }

    mutating func decodeScene(_ value: JSONValue) -> Scene? {
        guard case .object(let object) = value else {
            log.add(
                SceneIssue(
                    path: "$", message: "a scene must be a JSON object, got \(value.typeName)"))
            return nil
        }
        var r = FieldReader(object, path: "$", log: log)
        var scene = Scene()
        log.key = -1
        switch r.string("format") {
        case nil where !r.has("format"):
            r.fail("format", "missing; a scene starts with \"format\": \"\(Scene.formatName)\"")
        case Scene.formatName?: break
        case let other?:
            r.fail("format", "unknown format \"\(other)\": expected \"\(Scene.formatName)\"")
        case nil: break
        }
        if let screen = r.objectValue("screen") {
            var s = FieldReader(screen, path: "$.screen", log: log)
            scene.screen.width = s.number("width") ?? scene.screen.width
            scene.screen.height = s.number("height") ?? scene.screen.height
            s.finish()
        }
        if let app = r.objectValue("application") {
            var a = FieldReader(app, path: "$.application", log: log)
            scene.application.className = a.string("class") ?? scene.application.className
            if a.has("delegate"), case .null? = a.raw("delegate") {
                scene.application.delegate = nil
            } else if let d = a.string("delegate") {
                scene.application.delegate = d
            }
            a.finish()
        }
        log.key = 0
        if let windows = r.array("windows") {
            for (i, w) in windows.enumerated() {
                if let view = decodeView(w, path: "$.windows[\(i)]", depth: 1, isWindow: true) {
                    scene.windows.append(view)
                }
            }
        } else if !r.has("windows") {
            r.fail("windows", "missing; a scene needs an array of windows")
        }
        r.finish()
        return scene
    }

    /// A view whose own fields are decoded and whose subviews are being decoded.
    private struct PendingView {
        var view: SceneView
        /// False when the view has no id: its subviews are still checked, but the view is
        /// not kept.
        var keep: Bool
        let path: String
        let depth: Int
        let subviews: [JSONValue]
        var next = 0
    }

    /// Decodes a view and its subviews. Iterative (an explicit stack, children finished
    /// before their parent), so no depth of input can overflow the call stack; nesting
    /// deeper than `limits.maxDepth` is refused.
    mutating func decodeView(
        _ value: JSONValue, path: String, depth: Int, isWindow: Bool
    ) -> SceneView? {
        guard let top = decodeViewFields(value, path: path, depth: depth, isWindow: isWindow) else {
            gaps.viewsIncomplete = true
            return nil
        }
        var stack = [top]
        while true {
            let last = stack.count - 1
            let i = stack[last].next
            if i < stack[last].subviews.count && !log.isFull {
                stack[last].next += 1
                let child = decodeViewFields(
                    stack[last].subviews[i], path: stack[last].path + ".subviews[\(i)]",
                    depth: stack[last].depth + 1, isWindow: false)
                if let child {
                    stack.append(child)
                } else {
                    gaps.viewsIncomplete = true
                }
                continue
            }
            let done = stack.removeLast()
            if !done.keep { droppedOnStack -= 1 }
            let view = done.keep ? done.view : nil
            if stack.isEmpty { return view }
            if let view { stack[stack.count - 1].view.subviews.append(view) }
        }
    }

    /// Decodes one view's own fields and collects its subviews (not yet decoded); nil when
    /// it is not an object or is over the view limit.
    private mutating func decodeViewFields(
        _ value: JSONValue, path: String, depth: Int, isWindow: Bool
    ) -> PendingView? {
        guard case .object(let object) = value else {
            log.add(
                SceneIssue(
                    path: path, message: "a view must be a JSON object, got \(value.typeName)"))
            return nil
        }
        viewCount += 1
        if viewCount > limits.maxViews {
            if !reportedTooMany {
                reportedTooMany = true
                log.add(
                    SceneIssue(
                        path: path,
                        message:
                            "the scene has more than \(limits.maxViews) views (Scene.Limits.maxViews)"
                    ))
            }
            return nil
        }
        var r = FieldReader(object, path: path, log: log)
        let id = r.string("id")
        if id == nil && !r.has("id") { r.fail("id", "missing; every view needs a unique \"id\"") }
        r.viewID = id

        let className = r.string("class") ?? (isWindow ? "UIWindow" : "UIView")
        let placement = decodePlacement(&r)
        var view = SceneView(
            id: id ?? "", className: className, placement: placement ?? .frame(.zero))
        if let p = r.point("boundsOrigin") { view.boundsOrigin = p }
        if let t = r.numbers("transform", count: 6, shape: "[a, b, c, d, tx, ty]") {
            view.transform = AffineTransform(a: t[0], b: t[1], c: t[2], d: t[3], tx: t[4], ty: t[5])
        }
        if let p = r.point("anchorPoint") { view.anchorPoint = p }
        if let b = r.bool("hidden") { view.isHidden = b }
        if let a = r.number("alpha") { view.alpha = a }
        if let b = r.bool("userInteractionEnabled") { view.isUserInteractionEnabled = b }
        if let b = r.bool("clipsToBounds") { view.clipsToBounds = b }
        if let i = r.numbers("hitInsets", count: 4, shape: "[top, left, bottom, right]") {
            view.hitRules.hitInsets = EdgeInsets(top: i[0], left: i[1], bottom: i[2], right: i[3])
        }
        if let s = r.enumValue("hitShape", HitShape.self) { view.hitRules.hitShape = s }
        if let m = r.enumValue("pointInside", PointInsideMode.self) {
            view.hitRules.pointInside = m
        }
        if let h = r.enumValue("hitTestRule", HitTestRule.self) { view.hitRules.hitTestRule = h }
        view.redirectTo = r.string("redirectTo")
        decodeController(&r, into: &view)
        if isWindow {
            view.level = r.number("level") ?? 0
        } else if r.has("level") {
            _ = r.raw("level")
            r.fail("level", "only windows have a level; this view is not a window")
        }
        let gesturePaths = decodeEvents(&r, into: &view.events)

        var subviews: [JSONValue] = []
        if let items = r.array("subviews") {
            if depth >= limits.maxDepth && !items.isEmpty {
                r.fail(
                    "subviews",
                    "views nest deeper than \(limits.maxDepth) levels (Scene.Limits.maxDepth)")
            } else {
                subviews = items
                view.subviews.reserveCapacity(items.count)
            }
        }
        r.finish(allowedHint: ["frame", "center", "size"])
        if !log.issues.isEmpty && view.viewController == nil && r.has("viewController") {
            gaps.controllersIncomplete = true
        }
        let keep = id != nil
        if !keep {
            droppedOnStack += 1
            gaps.viewsIncomplete = true
        } else if droppedOnStack == 0 {
            // A view the scene will hold: the validator's view number `kept` (pre-order).
            if !log.issues.isEmpty {
                gaps.paths[gaps.kept] = path
                if !gesturePaths.isEmpty { gaps.gesturePaths[gaps.kept] = gesturePaths }
            }
            gaps.kept += 1
            log.key = gaps.kept
        }
        return PendingView(
            view: view, keep: keep, path: path, depth: depth, subviews: subviews)
    }

    private func decodePlacement(_ r: inout FieldReader) -> SceneView.Placement? {
        let frame = r.numbers("frame", count: 4, shape: "[x, y, w, h]")
        let center = r.point("center")
        let size = r.numbers("size", count: 2, shape: "[w, h]")
        let hasFrame = r.has("frame")
        let hasCenter = r.has("center")
        let hasSize = r.has("size")
        if hasFrame && (hasCenter || hasSize) {
            r.fail("frame", "give either \"frame\" or \"center\" and \"size\", not both")
            return nil
        }
        if hasFrame {
            guard let f = frame else { return nil }
            return .frame(Rect(x: f[0], y: f[1], width: f[2], height: f[3]))
        }
        if hasCenter != hasSize {
            r.fail(hasCenter ? "size" : "center", "missing; \"center\" and \"size\" go together")
            return nil
        }
        if !hasCenter {
            r.fail(
                "frame", "missing; place the view with \"frame\" or with \"center\" and \"size\"")
            return nil
        }
        guard let c = center, let s = size else { return nil }
        return .centerSize(c, Size(width: s[0], height: s[1]))
    }
}

extension Scene {
    /// Loads and validates a `hittest-scene/1` document.
    ///
    /// Strict JSON (no NaN or Infinity, no number that overflows to infinity, no duplicate
    /// keys), then every rule of `rule-scene-format`. Throws with every issue found (up to
    /// `limits.maxIssues`), each naming the JSON path, the view id and the field: type
    /// errors and rule errors together, in document order (the rules are checked on what
    /// could be read, see `DecodeGaps`). Never returns a partly loaded scene. Never recurses deeper than `limits.maxDepth` views.
    ///
    /// A valid document is read by a streaming reader (no JSON tree) unless it is one the
    /// reader leaves (`SceneStreamReader`); every other document, and every rejection, by
    /// the full decoder.
    public static func load(
        json bytes: some Collection<UInt8>, limits: Limits = .default
    ) throws(SceneError) -> Scene {
        if let c = bytes.withContiguousStorageIfAvailable({ SceneStreamReader.read($0, limits: limits) }),
            let c
        {
            return c.scene()
        }
        return try loadDecoding(json: bytes, limits: limits)
    }

    /// `load(json:limits:)` through the JSON tree and the full decoder alone: what gives
    /// every rejection its words, and loads what the streaming reader leaves to it.
    package static func loadDecoding(
        json bytes: some Collection<UInt8>, limits: Limits = .default
    ) throws(SceneError) -> Scene {
        guard bytes.count <= limits.maxJSONBytes else {
            throw SceneError(
                SceneIssue(
                    path: "$",
                    message:
                        "the JSON text is \(bytes.count) bytes, more than \(limits.maxJSONBytes) (Scene.Limits.maxJSONBytes)"
                ))
        }
        var jsonLimits = JSONReader.Limits()
        // Each level of views is an object and a `subviews` array; gestures and control
        // settings add a few more.
        // (Saturating: a caller's `maxDepth` of `Int.max` means no limit, not a trap.)
        let (twice, overflow) = limits.maxDepth.multipliedReportingOverflow(by: 2)
        jsonLimits.maxDepth = overflow || twice > Int.max - 8 ? Int.max : twice + 8
        jsonLimits.maxBytes = limits.maxJSONBytes
        let value: JSONValue
        do {
            value = try JSONReader.parse(bytes, limits: jsonLimits)
        } catch {
            var message =
                "invalid JSON at line \(error.line), column \(error.column): \(error.message)"
            if error.message.contains("nesting deeper") {
                message += " (views nest deeper than Scene.Limits.maxDepth = \(limits.maxDepth))"
            }
            throw SceneError(SceneIssue(path: error.path, message: message))
        }
        return try load(jsonValue: value, limits: limits)
    }

    /// Loads and validates a scene from JSON text. See `load(json:limits:)` for bytes.
    public static func load(json text: String, limits: Limits = .default) throws(SceneError)
        -> Scene
    {
        try load(json: Array(text.utf8), limits: limits)
    }

    /// Decodes and validates an already parsed JSON value.
    public static func load(jsonValue: JSONValue, limits: Limits = .default) throws(SceneError)
        -> Scene
    {
        var decoder = SceneDecoder(limits: limits)
        let scene = decoder.decodeScene(jsonValue)
        let log = decoder.log
        if log.issues.isEmpty {
            guard let scene else { throw SceneError(SceneIssue(path: "$", message: "not a scene")) }
            try scene.validate(limits: limits)
            return scene
        }
        // Type errors: check the rules on what could be read too, so that one run lists
        // every error. A full log means the decode stopped early: its rest is unknown.
        guard let scene, !log.isFull else { throw SceneError(issues: log.issues) }
        let rules = scene.validationLog(limits: limits, gaps: decoder.gaps)
        throw SceneError(
            issues: SceneIssue.merged(
                (log.issues, log.keys), (rules.issues, rules.keys), limit: limits.maxIssues))
    }
}
