import HitTestGeometry
import HitTestJSON

extension Scene {
    /// The scene as `hittest-scene/1` JSON text (pretty by default). Fields equal to
    /// their defaults are left out; loading the text gives a scene equal to this one.
    public func json(pretty: Bool = true) -> String {
        JSONWriter.write(jsonValue(), pretty: pretty)
    }

    /// The scene as a JSON value. Iterative: safe on scenes of any depth.
    public func jsonValue() -> JSONValue {
        var root = JSONObject()
        root.append("format", .string(Scene.formatName))
        root.append(
            "screen",
            .object(
                JSONObject([
                    JSONMember(key: "width", value: .number(screen.width)),
                    JSONMember(key: "height", value: .number(screen.height)),
                ])))
        var app = JSONObject()
        app.append("class", .string(application.className))
        app.append("delegate", application.delegate.map { .string($0) } ?? .null)
        root.append("application", .object(app))
        root.append("windows", .array(windows.map { SceneWriter.json(of: $0, isWindow: true) }))
        return .object(root)
    }
}

enum SceneWriter {
    /// A view and its subviews, built bottom-up without recursion.
    static func json(of top: SceneView, isWindow: Bool) -> JSONValue {
        foldTree(top, children: \.subviews) { view, subviews, isRoot in
            fields(of: view, subviews: subviews, isWindow: isRoot && isWindow)
        }
    }

    /// Bitwise comparison, so that -0 is written when it was given.
    private static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }

    private static func numbers(_ xs: [Double]) -> JSONValue { .array(xs.map { .number($0) }) }

    private static func fields(of v: SceneView, subviews: [JSONValue], isWindow: Bool) -> JSONValue
    {
        var o = JSONObject()
        o.append("id", .string(v.id))
        if v.className != (isWindow ? "UIWindow" : "UIView") {
            o.append("class", .string(v.className))
        }
        if isWindow { o.append("level", .number(v.level ?? 0)) }
        switch v.placement {
        case .frame(let r):
            o.append("frame", numbers([r.minX, r.minY, r.width, r.height]))
        case .centerSize(let c, let s):
            o.append("center", numbers([c.x, c.y]))
            o.append("size", numbers([s.width, s.height]))
        }
        if !(same(v.boundsOrigin.x, 0) && same(v.boundsOrigin.y, 0)) {
            o.append("boundsOrigin", numbers([v.boundsOrigin.x, v.boundsOrigin.y]))
        }
        let t = v.transform
        let id = AffineTransform.identity
        if !(same(t.a, id.a) && same(t.b, id.b) && same(t.c, id.c) && same(t.d, id.d)
            && same(t.tx, id.tx) && same(t.ty, id.ty))
        {
            o.append("transform", numbers([t.a, t.b, t.c, t.d, t.tx, t.ty]))
        }
        if !(same(v.anchorPoint.x, 0.5) && same(v.anchorPoint.y, 0.5)) {
            o.append("anchorPoint", numbers([v.anchorPoint.x, v.anchorPoint.y]))
        }
        if v.isHidden { o.append("hidden", .bool(true)) }
        if !same(v.alpha, 1) { o.append("alpha", .number(v.alpha)) }
        if v.isUserInteractionEnabled
            != SceneView.defaultUserInteractionEnabled(forClass: v.className)
        {
            o.append("userInteractionEnabled", .bool(v.isUserInteractionEnabled))
        }
        if v.clipsToBounds { o.append("clipsToBounds", .bool(true)) }
        let r = v.hitRules
        let i = r.hitInsets
        if !(same(i.top, 0) && same(i.left, 0) && same(i.bottom, 0) && same(i.right, 0)) {
            o.append("hitInsets", numbers([i.top, i.left, i.bottom, i.right]))
        }
        if r.hitShape != .rect { o.append("hitShape", .string(r.hitShape.rawValue)) }
        if r.pointInside != .bounds { o.append("pointInside", .string(r.pointInside.rawValue)) }
        if r.hitTestRule != .default { o.append("hitTestRule", .string(r.hitTestRule.rawValue)) }
        if let t = v.redirectTo { o.append("redirectTo", .string(t)) }
        if let c = v.viewController { o.append("viewController", .string(c)) }
        if let p = v.presentedBy { o.append("presentedBy", .string(p)) }
        appendEvents(v.events, to: &o)
        if !subviews.isEmpty { o.append("subviews", .array(subviews)) }
        return .object(o)
    }

    private static func appendEvents(_ e: ViewEventSettings, to o: inout JSONObject) {
        if let t = e.touches { o.append("touches", .string(t.rawValue)) }
        if let t = e.viewControllerTouches {
            o.append("viewControllerTouches", .string(t.rawValue))
        }
        if e.multipleTouchEnabled { o.append("multipleTouchEnabled", .bool(true)) }
        if e.exclusiveTouch { o.append("exclusiveTouch", .bool(true)) }
        if !e.gestures.isEmpty { o.append("gestures", .array(e.gestures.map(gesture))) }
        if let n = e.next { o.append("next", .string(n)) }
        if let n = e.viewControllerNext { o.append("viewControllerNext", .string(n)) }
        if let c = e.control {
            var co = JSONObject()
            if !c.enabled { co.append("enabled", .bool(false)) }
            if !same(c.trackingSlop, 70) { co.append("trackingSlop", .number(c.trackingSlop)) }
            if !c.actions.isEmpty {
                co.append(
                    "actions",
                    .object(
                        JSONObject(
                            c.actions.map {
                                JSONMember(key: $0.event.rawValue, value: .string($0.action))
                            })))
            }
            c.appendValues(to: &co)
            o.append("control", .object(co))
        }
        if let sv = e.scrollView { o.append("scrollView", sv.json) }
    }

    private static func gesture(_ g: SceneGesture) -> JSONValue {
        var o = JSONObject()
        o.append("id", .string(g.id))
        o.append("kind", .string(g.kind.name))
        switch g.kind {
        case .tap(let taps, let touches):
            if taps != 1 { o.append("taps", .number(Double(taps))) }
            if touches != 1 { o.append("touches", .number(Double(touches))) }
        case .longPress(let duration, let movement, let touches):
            if !same(duration, 0.5) { o.append("minimumPressDuration", .number(duration)) }
            if !same(movement, 10) { o.append("allowableMovement", .number(movement)) }
            if touches != 1 { o.append("touches", .number(Double(touches))) }
        case .pan(let minimum, let maximum, let hysteresis):
            if minimum != 1 { o.append("minimumTouches", .number(Double(minimum))) }
            if let maximum { o.append("maximumTouches", .number(Double(maximum))) }
            if !same(hysteresis, 10) { o.append("hysteresis", .number(hysteresis)) }
        case .pinch, .rotation, .hover: break
        case .swipe(let directions, let touches):
            if directions != .right {
                o.append("direction", .array(directions.names.map { .string($0) }))
            }
            if touches != 1 { o.append("touches", .number(Double(touches))) }
        case .screenEdgePan(let edges):
            o.append("edges", .array(edges.names.map { .string($0) }))
        }
        if !g.enabled { o.append("enabled", .bool(false)) }
        if !g.cancelsTouchesInView { o.append("cancelsTouchesInView", .bool(false)) }
        if g.delaysTouchesBegan { o.append("delaysTouchesBegan", .bool(true)) }
        if !g.delaysTouchesEnded { o.append("delaysTouchesEnded", .bool(false)) }
        if !g.requireToFail.isEmpty {
            o.append("requireToFail", .array(g.requireToFail.map { .string($0) }))
        }
        if !g.simultaneousWith.isEmpty {
            o.append("simultaneousWith", .array(g.simultaneousWith.map { .string($0) }))
        }
        if !g.shouldBegin { o.append("shouldBegin", .bool(false)) }
        if !g.shouldReceiveTouch { o.append("shouldReceiveTouch", .bool(false)) }
        if !g.shouldRequireFailureOf.isEmpty {
            o.append(
                "shouldRequireFailureOf", .array(g.shouldRequireFailureOf.map { .string($0) }))
        }
        if !g.shouldBeRequiredToFailBy.isEmpty {
            o.append(
                "shouldBeRequiredToFailBy", .array(g.shouldBeRequiredToFailBy.map { .string($0) }))
        }
        return .object(o)
    }
}
