import HitTestJSON

extension SceneScrollView {
    /// The `"scrollView"` object a scene file holds: only the fields that differ from
    /// UIKit's defaults, so that an empty object marks a view as a scroll view.
    var json: JSONValue {
        var o = JSONObject()
        let d = SceneScrollView()
        func flag(_ name: String, _ value: Bool, _ def: Bool) {
            if value != def { o.append(name, .bool(value)) }
        }
        flag("scrollEnabled", scrollEnabled, d.scrollEnabled)
        flag("delaysContentTouches", delaysContentTouches, d.delaysContentTouches)
        flag("canCancelContentTouches", canCancelContentTouches, d.canCancelContentTouches)
        if let b = touchesShouldCancel { o.append("touchesShouldCancel", .bool(b)) }
        flag("touchesShouldBegin", touchesShouldBegin, d.touchesShouldBegin)
        if contentSize != d.contentSize {
            o.append(
                "contentSize", .array([.number(contentSize.width), .number(contentSize.height)]))
        }
        flag("bounces", bounces, d.bounces)
        flag("alwaysBounceHorizontal", alwaysBounceHorizontal, d.alwaysBounceHorizontal)
        flag("alwaysBounceVertical", alwaysBounceVertical, d.alwaysBounceVertical)
        flag("directionalLockEnabled", directionalLockEnabled, d.directionalLockEnabled)
        if minimumZoomScale != 1 { o.append("minimumZoomScale", .number(minimumZoomScale)) }
        if maximumZoomScale != 1 { o.append("maximumZoomScale", .number(maximumZoomScale)) }
        if decelerationRate != d.decelerationRate {
            o.append("decelerationRate", .number(decelerationRate))
        }
        flag("pagingEnabled", pagingEnabled, d.pagingEnabled)
        if contentInset != d.contentInset {
            let i = contentInset
            o.append(
                "contentInset", .array([.number(i.top), .number(i.left), .number(i.bottom), .number(i.right)]))
        }
        if let z = zoomingView { o.append("zoomingView", .string(z)) }
        if zoomScale != d.zoomScale { o.append("zoomScale", .number(zoomScale)) }
        flag("bouncesZoom", bouncesZoom, d.bouncesZoom)
        return .object(o)
    }

    /// The ids of the recognizers a scroll view has built in: its pan, and its pinch when
    /// zooming is enabled (`rule-scroll-view-recognizers`).
    public func builtInGestureIDs(of viewID: String) -> [String] {
        zoomEnabled ? [Self.panID(of: viewID), Self.pinchID(of: viewID)] : [Self.panID(of: viewID)]
    }
}
