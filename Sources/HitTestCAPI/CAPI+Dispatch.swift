// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (The Swift names of the @c functions are their C names: box2d style, htType_Verb.)
@_spi(Tables) import HitTestStore
import CHitTestShim
import HitTestDispatch
import HitTestGeometry
import HitTestScene

// Dispatchers: create, destroy, feed, advance, cancel, read events. See
// include/hittest/dispatch.h.

/// `DispatchSettings.default`. The corresponding C function is `htDefaultDispatcherDef`.
@c(htDefaultDispatcherDef)
public func htDefaultDispatcherDef() -> htDispatcherDef {
    let s = DispatchSettings.default
    return htDispatcherDef(
        multiTapInterval: s.multiTapInterval, maximumTapDuration: s.maximumTapDuration,
        tapSlop: s.tapSlop, contentTouchDelay: s.contentTouchDelay,
        internalValue: _definitionCookie)
}

/// A dispatcher on a world's store (`Dispatcher.init(store:settings:)`): it sees the
/// world's changes as they are made. The corresponding C function is `htCreateDispatcher`.
@c(htCreateDispatcher)
public func htCreateDispatcher(_ world: htWorldId, _ def: UnsafePointer<htDispatcherDef>?)
    -> htDispatcherId
{
    var id = htDispatcherId()
    _ = _capi { () throws(_CError) in
        let f = _CFunction()
        let w = try _world(world, f)
        let d = try _nonNull(def, f, "def").pointee
        if d.internalValue != _definitionCookie {
            throw _CError(
                HT_ERROR_INVALID_ARGUMENT, "\(f): def was not made by htDefaultDispatcherDef")
        }
        let values = [d.multiTapInterval, d.maximumTapDuration, d.tapSlop, d.contentTouchDelay]
        try _finite(values, f, "def.multiTapInterval/maximumTapDuration/tapSlop/contentTouchDelay")
        if values.contains(where: { $0 < 0 }) {
            throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): def's times and distances must be >= 0")
        }
        var settings = DispatchSettings()
        settings.multiTapInterval = d.multiTapInterval
        settings.maximumTapDuration = d.maximumTapDuration
        settings.tapSlop = d.tapSlop
        settings.contentTouchDelay = d.contentTouchDelay
        id = try _dispatchers.withLock { (t) throws(_CError) -> htDispatcherId in
            guard
                let slot = t.dispatchers.insert({ slot, generation in
                    _CDispatcher(
                        world: w, worldID: world, slot: UInt16(slot), generation: generation,
                        settings: settings)
                })
            else {
                throw _CError(
                    HT_ERROR_TOO_MANY_DISPATCHERS,
                    "\(f): all \(HT_MAX_DISPATCHERS) dispatcher slots are in use; destroy one first")
            }
            return t.dispatchers[slot]!.id
        }
    }
    return id
}

/// The corresponding C function is `htDestroyDispatcher`.
@c(htDestroyDispatcher)
public func htDestroyDispatcher(_ dispatcher: htDispatcherId) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        if dispatcher.index1 == 0 {
            throw _CError(HT_ERROR_NULL_ID, "\(f): dispatcher is the null dispatcher id")
        }
        // A dispatcher whose world is gone can still be destroyed.
        let found = _dispatchers.withLock { t -> Bool in
            let slot = Int(dispatcher.index1) - 1
            guard t.dispatchers.value(at: slot, generation: dispatcher.generation) != nil else {
                return false
            }
            t.dispatchers.remove(at: slot)
            return true
        }
        if !found {
            throw _CError(
                HT_ERROR_STALE_ID, "\(f): \(_describe(dispatcher)) was destroyed or never made")
        }
    }
}

/// The corresponding C function is `htDispatcher_IsValid`.
@c(htDispatcher_IsValid)
public func htDispatcher_IsValid(_ dispatcher: htDispatcherId) -> Bool {
    (try? _dispatcher(dispatcher, _CFunction())) != nil
}

/// `Dispatcher.addHandler(_:)` with the host's callbacks. The corresponding C function is
/// `htDispatcher_SetCallbacks`.
@c(htDispatcher_SetCallbacks)
public func htDispatcher_SetCallbacks(
    _ dispatcher: htDispatcherId, _ callbacks: UnsafePointer<htDispatchCallbacks>?
) -> htResult {
    _capi { () throws(_CError) in
        let d = try _dispatcher(dispatcher, _CFunction())
        d.state.value.callbacks = callbacks?.pointee ?? htDispatchCallbacks()
        d.swift.handlersChanged()
    }
}

/// Runs a call that feeds the Swift dispatcher and publishes its log as the events.
func _run(
    _ dispatcher: htDispatcherId, _ f: _CFunction,
    _ body: (_CDispatcher) throws(_CError) -> Void
) -> htResult {
    _capi { () throws(_CError) in
        let d = try _dispatcher(dispatcher, f)
        // Room for the hit tests of the call, for the depth the world's calls have reserved
        // its own scratch for (a few comparisons when it is there).
        if let r = d.scratch.tryReserve(height: d.world.height) { throw _outOfMemory(r, f) }
        d.events.value.clear()
        try body(d)
        d.publish()
    }
}

func _time(_ t: Double, after d: _CDispatcher, _ f: _CFunction, infinityAllowed: Bool = false)
    throws(_CError)
{
    if t.isNaN || (!infinityAllowed && !t.isFinite) || t == -.infinity {
        throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): time must be a finite number, got \(t)")
    }
    if t < d.state.value.lastTime {
        throw _CError(
            HT_ERROR_INVALID_ARGUMENT,
            "\(f): time \(t) is before the previous call's \(d.state.value.lastTime); "
                + "time must not go back")
    }
}

/// `Dispatcher.feed(_:)`. The corresponding C function is `htDispatcher_Feed`.
@c(htDispatcher_Feed)
public func htDispatcher_Feed(
    _ dispatcher: htDispatcherId, _ time: Double, _ touches: UnsafePointer<htTouchInput>?,
    _ count: Int32
) -> htResult {
    _feed(dispatcher, time, touches, count, pointer: nil, _CFunction())
}

/// `Dispatcher.feed(_:)` with touches and the pointer in one frame. The corresponding C
/// function is `htDispatcher_FeedFrame`.
@c(htDispatcher_FeedFrame)
public func htDispatcher_FeedFrame(
    _ dispatcher: htDispatcherId, _ time: Double, _ touches: UnsafePointer<htTouchInput>?,
    _ count: Int32, _ pointer: UnsafePointer<htVec2>?, _ pointerGone: Bool
) -> htResult {
    let p: PointerInput? =
        pointerGone ? .gone : pointer.map { .at(Point(x: $0.pointee.x, y: $0.pointee.y)) }
    return _feed(dispatcher, time, touches, count, pointer: p, _CFunction())
}

/// One frame of touches (and the pointer), checked and fed.
func _feed(
    _ dispatcher: htDispatcherId, _ time: Double, _ touches: UnsafePointer<htTouchInput>?,
    _ count: Int32, pointer: PointerInput?, _ f: _CFunction
) -> htResult {
    _run(dispatcher, f) { (d) throws(_CError) in
        try _time(time, after: d, f)
        if count < 0 {
            throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): count must be >= 0, got \(count)")
        }
        var inputs: [TouchInput] = []
        swap(&inputs, &d.state.value.inputs)
        defer {
            inputs.removeAll(keepingCapacity: true)
            swap(&inputs, &d.state.value.inputs)
        }
        inputs.removeAll(keepingCapacity: true)
        if count > 0 {
            let ts = try _nonNull(touches, f, "touches")
            inputs.reserveCapacity(Int(count))
            for k in 0..<Int(count) {
                guard let phase = TouchPhase(cValue: ts[k].phase) else {
                    throw _CError(
                        HT_ERROR_INVALID_ARGUMENT,
                        "\(f): touches[\(k)].phase \(ts[k].phase) is not an HT_PHASE_* value")
                }
                let p = Point(x: ts[k].point.x, y: ts[k].point.y)
                inputs.append(TouchInput(id: Int(ts[k].id), phase: phase, location: p))
            }
        }
        do throws(DispatchError) {
            try d.swift.feed(InputFrame(time: time, touches: inputs, pointer: pointer))
        } catch {
            let at = error.touchIndex.map { "touches[\($0)]." } ?? ""
            let field = ["t": "time", "at": "point"][error.field] ?? error.field
            throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): \(at)\(field) \(error.message)")
        }
        d.state.value.lastTime = time
    }
}

/// `DispatchLogEntry.text` / `.json` of one event of the last call. The corresponding C
/// function is `htDispatcher_FormatEvent`.
@c(htDispatcher_FormatEvent)
public func htDispatcher_FormatEvent(
    _ dispatcher: htDispatcherId, _ index: Int32, _ json: Bool,
    _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: UInt, _ length: UnsafeMutablePointer<UInt>?
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let d = try _dispatcher(dispatcher, f)
        guard index >= 0 && Int(index) < d.events.value.log.count else {
            throw _CError(
                HT_ERROR_INVALID_ARGUMENT,
                "\(f): index \(index) is not below the last call's "
                    + "\(d.events.value.log.count) events")
        }
        let e = d.events.value.log[Int(index)]
        try _write(json ? e.json : e.text, buffer, capacity, length, f)
    }
}

/// A control's value in its view's settings. The corresponding C function is
/// `htDispatcher_SetControlValue`.
@c(htDispatcher_SetControlValue)
public func htDispatcher_SetControlValue(
    _ dispatcher: htDispatcherId, _ control: htViewId, _ value: Double
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let (d, h) = try _dispatcherView(dispatcher, control, f)
        try _finite([value], f, "value")
        guard d.swift.controlState(of: h) != nil else {
            throw _CError(HT_ERROR_NOT_ALLOWED, "\(f): the view is no control")
        }
        try _edit(d, h, f) { $0.control = $0.control.withValue(value) }
    }
}

/// `Dispatcher.flush(until:)`. The corresponding C function is `htDispatcher_AdvanceTime`.
@c(htDispatcher_AdvanceTime)
public func htDispatcher_AdvanceTime(_ dispatcher: htDispatcherId, _ time: Double) -> htResult {
    let f = _CFunction()
    return _run(dispatcher, f) { (d) throws(_CError) in
        try _time(time, after: d, f, infinityAllowed: true)
        d.swift.flush(until: time)
        if time.isFinite { d.state.value.lastTime = time }
    }
}

/// `Dispatcher.cancelAllTouches(at:)`. The corresponding C function is
/// `htDispatcher_CancelAllTouches`.
@c(htDispatcher_CancelAllTouches)
public func htDispatcher_CancelAllTouches(_ dispatcher: htDispatcherId, _ time: Double) -> htResult
{
    let f = _CFunction()
    return _run(dispatcher, f) { (d) throws(_CError) in
        try _time(time, after: d, f)
        do throws(DispatchError) {
            try d.swift.cancelAllTouches(at: time)
        } catch {
            throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): \(error.message)")
        }
        d.state.value.lastTime = time
    }
}

/// Starts a Swift dispatcher afresh on the world: nothing in flight, time from scratch. The corresponding C
/// function is `htDispatcher_Reset`.
@c(htDispatcher_Reset)
public func htDispatcher_Reset(_ dispatcher: htDispatcherId) -> htResult {
    _capi { () throws(_CError) in
        let d = try _dispatcher(dispatcher, _CFunction())
        d.state.value.lastTime = -.infinity
        d.reset()
        d.events.value.clear()
    }
}

/// The corresponding C function is `htDispatcher_GetEvents`.
@c(htDispatcher_GetEvents)
public func htDispatcher_GetEvents(_ dispatcher: htDispatcherId) -> htDispatchEvents {
    var out = htDispatchEvents()
    _ = _capi { () throws(_CError) in
        let d = try _dispatcher(dispatcher, _CFunction())
        out = htDispatchEvents(
            events: UnsafePointer(d.events.value.events.baseAddress), count: d.events.value.count)
    }
    return out
}

/// `Dispatcher.activeTouches.count`. The corresponding C function is
/// `htDispatcher_GetActiveTouchCount`.
@c(htDispatcher_GetActiveTouchCount)
public func htDispatcher_GetActiveTouchCount(
    _ dispatcher: htDispatcherId, _ count: UnsafeMutablePointer<Int32>?
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let d = try _dispatcher(dispatcher, f)
        try _nonNull(count, f, "count").pointee = Int32(clamping: d.swift.activeTouches.count)
    }
}
