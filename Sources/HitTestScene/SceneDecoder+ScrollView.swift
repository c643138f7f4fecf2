import HitTestGeometry
import HitTestJSON

extension SceneDecoder {
    /// A view's `"scrollView"` object (`rule-scroll-view-identity`): every field optional,
    /// unknown fields rejected with the view id and the field's name.
    func decodeScrollView(_ object: JSONObject, path: String, viewID: String?) -> SceneScrollView {
        var r = FieldReader(object, path: path, viewID: viewID, log: log)
        var s = SceneScrollView()
        if let b = r.bool("scrollEnabled") { s.scrollEnabled = b }
        if let b = r.bool("delaysContentTouches") { s.delaysContentTouches = b }
        if let b = r.bool("canCancelContentTouches") { s.canCancelContentTouches = b }
        if let b = r.bool("touchesShouldCancel") { s.touchesShouldCancel = b }
        if let b = r.bool("touchesShouldBegin") { s.touchesShouldBegin = b }
        if let n = r.numbers("contentSize", count: 2, shape: "[width, height]") {
            s.contentSize = Size(width: n[0], height: n[1])
        }
        if let b = r.bool("bounces") { s.bounces = b }
        if let b = r.bool("alwaysBounceHorizontal") { s.alwaysBounceHorizontal = b }
        if let b = r.bool("alwaysBounceVertical") { s.alwaysBounceVertical = b }
        if let b = r.bool("directionalLockEnabled") { s.directionalLockEnabled = b }
        if let x = r.number("minimumZoomScale") { s.minimumZoomScale = x }
        if let x = r.number("maximumZoomScale") { s.maximumZoomScale = x }
        if let x = r.number("decelerationRate") { s.decelerationRate = x }
        if let b = r.bool("pagingEnabled") { s.pagingEnabled = b }
        if let i = r.numbers("contentInset", count: 4, shape: "[top, left, bottom, right]") {
            s.contentInset = EdgeInsets(top: i[0], left: i[1], bottom: i[2], right: i[3])
        }
        if let z = r.string("zoomingView") { s.zoomingView = z }
        if let x = r.number("zoomScale") { s.zoomScale = x }
        if let b = r.bool("bouncesZoom") { s.bouncesZoom = b }
        r.finish()
        return s
    }
}
