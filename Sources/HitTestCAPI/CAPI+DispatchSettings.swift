// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (The Swift names of the @c functions are their C names: box2d style, htType_Verb.)
import CHitTestShim
import HitTestDispatch
import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

// Recognizers, controls and per-view touch handling: fields of the world's views
// (`ViewEventSettings`, changed with `ViewStore.updateEvents(_:_:)`), which the Swift
// dispatcher reads from the world when a touch reaches the view. See
// include/hittest/dispatch.h.

/// The dispatcher and one view of its world, both checked: what every per-view setter
/// below starts with.
func _dispatcherView(_ dispatcher: htDispatcherId, _ view: htViewId, _ f: _CFunction)
    throws(_CError) -> (_CDispatcher, ViewHandle)
{
    let d = try _dispatcher(dispatcher, f)
    return (d, try _view(view, of: d, f))
}

/// An `HT_TOUCHES_*` value, checked.
private func _touchHandling(_ handling: Int32, _ f: _CFunction) throws(_CError) -> TouchHandling {
    guard let t = TouchHandling(cValue: handling) else {
        throw _CError(
            HT_ERROR_INVALID_ARGUMENT,
            "\(f): handling \(handling) is not HT_TOUCHES_FORWARD, _HANDLE or _HANDLE_AND_FORWARD")
    }
    return t
}

/// Changes a view's event settings.
func _edit(
    _ d: _CDispatcher, _ h: ViewHandle, _ f: _CFunction,
    _ body: (inout ViewEventSettings) -> Void
) throws(_CError) {
    // A view's settings live in its side record, and a scroll view's zooming view keeps
    // one of its own: the room for both is asked first.
    if let r = d.world.store.tryReserveSideRecords(2) { throw _outOfMemory(r, f) }
    d.world.store.updateEvents(h, body)
}

/// A gesture definition with `SceneGesture`'s defaults (a one-finger tap). The
/// corresponding C function is `htDefaultGestureDef`.
@c(htDefaultGestureDef)
public func htDefaultGestureDef() -> htGestureDef {
    let g = SceneGesture(id: "", kind: .tap())
    return htGestureDef(
        name: nil, kind: HT_GESTURE_TAP, taps: 1, touches: 1, minimumPressDuration: 0.5,
        allowableMovement: 10, minimumTouches: 1, maximumTouches: 0, hysteresis: 10,
        enabled: g.enabled, cancelsTouchesInView: g.cancelsTouchesInView,
        delaysTouchesBegan: g.delaysTouchesBegan, delaysTouchesEnded: g.delaysTouchesEnded,
        shouldBegin: g.shouldBegin, shouldReceiveTouch: g.shouldReceiveTouch,
        swipeDirections: UInt32(SwipeDirections.right.rawValue), edges: 0,
        internalValue: _definitionCookie)
}

/// The kind of a definition, every parameter checked.
private func _kind(_ g: htGestureDef, _ f: _CFunction) throws(_CError) -> GestureKind {
    func count(_ n: Int32, _ field: String) throws(_CError) -> Int {
        guard n >= 1 && n <= 16 else {
            throw _CError(
                HT_ERROR_INVALID_ARGUMENT, "\(f): def.\(field) must be in 1...16, got \(n)")
        }
        return Int(n)
    }
    func amount(_ x: Double, _ field: String) throws(_CError) -> Double {
        guard x.isFinite && x >= 0 else {
            throw _CError(
                HT_ERROR_INVALID_ARGUMENT, "\(f): def.\(field) must be finite and >= 0, got \(x)")
        }
        return x
    }
    switch g.kind {
    case HT_GESTURE_TAP:
        return .tap(taps: try count(g.taps, "taps"), touches: try count(g.touches, "touches"))
    case HT_GESTURE_LONG_PRESS:
        return .longPress(
            minimumPressDuration: try amount(g.minimumPressDuration, "minimumPressDuration"),
            allowableMovement: try amount(g.allowableMovement, "allowableMovement"),
            touches: try count(g.touches, "touches"))
    case HT_GESTURE_PAN:
        let minimum = try count(g.minimumTouches, "minimumTouches")
        var maximum: Int?
        if g.maximumTouches != 0 {
            maximum = try count(g.maximumTouches, "maximumTouches")
            if maximum! < minimum {
                throw _CError(
                    HT_ERROR_INVALID_ARGUMENT,
                    "\(f): def.maximumTouches \(maximum!) is below minimumTouches \(minimum)")
            }
        }
        return .pan(
            minimumTouches: minimum, maximumTouches: maximum,
            hysteresis: try amount(g.hysteresis, "hysteresis"))
    case HT_GESTURE_PINCH:
        return .pinch
    case HT_GESTURE_SWIPE:
        guard g.swipeDirections != 0 && g.swipeDirections <= 15 else {
            throw _CError(
                HT_ERROR_INVALID_ARGUMENT,
                "\(f): def.swipeDirections \(g.swipeDirections) must be HT_SWIPE_* bits, "
                    + "at least one")
        }
        return .swipe(
            directions: SwipeDirections(rawValue: UInt8(g.swipeDirections)),
            touches: try count(g.touches, "touches"))
    case HT_GESTURE_ROTATION:
        return .rotation
    case HT_GESTURE_HOVER:
        return .hover
    case HT_GESTURE_SCREEN_EDGE_PAN:
        guard g.edges != 0 && g.edges <= 15 else {
            throw _CError(
                HT_ERROR_INVALID_ARGUMENT,
                "\(f): def.edges \(g.edges) must be HT_EDGE_* bits, at least one")
        }
        return .screenEdgePan(edges: ScreenEdges(rawValue: UInt8(g.edges)))
    default:
        throw _CError(
            HT_ERROR_INVALID_ARGUMENT, "\(f): def.kind \(g.kind) is not an HT_GESTURE_* value")
    }
}

/// Adds a `SceneGesture` to a view's `events.gestures`. The corresponding C function is
/// `htDispatcher_AddGesture`.
@c(htDispatcher_AddGesture)
public func htDispatcher_AddGesture(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ def: UnsafePointer<htGestureDef>?
) -> htGestureId {
    var id = htGestureId()
    _ = _capi { () throws(_CError) in
        let f = _CFunction()
        let (d, h) = try _dispatcherView(dispatcher, view, f)
        let def = try _nonNull(def, f, "def").pointee
        if def.internalValue != _definitionCookie {
            throw _CError(
                HT_ERROR_INVALID_ARGUMENT, "\(f): def was not made by htDefaultGestureDef")
        }
        let kind = try _kind(def, f)
        var name = _string(def.name, "")
        if def.name == nil {
            repeat {
                name = "gesture\(d.state.value.nextGestureNumber)"
                d.state.value.nextGestureNumber += 1
            } while d.state.value.gestureByName[name].map(d.isLive) == true
        }
        if let i = d.state.value.gestureByName[name] {
            if d.isLive(i) {
                throw _CError(
                    HT_ERROR_INVALID_ARGUMENT,
                    "\(f): def.name \"\(name)\" is already a recognizer's name; names are unique")
            }
            d.free(i)
        }
        var g = SceneGesture(id: name, kind: kind)
        g.enabled = def.enabled
        g.cancelsTouchesInView = def.cancelsTouchesInView
        g.delaysTouchesBegan = def.delaysTouchesBegan
        g.delaysTouchesEnded = def.delaysTouchesEnded
        g.shouldBegin = def.shouldBegin
        g.shouldReceiveTouch = def.shouldReceiveTouch
        try _edit(d, h, f) { $0.gestures.append(g) }
        id = d.gestureID(d.addSlot(name, h))
    }
    return id
}

/// The corresponding C function is `htDispatcher_FindGesture`.
@c(htDispatcher_FindGesture)
public func htDispatcher_FindGesture(_ dispatcher: htDispatcherId, _ name: UnsafePointer<CChar>?)
    -> htGestureId
{
    var id = htGestureId()
    _ = _capi { () throws(_CError) in
        let f = _CFunction()
        let d = try _dispatcher(dispatcher, f)
        let n = String(cString: try _nonNull(name, f, "name"))
        if let i = d.state.value.gestureByName[n], d.isLive(i) {
            id = d.gestureID(i)
        } else if let view = d.builtInRecognizerView(n) {
            id = d.gestureID(GestureKey(view: view, name: n)) ?? id
        }
    }
    return id
}

/// The corresponding C function is `htGesture_IsValid`.
@c(htGesture_IsValid)
public func htGesture_IsValid(_ gesture: htGestureId) -> Bool {
    (try? _gesture(gesture, _CFunction())) != nil
}

/// Changes one recognizer's `SceneGesture` on its view.
func _editGesture(
    _ d: _CDispatcher, _ i: Int, _ f: _CFunction, _ body: (inout SceneGesture) -> Void
) throws(_CError) {
    let name = d.state.value.gestures[i]!.name
    try _edit(d, d.state.value.gestures[i]!.view, f) { e in
        if let k = e.gestures.firstIndex(where: { $0.id == name }) { body(&e.gestures[k]) }
    }
}

/// The corresponding C function is `htGesture_Remove`.
@c(htGesture_Remove)
public func htGesture_Remove(_ gesture: htGestureId) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let (d, i) = try _gesture(gesture, f)
        let name = d.state.value.gestures[i]!.name
        try _edit(d, d.state.value.gestures[i]!.view, f) { $0.gestures.removeAll { $0.id == name } }
        d.free(i)
    }
}

/// Two recognizers of one dispatcher, both live.
func _pair(_ a: htGestureId, _ b: htGestureId, _ f: _CFunction) throws(_CError)
    -> (_CDispatcher, Int, String)
{
    let (d, i) = try _gesture(a, f)
    let (e, j) = try _gesture(b, f, "other")
    guard d === e else {
        throw _CError(HT_ERROR_FOREIGN_ID, "\(f): other belongs to another dispatcher")
    }
    return (d, i, d.state.value.gestures[j]!.name)
}

/// What the four relation functions share (`htGesture_RequireToFail`,
/// `htGesture_RecognizeSimultaneouslyWith`, `htGesture_ShouldRequireFailureOf`,
/// `htGesture_ShouldBeRequiredToFailBy`): both recognizers live in one dispatcher, and
/// `other`'s name is added once to the list of `gesture` at `list`.
func _relate(
    _ gesture: htGestureId, _ other: htGestureId,
    _ list: WritableKeyPath<SceneGesture, [String]>, _ f: _CFunction
) -> htResult {
    _capi { () throws(_CError) in
        let (d, i, name) = try _pair(gesture, other, f)
        try _editGesture(d, i, f) { g in
            if !g[keyPath: list].contains(name) { g[keyPath: list].append(name) }
        }
    }
}

/// `SceneGesture.requireToFail`. The corresponding C function is `htGesture_RequireToFail`.
@c(htGesture_RequireToFail)
public func htGesture_RequireToFail(_ gesture: htGestureId, _ other: htGestureId) -> htResult {
    _relate(gesture, other, \.requireToFail, _CFunction())
}

/// `SceneGesture.simultaneousWith`. The corresponding C function is
/// `htGesture_RecognizeSimultaneouslyWith`.
@c(htGesture_RecognizeSimultaneouslyWith)
public func htGesture_RecognizeSimultaneouslyWith(_ gesture: htGestureId, _ other: htGestureId)
    -> htResult
{
    _relate(gesture, other, \.simultaneousWith, _CFunction())
}

/// `SceneGesture.enabled`. The corresponding C function is `htGesture_SetEnabled`.
@c(htGesture_SetEnabled)
public func htGesture_SetEnabled(_ gesture: htGestureId, _ enabled: Bool) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let (d, i) = try _gesture(gesture, f)
        try _editGesture(d, i, f) { $0.enabled = enabled }
    }
}

/// The recognizer as the Swift dispatcher has it now (`Dispatcher.gesture(_:)`).
func _info(_ d: _CDispatcher, _ i: Int) -> GestureInfo? {
    guard let g = d.state.value.gestures[i] else { return nil }
    return d.swift.gesture(GestureKey(view: g.view, name: g.name))
}

/// `GestureInfo.state`. The corresponding C function is `htGesture_GetState`.
@c(htGesture_GetState)
public func htGesture_GetState(_ gesture: htGestureId, _ state: UnsafeMutablePointer<Int32>?)
    -> htResult
{
    _capi { () throws(_CError) in
        let f = _CFunction()
        let (d, i) = try _gesture(gesture, f)
        try _nonNull(state, f, "state").pointee = (_info(d, i)?.state ?? .possible).cValue
    }
}

/// `GestureInfo.report`. The corresponding C function is `htGesture_GetReport`.
@c(htGesture_GetReport)
public func htGesture_GetReport(
    _ gesture: htGestureId, _ translation: UnsafeMutablePointer<htVec2>?,
    _ velocity: UnsafeMutablePointer<htVec2>?, _ scale: UnsafeMutablePointer<Double>?
) -> htResult {
    _capi { () throws(_CError) in
        let (d, i) = try _gesture(gesture, _CFunction())
        let r = _info(d, i)?.report ?? GestureReport()
        let t = r.translation ?? .zero
        let v = r.velocity ?? .zero
        translation?.pointee = htVec2(x: t.x, y: t.y)
        velocity?.pointee = htVec2(x: v.x, y: v.y)
        scale?.pointee = r.scale ?? 1
    }
}

/// `GestureInfo.report`, every field. The corresponding C function is
/// `htGesture_GetFullReport`.
@c(htGesture_GetFullReport)
public func htGesture_GetFullReport(
    _ gesture: htGestureId, _ report: UnsafeMutablePointer<htGestureReport>?
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let (d, i) = try _gesture(gesture, f)
        let out = try _nonNull(report, f, "report")
        out.pointee = (_info(d, i)?.report ?? GestureReport()).cValue
    }
}

extension GestureReport {
    /// The report as C hosts read it: the fields the kind reports, their
    /// `HT_REPORT_*` bits set, the others zero.
    var cValue: htGestureReport {
        var r = htGestureReport()
        func vec(_ p: Point) -> htVec2 { htVec2(x: p.x, y: p.y) }
        if let location {
            r.fields |= HT_REPORT_LOCATION
            r.location = vec(location)
        }
        if let translation {
            r.fields |= HT_REPORT_TRANSLATION
            r.translation = vec(translation)
        }
        if let velocity {
            r.fields |= HT_REPORT_VELOCITY
            r.velocity = vec(velocity)
        }
        if let scale {
            r.fields |= HT_REPORT_SCALE
            r.scale = scale
        }
        if let scaleVelocity {
            r.fields |= HT_REPORT_SCALE_VELOCITY
            r.scaleVelocity = scaleVelocity
        }
        if let rotation {
            r.fields |= HT_REPORT_ROTATION
            r.rotation = rotation
        }
        if let angularVelocity {
            r.fields |= HT_REPORT_ANGULAR_VELOCITY
            r.angularVelocity = angularVelocity
        }
        if let direction {
            r.fields |= HT_REPORT_DIRECTION
            r.direction = UInt32(direction.rawValue)
        }
        return r
    }
}

// MARK: Controls and touch handling

/// `SceneControl`'s defaults. The corresponding C function is `htDefaultControlDef`.
@c(htDefaultControlDef)
public func htDefaultControlDef() -> htControlDef {
    let c = SceneControl()
    return htControlDef(
        enabled: c.enabled, trackingSlop: c.trackingSlop, internalValue: _definitionCookie)
}

/// `ViewEventSettings.control`. The corresponding C function is `htDispatcher_SetControl`.
@c(htDispatcher_SetControl)
public func htDispatcher_SetControl(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ def: UnsafePointer<htControlDef>?
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let (d, h) = try _dispatcherView(dispatcher, view, f)
        let c = try _nonNull(def, f, "def").pointee
        if c.internalValue != _definitionCookie {
            throw _CError(
                HT_ERROR_INVALID_ARGUMENT, "\(f): def was not made by htDefaultControlDef")
        }
        try _finite([c.trackingSlop], f, "def.trackingSlop")
        try _edit(d, h, f) { e in
            var control = e.control ?? SceneControl()
            control.enabled = c.enabled
            control.trackingSlop = c.trackingSlop
            e.control = control
        }
    }
}

/// `SceneControl.actions`. The corresponding C function is `htDispatcher_AddControlAction`.
@c(htDispatcher_AddControlAction)
public func htDispatcher_AddControlAction(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ event: Int32,
    _ action: UnsafePointer<CChar>?
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let (d, h) = try _dispatcherView(dispatcher, view, f)
        guard let e = ControlEvent(cValue: event) else {
            throw _CError(
                HT_ERROR_INVALID_ARGUMENT, "\(f): event \(event) is not an HT_CONTROL_* value")
        }
        let name = String(cString: try _nonNull(action, f, "action"))
        try _edit(d, h, f) { s in
            var control = s.control ?? SceneControl()
            control.actions.append(ControlAction(event: e, action: name))
            s.control = control
        }
    }
}

/// `ViewEventSettings.touches`. The corresponding C function is
/// `htDispatcher_SetTouchHandling`.
@c(htDispatcher_SetTouchHandling)
public func htDispatcher_SetTouchHandling(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ handling: Int32
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let (d, h) = try _dispatcherView(dispatcher, view, f)
        let t = try _touchHandling(handling, f)
        try _edit(d, h, f) { $0.touches = t }
    }
}

/// `ViewEventSettings.viewControllerTouches`. The corresponding C function is
/// `htDispatcher_SetViewControllerTouchHandling`.
@c(htDispatcher_SetViewControllerTouchHandling)
public func htDispatcher_SetViewControllerTouchHandling(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ handling: Int32
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let (d, h) = try _dispatcherView(dispatcher, view, f)
        let t = try _touchHandling(handling, f)
        if d.world.store.definition(of: h).viewController == nil {
            throw _CError(HT_ERROR_NOT_ALLOWED, "\(f): the view is no view controller's root view")
        }
        try _edit(d, h, f) { $0.viewControllerTouches = t }
    }
}

/// `ViewEventSettings.multipleTouchEnabled`. The corresponding C function is
/// `htDispatcher_SetMultipleTouchEnabled`.
@c(htDispatcher_SetMultipleTouchEnabled)
public func htDispatcher_SetMultipleTouchEnabled(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ enabled: Bool
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let (d, h) = try _dispatcherView(dispatcher, view, f)
        try _edit(d, h, f) { $0.multipleTouchEnabled = enabled }
    }
}

/// `ViewEventSettings.exclusiveTouch`. The corresponding C function is
/// `htDispatcher_SetExclusiveTouch`.
@c(htDispatcher_SetExclusiveTouch)
public func htDispatcher_SetExclusiveTouch(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ exclusive: Bool
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let (d, h) = try _dispatcherView(dispatcher, view, f)
        try _edit(d, h, f) { $0.exclusiveTouch = exclusive }
    }
}
