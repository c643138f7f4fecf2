// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (The Swift names of the @c functions are their C names: box2d style, htType_Verb.)
import CHitTestShim
import HitTestGeometry
import HitTestStore

// Per-frame batches: many views moved in one call, checked first so that nothing is
// half-applied, with no lock taken per view (the world table is locked once).

/// The world and the handles of a batch of `count` view ids, every one checked (null,
/// stale, foreign) before anything changes; nil for an empty batch.
private func _batch(
    _ world: htWorldId, _ views: UnsafePointer<htViewId>?, _ count: Int32, _ f: String
) throws(_CError) -> (world: _CWorld, handles: [ViewHandle])? {
    let w = try _world(world, f)
    if count < 0 { throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): count must be >= 0, got \(count)") }
    if count == 0 { return nil }
    let ids = try _nonNull(views, f, "views")
    var out: [ViewHandle] = []
    out.reserveCapacity(Int(count))
    for k in 0..<Int(count) {
        let v = ids[k]
        if v.index1 == 0 { throw _CError(HT_ERROR_NULL_ID, "\(f): views[\(k)] is the null view id") }
        if v.world0 != w.slot {
            throw _CError(HT_ERROR_FOREIGN_ID, "\(f): views[\(k)] \(_describe(v)) belongs to another world")
        }
        let h = ViewHandle(index: v.index1, generation: v.generation)
        guard v.revision == w.revision, w.store.isValid(h) else {
            throw _CError(
                HT_ERROR_STALE_ID,
                "\(f): views[\(k)] \(_describe(v)) was removed, or its world was destroyed or reloaded")
        }
        out.append(h)
    }
    return (w, out)
}

/// `ViewStore.setCenters(_:_:)`. The corresponding C function is `htWorld_SetCenters`.
@c(htWorld_SetCenters)
public func htWorld_SetCenters(
    _ world: htWorldId, _ views: UnsafePointer<htViewId>?, _ centers: UnsafePointer<htVec2>?,
    _ count: Int32
) -> htResult {
    _capi { () throws(_CError) in
        let f = "htWorld_SetCenters"
        guard let (w, handles) = try _batch(world, views, count, f) else { return }
        let n = Int(count)
        let cs = try _nonNull(centers, f, "centers")
        var points: [Point] = []
        points.reserveCapacity(n)
        for k in 0..<n {
            try _finite([cs[k].x, cs[k].y], f, "centers[\(k)]")
            points.append(Point(x: cs[k].x, y: cs[k].y))
        }
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
        let f = "htWorld_SetFrames"
        guard let (w, handles) = try _batch(world, views, count, f) else { return }
        let n = Int(count)
        let rs = try _nonNull(frames, f, "frames")
        var rects: [Rect] = []
        rects.reserveCapacity(n)
        for k in 0..<n { rects.append(try _rect(rs[k], f, "frames[\(k)]")) }
        w.store.setFrames(handles, rects)
    }
}

/// `ViewStore.updateIndexes()`. The corresponding C function is `htWorld_UpdateIndexes`.
@c(htWorld_UpdateIndexes)
public func htWorld_UpdateIndexes(_ world: htWorldId) -> htResult {
    _capi { () throws(_CError) in
        try _world(world, "htWorld_UpdateIndexes").store.updateIndexes()
    }
}
