import Foundation
import HitTestGeometry
import HitTestJSON
import HitTestRender
import HitTestScene
import Testing

/// The interactive page (`--out map.html`): one self-contained file whose data agrees
/// with the map. Its behaviour in a browser is Tests/Browser/run.sh's job.
@Suite("interactive HTML hit map")
struct HTMLPageTests {
    static func data(_ html: String) throws -> JSONValue {
        let start = try #require(html.range(of: #"<script type="application/json" id="data">"#))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        return try JSONReader.parse(Array(html[start.upperBound..<end.lowerBound].utf8))
    }

    @Test("one file, no network; the map as a PNG, the views, chains and the explainer's scene")
    func page() throws {
        let scene = Scenes.load(Scenes.specExample)
        let details = HTMLPageDetails(
            chains: ["ViewTwo": ["ViewTwo", "ViewOne", "Controller", "main", "UIApplication"]],
            explainScene: .object(["marker": true]),
            explainScript: "function makeExplainer(scene) { return null; } // the script")
        let bytes = try HitMapRenderer.render(scene: scene, format: .html, details: details)
        let html = String(decoding: bytes, as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        // Self-contained: no external script, style, image or link.
        for needle in ["<script src", "<link", "src=\"http", "href=\"http", "@import", "url(http"] {
            #expect(!html.contains(needle), "\(needle)")
        }
        #expect(
            html.contains(
                #"<image width="390" height="844" href="data:image/png;base64,iVBORw0KGgo"#))
        #expect(html.contains("// the script"))
        let data = try Self.data(html)
        #expect(data["width"] == 390 && data["height"] == 844)
        #expect(data["scene"]?["marker"] == true)
        let views = try #require(data["views"])
        #expect(views["id"] == ["main", "ViewOne", "ViewTwo"])
        #expect(views["parent"] == [-1, 0, 1])
        // ViewTwo's next is ViewOne (1); main and ViewOne have no chain given.
        #expect(views["next"] == [-1, -1, 1])
        #expect(data["others"] == [])
        let owned = (views["owned"]?.asArray ?? []).compactMap { $0.asNumber }
        #expect(owned.count == 3 && owned.allSatisfy { $0 > 0 })
    }

    @Test("responder chains are links: a view's next is a view or an interned other responder")
    func chains() throws {
        let scene = Scenes.load(Scenes.specExample)
        let details = HTMLPageDetails(chains: [
            "main": ["main", "UIApplication", "AppDelegate"],
            "ViewOne": ["ViewOne", "Controller", "main", "UIApplication", "AppDelegate"],
            "ViewTwo": [
                "ViewTwo", "ViewOne", "Controller", "main", "UIApplication", "AppDelegate",
            ],
        ])
        let html = String(
            decoding: try HitMapRenderer.render(scene: scene, format: .html, details: details),
            as: UTF8.self)
        let data = try Self.data(html)
        // 3 views; others: AppDelegate (3), UIApplication -> AppDelegate (4), Controller -> main (5).
        #expect(data["views"]?["next"] == [4, 5, 1])
        #expect(
            data["others"] == [["AppDelegate", -1], ["UIApplication", 3], ["Controller", 0]])
    }
}
