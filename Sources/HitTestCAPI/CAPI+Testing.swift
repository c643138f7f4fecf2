// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (The Swift names of the @c functions are their C names: box2d style, htType_Verb.)
import CHitTestShim
import HitTestGeometry
import HitTestReference
import HitTestScene
@_spi(Tables) import HitTestStore

// The reference oracle for C tests (include/hittest/testing.h): the recursive
// algorithm (`rule-algorithm-hit-test`) on reference views, which shares no query code with the store.

/// `Screen(scene:)` and `Screen.hitTest(_:)` on a scene file. The corresponding C function
/// is `htTesting_ReferenceHitTestFile`.
@c(htTesting_ReferenceHitTestFile)
public func htTesting_ReferenceHitTestFile(
    _ path: UnsafePointer<CChar>?, _ points: UnsafePointer<htVec2>?, _ count: Int32,
    _ hits: UnsafeMutablePointer<htReferenceHit>?
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        if count < 0 {
            throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): count must be >= 0, got \(count)")
        }
        let scene = try _loadScene(path, f)
        if count == 0 { return }
        let ps = try _nonNull(points, f, "points")
        let out = try _nonNull(hits, f, "hits")
        let screen = Screen(scene: scene)
        for i in 0..<Int(count) {
            var answer = htReferenceHit()
            if let r = screen.hitTest(Point(x: ps[i].x, y: ps[i].y)) {
                let name = Array(r.view.id.utf8)
                let capacity = MemoryLayout.size(ofValue: answer.name)
                if name.count >= capacity {
                    throw _CError(
                        HT_ERROR_BUFFER_TOO_SMALL,
                        "\(f): the id \"\(r.view.id)\" does not fit in htReferenceHit.name")
                }
                answer.hit = true
                withUnsafeMutableBytes(of: &answer.name) { raw in
                    raw.copyBytes(from: name)
                    raw[name.count] = 0
                }
                answer.localPoint = htVec2(x: r.localPoint.x, y: r.localPoint.y)
            }
            out[i] = answer
        }
    }
}

/// `ViewStore.invariantViolations()` on a world's store. The corresponding C function is
/// `htTesting_ValidateWorld`.
@c(htTesting_ValidateWorld)
public func htTesting_ValidateWorld(
    _ world: htWorldId, _ violations: UnsafeMutablePointer<Int32>?,
    _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: UInt
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let w = try _world(world, f)
        let out = try _nonNull(violations, f, "violations")
        let problems = w.store.invariantViolations()
        out.pointee = Int32(problems.count)
        guard let buffer, capacity > 0 else { return }
        let text = Array((problems.first ?? "").utf8.prefix(Int(capacity) - 1))
        for (k, byte) in text.enumerated() { buffer[k] = CChar(bitPattern: byte) }
        buffer[text.count] = 0
    }
}
