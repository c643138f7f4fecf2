import HitTestJSON

extension SceneDecoder {
    /// The view-controller fields of a view: `viewController` and `presentedBy`.
    func decodeController(_ r: inout FieldReader, into view: inout SceneView) {
        view.viewController = r.string("viewController")
        view.presentedBy = r.string("presentedBy")
    }

    /// The fields `decodeController` and `decodeEvents` read: the fields of a view that
    /// the streaming reader hands to them rather than reading itself.
    static let controllerAndEventFields: [String] = [
        "viewController", "presentedBy", "touches", "viewControllerTouches",
        "multipleTouchEnabled", "exclusiveTouch", "gestures", "next", "viewControllerNext",
        "control", "scrollView",
    ]

    /// A view's view-controller and event-dispatch fields decoded alone, by the rules
    /// `decodeViewFields` applies to them, into `view`: how the streaming reader decodes
    /// them. `fields` holds some of `controllerAndEventFields`, each once. False when
    /// they have any issue (the full decoder then reports it in its place); the rules
    /// across views (names used once, references) are not checked here.
    static func decodeControllerAndEvents(
        _ fields: JSONObject, into view: inout SceneView, limits: Scene.Limits
    ) -> Bool {
        var decoder = SceneDecoder(limits: limits)
        var r = FieldReader(fields, path: "$", viewID: view.id, log: decoder.log)
        decoder.decodeController(&r, into: &view)
        _ = decoder.decodeEvents(&r, into: &view.events)
        r.finish()
        return decoder.log.issues.isEmpty
    }

    /// The event-dispatch fields of a view (`rule-scene-event-fields`).
    /// Returns the JSON paths of the gestures kept, when some were not (a type error
    /// dropped them), else an empty array.
    mutating func decodeEvents(_ r: inout FieldReader, into events: inout ViewEventSettings)
        -> [String]
    {
        var gesturePaths: [String] = []
        var droppedGesture = false
        events.touches = r.enumValue("touches", TouchHandling.self)
        events.viewControllerTouches = r.enumValue("viewControllerTouches", TouchHandling.self)
        if let b = r.bool("multipleTouchEnabled") { events.multipleTouchEnabled = b }
        if let b = r.bool("exclusiveTouch") { events.exclusiveTouch = b }
        if let gestures = r.array("gestures") {
            for (i, g) in gestures.enumerated() {
                let path = r.path + ".gestures[\(i)]"
                if let gesture = decodeGesture(g, path: path, viewID: r.viewID) {
                    events.gestures.append(gesture)
                    gesturePaths.append(path)
                } else {
                    droppedGesture = true
                }
            }
        }
        events.next = r.string("next")
        events.viewControllerNext = r.string("viewControllerNext")
        if let control = r.objectValue("control") {
            events.control = decodeControl(control, path: r.path + ".control", viewID: r.viewID)
        }
        if let scroll = r.objectValue("scrollView") {
            events.scrollView = decodeScrollView(
                scroll, path: r.path + ".scrollView", viewID: r.viewID)
        }
        if droppedGesture { gaps.gesturesIncomplete = true }
        return droppedGesture ? gesturePaths : []
    }

    private func decodeGesture(_ value: JSONValue, path: String, viewID: String?) -> SceneGesture? {
        guard case .object(let object) = value else {
            log.add(
                SceneIssue(
                    path: path, viewID: viewID,
                    message: "a gesture must be a JSON object, got \(value.typeName)"))
            return nil
        }
        var r = FieldReader(object, path: path, viewID: viewID, log: log)
        let id = r.string("id")
        if id == nil && !r.has("id") {
            r.fail("id", "missing; every gesture needs a unique \"id\"")
        }
        let kindName = r.string("kind")
        var kind: GestureKind?
        switch kindName {
        case "tap":
            kind = .tap(taps: r.integer("taps") ?? 1, touches: r.integer("touches") ?? 1)
        case "longPress":
            kind = .longPress(
                minimumPressDuration: r.number("minimumPressDuration") ?? 0.5,
                allowableMovement: r.number("allowableMovement") ?? 10,
                touches: r.integer("touches") ?? 1)
        case "pan":
            kind = .pan(
                minimumTouches: r.integer("minimumTouches") ?? 1,
                maximumTouches: r.integer("maximumTouches"),
                hysteresis: r.number("hysteresis") ?? 10)
        case "pinch":
            kind = .pinch
        case "swipe":
            kind = .swipe(
                directions: r.optionNames("direction", SwipeDirections.named) ?? .right,
                touches: r.integer("touches") ?? 1)
        case "rotation":
            kind = .rotation
        case "hover":
            kind = .hover
        case "screenEdgePan":
            let edges = r.optionNames("edges", ScreenEdges.named)
            if edges == nil && !r.has("edges") {
                r.fail("edges", "missing; a screenEdgePan needs its edges, e.g. [\"left\"]")
            }
            kind = .screenEdgePan(edges: edges ?? [])
        case let other?:
            r.fail(
                "kind",
                "unknown value \"\(other)\": expected one of "
                    + GestureKind.names.joined(separator: ", "))
        case nil:
            if !r.has("kind") {
                r.fail(
                    "kind",
                    "missing; a gesture needs a kind ("
                        + GestureKind.names.joined(separator: ", ") + ")")
            }
        }
        var g = SceneGesture(id: id ?? "", kind: kind ?? .pinch)
        if let b = r.bool("enabled") { g.enabled = b }
        if let b = r.bool("cancelsTouchesInView") { g.cancelsTouchesInView = b }
        if let b = r.bool("delaysTouchesBegan") { g.delaysTouchesBegan = b }
        if let b = r.bool("delaysTouchesEnded") { g.delaysTouchesEnded = b }
        if let ids = r.strings("requireToFail") { g.requireToFail = ids }
        if let ids = r.strings("simultaneousWith") { g.simultaneousWith = ids }
        if let b = r.bool("shouldBegin") { g.shouldBegin = b }
        if let b = r.bool("shouldReceiveTouch") { g.shouldReceiveTouch = b }
        if let ids = r.strings("shouldRequireFailureOf") { g.shouldRequireFailureOf = ids }
        if let ids = r.strings("shouldBeRequiredToFailBy") { g.shouldBeRequiredToFailBy = ids }
        // Settings of other kinds are unknown here: a `hysteresis` on a tap is a mistake.
        r.finish()
        guard id != nil, kind != nil else { return nil }
        return g
    }

    private func decodeControl(_ object: JSONObject, path: String, viewID: String?) -> SceneControl?
    {
        var r = FieldReader(object, path: path, viewID: viewID, log: log)
        var control = SceneControl()
        if let b = r.bool("enabled") { control.enabled = b }
        if let x = r.number("trackingSlop") { control.trackingSlop = x }
        if let actions = r.objectValue("actions") {
            var a = FieldReader(actions, path: path + ".actions", viewID: viewID, log: log)
            for key in actions.keys {
                guard let event = ControlEvent(rawValue: key) else {
                    continue  // reported as unknown by finish()
                }
                if let name = a.string(key) {
                    control.actions.append(ControlAction(event: event, action: name))
                }
            }
            a.finish(allowedHint: ControlEvent.allCases.map(\.rawValue))
        }
        decodeControlValues(&r, into: &control)
        r.finish()
        return control
    }
}

extension FieldReader {
    /// An array of option names (`["right", "up"]`) read into an option set; an unknown or
    /// repeated name is reported with the field and the names allowed. Nil when absent or
    /// not an array of strings.
    mutating func optionNames<O: OptionSet>(_ key: String, _ named: [(name: String, value: O)])
        -> O? where O.Element == O
    {
        guard let names = strings(key) else { return nil }
        var set: O = []
        for name in names {
            guard let v = named.first(where: { $0.name == name })?.value else {
                fail(
                    key,
                    "unknown value \"\(name)\": expected names among "
                        + named.map(\.name).joined(separator: ", "))
                continue
            }
            if set.contains(v) { fail(key, "names \"\(name)\" twice") }
            set.insert(v)
        }
        return set
    }
}
