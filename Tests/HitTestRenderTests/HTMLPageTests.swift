import HitTestGeometry
import HitTestJSON
import HitTestRender
import HitTestScene
import Testing

/// The interactive page (`--out map.html`): one self-contained file whose data agrees
/// with the map. Its behaviour in a browser is Tests/Browser/run.sh's job.
@Suite("interactive HTML hit map")
struct HTMLPageTests {
    @Test("one file, no network; the grid, views, chains and explanations it needs")
    func page() throws {
        let scene = Scenes.load(Scenes.specExample)
        let details = HTMLPageDetails(
            chains: ["ViewTwo": ["ViewTwo", "ViewOne"]],
            explain: { p in ["explained at \(p.x), \(p.y)"] },
            explainExpecting: { p, id in ["explained at \(p.x), \(p.y)", "why not \(id)"] },
            explainGrid: 4)
        let bytes = try HitMapRenderer.render(scene: scene, format: .html, details: details)
        let html = String(decoding: bytes, as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        // Self-contained: no external script, style, image or link.
        for needle in ["<script src", "<link", "src=\"http", "href=\"http", "@import", "url(http"] {
            #expect(!html.contains(needle), "\(needle)")
        }
        let start = try #require(html.range(of: #"<script type="application/json" id="data">"#))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let data = try JSONReader.parse(Array(html[start.upperBound..<end.lowerBound].utf8))
        let columns = try #require(data["columns"]?.asNumber)
        let rows = try #require(data["rows"]?.asNumber)
        let grid = try #require(data["grid"]?.asArray)
        var total = 0.0
        for i in stride(from: 1, to: grid.count, by: 2) { total += grid[i].asNumber ?? 0 }
        #expect(total == columns * rows)
        let views = try #require(data["views"]?.asArray)
        #expect(views.compactMap { $0["id"]?.asString } == ["main", "ViewOne", "ViewTwo"])
        #expect(views.compactMap { $0["parent"]?.asNumber } == [-1, 0, 1])
        #expect(views[2]["chain"] == ["ViewTwo", "ViewOne"])
        // ViewTwo's inverse transform takes screen (40, 120) to its local (0, 0).
        let t = (views[2]["toLocal"]?.asArray ?? []).compactMap { $0.asNumber }
        #expect(
            t.count == 6 && t[0] * 40 + t[2] * 120 + t[4] == 0 && t[1] * 40 + t[3] * 120 + t[5] == 0
        )
        let explain = try #require(data["explain"])
        #expect(explain["n"] == 4 && explain["m"] == 4)
        let texts = try #require(explain["texts"]?.asArray?.compactMap { $0.asString })
        #expect(texts.first == "explained at 48.75, 105.5")
        // The first cell's centre (48.75, 105.5) is in main and ViewOne, not in ViewTwo:
        // a "why not" for each, without the lines the plain explanation has.
        let why = try #require(explain["whyNot"]?[0]?.asArray?.compactMap { $0.asNumber })
        #expect(why.count == 4)
        #expect(why[0] == 0 && why[2] == 1)
        #expect(texts[Int(why[1])] == "why not main" && texts[Int(why[3])] == "why not ViewOne")
    }
}
