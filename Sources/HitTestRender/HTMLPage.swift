import Foundation
import HitTestGeometry
import HitTestJSON
import HitTestScene

/// What an interactive page shows besides the map, from modules the renderer does not
/// depend on (the reference's responder chains, the explainer): the CLI fills it in.
public struct HTMLPageDetails: Sendable {
    /// The responder chain of each view by id (the view first), as the reference gives it.
    public var chains: [String: [String]]
    /// The screen as the explainer's script reads it (`Explainer.pageScene()`), every view
    /// in the catalog's order; nil: no hover answers, explanations or classes in the page.
    public var explainScene: JSONValue?
    /// The script that defines `makeExplainer(scene)` (`Explainer.pageScript`).
    public var explainScript: String?
    /// "Why not" offers at most this many of the views whose outline holds the point
    /// clicked (the last in scene order: the frontmost).
    public var maxWhyNot: Int

    public init(
        chains: [String: [String]] = [:], explainScene: JSONValue? = nil,
        explainScript: String? = nil, maxWhyNot: Int = 12
    ) {
        self.chains = chains
        self.explainScene = explainScene
        self.explainScript = explainScript
        self.maxWhyNot = maxWhyNot
    }
}

/// Writes one self-contained HTML file: the map as a PNG inside an SVG (which holds the
/// page's highlight and mark on top), the data the page needs as JSON, and its script and
/// style inline (no network, no external files).
///
/// The page explains the exact point clicked by running the explainer's script over the
/// compact scene, so its size grows with the number of views, not with the number of
/// spots on the map. The data, in output pixels unless said otherwise:
/// - `width`, `height` (the map), `screen` (points), `maxWhyNot`;
/// - `views`: per catalog number, columns `id`, `parent` (-1 for a window), `owned` (cells
///   of the map the view owns) and `next` (its next responder: a view's number, or
///   `views.id.length` plus an index into `others`, or -1 at the end of the chain);
/// - `others`: the responders that are not views, each `[name, next]`;
/// - `scene`: ``HTMLPageDetails/explainScene``, when given.
enum HTMLWriter {
    /// zlib's level for the page's map: fast, since the map of a page for 20,000 views is
    /// a few million pixels and the page must be written in a second or two.
    static let pngLevel: Int32 = 1

    static func write(
        _ layout: RenderLayout, scene: Scene, details: HTMLPageDetails
    ) -> [UInt8] {
        let png = PNGWriter.write(layout, level: pngLevel)
        let data = JSONWriter.write(pageData(layout, details: details))
            .replacingOccurrences(of: "</", with: "<\\/")
        let w = layout.width
        let h = layout.height
        let script = (details.explainScript ?? "function makeExplainer() { return null; }")
            .replacingOccurrences(of: "</", with: "<\\/")
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <title>Hit map: where a touch reaches</title>
            <style>\(HTMLPageScript.style)</style>
            </head><body>
            <div id="layout">
            <div id="mapPane"><div id="map"><svg xmlns="http://www.w3.org/2000/svg" \
            xmlns:xlink="http://www.w3.org/1999/xlink" width="\(w)" height="\(h)" \
            viewBox="0 0 \(w) \(h)" style="max-width: \(w)px">\
            <image width="\(w)" height="\(h)" href="data:image/png;base64,\(Data(png).base64EncodedString())"/>\
            </svg></div></div>
            <div id="side">
            <div id="hover" class="panel">Move over the map: the view a touch there reaches.</div>
            <div id="explain" class="panel">Click the map: why that view gets the touch.</div>
            <div id="treePane" class="panel"><input id="search" type="search" placeholder="search id or class">
            <ul id="tree"></ul></div>
            </div>
            </div>
            <script type="application/json" id="data">\(data)</script>
            <script>\(script)</script>
            <script>\(HTMLPageScript.script)</script>
            </body></html>

            """
        html.makeContiguousUTF8()
        return Array(html.utf8)
    }

    static func pageData(_ layout: RenderLayout, details: HTMLPageDetails) -> JSONValue {
        let map = layout.map
        let entries = layout.catalog.entries
        func num(_ x: Double) -> JSONValue { .number(x) }
        var ids: [JSONValue] = []
        var parents: [JSONValue] = []
        var owned: [JSONValue] = []
        var lastAtDepth: [Int: Int] = [:]
        for (n, e) in entries.enumerated() {
            let parent = e.depth > 1 ? lastAtDepth[e.depth - 1] ?? -1 : -1
            lastAtDepth[e.depth] = n
            ids.append(.string(e.id))
            parents.append(num(Double(parent)))
            owned.append(num(Double(map.ownedCells[n])))
        }
        let (next, others) = responders(details.chains, catalog: layout.catalog)
        var views = JSONObject()
        views.append("id", .array(ids))
        views.append("parent", .array(parents))
        views.append("owned", .array(owned))
        views.append("next", .array(next.map { num(Double($0)) }))
        var page = JSONObject()
        page.append("width", num(Double(map.width)))
        page.append("height", num(Double(map.height)))
        page.append("screen", .array([num(map.screen.width), num(map.screen.height)]))
        page.append("maxWhyNot", num(Double(details.maxWhyNot)))
        page.append("views", .object(views))
        page.append(
            "others", .array(others.map { .array([.string($0.name), num(Double($0.next))]) }))
        if let scene = details.explainScene { page.append("scene", scene) }
        return .object(page)
    }

    /// The responder chains as links: each view's next responder (a catalog number, or
    /// the catalog's count plus an index into `others`, or -1), and the responders that
    /// are not views (view controllers, the application and its delegate), each once per
    /// distinct rest of chain. A view with no chain given ends its chain at itself.
    static func responders(_ chains: [String: [String]], catalog: ViewCatalog)
        -> (next: [Int], others: [(name: String, next: Int)])
    {
        let count = catalog.entries.count
        var others: [(name: String, next: Int)] = []
        var otherIndex: [String: [Int: Int]] = [:]
        // The link for `chain[k...]`: a view's number, or an interned other responder.
        func link(_ chain: [String], _ k: Int) -> Int {
            guard k < chain.count else { return -1 }
            if let n = catalog.index(of: chain[k]) { return Int(n) }
            let rest = link(chain, k + 1)
            if let known = otherIndex[chain[k]]?[rest] { return count + known }
            otherIndex[chain[k], default: [:]][rest] = others.count
            others.append((chain[k], rest))
            return count + others.count - 1
        }
        let next = catalog.entries.map { e in
            chains[e.id].map { link($0, 1) } ?? -1
        }
        return (next, others)
    }
}
