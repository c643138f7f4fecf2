import HitTestGeometry

extension Scene {
    /// Checks every semantic rule of `rule-scene-format` (and `rule-scene-event-fields`):
    /// finite numbers, non-negative sizes, alpha in `[0, 1]`, unique ids, `redirectTo`
    /// naming a descendant, view controller names used once, `presentedBy` naming a view
    /// controller without a cycle, gesture references, and the limits. Iterative: safe
    /// on scenes of any depth.
    public func validationIssues(limits: Limits = .default) -> [SceneIssue] {
        validationLog(limits: limits, gaps: nil).issues
    }

    /// The issues with their places in the document (``IssueLog/keys``). With `gaps`, the
    /// scene is what a decode with type errors could read: paths come from `gaps`, and
    /// references to unknown names are not reported where names may be missing.
    func validationLog(limits: Limits, gaps: DecodeGaps?) -> IssueLog {
        var v = SceneValidator(limits: limits, gaps: gaps)
        v.run(self)
        return v.log
    }

    /// Throws a `SceneError` listing every issue, or returns when the scene is valid.
    public func validate(limits: Limits = .default) throws(SceneError) {
        let issues = validationIssues(limits: limits)
        if !issues.isEmpty { throw SceneError(issues: issues) }
    }
}

private struct SceneValidator {
    let limits: Scene.Limits
    let log: IssueLog
    /// View id -> (JSON path, parent id).
    var views: [String: (path: String, parent: String?)] = [:]
    /// View controller name -> (path, view id, presentedBy).
    var controllers: [String: (path: String, viewID: String, presentedBy: String?)] = [:]
    var controllerOrder: [String] = []
    var gestures: [String: String] = [:]
    var gestureRefs:
        [(path: String, viewID: String, gesture: String, field: String, ids: [String])] = []
    var redirects: [(path: String, viewID: String, target: String)] = []
    /// `next` and `viewControllerNext` overrides, checked once every view is known.
    var nextRefs: [(path: String, viewID: String, field: String, target: String)] = []
    /// What a decode with type errors left out (nil for a whole scene).
    let gaps: DecodeGaps?
    /// The pre-order number of the view being checked.
    var viewNumber = 0

    init(limits: Scene.Limits, gaps: DecodeGaps? = nil) {
        self.limits = limits
        self.gaps = gaps
        self.log = IssueLog(limit: limits.maxIssues)
        log.key = -1
    }

    func fail(_ path: String, _ viewID: String?, _ field: String?, _ message: String) {
        log.add(SceneIssue(path: path, viewID: viewID, field: field, message: message))
    }

    mutating func run(_ scene: Scene) {
        if !(scene.screen.width.isFinite && scene.screen.width >= 0) {
            fail(
                "$.screen", nil, "width", "must be a finite number >= 0, got \(scene.screen.width)")
        }
        if !(scene.screen.height.isFinite && scene.screen.height >= 0) {
            fail(
                "$.screen", nil, "height",
                "must be a finite number >= 0, got \(scene.screen.height)")
        }
        if scene.application.className.isEmpty {
            fail("$.application", nil, "class", "must not be empty")
        }
        if scene.application.delegate?.isEmpty == true {
            fail("$.application", nil, "delegate", "must not be empty (use null for no delegate)")
        }
        if scene.windows.count > limits.maxWindows {
            fail(
                "$", nil, "windows",
                "has \(scene.windows.count) windows, more than \(limits.maxWindows) (Scene.Limits.maxWindows)"
            )
        }
        // Sized once: growing the id map step by step rehashed it twenty times on a
        // 1M-view scene (about a seventh of loading it).
        views.reserveCapacity(min(scene.viewCount, limits.maxViews + 1))
        var count = 0
        var stack: [(view: SceneView, path: String, parent: String?, depth: Int)] =
            scene.windows.indices.reversed().map { (scene.windows[$0], "$.windows[\($0)]", nil, 1) }
        while let (view, computedPath, parent, depth) = stack.popLast() {
            if log.isFull { return }
            viewNumber = count
            log.key = count
            let path = gaps?.paths[count] ?? computedPath
            count += 1
            if count > limits.maxViews {
                fail(
                    path, nil, nil,
                    "the scene has more than \(limits.maxViews) views (Scene.Limits.maxViews)")
                return
            }
            if depth > limits.maxDepth {
                fail(
                    path, view.id, nil,
                    "views nest deeper than \(limits.maxDepth) levels (Scene.Limits.maxDepth)")
                continue
            }
            check(view, path: path, parent: parent, isWindow: depth == 1)
            for i in view.subviews.indices.reversed() {
                stack.append((view.subviews[i], path + ".subviews[\(i)]", view.id, depth + 1))
            }
        }
        log.key = Int.max
        checkReferences()
    }

    private func checkName(
        _ name: String, _ what: String, _ path: String, _ viewID: String?, _ field: String
    ) {
        if name.isEmpty { fail(path, viewID, field, "\(what) must not be empty") }
        if name.utf8.count > limits.maxIDLength {
            fail(
                path, viewID, field,
                "\(what) is \(name.utf8.count) bytes long, more than \(limits.maxIDLength) (Scene.Limits.maxIDLength)"
            )
        }
    }

    private func finite(_ values: [Double], _ path: String, _ id: String, _ field: String) -> Bool {
        if values.allSatisfy(\.isFinite) { return true }
        fail(path, id, field, "must be finite numbers, got \(values)")
        return false
    }

    private mutating func check(_ v: SceneView, path: String, parent: String?, isWindow: Bool) {
        let id = v.id
        checkName(id, "the id", path, nil, "id")
        if let first = views[id] {
            fail(path, id, "id", "duplicate id: \"\(id)\" is already used at \(first.path)")
        } else {
            views[id] = (path, parent)
        }
        if v.className.isEmpty { fail(path, id, "class", "must not be empty") }

        switch v.placement {
        case .frame(let r):
            if finite([r.minX, r.minY, r.width, r.height], path, id, "frame")
                && (r.width < 0 || r.height < 0)
            {
                fail(
                    path, id, "frame",
                    "width and height must not be negative, got \(r.width) x \(r.height)")
            }
            // Finite numbers can still give an infinite center, which no scene can hold.
            let c = ViewGeometry.center(ofLayoutFrame: r, anchorPoint: v.anchorPoint)
            if r.origin.isFinite && r.size.width.isFinite && r.size.height.isFinite
                && v.anchorPoint.isFinite && !c.isFinite
            {
                fail(
                    path, id, "frame",
                    "the center it gives with the anchor point, (x + ax*w, y + ay*h), overflows to (\(c.x), \(c.y))"
                )
            }
        case .centerSize(let c, let s):
            _ = finite([c.x, c.y], path, id, "center")
            if finite([s.width, s.height], path, id, "size") && (s.width < 0 || s.height < 0) {
                fail(
                    path, id, "size",
                    "width and height must not be negative, got \(s.width) x \(s.height)")
            }
        }
        _ = finite([v.boundsOrigin.x, v.boundsOrigin.y], path, id, "boundsOrigin")
        let t = v.transform
        _ = finite([t.a, t.b, t.c, t.d, t.tx, t.ty], path, id, "transform")
        _ = finite([v.anchorPoint.x, v.anchorPoint.y], path, id, "anchorPoint")
        if !(v.alpha >= 0 && v.alpha <= 1) {
            fail(path, id, "alpha", "must be a number in [0, 1], got \(v.alpha)")
        }
        let i = v.hitRules.hitInsets
        _ = finite([i.top, i.left, i.bottom, i.right], path, id, "hitInsets")
        if isWindow {
            if let level = v.level, !level.isFinite {
                fail(path, id, "level", "must be finite, got \(level)")
            }
            if v.level == nil { fail(path, id, "level", "a window needs a level") }
        } else if v.level != nil {
            fail(path, id, "level", "only windows have a level; this view is not a window")
        }
        if let target = v.redirectTo {
            redirects.append((path, id, target))
        }
        if let name = v.viewController {
            checkName(name, "the view controller name", path, id, "viewController")
            if let first = controllers[name] {
                fail(
                    path, id, "viewController",
                    "the view controller name \"\(name)\" is already used by view \"\(first.viewID)\" at \(first.path)"
                )
            } else {
                controllers[name] = (path, id, v.presentedBy)
                controllerOrder.append(name)
            }
        } else {
            if v.presentedBy != nil {
                fail(
                    path, id, "presentedBy",
                    "needs \"viewController\": only a view controller's root view is presented")
            }
            if v.events.viewControllerTouches != nil {
                fail(path, id, "viewControllerTouches", "needs \"viewController\" on the same view")
            }
        }
        checkEvents(v, path: path)
    }

    private mutating func checkEvents(_ v: SceneView, path: String) {
        let id = v.id
        let knownGesturePaths = gaps?.gesturePaths[viewNumber]
        if let scroll = v.scrollView {
            for p in scroll.problems() { fail(path + ".scrollView", id, p.field, p.message) }
            if let z = scroll.zoomingView, !v.subviews.contains(where: { $0.id == z }) {
                fail(
                    path + ".scrollView", id, "zoomingView",
                    "must name a subview of the scroll view, got \"\(z)\"")
            }
            for builtIn in scroll.builtInGestureIDs(of: id) {
                if let first = gestures[builtIn] {
                    fail(
                        path, id, "scrollView",
                        "the built-in recognizer id \"\(builtIn)\" is already used at \(first)")
                } else {
                    gestures[builtIn] = path + ".scrollView"
                }
            }
        }
        for (index, g) in v.events.gestures.enumerated() {
            let gpath = knownGesturePaths?[index] ?? path + ".gestures[\(index)]"
            checkName(g.id, "the gesture id", gpath, id, "id")
            if let first = gestures[g.id] {
                fail(
                    gpath, id, "id", "duplicate gesture id: \"\(g.id)\" is already used at \(first)"
                )
            } else {
                gestures[g.id] = gpath
            }
            switch g.kind {
            case .tap(let taps, let touches):
                if taps < 1 { fail(gpath, id, "taps", "must be at least 1, got \(taps)") }
                if touches < 1 { fail(gpath, id, "touches", "must be at least 1, got \(touches)") }
            case .longPress(let duration, let movement, let touches):
                if !(duration.isFinite && duration >= 0) {
                    fail(
                        gpath, id, "minimumPressDuration",
                        "must be a finite number >= 0, got \(duration)")
                }
                if !(movement.isFinite && movement >= 0) {
                    fail(
                        gpath, id, "allowableMovement",
                        "must be a finite number >= 0, got \(movement)")
                }
                if touches < 1 { fail(gpath, id, "touches", "must be at least 1, got \(touches)") }
            case .pan(let minimum, let maximum, let hysteresis):
                if minimum < 1 {
                    fail(gpath, id, "minimumTouches", "must be at least 1, got \(minimum)")
                }
                if let maximum, maximum < minimum {
                    fail(
                        gpath, id, "maximumTouches",
                        "must be at least minimumTouches (\(minimum)), got \(maximum)")
                }
                if !(hysteresis.isFinite && hysteresis >= 0) {
                    fail(gpath, id, "hysteresis", "must be a finite number >= 0, got \(hysteresis)")
                }
            case .pinch, .rotation, .hover: break
            case .swipe(let directions, let touches):
                if directions.isEmpty {
                    fail(gpath, id, "direction", "must name at least one direction")
                }
                if touches < 1 { fail(gpath, id, "touches", "must be at least 1, got \(touches)") }
            case .screenEdgePan(let edges):
                if edges.isEmpty { fail(gpath, id, "edges", "must name at least one edge") }
            }
            if !g.shouldRequireFailureOf.isEmpty {
                gestureRefs.append(
                    (gpath, id, g.id, "shouldRequireFailureOf", g.shouldRequireFailureOf))
            }
            if !g.shouldBeRequiredToFailBy.isEmpty {
                gestureRefs.append(
                    (gpath, id, g.id, "shouldBeRequiredToFailBy", g.shouldBeRequiredToFailBy))
            }
            if !g.requireToFail.isEmpty {
                gestureRefs.append((gpath, id, g.id, "requireToFail", g.requireToFail))
            }
            if !g.simultaneousWith.isEmpty {
                gestureRefs.append((gpath, id, g.id, "simultaneousWith", g.simultaneousWith))
            }
        }
        if let n = v.events.next { nextRefs.append((path, id, "next", n)) }
        if let n = v.events.viewControllerNext {
            if v.viewController == nil {
                fail(path, id, "viewControllerNext", "needs \"viewController\" on the same view")
            }
            nextRefs.append((path, id, "viewControllerNext", n))
        }
        if let c = v.events.control {
            for p in c.valueProblems() { fail(path + ".control", id, p.field, p.message) }
            if !(c.trackingSlop.isFinite && c.trackingSlop >= 0) {
                fail(
                    path + ".control", id, "trackingSlop",
                    "must be a finite number >= 0, got \(c.trackingSlop)")
            }
            var events: Set<ControlEvent> = []
            for a in c.actions {
                checkName(
                    a.action, "the action name", path + ".control.actions", id, a.event.rawValue)
                // The scene format holds one action per event (a JSON object's keys).
                if !events.insert(a.event).inserted {
                    fail(
                        path + ".control.actions", id, a.event.rawValue,
                        "has more than one action; a control has one action per event")
                }
            }
        }
    }

    private func checkReferences() {
        for r in redirects {
            guard views[r.target] != nil else {
                if gaps?.viewsIncomplete == true { continue }
                fail(
                    r.path, r.viewID, "redirectTo",
                    "names \"\(r.target)\", which is no view of the scene; it must name a descendant"
                )
                continue
            }
            // Walk up from the target: it must reach the redirecting view before the root.
            var cursor = views[r.target]?.parent
            var found = false
            while let c = cursor {
                if c == r.viewID {
                    found = true
                    break
                }
                cursor = views[c]?.parent
            }
            if !found {
                fail(
                    r.path, r.viewID, "redirectTo",
                    "names \"\(r.target)\", which is not a descendant of \"\(r.viewID)\"")
            }
        }
        for ref in gestureRefs {
            for other in ref.ids {
                if other == ref.gesture {
                    fail(ref.path, ref.viewID, ref.field, "gesture \"\(ref.gesture)\" names itself")
                } else if gestures[other] == nil && gaps?.gesturesIncomplete != true {
                    fail(
                        ref.path, ref.viewID, ref.field,
                        "names \"\(other)\", which is no gesture of the scene")
                }
            }
        }
        for ref in nextRefs where views[ref.target] == nil && gaps?.viewsIncomplete != true {
            fail(
                ref.path, ref.viewID, ref.field,
                "names \"\(ref.target)\", which is no view of the scene; it must name a view id")
        }
        for name in controllerOrder {
            guard let c = controllers[name], let presenter = c.presentedBy else { continue }
            guard controllers[presenter] != nil else {
                if gaps?.viewsIncomplete == true || gaps?.controllersIncomplete == true {
                    continue
                }
                fail(
                    c.path, c.viewID, "presentedBy",
                    "names \"\(presenter)\", which is no view controller of the scene")
                continue
            }
            // Follow the presenters; coming back to `name` is a cycle.
            var seen: Set<String> = [name]
            var cursor: String? = presenter
            while let p = cursor {
                if seen.contains(p) {
                    if p == name {
                        fail(
                            c.path, c.viewID, "presentedBy",
                            "view controllers present each other in a cycle through \"\(name)\"")
                    }
                    break
                }
                seen.insert(p)
                cursor = controllers[p]?.presentedBy
            }
        }
    }
}
