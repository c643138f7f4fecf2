// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (The Swift names of the @c functions are their C names: box2d style, htType_Verb.)
import CHitTestShim
import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

// Getters for every property a setter changes (read from `ViewStore.definition(of:)`),
// and the host's user data. See include/hittest/hittest.h.

/// Runs a getter: the view's world, handle and definition, and the checked out pointer.
private func _get<T>(
    _ view: htViewId, _ out: UnsafeMutablePointer<T>?, _ f: _CFunction,
    _ body: (_CWorld, ViewHandle, ViewDefinition) -> T
) -> htResult {
    _capi { () throws(_CError) in
        let (w, h) = try _view(view, f)
        let p = try _nonNull(out, f, "out")
        p.pointee = body(w, h, w.store.definition(of: h))
    }
}

/// `ViewGeometry.center`. The corresponding C function is `htView_GetCenter`.
@c(htView_GetCenter)
public func htView_GetCenter(_ view: htViewId, _ out: UnsafeMutablePointer<htVec2>?) -> htResult {
    _get(view, out, _CFunction()) { _, _, d in
        htVec2(x: d.geometry.center.x, y: d.geometry.center.y)
    }
}

/// `ViewGeometry.bounds`. The corresponding C function is `htView_GetBounds`.
@c(htView_GetBounds)
public func htView_GetBounds(_ view: htViewId, _ out: UnsafeMutablePointer<htRect>?) -> htResult {
    _get(view, out, _CFunction()) { _, _, d in
        let b = d.geometry.bounds
        return htRect(x: b.origin.x, y: b.origin.y, width: b.size.width, height: b.size.height)
    }
}

/// `ViewGeometry.transform`. The corresponding C function is `htView_GetTransform`.
@c(htView_GetTransform)
public func htView_GetTransform(_ view: htViewId, _ out: UnsafeMutablePointer<htTransform>?)
    -> htResult
{
    _get(view, out, _CFunction()) { _, _, d in
        let t = d.geometry.transform
        return htTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
    }
}

/// `ViewDefinition.alpha` (a 32-bit float, as stored). The corresponding C function is
/// `htView_GetAlpha`.
@c(htView_GetAlpha)
public func htView_GetAlpha(_ view: htViewId, _ out: UnsafeMutablePointer<Float>?) -> htResult {
    _get(view, out, _CFunction()) { _, _, d in Float(d.alpha) }
}

/// `ViewDefinition.isHidden`. The corresponding C function is `htView_GetHidden`.
@c(htView_GetHidden)
public func htView_GetHidden(_ view: htViewId, _ out: UnsafeMutablePointer<Bool>?) -> htResult {
    _get(view, out, _CFunction()) { _, _, d in d.isHidden }
}

/// `ViewDefinition.isUserInteractionEnabled`. The corresponding C function is
/// `htView_GetUserInteractionEnabled`.
@c(htView_GetUserInteractionEnabled)
public func htView_GetUserInteractionEnabled(_ view: htViewId, _ out: UnsafeMutablePointer<Bool>?)
    -> htResult
{
    _get(view, out, _CFunction()) { _, _, d in d.isUserInteractionEnabled }
}

/// `ViewStore.hitRules(of:)`. The corresponding C function is `htView_GetHitRules`.
@c(htView_GetHitRules)
public func htView_GetHitRules(_ view: htViewId, _ out: UnsafeMutablePointer<htHitRules>?)
    -> htResult
{
    _get(view, out, _CFunction()) { _, _, d in
        let r = d.hitRules
        let shape = r.hitShape == .ellipse ? HT_SHAPE_ELLIPSE : HT_SHAPE_RECT
        let inside: Int32 =
            switch r.pointInside {
            case .bounds: HT_POINT_INSIDE_BOUNDS
            case .subviews: HT_POINT_INSIDE_SUBVIEWS
            case .boundsOrSubviews: HT_POINT_INSIDE_BOUNDS_OR_SUBVIEWS
            }
        let rule: Int32 =
            switch r.hitTestRule {
            case .default: HT_HIT_TEST_DEFAULT
            case .passthrough: HT_HIT_TEST_PASSTHROUGH
            case .boxOnly: HT_HIT_TEST_BOX_ONLY
            }
        let i = r.hitInsets
        return htHitRules(
            shape: shape, pointInside: inside, hitTest: rule,
            insets: htInsets(top: i.top, left: i.left, bottom: i.bottom, right: i.right))
    }
}

/// `ViewStore.redirect(of:)` (the null id for none). The corresponding C function is
/// `htView_GetRedirect`.
@c(htView_GetRedirect)
public func htView_GetRedirect(_ view: htViewId, _ out: UnsafeMutablePointer<htViewId>?)
    -> htResult
{
    _get(view, out, _CFunction()) { w, h, _ in w.viewID(w.store.redirect(of: h) ?? .null) }
}

/// The host's value for a view (`htViewDef.userData`). The corresponding C function is
/// `htView_GetUserData`.
@c(htView_GetUserData)
public func htView_GetUserData(_ view: htViewId, _ out: UnsafeMutablePointer<UInt>?) -> htResult {
    _capi { () throws(_CError) in
        let (w, h) = try _view(view, _CFunction())
        try _nonNull(out, _CFunction(), "out").pointee = w.userData(h)
    }
}

/// The corresponding C function is `htView_SetUserData`.
@c(htView_SetUserData)
public func htView_SetUserData(_ view: htViewId, _ value: UInt) -> htResult {
    _capi { () throws(_CError) in
        let (w, h) = try _view(view, _CFunction())
        w.setUserData(h, value)
    }
}
