// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (The Swift names of the @c functions are their C names: box2d style, htType_Verb.)
import CHitTestShim
import HitTestDispatch
import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

// Scroll views in C (DispatchRules.md, "Scroll views"): a view's `"scrollView"` settings,
// and its content offset. See include/hittest/dispatch.h.

/// `SceneScrollView()`'s defaults. The corresponding C function is `htDefaultScrollViewDef`.
@c(htDefaultScrollViewDef)
public func htDefaultScrollViewDef() -> htScrollViewDef {
    let s = SceneScrollView()
    return htScrollViewDef(
        scrollEnabled: s.scrollEnabled, delaysContentTouches: s.delaysContentTouches,
        canCancelContentTouches: s.canCancelContentTouches,
        touchesShouldCancel: HT_SCROLL_ANSWER_DEFAULT, touchesShouldBegin: s.touchesShouldBegin,
        contentSize: htVec2(x: s.contentSize.width, y: s.contentSize.height), bounces: s.bounces,
        alwaysBounceHorizontal: s.alwaysBounceHorizontal,
        alwaysBounceVertical: s.alwaysBounceVertical,
        directionalLockEnabled: s.directionalLockEnabled, minimumZoomScale: s.minimumZoomScale,
        maximumZoomScale: s.maximumZoomScale, decelerationRate: s.decelerationRate,
        pagingEnabled: s.pagingEnabled,
        contentInset: htInsets(top: 0, left: 0, bottom: 0, right: 0),
        zoomingView: htViewId(), zoomScale: s.zoomScale,
        bouncesZoom: s.bouncesZoom, internalValue: _definitionCookie)
}

/// `ViewEventSettings.scrollView`. The corresponding C function is
/// `htDispatcher_SetScrollView`.
@c(htDispatcher_SetScrollView)
public func htDispatcher_SetScrollView(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ def: UnsafePointer<htScrollViewDef>?
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let d = try _dispatcher(dispatcher, f)
        let h = try _view(view, of: d, f)
        let c = try _nonNull(def, f, "def").pointee
        if c.internalValue != _definitionCookie {
            throw _CError(
                HT_ERROR_INVALID_ARGUMENT, "\(f): def was not made by htDefaultScrollViewDef")
        }
        var s = SceneScrollView()
        s.scrollEnabled = c.scrollEnabled
        s.delaysContentTouches = c.delaysContentTouches
        s.canCancelContentTouches = c.canCancelContentTouches
        switch c.touchesShouldCancel {
        case HT_SCROLL_ANSWER_DEFAULT: s.touchesShouldCancel = nil
        case HT_SCROLL_ANSWER_NO: s.touchesShouldCancel = false
        case HT_SCROLL_ANSWER_YES: s.touchesShouldCancel = true
        default:
            throw _CError(
                HT_ERROR_INVALID_ARGUMENT,
                "\(f): def.touchesShouldCancel must be HT_SCROLL_ANSWER_DEFAULT, _NO or _YES, got \(c.touchesShouldCancel)"
            )
        }
        s.touchesShouldBegin = c.touchesShouldBegin
        s.contentSize = Size(width: c.contentSize.x, height: c.contentSize.y)
        s.bounces = c.bounces
        s.alwaysBounceHorizontal = c.alwaysBounceHorizontal
        s.alwaysBounceVertical = c.alwaysBounceVertical
        s.directionalLockEnabled = c.directionalLockEnabled
        s.minimumZoomScale = c.minimumZoomScale
        s.maximumZoomScale = c.maximumZoomScale
        s.decelerationRate = c.decelerationRate
        s.pagingEnabled = c.pagingEnabled
        let i = c.contentInset
        s.contentInset = EdgeInsets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
        if c.zoomingView.index1 != 0 {
            let z = try _view(c.zoomingView, in: d.world, f, "def.zoomingView")
            guard d.world.store.superview(of: z) == h else {
                throw _CError(
                    HT_ERROR_INVALID_ARGUMENT,
                    "\(f): def.zoomingView must be a subview of the scroll view")
            }
            s.zoomingView = d.world.store.id(of: z)
        }
        s.zoomScale = c.zoomScale
        s.bouncesZoom = c.bouncesZoom
        if let p = s.problems().first {
            throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): def.\(p.field) \(p.message)")
        }
        try _edit(d, h, f) { $0.scrollView = s }
    }
}

/// `Dispatcher.contentOffset(of:)`: the scroll view's bounds origin in the world. The
/// corresponding C function is `htDispatcher_GetContentOffset`.
@c(htDispatcher_GetContentOffset)
public func htDispatcher_GetContentOffset(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ offset: UnsafeMutablePointer<htVec2>?
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let d = try _dispatcher(dispatcher, f)
        let h = try _view(view, of: d, f)
        let out = try _nonNull(offset, f, "offset")
        let def = try _scrollViewDefinition(d, h, f)
        let o = def.geometry.bounds.origin
        out.pointee = htVec2(x: o.x, y: o.y)
    }
}

/// The view's definition when it is a scroll view (its settings or its class make it one);
/// HT_ERROR_INVALID_ARGUMENT otherwise.
private func _scrollViewDefinition(_ d: _CDispatcher, _ h: ViewHandle, _ f: _CFunction)
    throws(_CError) -> ViewDefinition
{
    let def = d.world.store.definition(of: h)
    guard def.events.scrollView != nil || SceneScrollView.classes.contains(def.className) else {
        throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): the view is not a scroll view")
    }
    return def
}

/// `Dispatcher.isDecelerating(_:)`, by handle: whether the scroll view moves after a
/// flick. The corresponding C function is `htDispatcher_IsDecelerating`.
@c(htDispatcher_IsDecelerating)
public func htDispatcher_IsDecelerating(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ decelerating: UnsafeMutablePointer<Bool>?
) -> htResult {
    _scrollViewFlag(dispatcher, view, decelerating, "decelerating", _CFunction()) {
        $0.isMoving($1)
    }
}

/// `Dispatcher.setContentOffset(_:of:animated:)`, by handle. The corresponding C function
/// is `htDispatcher_SetContentOffset`.
@c(htDispatcher_SetContentOffset)
public func htDispatcher_SetContentOffset(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ x: Double, _ y: Double, _ animated: Bool
) -> htResult {
    let f = _CFunction()
    return _run(dispatcher, f) { (d) throws(_CError) in
        let h = try _view(view, of: d, f)
        guard x.isFinite, y.isFinite else {
            throw _CError(
                HT_ERROR_INVALID_ARGUMENT, "\(f): x and y must be finite numbers, got \(x), \(y)")
        }
        guard d.swift.scroll(h, to: Point(x: x, y: y), animated: animated) else {
            throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): the view is not a scroll view")
        }
    }
}

/// `Dispatcher.isScrollAnimating(_:)`, by handle: whether the scroll view animates to a
/// host's offset. The corresponding C function is `htDispatcher_IsScrollAnimating`.
@c(htDispatcher_IsScrollAnimating)
public func htDispatcher_IsScrollAnimating(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ animating: UnsafeMutablePointer<Bool>?
) -> htResult {
    _scrollViewFlag(dispatcher, view, animating, "animating", _CFunction()) {
        $0.isScrollAnimating($1)
    }
}

/// `Dispatcher.isTracking(_:)`, by handle: whether a touch the scroll view's pan took is
/// down. The corresponding C function is `htDispatcher_IsTracking`.
@c(htDispatcher_IsTracking)
public func htDispatcher_IsTracking(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ tracking: UnsafeMutablePointer<Bool>?
) -> htResult {
    _scrollViewFlag(dispatcher, view, tracking, "tracking", _CFunction()) {
        $0.isTracking($1)
    }
}

/// `Dispatcher.isDragging(_:)`, by handle: whether the scroll view's pan is dragging.
/// The corresponding C function is `htDispatcher_IsDragging`.
@c(htDispatcher_IsDragging)
public func htDispatcher_IsDragging(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ dragging: UnsafeMutablePointer<Bool>?
) -> htResult {
    _scrollViewFlag(dispatcher, view, dragging, "dragging", _CFunction()) {
        $0.isDragging($1)
    }
}

/// The body of the htDispatcher_Is* getters: `read` of the scroll view `view`, written to
/// `out` (named `name` in the refusal of a NULL pointer).
private func _scrollViewFlag(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ out: UnsafeMutablePointer<Bool>?,
    _ name: String, _ f: _CFunction, _ read: (Dispatcher, ViewHandle) -> Bool
) -> htResult {
    _capi { () throws(_CError) in
        let (d, h) = try _dispatcherView(dispatcher, view, f)
        let p = try _nonNull(out, f, name)
        p.pointee = read(d.swift, h)
    }
}

/// `Dispatcher.isZooming(_:)`, by handle: whether the scroll view's pinch is zooming. The
/// corresponding C function is `htDispatcher_IsZooming`.
@c(htDispatcher_IsZooming)
public func htDispatcher_IsZooming(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ zooming: UnsafeMutablePointer<Bool>?
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let (d, h) = try _dispatcherView(dispatcher, view, f)
        let out = try _nonNull(zooming, f, "zooming")
        out.pointee = d.swift.isZooming(h)
    }
}

/// `Dispatcher.isZoomBouncing(_:)`, by handle: whether the scroll view's zoom springs back
/// to a limit. The corresponding C function is `htDispatcher_IsZoomBouncing`.
@c(htDispatcher_IsZoomBouncing)
public func htDispatcher_IsZoomBouncing(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ bouncing: UnsafeMutablePointer<Bool>?
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let (d, h) = try _dispatcherView(dispatcher, view, f)
        let out = try _nonNull(bouncing, f, "bouncing")
        out.pointee = d.swift.isZoomBouncing(h)
    }
}

/// `Dispatcher.zoomScale(of:)`, by handle. The corresponding C function is
/// `htDispatcher_GetZoomScale`.
@c(htDispatcher_GetZoomScale)
public func htDispatcher_GetZoomScale(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ zoomScale: UnsafeMutablePointer<Double>?
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let (d, h) = try _dispatcherView(dispatcher, view, f)
        let out = try _nonNull(zoomScale, f, "zoomScale")
        let def = try _scrollViewDefinition(d, h, f)
        out.pointee = def.events.scrollView?.zoomScale ?? 1
    }
}

/// `Dispatcher.setZoomScale(_:of:animated:)`, by handle; the call's events are its log
/// entries. The corresponding C function is `htDispatcher_SetZoomScale`.
@c(htDispatcher_SetZoomScale)
public func htDispatcher_SetZoomScale(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ scale: Double, _ animated: Bool
) -> htResult {
    let f = _CFunction()
    return _run(dispatcher, f) { (d) throws(_CError) in
        let h = try _view(view, of: d, f)
        guard d.swift.setZoomScale(scale, of: h, animated: animated) else {
            throw _CError(
                HT_ERROR_INVALID_ARGUMENT,
                "\(f): the view must be a scroll view with a zooming view and scale a finite "
                    + "number > 0, got \(scale)"
            )
        }
    }
}

/// `Dispatcher.zoom(to:in:animated:)`, by handle; the call's events are its log entries.
/// The corresponding C function is `htDispatcher_ZoomToRect`.
@c(htDispatcher_ZoomToRect)
public func htDispatcher_ZoomToRect(
    _ dispatcher: htDispatcherId, _ view: htViewId, _ rect: htRect, _ animated: Bool
) -> htResult {
    let f = _CFunction()
    return _run(dispatcher, f) { (d) throws(_CError) in
        let h = try _view(view, of: d, f)
        let r = Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        guard d.swift.zoom(to: r, in: h, animated: animated) else {
            throw _CError(
                HT_ERROR_INVALID_ARGUMENT,
                "\(f): the view must be a scroll view with a zooming view and rect finite "
                    + "with a size >= 0"
            )
        }
    }
}

/// The scroll view and control tracking callbacks, by handle.
extension _CallbackHandler {
    func scrollView(_ scrollView: ViewHandle, touchesShouldBegin touch: Touch, in view: ViewHandle)
        -> Bool?
    {
        guard let f = c.touchesShouldBegin else { return nil }
        var t = owner.cTouch(touch, view: view)
        return f(owner.world.viewID(scrollView), owner.world.viewID(view), &t, c.context)
    }

    func scrollView(_ scrollView: ViewHandle, touchesShouldCancelIn view: ViewHandle) -> Bool? {
        guard let f = c.touchesShouldCancel else { return nil }
        return f(owner.world.viewID(scrollView), owner.world.viewID(view), c.context)
    }

    func scrollViewWillEndDragging(
        _ scrollView: ViewHandle, withVelocity velocity: Point, targetContentOffset: Point
    ) -> Point? {
        guard let f = c.willEndDragging else { return nil }
        var target = htVec2(x: targetContentOffset.x, y: targetContentOffset.y)
        f(owner.world.viewID(scrollView), htVec2(x: velocity.x, y: velocity.y), &target, c.context)
        let answer = Point(x: target.x, y: target.y)
        return answer == targetContentOffset ? nil : answer
    }

    func beginTracking(_ control: ViewHandle, touch: Touch) -> Bool? {
        guard let f = c.beginTracking else { return nil }
        var t = owner.cTouch(touch, view: control)
        return f(owner.world.viewID(control), &t, c.context)
    }

    func continueTracking(_ control: ViewHandle, touch: Touch) -> Bool? {
        guard let f = c.continueTracking else { return nil }
        var t = owner.cTouch(touch, view: control)
        return f(owner.world.viewID(control), &t, c.context)
    }

    func endTracking(_ control: ViewHandle, touch: Touch) {
        guard let f = c.endTracking else { return }
        var t = owner.cTouch(touch, view: control)
        f(owner.world.viewID(control), &t, c.context)
    }

    func cancelTracking(_ control: ViewHandle, touch: Touch) {
        guard let f = c.cancelTracking else { return }
        var t = owner.cTouch(touch, view: control)
        f(owner.world.viewID(control), &t, c.context)
    }
}

extension ScrollViewDecision {
    /// HT_SCROLL_* are the cases' positions.
    var cValue: Int32 { Int32(ScrollViewDecision.allCases.firstIndex(of: self)!) }
}

extension ScrollViewEvent {
    /// Its HT_SCROLL_* value: its name's place in `ScrollViewEvent.names`.
    var cValue: Int32 { Int32(ScrollViewEvent.names.firstIndex(of: name)!) }
}
