import HitTestGeometry
import HitTestJSON
import HitTestScene

/// What an interactive page shows besides the map, from modules the renderer does not
/// depend on (the reference's responder chains, `explain`): the CLI fills it in.
public struct HTMLPageDetails: Sendable {
    /// The responder chain of each view by id (the view first), as the reference gives it.
    public var chains: [String: [String]]
    /// The lines `hittest explain` prints for a screen point; nil: no explanations.
    public var explain: (@Sendable (Point) -> [String])?
    /// The lines `hittest explain --expect ID` prints for a screen point and a view id
    /// (nil: no "why not" in the page).
    public var explainExpecting: (@Sendable (Point, String) -> [String])?
    /// Explanations are computed at the centres of at most this many x this many cells
    /// over the screen; a click shows the one of the cell it falls in.
    public var explainGrid: Int
    /// "Why not" answers per explain cell, for at most this many of the views whose
    /// outline holds the cell's centre (the last in scene order: the frontmost).
    public var maxWhyNot: Int

    public init(
        chains: [String: [String]] = [:], explain: (@Sendable (Point) -> [String])? = nil,
        explainExpecting: (@Sendable (Point, String) -> [String])? = nil,
        explainGrid: Int = 32, maxWhyNot: Int = 12
    ) {
        self.chains = chains
        self.explain = explain
        self.explainExpecting = explainExpecting
        self.explainGrid = explainGrid
        self.maxWhyNot = maxWhyNot
    }
}

/// Writes one self-contained HTML file: the SVG hit map inline, the data the page needs
/// as JSON, and its script and style inline (no network, no external files).
///
/// The data, all computed here, in output pixels unless said otherwise:
/// - `grid`: the map's cells (`HitMap`, the answers of the store, equal to the
///   reference's) run-length encoded row by row as `[owner, count, ...]`, owner -1 for
///   nothing; `columns`, `rows`, `cellSize`, `width`, `height`, `screen` (points);
/// - `views`: per catalog number, `id`, `class`, `parent` (-1 for a window), `corners`
///   (the outline in pixels), `toLocal` (screen point to the view's bounds coordinates,
///   the inverse of its composed transform: `[a, b, c, d, tx, ty]`, null if singular)
///   and `chain`;
/// - `explain`: `n` x `m` cells over the screen, `texts` (distinct explanations),
///   `cells` (the text of each cell, row by row) and `whyNot` (per cell, pairs of a view
///   whose outline holds the centre and the text of `explain --expect` for it), each
///   computed at its cell's centre.
enum HTMLWriter {
    /// Whether `p` lies in the parallelogram of `corners` (`c0`, `c1`, `c2`, `c3`, edges
    /// `c0 c1` and `c0 c3`), edges included; false for a degenerate one.
    static func contains(_ corners: [Point], _ p: Point) -> Bool {
        guard corners.count == 4 else { return false }
        let (ux, uy) = (corners[1].x - corners[0].x, corners[1].y - corners[0].y)
        let (vx, vy) = (corners[3].x - corners[0].x, corners[3].y - corners[0].y)
        let det = ux * vy - uy * vx
        guard det != 0, det.isFinite else { return false }
        let (dx, dy) = (p.x - corners[0].x, p.y - corners[0].y)
        let s = (dx * vy - dy * vx) / det
        let t = (ux * dy - uy * dx) / det
        return s >= 0 && s <= 1 && t >= 0 && t <= 1
    }

    static func write(
        _ layout: RenderLayout, scene: Scene, details: HTMLPageDetails
    ) -> [UInt8] {
        var svg = String(decoding: SVGWriter.write(layout), as: UTF8.self)
        if svg.hasPrefix("<?xml"), let end = svg.firstIndex(of: "\n") {
            svg = String(svg[svg.index(after: end)...])
        }
        let data = JSONWriter.write(pageData(layout, scene: scene, details: details))
            .replacingOccurrences(of: "</", with: "<\\/")
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <title>Hit map: where a touch reaches</title>
            <style>\(HTMLPageScript.style)</style>
            </head><body>
            <div id="layout">
            <div id="mapPane"><div id="map">\(svg)</div>
            <div id="panels">
            <div id="hover" class="panel">Move over the map: the view a touch there reaches.</div>
            <div id="explain" class="panel">Click the map: why that view gets the touch.</div>
            </div></div>
            <div id="treePane"><input id="search" type="search" placeholder="search id or class">
            <ul id="tree"></ul></div>
            </div>
            <script type="application/json" id="data">\(data)</script>
            <script>\(HTMLPageScript.script)</script>
            </body></html>

            """
        html.makeContiguousUTF8()
        return Array(html.utf8)
    }

    static func pageData(_ layout: RenderLayout, scene: Scene, details: HTMLPageDetails)
        -> JSONValue
    {
        let map = layout.map
        func num(_ x: Double) -> JSONValue { .number(x) }
        var runs: [JSONValue] = []
        var current: Int32 = map.cells.first ?? -1
        var count = 0
        for c in map.cells {
            if c == current {
                count += 1
            } else {
                runs.append(num(Double(current)))
                runs.append(num(Double(count)))
                current = c
                count = 1
            }
        }
        if count > 0 {
            runs.append(num(Double(current)))
            runs.append(num(Double(count)))
        }
        var classes: [String: String] = [:]
        scene.forEachView { v, _ in if classes[v.id] == nil { classes[v.id] = v.className } }
        var views: [JSONValue] = []
        var lastAtDepth: [Int: Int] = [:]
        for (n, e) in layout.catalog.entries.enumerated() {
            let parent = e.depth > 1 ? lastAtDepth[e.depth - 1] ?? -1 : -1
            lastAtDepth[e.depth] = n
            var o = JSONObject()
            o.append("id", .string(e.id))
            o.append("class", .string(classes[e.id] ?? ""))
            o.append("parent", num(Double(parent)))
            o.append(
                "corners",
                .array(
                    e.corners.map {
                        .array([num($0.x * layout.scaleX), num($0.y * layout.scaleY)])
                    }))
            if let inv = e.toScreen.inverted() {
                o.append(
                    "toLocal",
                    .array([inv.a, inv.b, inv.c, inv.d, inv.tx, inv.ty].map(num)))
            } else {
                o.append("toLocal", .null)
            }
            o.append("chain", .array((details.chains[e.id] ?? [e.id]).map { .string($0) }))
            o.append("owned", num(Double(map.ownedCells[n])))
            views.append(.object(o))
        }
        var page = JSONObject()
        page.append("width", num(Double(map.width)))
        page.append("height", num(Double(map.height)))
        page.append("cellSize", num(Double(map.cellSize)))
        page.append("columns", num(Double(map.columns)))
        page.append("rows", num(Double(map.rows)))
        page.append("screen", .array([num(map.screen.width), num(map.screen.height)]))
        page.append("grid", .array(runs))
        page.append("views", .array(views))
        if let explain = details.explain {
            let n = max(1, min(details.explainGrid, map.columns))
            let m = max(1, min(details.explainGrid, map.rows))
            var texts: [String] = []
            var index: [String: Int] = [:]
            var cells: [JSONValue] = []
            var whyNot: [JSONValue] = []
            func intern(_ text: String) -> Double {
                if index[text] == nil {
                    index[text] = texts.count
                    texts.append(text)
                }
                return Double(index[text]!)
            }
            for j in 0..<m {
                for i in 0..<n {
                    let p = Point(
                        x: (Double(i) + 0.5) * map.screen.width / Double(n),
                        y: (Double(j) + 0.5) * map.screen.height / Double(m))
                    let plain = explain(p)
                    cells.append(num(intern(plain.joined(separator: "\n"))))
                    // "Why not": the answer for each view whose outline holds the point,
                    // without the trace the plain explanation already shows.
                    var answers: [JSONValue] = []
                    if let expecting = details.explainExpecting {
                        let holding = layout.catalog.entries.indices.filter {
                            Self.contains(layout.catalog.entries[$0].corners, p)
                        }.suffix(details.maxWhyNot)
                        for v in holding {
                            var lines = expecting(p, layout.catalog.entries[v].id)
                            if lines.starts(with: plain) { lines.removeFirst(plain.count) }
                            answers.append(num(Double(v)))
                            answers.append(num(intern(lines.joined(separator: "\n"))))
                        }
                    }
                    whyNot.append(.array(answers))
                }
            }
            var e = JSONObject()
            e.append("n", num(Double(n)))
            e.append("m", num(Double(m)))
            e.append("texts", .array(texts.map { .string($0) }))
            e.append("cells", .array(cells))
            e.append("whyNot", .array(whyNot))
            page.append("explain", .object(e))
        }
        return .object(page)
    }
}
