// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (The Swift names of the @c functions are their C names: box2d style, htType_Verb.)
import CHitTestShim
import HitTestDispatch
import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

// Dispatch in C beyond the basics: the subclass-level failure requirements, the
// rotation report, and `next` overrides. See include/hittest/dispatch.h.

/// `SceneGesture.shouldRequireFailureOf`. The corresponding C function is
/// `htGesture_ShouldRequireFailureOf`.
@c(htGesture_ShouldRequireFailureOf)
public func htGesture_ShouldRequireFailureOf(_ gesture: htGestureId, _ other: htGestureId)
    -> htResult
{
    _relate(gesture, other, \.shouldRequireFailureOf, _CFunction())
}

/// `SceneGesture.shouldBeRequiredToFailBy`. The corresponding C function is
/// `htGesture_ShouldBeRequiredToFailBy`.
@c(htGesture_ShouldBeRequiredToFailBy)
public func htGesture_ShouldBeRequiredToFailBy(_ gesture: htGestureId, _ other: htGestureId)
    -> htResult
{
    _relate(gesture, other, \.shouldBeRequiredToFailBy, _CFunction())
}

/// `GestureReport.rotation` and `angularVelocity`. The corresponding C function is
/// `htGesture_GetRotation`.
@c(htGesture_GetRotation)
public func htGesture_GetRotation(
    _ gesture: htGestureId, _ rotation: UnsafeMutablePointer<Double>?,
    _ angularVelocity: UnsafeMutablePointer<Double>?
) -> htResult {
    _capi { () throws(_CError) in
        let (d, i) = try _gesture(gesture, _CFunction())
        let r = _info(d, i)?.report ?? GestureReport()
        rotation?.pointee = r.rotation ?? 0
        angularVelocity?.pointee = r.angularVelocity ?? 0
    }
}

/// `ViewEventSettings.next`, kept as the target view's name (the first view of that name
/// is taken when a touch's responder chain is built). The corresponding C function is
/// `htDispatcher_SetNextResponder`.
@c(htDispatcher_SetNextResponder)
public func htDispatcher_SetNextResponder(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ next: htViewId
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let d = try _dispatcher(dispatcher, f)
        let h = try _view(view, of: d, f)
        var name: String?
        if next.index1 != 0 {
            let t = try _view(next, in: d.world, f, "next")
            name = d.world.store.definition(of: t).id
        }
        try _edit(d, h, f) { $0.next = name }
    }
}

/// `Dispatcher.feed(_:)` with a frame holding only the pointer (`InputFrame.pointer`). The
/// corresponding C function is `htDispatcher_MovePointer`.
@c(htDispatcher_MovePointer)
public func htDispatcher_MovePointer(
    _ dispatcher: htDispatcherId, _ time: Double, _ point: UnsafePointer<htVec2>?
) -> htResult {
    let f = _CFunction()
    return _run(dispatcher, f) { (d) throws(_CError) in
        try _time(time, after: d, f)
        let pointer: PointerInput =
            point.map { .at(Point(x: $0.pointee.x, y: $0.pointee.y)) } ?? .gone
        do throws(DispatchError) {
            try d.swift.feed(InputFrame(time: time, touches: [], pointer: pointer))
        } catch {
            throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): \(error.field) \(error.message)")
        }
        d.state.value.lastTime = time
    }
}

/// `ViewEventSettings.viewControllerNext`, kept as the target view's name. The
/// corresponding C function is `htDispatcher_SetViewControllerNextResponder`.
@c(htDispatcher_SetViewControllerNextResponder)
public func htDispatcher_SetViewControllerNextResponder(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ next: htViewId
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let d = try _dispatcher(dispatcher, f)
        let h = try _view(view, of: d, f)
        if d.world.store.definition(of: h).viewController == nil {
            throw _CError(HT_ERROR_NOT_ALLOWED, "\(f): the view is no view controller's root view")
        }
        var name: String?
        if next.index1 != 0 {
            let t = try _view(next, in: d.world, f, "next")
            name = d.world.store.definition(of: t).id
        }
        try _edit(d, h, f) { $0.viewControllerNext = name }
    }
}
