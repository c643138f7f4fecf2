// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (The Swift names of the @c functions are their C names: box2d style, htType_Verb.)
import CHitTestShim
import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

// Views: add, remove, move, change, read. See include/hittest/hittest.h.

/// A view definition with the defaults of `ViewDefinition`. The corresponding C function
/// is `htDefaultViewDef`.
@c(htDefaultViewDef)
public func htDefaultViewDef() -> htViewDef {
    htViewDef(
        name: nil, className: nil, frame: htRect(), transform: htTransform_identity, alpha: 1,
        hidden: false, userInteractionEnabled: -1, clipsToBounds: false, hitRules: htHitRules(),
        level: 0, userData: 0, internalValue: _definitionCookie)
}

func _hitRules(_ r: htHitRules, _ f: _CFunction, _ field: String) throws(_CError) -> HitRules {
    var out = HitRules()
    switch r.shape {
    case HT_SHAPE_RECT: out.hitShape = .rect
    case HT_SHAPE_ELLIPSE: out.hitShape = .ellipse
    default: throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): \(field).shape \(r.shape) is unknown")
    }
    switch r.pointInside {
    case HT_POINT_INSIDE_BOUNDS: out.pointInside = .bounds
    case HT_POINT_INSIDE_SUBVIEWS: out.pointInside = .subviews
    case HT_POINT_INSIDE_BOUNDS_OR_SUBVIEWS: out.pointInside = .boundsOrSubviews
    default:
        throw _CError(
            HT_ERROR_INVALID_ARGUMENT, "\(f): \(field).pointInside \(r.pointInside) is unknown")
    }
    switch r.hitTest {
    case HT_HIT_TEST_DEFAULT: out.hitTestRule = .default
    case HT_HIT_TEST_PASSTHROUGH: out.hitTestRule = .passthrough
    case HT_HIT_TEST_BOX_ONLY: out.hitTestRule = .boxOnly
    default:
        throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): \(field).hitTest \(r.hitTest) is unknown")
    }
    let i = r.insets
    try _finite([i.top, i.left, i.bottom, i.right], f, "\(field).insets")
    out.hitInsets = EdgeInsets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
    return out
}

func _definition(_ def: UnsafePointer<htViewDef>?, _ f: _CFunction) throws(_CError)
    -> ViewDefinition
{
    let d = try _nonNull(def, f, "def").pointee
    if d.internalValue != _definitionCookie {
        throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): def was not made by htDefaultViewDef")
    }
    let className = _string(d.className, "UIView")
    var v = ViewDefinition(
        id: _string(d.name, ""), frame: try _rect(d.frame, f, "def.frame"), className: className)
    v.geometry.transform = try _transform(d.transform, f, "def.transform")
    v.alpha = try _alpha(d.alpha, f, "def.alpha")
    v.isHidden = d.hidden
    switch d.userInteractionEnabled {
    case -1: break
    case 0: v.isUserInteractionEnabled = false
    case 1: v.isUserInteractionEnabled = true
    default:
        throw _CError(
            HT_ERROR_INVALID_ARGUMENT,
            "\(f): def.userInteractionEnabled must be -1, 0 or 1, got \(d.userInteractionEnabled)")
    }
    v.clipsToBounds = d.clipsToBounds
    v.hitRules = try _hitRules(d.hitRules, f, "def.hitRules")
    try _finite([d.level], f, "def.level")
    v.level = d.level
    return v
}

/// Adds a window (`ViewStore.addWindow(_:)`). The corresponding C function is
/// `htWorld_AddWindow`.
@c(htWorld_AddWindow)
public func htWorld_AddWindow(_ world: htWorldId, _ def: UnsafePointer<htViewDef>?) -> htViewId {
    var id = htViewId()
    _ = _capi { () throws(_CError) in
        let f = _CFunction()
        let w = try _world(world, f)
        let d = try _definition(def, f)
        var room = ViewStore.room(adding: d)
        room.windows = 1
        try _reserve(w, room, height: 1, f)
        let h = w.store.addWindow(d)
        w.setUserData(h, def!.pointee.userData)
        id = w.viewID(h)
    }
    return id
}

/// Adds a view on top of a parent's subviews (`ViewStore.addView(_:to:at:)`). The
/// corresponding C function is `htWorld_AddView`.
@c(htWorld_AddView)
public func htWorld_AddView(
    _ world: htWorldId, _ parent: htViewId, _ def: UnsafePointer<htViewDef>?
) -> htViewId {
    var id = htViewId()
    _ = _capi { () throws(_CError) in
        let f = _CFunction()
        let w = try _world(world, f)
        let p = try _view(parent, in: w, f, "parent")
        let d = try _definition(def, f)
        try _reserve(w, ViewStore.room(adding: d), height: w.store.depth(of: p) + 2, f)
        let h = w.store.addView(d, to: p)
        w.setUserData(h, def!.pointee.userData)
        id = w.viewID(h)
    }
    return id
}

/// `ViewStore.isValid(_:)` on the view's world. The corresponding C function is
/// `htView_IsValid`.
@c(htView_IsValid)
public func htView_IsValid(_ view: htViewId) -> Bool {
    (try? _view(view, _CFunction())) != nil
}

/// Removes a view or a window with its subtree (`ViewStore.removeView(_:)`,
/// `ViewStore.removeWindow(_:)`). The corresponding C function is `htView_Remove`.
@c(htView_Remove)
public func htView_Remove(_ view: htViewId) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let (w, h) = try _view(view, f)
        var room = StoreRoom()
        room.freed = w.store.subtreeExtent(h).count
        try _reserve(w, room, f)
        if w.store.superview(of: h) == nil {
            w.store.removeWindow(h)
        } else {
            w.store.removeView(h)
        }
    }
}

/// Moves a view (`ViewStore.moveView(_:to:at:)`). The corresponding C function is
/// `htView_Move`.
@c(htView_Move)
public func htView_Move(_ view: htViewId, _ parent: htViewId, _ index: Int32) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let (w, h) = try _view(view, f)
        let p = try _view(parent, in: w, f, "parent")
        try _checkMovable(w.store, h, f)
        var a: ViewHandle? = p
        while let x = a {
            if x == h {
                throw _CError(
                    HT_ERROR_NOT_ALLOWED, "\(f): cannot move view \(_describe(view)) inside itself")
            }
            a = w.store.superview(of: x)
        }
        // Within the same parent the view is taken out first, so there is one place less.
        var room = w.store.subviews(of: p).count
        if w.store.superview(of: h) == p { room -= 1 }
        if index < -1 || Int(index) > room {
            throw _CError(
                HT_ERROR_INVALID_ARGUMENT,
                "\(f): index \(index) is not -1 (top) or in 0...\(room) for that parent")
        }
        let height = w.store.depth(of: p) + 1 + w.store.subtreeExtent(h).height
        // The view may become its new superview's zooming view, which keeps a record.
        var records = StoreRoom()
        records.sideRecords = 1
        try _reserve(w, records, height: height, f)
        w.store.moveView(h, to: p, at: index < 0 ? nil : Int(index))
    }
}

func _checkMovable(_ store: ViewStore, _ h: ViewHandle, _ f: _CFunction) throws(_CError) {
    if store.superview(of: h) == nil {
        throw _CError(HT_ERROR_NOT_ALLOWED, "\(f): the view is a window; windows have no superview")
    }
}

/// `ViewStore.bringToFront(_:)`. The corresponding C function is `htView_BringToFront`.
@c(htView_BringToFront)
public func htView_BringToFront(_ view: htViewId) -> htResult {
    _capi { () throws(_CError) in
        let (w, h) = try _view(view, _CFunction())
        try _checkMovable(w.store, h, _CFunction())
        try _reserveSideRecords(w, _CFunction())
        w.store.bringToFront(h)
    }
}

/// `ViewStore.sendToBack(_:)`. The corresponding C function is `htView_SendToBack`.
@c(htView_SendToBack)
public func htView_SendToBack(_ view: htViewId) -> htResult {
    _capi { () throws(_CError) in
        let (w, h) = try _view(view, _CFunction())
        try _checkMovable(w.store, h, _CFunction())
        try _reserveSideRecords(w, _CFunction())
        w.store.sendToBack(h)
    }
}

// MARK: Changes

/// `ViewStore.setFrame(_:_:)`. The corresponding C function is `htView_SetFrame`.
@c(htView_SetFrame)
public func htView_SetFrame(_ view: htViewId, _ frame: htRect) -> htResult {
    _capi { () throws(_CError) in
        let (w, h) = try _view(view, _CFunction())
        try _reserveSideRecords(w, _CFunction())
        w.store.setFrame(h, try _rect(frame, _CFunction(), "frame"))
    }
}

/// `ViewStore.setCenter(_:_:)`. The corresponding C function is `htView_SetCenter`.
@c(htView_SetCenter)
public func htView_SetCenter(_ view: htViewId, _ center: htVec2) -> htResult {
    _capi { () throws(_CError) in
        let (w, h) = try _view(view, _CFunction())
        try _reserveSideRecords(w, _CFunction())
        w.store.setCenter(h, try _point(center, _CFunction(), "center"))
    }
}

/// `ViewStore.setBounds(_:_:)`. The corresponding C function is `htView_SetBounds`.
@c(htView_SetBounds)
public func htView_SetBounds(_ view: htViewId, _ bounds: htRect) -> htResult {
    _capi { () throws(_CError) in
        let (w, h) = try _view(view, _CFunction())
        try _reserveSideRecords(w, _CFunction())
        w.store.setBounds(h, try _rect(bounds, _CFunction(), "bounds"))
    }
}

/// `ViewStore.setTransform(_:_:)`. The corresponding C function is `htView_SetTransform`.
@c(htView_SetTransform)
public func htView_SetTransform(_ view: htViewId, _ transform: htTransform) -> htResult {
    _capi { () throws(_CError) in
        let (w, h) = try _view(view, _CFunction())
        try _reserveSideRecords(w, _CFunction())
        w.store.setTransform(h, try _transform(transform, _CFunction(), "transform"))
    }
}

/// `ViewStore.setHidden(_:_:)`. The corresponding C function is `htView_SetHidden`.
@c(htView_SetHidden)
public func htView_SetHidden(_ view: htViewId, _ hidden: Bool) -> htResult {
    _capi { () throws(_CError) in
        let (w, h) = try _view(view, _CFunction())
        try _reserveSideRecords(w, _CFunction())
        w.store.setHidden(h, hidden)
    }
}

/// `ViewStore.setAlpha(_:_:)`. The corresponding C function is `htView_SetAlpha`.
@c(htView_SetAlpha)
public func htView_SetAlpha(_ view: htViewId, _ alpha: Float) -> htResult {
    _capi { () throws(_CError) in
        let (w, h) = try _view(view, _CFunction())
        try _reserveSideRecords(w, _CFunction())
        w.store.setAlpha(h, try _alpha(alpha, _CFunction(), "alpha"))
    }
}

/// `ViewStore.setUserInteractionEnabled(_:_:)`. The corresponding C function is
/// `htView_SetUserInteractionEnabled`.
@c(htView_SetUserInteractionEnabled)
public func htView_SetUserInteractionEnabled(_ view: htViewId, _ enabled: Bool) -> htResult {
    _capi { () throws(_CError) in
        let (w, h) = try _view(view, _CFunction())
        try _reserveSideRecords(w, _CFunction())
        w.store.setUserInteractionEnabled(h, enabled)
    }
}

/// `ViewStore.setHitRules(_:_:)`. The corresponding C function is `htView_SetHitRules`.
@c(htView_SetHitRules)
public func htView_SetHitRules(_ view: htViewId, _ rules: UnsafePointer<htHitRules>?) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let (w, h) = try _view(view, f)
        let r = try _hitRules(try _nonNull(rules, f, "rules").pointee, f, "rules")
        try _reserveSideRecords(w, f)
        w.store.setHitRules(h, r)
    }
}

/// `ViewStore.setRedirect(_:to:)`. The corresponding C function is `htView_SetRedirect`.
@c(htView_SetRedirect)
public func htView_SetRedirect(_ view: htViewId, _ target: htViewId) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let (w, h) = try _view(view, f)
        try _reserveSideRecords(w, f)
        if target.index1 == 0 && target.generation == 0 && target.world0 == 0
            && target.revision == 0
        {
            w.store.setRedirect(h, to: nil)
        } else {
            w.store.setRedirect(h, to: try _view(target, in: w, f, "target"))
        }
    }
}

// MARK: Reading

/// `ViewStore.id(of:)`. The corresponding C function is `htView_GetName`.
@c(htView_GetName)
public func htView_GetName(
    _ view: htViewId, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: UInt,
    _ length: UnsafeMutablePointer<UInt>?
) -> htResult {
    _capi { () throws(_CError) in
        let (w, h) = try _view(view, _CFunction())
        try _write(w.store.id(of: h), buffer, capacity, length, _CFunction())
    }
}

/// `ViewStore.superview(of:)`. The corresponding C function is `htView_GetParent`.
@c(htView_GetParent)
public func htView_GetParent(_ view: htViewId, _ parent: UnsafeMutablePointer<htViewId>?)
    -> htResult
{
    _capi { () throws(_CError) in
        let (w, h) = try _view(view, _CFunction())
        let out = try _nonNull(parent, _CFunction(), "parent")
        out.pointee = w.viewID(w.store.superview(of: h) ?? .null)
    }
}

/// `ViewStore.geometry(of:)`'s frame. The corresponding C function is `htView_GetFrame`.
@c(htView_GetFrame)
public func htView_GetFrame(_ view: htViewId, _ frame: UnsafeMutablePointer<htRect>?) -> htResult {
    _capi { () throws(_CError) in
        let (w, h) = try _view(view, _CFunction())
        let out = try _nonNull(frame, _CFunction(), "frame")
        let r = w.store.geometry(of: h).frame
        out.pointee = htRect(
            x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height)
    }
}

/// `ViewStore.responderChain(of:)`, the links' names one a line. The corresponding C
/// function is `htView_GetResponderChain`.
@c(htView_GetResponderChain)
public func htView_GetResponderChain(
    _ view: htViewId, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: UInt,
    _ length: UnsafeMutablePointer<UInt>?, _ count: UnsafeMutablePointer<Int32>?
) -> htResult {
    _capi { () throws(_CError) in
        let (w, h) = try _view(view, _CFunction())
        let chain = w.store.responderChain(of: h).map(\.name)
        count?.pointee = Int32(clamping: chain.count)
        try _write(
            chain.joined(separator: "\n"), buffer, capacity, length, _CFunction())
    }
}

/// Writes handles as ids into a caller's array (the API's list convention): `*count`
/// gets the number of handles; with `capacity` below it the first `capacity` are written
/// and the call returns `HT_ERROR_BUFFER_TOO_SMALL`.
func _writeIDs(
    _ handles: [ViewHandle], _ w: _CWorld, _ ids: UnsafeMutablePointer<htViewId>?,
    _ capacity: Int32, _ count: UnsafeMutablePointer<Int32>?, _ f: _CFunction
) throws(_CError) {
    if capacity < 0 {
        throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): capacity must be >= 0, got \(capacity)")
    }
    count?.pointee = Int32(clamping: handles.count)
    let n = min(Int(capacity), handles.count)
    if n > 0 {
        let out = try _nonNull(ids, f, "ids")
        for k in 0..<n { out[k] = w.viewID(handles[k]) }
    }
    if n < handles.count {
        throw _CError(
            HT_ERROR_BUFFER_TOO_SMALL,
            "\(f): room for \(capacity) ids; \(handles.count) needed")
    }
}

/// `ViewStore.subviews(of:)`, bottom to top. The corresponding C function is
/// `htView_GetChildren`.
@c(htView_GetChildren)
public func htView_GetChildren(
    _ view: htViewId, _ ids: UnsafeMutablePointer<htViewId>?, _ capacity: Int32,
    _ count: UnsafeMutablePointer<Int32>?
) -> htResult {
    _capi { () throws(_CError) in
        let (w, h) = try _view(view, _CFunction())
        try _writeIDs(w.store.subviews(of: h), w, ids, capacity, count, _CFunction())
    }
}

/// `ViewStore.windows`, in order of addition. The corresponding C function is
/// `htWorld_GetWindows`.
@c(htWorld_GetWindows)
public func htWorld_GetWindows(
    _ world: htWorldId, _ ids: UnsafeMutablePointer<htViewId>?, _ capacity: Int32,
    _ count: UnsafeMutablePointer<Int32>?
) -> htResult {
    _capi { () throws(_CError) in
        let w = try _world(world, _CFunction())
        try _writeIDs(w.store.windows, w, ids, capacity, count, _CFunction())
    }
}
