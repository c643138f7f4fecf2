// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (The Swift names of the @c functions are their C names: box2d style, htType_Verb.)
import CHitTestShim
import HitTestGeometry
@_spi(Tables) import HitTestStore

// Per-frame batches: many views moved in one call, checked first so that nothing is
// half-applied, with no lock taken per view (the world table is locked once).

/// The world of a batch of `count` view ids, their handles in its `batchViews`, every one
/// checked (null, stale, foreign) before anything changes; nil for an empty batch.
private func _batch(
    _ world: htWorldId, _ views: UnsafePointer<htViewId>?, _ count: Int32, _ f: _CFunction
) throws(_CError) -> _CWorld? {
    let w = try _world(world, f)
    if count < 0 {
        throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): count must be >= 0, got \(count)")
    }
    if count == 0 { return nil }
    let ids = try _nonNull(views, f, "views")
    w.batchViews.removeAll()
    for k in 0..<Int(count) {
        let v = ids[k]
        if v.index1 == 0 {
            throw _CError(HT_ERROR_NULL_ID, "\(f): views[\(k)] is the null view id")
        }
        if v.world0 != w.slot {
            throw _CError(
                HT_ERROR_FOREIGN_ID, "\(f): views[\(k)] \(_describe(v)) belongs to another world")
        }
        let h = ViewHandle(index: v.index1, generation: v.generation)
        guard v.revision == w.revision, w.store.isValid(h) else {
            throw _CError(
                HT_ERROR_STALE_ID,
                "\(f): views[\(k)] \(_describe(v)) was removed, or its world was destroyed or reloaded"
            )
        }
        w.batchViews.append(h)
    }
    return w
}

/// `ViewStore.setCenters(_:_:)`. The corresponding C function is `htWorld_SetCenters`.
@c(htWorld_SetCenters)
public func htWorld_SetCenters(
    _ world: htWorldId, _ views: UnsafePointer<htViewId>?, _ centers: UnsafePointer<htVec2>?,
    _ count: Int32
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        guard let w = try _batch(world, views, count, f) else { return }
        let cs = try _nonNull(centers, f, "centers")
        w.batchCenters.removeAll()
        for k in 0..<Int(count) { w.batchCenters.append(try _point(cs[k], f, "centers[\(k)]")) }
        let handles = UnsafeBufferPointer(start: w.batchViews.baseAddress, count: w.batchViews.count)
        let points = UnsafeBufferPointer(start: w.batchCenters.baseAddress, count: w.batchCenters.count)
        try _reserve(w, w.store.room(settingCenters: handles, points), f)
        w.store.setCenters(handles, points)
    }
}

/// `ViewStore.setFrames(_:_:)`. The corresponding C function is `htWorld_SetFrames`.
@c(htWorld_SetFrames)
public func htWorld_SetFrames(
    _ world: htWorldId, _ views: UnsafePointer<htViewId>?, _ frames: UnsafePointer<htRect>?,
    _ count: Int32
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        guard let w = try _batch(world, views, count, f) else { return }
        let rs = try _nonNull(frames, f, "frames")
        w.batchFrames.removeAll()
        for k in 0..<Int(count) { w.batchFrames.append(try _rect(rs[k], f, "frames[\(k)]")) }
        let handles = UnsafeBufferPointer(start: w.batchViews.baseAddress, count: w.batchViews.count)
        let rects = UnsafeBufferPointer(start: w.batchFrames.baseAddress, count: w.batchFrames.count)
        try _reserve(w, w.store.room(settingFrames: handles, rects), f)
        w.store.setFrames(handles, rects)
    }
}

/// `ViewStore.updateIndexes()`. The corresponding C function is `htWorld_UpdateIndexes`.
@c(htWorld_UpdateIndexes)
public func htWorld_UpdateIndexes(_ world: htWorldId) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let w = try _world(world, f)
        do throws(AllocationRefused) { try w.store.tryUpdateIndexes() } catch {
            throw _outOfMemory(error.bytes, f)
        }
    }
}

/// `ViewStore.addViews(under:parents:frames:flags:className:ids:)`, then the hosts' values
/// of `views->userData` (kept by the C API, as `htViewDef.userData`). The corresponding C
/// function is `htWorld_AddViewArrays`.
@c(htWorld_AddViewArrays)
public func htWorld_AddViewArrays(
    _ world: htWorldId, _ parent: htViewId, _ views: UnsafePointer<htViewArrays>?,
    _ ids: UnsafeMutablePointer<htViewId>?
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let w = try _world(world, f)
        let p = try _view(parent, in: w, f, "parent")
        let a = try _nonNull(views, f, "views").pointee
        if a.count < 0 {
            throw _CError(
                HT_ERROR_INVALID_ARGUMENT, "\(f): views->count must be >= 0, got \(a.count)")
        }
        let n = Int(a.count)
        if n == 0 { return }
        let parents = UnsafeBufferPointer(
            start: try _nonNull(a.parents, f, "views->parents"), count: n)
        let rs = try _nonNull(a.frames, f, "views->frames")
        // htRect and Rect differ in layout names only; check every value first.
        var frames: [Rect] = []
        frames.reserveCapacity(n)
        for k in 0..<n { frames.append(try _rect(rs[k], f, "views->frames[\(k)]")) }
        let flags = UnsafeBufferPointer(start: a.flags, count: a.flags == nil ? 0 : n)
        let names = a.names
        let className = _string(a.className, "UIView")
        let idOf: ((Int) -> String)? = names.map { names in { i in _string(names[i], "") } }
        // The height the new views can reach: each one level below its parent.
        var depths = [Int](repeating: 0, count: n)
        var height = 0
        for k in 0..<n {
            let up = parents[k]
            depths[k] = up >= 0 && Int(up) < k ? depths[Int(up)] + 1 : 1
            height = max(height, depths[k])
        }
        let room = frames.withUnsafeBufferPointer { fs in
            ViewStore.room(addingFrames: fs, className: className, ids: idOf)
        }
        try _reserve(w, room, height: w.store.depth(of: p) + 1 + height, f)
        let first: Int32
        do {
            first = try frames.withUnsafeBufferPointer { fs throws(ViewArraysError) in
                try w.store.addViews(
                    under: p, parents: parents, frames: fs, flags: flags,
                    className: className, ids: idOf)
            }
        } catch {
            throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): views->\(error)")
        }
        // The views are new slots (generation 1), so no earlier value is overwritten.
        if let values = a.userData {
            for k in 0..<n where values[k] != 0 {
                w.setUserData(ViewHandle(index: UInt32(first + Int32(k)) + 1, generation: 1), values[k])
            }
        }
        if let ids {
            for k in 0..<n {
                ids[k] = w.viewID(ViewHandle(index: UInt32(first + Int32(k)) + 1, generation: 1))
            }
        }
    }
}
