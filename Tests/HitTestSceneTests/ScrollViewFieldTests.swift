import HitTestGeometry
import HitTestScene
import Testing

/// `"scrollView"` (DispatchRules.md, `rule-scroll-view-identity`): UIKit's defaults, every
/// field read, and bad values rejected with the view id, the JSON path and the field.
@Suite("Scroll view fields")
struct ScrollViewFieldTests {
    static func one(_ fields: String, cls: String = "UIView") -> String {
        sceneJSON(
            subviews: #"{"id": "s", "class": "\#(cls)", "frame": [0, 0, 100, 100], \#(fields)}"#)
    }

    @Test("scroll view classes are scroll views with UIKit's defaults; other views are not")
    func identity() throws {
        for cls in ["UIScrollView", "UITableView", "UICollectionView", "UITextView"] {
            let s = try Scene.load(json: Self.one(#""hidden": false"#, cls: cls))
            #expect(try view("s", in: s).scrollView == SceneScrollView(), "\(cls)")
        }
        let plain = try Scene.load(json: Self.one(#""hidden": false"#))
        #expect(try view("s", in: plain).scrollView == nil)
        let marked = try Scene.load(json: Self.one(#""scrollView": {}"#))
        #expect(try view("s", in: marked).scrollView == SceneScrollView())
        let d = SceneScrollView()
        #expect(d.scrollEnabled && d.delaysContentTouches && d.canCancelContentTouches)
        #expect(d.touchesShouldCancel == nil && d.touchesShouldBegin && d.bounces)
        #expect(d.contentSize == Size(width: 0, height: 0) && !d.zoomEnabled)
    }

    @Test("every field is read, and written back by Scene.json")
    func everyField() throws {
        let text = Self.one(
            #"""
            "scrollView": {"scrollEnabled": false, "delaysContentTouches": false,
              "canCancelContentTouches": false, "touchesShouldCancel": true,
              "touchesShouldBegin": false, "contentSize": [300, 900], "bounces": false,
              "alwaysBounceHorizontal": true, "alwaysBounceVertical": true,
              "directionalLockEnabled": true, "minimumZoomScale": 0.5, "maximumZoomScale": 4,
              "decelerationRate": 0.99, "pagingEnabled": true,
              "contentInset": [64, 8, 34, 16]}
            """#)
        let s = try Scene.load(json: text)
        let sv = try #require(try view("s", in: s).scrollView)
        #expect(!sv.scrollEnabled && !sv.delaysContentTouches && !sv.canCancelContentTouches)
        #expect(sv.touchesShouldCancel == true && !sv.touchesShouldBegin && !sv.bounces)
        #expect(sv.alwaysBounceHorizontal && sv.alwaysBounceVertical && sv.directionalLockEnabled)
        #expect(sv.contentSize == Size(width: 300, height: 900))
        #expect(sv.minimumZoomScale == 0.5 && sv.maximumZoomScale == 4 && sv.zoomEnabled)
        #expect(sv.decelerationRate == SceneScrollView.fastDecelerationRate)
        #expect(SceneScrollView().decelerationRate == 0.998)
        #expect(sv.pagingEnabled && !SceneScrollView().pagingEnabled)
        #expect(sv.contentInset == EdgeInsets(top: 64, left: 8, bottom: 34, right: 16))
        #expect(SceneScrollView().contentInset == .zero)
        // No safe area here: the adjusted inset is the inset.
        #expect(sv.adjustedContentInset == sv.contentInset)
        let again = try Scene.load(json: s.json())
        #expect(try view("s", in: again).scrollView == sv)
        // An empty object survives the round trip: the view stays a scroll view.
        let marked = try Scene.load(json: Self.one(#""scrollView": {}"#))
        #expect(try view("s", in: Scene.load(json: marked.json())).scrollView == SceneScrollView())
    }

    @Test("bad values name the view id, the path and the field")
    func rejections() throws {
        let path = subviewPath(0) + ".scrollView"
        try expectRejected(
            Self.one(#""scrollView": {"contentSize": [10, -1]}"#), path: path, viewID: "s",
            field: "contentSize", mentions: [">= 0"])
        try expectRejected(
            Self.one(#""scrollView": {"contentSize": [10]}"#), path: path, viewID: "s",
            field: "contentSize", mentions: ["[width, height]"])
        try expectRejected(
            Self.one(#""scrollView": {"bounces": "yes"}"#), path: path, viewID: "s",
            field: "bounces", mentions: ["true or false"])
        try expectRejected(
            Self.one(#""scrollView": {"pagingEnabled": 1}"#), path: path, viewID: "s",
            field: "pagingEnabled", mentions: ["true or false"])
        for inset in ["[0, 0, -1, 0]", "[-5, 0, 0, 0]", "[0, -1e-9, 0, 0]", "[0, 0, 0, -3]"] {
            try expectRejected(
                Self.one(#""scrollView": {"contentInset": \#(inset)}"#), path: path, viewID: "s",
                field: "contentInset", mentions: ["finite numbers >= 0"])
        }
        try expectRejected(
            Self.one(#""scrollView": {"contentInset": [1, 2, 3]}"#), path: path, viewID: "s",
            field: "contentInset", mentions: ["[top, left, bottom, right]"])
        try expectRejected(
            Self.one(#""scrollView": {"maximumZoomScale": 0.5}"#), path: path, viewID: "s",
            field: "maximumZoomScale", mentions: ["minimumZoomScale"])
        try expectRejected(
            Self.one(#""scrollView": {"minimumZoomScale": 0}"#), path: path, viewID: "s",
            field: "minimumZoomScale", mentions: ["> 0"])
        for rate in ["0", "1", "2.5", "-0.5"] {
            try expectRejected(
                Self.one(#""scrollView": {"decelerationRate": \#(rate)}"#), path: path, viewID: "s",
                field: "decelerationRate", mentions: ["between 0 and 1"])
        }
        try expectRejected(
            Self.one(#""scrollView": {"delayContentTouches": false}"#), path: path, viewID: "s",
            field: "delayContentTouches", mentions: ["delaysContentTouches"])
        try expectRejected(
            Self.one(#""scrollView": true"#), path: subviewPath(0), viewID: "s",
            field: "scrollView")
    }

    /// A zooming scroll view `s` holding `tiles`, which holds `inner`, with `fields`.
    static func zooming(_ fields: String) -> String {
        sceneJSON(
            subviews: #"""
                {"id": "s", "class": "UIScrollView", "frame": [0, 0, 100, 100],
                 "scrollView": {"maximumZoomScale": 4\#(fields)}, "subviews": [
                  {"id": "tiles", "frame": [0, 0, 100, 100], "subviews": [
                    {"id": "inner", "frame": [0, 0, 10, 10]}]}]}
                """#)
    }

    @Test("zoomingView, zoomScale and bouncesZoom are read, defaulted and written back")
    func zoomFields() throws {
        let d = SceneScrollView()
        #expect(d.zoomingView == nil && d.zoomScale == 1 && d.bouncesZoom)
        let s = try Scene.load(
            json: Self.zooming(#", "zoomingView": "tiles", "zoomScale": 2.5, "bouncesZoom": false"#))
        let sv = try #require(try view("s", in: s).scrollView)
        #expect(sv.zoomingView == "tiles" && sv.zoomScale == 2.5 && !sv.bouncesZoom)
        let again = try Scene.load(json: s.json())
        #expect(try view("s", in: again).scrollView == sv)
        #expect(s.json().contains(#""zoomingView": "tiles""#))
        // Defaults are not written.
        let plain = try Scene.load(json: Self.zooming(""))
        #expect(!plain.json().contains("zoomScale") && !plain.json().contains("bouncesZoom"))
    }

    @Test("a zoomingView that is no subview of the scroll view, and a bad zoomScale, are refused")
    func zoomRejections() throws {
        let path = subviewPath(0) + ".scrollView"
        for id in ["inner", "s", "main", "nowhere"] {
            try expectRejected(
                Self.zooming(#", "zoomingView": "\#(id)""#), path: path, viewID: "s",
                field: "zoomingView", mentions: ["subview", id])
        }
        try expectRejected(
            Self.zooming(#", "zoomingView": 3"#), path: path, viewID: "s", field: "zoomingView",
            mentions: ["string"])
        for scale in ["0", "-1"] {
            try expectRejected(
                Self.zooming(#", "zoomScale": \#(scale)"#), path: path, viewID: "s",
                field: "zoomScale", mentions: ["> 0"])
        }
        try expectRejected(
            Self.zooming(#", "bouncesZoom": "no""#), path: path, viewID: "s",
            field: "bouncesZoom", mentions: ["true or false"])
    }

    @Test("a gesture may not take a built-in recognizer's id; it may name one")
    func builtInIDs() throws {
        let taken = sceneJSON(
            subviews: #"""
                {"id": "s", "class": "UITableView", "frame": [0, 0, 100, 100], "subviews": [
                  {"id": "c", "frame": [0, 0, 10, 10], "gestures": [{"id": "s.panGestureRecognizer", "kind": "tap"}]}]}
                """#)
        let found = try issues(of: taken)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("s.panGestureRecognizer") == true)
        #expect(found.first?.viewID == "c")
        let named = sceneJSON(
            subviews: #"""
                {"id": "s", "class": "UITableView", "frame": [0, 0, 100, 100], "subviews": [
                  {"id": "c", "frame": [0, 0, 10, 10], "gestures": [{"id": "t", "kind": "tap", "requireToFail": ["s.panGestureRecognizer"]}]}]}
                """#)
        _ = try Scene.load(json: named)
        // The pinch exists only when zooming is enabled.
        let pinch = sceneJSON(
            subviews: #"""
                {"id": "s", "class": "UIScrollView", "frame": [0, 0, 100, 100], "gestures": [{"id": "t", "kind": "tap", "simultaneousWith": ["s.pinchGestureRecognizer"]}]}
                """#)
        #expect(try issues(of: pinch).first?.field == "simultaneousWith")
    }
}
