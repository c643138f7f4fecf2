import HitTestGeometry
import HitTestReference
import HitTestRender
import HitTestScene
import Testing

#if canImport(FoundationXML)
    import Foundation
    import FoundationXML
#endif

@Suite("SVG hit maps")
struct SVGTests {
    static func render(_ json: String, size: PixelSize? = nil, points: [Point] = []) throws
        -> SVGScanner
    {
        let scene = Scenes.load(json)
        let svg = try HitMapRenderer.render(scene: scene, size: size, points: points, format: .svg)
        return try SVGScanner(svg)
    }

    /// The map's rectangles of the view `id` (`""` for nothing), as `(x, y, w, h)`.
    static func rects(_ svg: SVGScanner, hit id: String) -> [(Int, Int, Int, Int)] {
        svg.children(named: "rect") { $0.name == "g" && $0.attributes["data-hit"] == id }.map {
            (
                Int($0.attributes["x"]!)!, Int($0.attributes["y"]!)!, Int($0.attributes["width"]!)!,
                Int($0.attributes["height"]!)!
            )
        }
    }

    @Test("the SVG is well-formed XML")
    func wellFormed() throws {
        for json in [Scenes.specExample, Scenes.windows, Scenes.everything] {
            let scene = Scenes.load(json)
            let bytes = try HitMapRenderer.render(
                scene: scene, size: PixelSize(width: 195, height: 422),
                points: [Point(x: 100, y: 200), Point(x: 5, y: 800)], format: .svg)
            _ = try SVGScanner(bytes)  // tags balance, attributes quoted, entities known
            #if canImport(FoundationXML)
                let document = try XMLDocument(data: Data(bytes))
                #expect(document.rootElement()?.name == "svg")
            #endif
        }
    }

    @Test("ids are escaped: a view named with XML's special characters stays well-formed")
    func escaping() throws {
        let json = #"""
            {"format": "hittest-scene/1", "windows": [{"id": "w<&>\"'", "frame": [0, 0, 390, 844]}]}
            """#
        let svg = try Self.render(json)
        #expect(!Self.rects(svg, hit: #"w<&>"'"#).isEmpty)
        #expect(svg.elements.contains { $0.name == "text" && $0.text.hasPrefix(#"w<&>"'"#) })
    }

    @Test("the spec example has a rect run of ViewTwo where the reference hits ViewTwo")
    func knownRun() throws {
        let svg = try Self.render(Scenes.specExample)
        let groups = svg.elements.filter {
            $0.name == "g" && $0.attributes["data-hit"] == "ViewTwo"
        }
        #expect(groups.count == 1)
        #expect(groups.first?.attributes["fill"] == Palette.color(for: "ViewTwo").hex)
        // ViewTwo is at (40, 120, 200, 200) on the screen: one rect, exactly that.
        let runs = Self.rects(svg, hit: "ViewTwo")
        #expect(runs.count == 1)
        #expect(runs.first.map { [$0.0, $0.1, $0.2, $0.3] } == [40, 120, 200, 200])
        #expect(Self.rects(svg, hit: "").isEmpty)  // the window covers the screen
    }

    @Test("the rects cover the map once, each with the reference's hit inside")
    func rectsCoverTheMap() throws {
        let scene = Scenes.load(Scenes.everything)
        let screen = Screen(scene: scene)
        // Half size: a pixel is 2 x 2 points.
        let (width, height) = (195, 422)
        let svg = try SVGScanner(
            HitMapRenderer.render(
                scene: scene, size: PixelSize(width: width, height: height), format: .svg))
        var covered = [Int](repeating: 0, count: width * height)
        var rng = SplitMix64(seed: 3)
        for group in svg.elements where group.name == "g" && group.attributes["data-hit"] != nil {
            let id = group.attributes["data-hit"]!
            for (x, y, w, h) in Self.rects(svg, hit: id) {
                for yy in y..<(y + h) { for xx in x..<(x + w) { covered[yy * width + xx] += 1 } }
                for _ in 0..<3 {
                    let px = Int.random(in: x..<(x + w), using: &rng)
                    let py = Int.random(in: y..<(y + h), using: &rng)
                    let hit = screen.hitTest(
                        Point(x: (Double(px) + 0.5) * 2, y: (Double(py) + 0.5) * 2))
                    #expect((hit?.view.id ?? "") == id, "(\(px), \(py))")
                }
            }
        }
        #expect(covered.allSatisfy { $0 == 1 })
    }

    @Test("outlines are the views' corners on the screen: a rotated view is not a box")
    func outlines() throws {
        let svg = try Self.render(Scenes.everything)
        let polygons = svg.elements.filter { $0.name == "polygon" }
        let scene = Scenes.load(Scenes.everything)
        #expect(polygons.count == scene.viewCount)
        func corners(_ id: String) -> [Point] {
            let text = polygons.first { $0.attributes["data-view"] == id }!.attributes["points"]!
            return text.split(separator: " ").map {
                let xy = $0.split(separator: ",")
                return Point(x: Double(xy[0])!, y: Double(xy[1])!)
            }
        }
        // The card turns by 15 degrees about its centre (190, 250): its first corner,
        // (-150, -100) from the centre, lands at (190 - 150 cos + 100 sin, 250 - 150 sin
        // - 100 cos) = (71.00, 114.59), drawn through pixel centres (+ 0.5).
        let card = corners("card")
        #expect(abs(card[0].x - 71.5) < 0.02 && abs(card[0].y - 115.09) < 0.02, "\(card)")
        #expect(Set(card.map(\.x)).count == 4)  // no two corners share an x: not a box
        // A plain view: its frame, through pixel centres.
        #expect(
            corners("header").map { [$0.x, $0.y] } == [
                [0.5, 0.5], [389.5, 0.5], [389.5, 90.5], [0.5, 90.5],
            ])
        // Hidden and label views are outlined too, dashed: nothing reaches them.
        for id in ["ghost", "title"] {
            #expect(
                polygons.first { $0.attributes["data-view"] == id }?.attributes["stroke-dasharray"]
                    != nil)
        }
        #expect(
            polygons.first { $0.attributes["data-view"] == "card" }?.attributes["stroke-dasharray"]
                == nil)
    }

    @Test("labels, point markers and the legend name the views")
    func textsAndLegend() throws {
        let points = [
            Point(x: 150, y: 250), Point(x: 100, y: 780), Point(x: 290, y: 635),
            Point(x: 335, y: 635),
        ]
        let svg = try Self.render(Scenes.everything, points: points)
        let texts = svg.elements.filter { $0.name == "text" }.map(\.text)
        let legend = svg.elements.filter { e in
            e.name == "text"
                && e.ancestors.contains { svg.elements[$0].attributes["id"] == "legend" }
        }.map(\.text)
        // Views that own pixels are in the legend with their share; others are not.
        #expect(legend.contains { $0.hasPrefix("card  ") && $0.hasSuffix("%") })
        #expect(legend.contains { $0.hasPrefix("nothing  ") })
        #expect(!legend.contains { $0.hasPrefix("ghost") || $0.hasPrefix("title") })
        let swatches = svg.elements.filter { e in
            e.name == "rect"
                && e.ancestors.contains { svg.elements[$0].attributes["id"] == "legend" }
        }.compactMap { $0.attributes["fill"] }
        #expect(swatches.contains(Palette.color(for: "card").hex))
        #expect(swatches.contains("url(#nothing)"))
        // Markers carry their hit; labels name it.
        let markers = svg.elements.filter {
            $0.name == "circle" && $0.attributes["data-hit"] != nil
        }
        #expect(markers.map { $0.attributes["data-hit"]! } == ["card", "", "fabIcon", "fab"])
        #expect(texts.contains("nothing"))
        #expect(texts.contains("fabIcon"))
        #expect(texts.contains("card"))
    }

    @Test("a huge map is sampled on bigger cells so the file stays bounded")
    func cellsGrow() throws {
        let scene = Scenes.load(Scenes.everything)
        var options = RenderOptions()
        options.maxSVGCells = 10_000
        let svg = try SVGScanner(
            HitMapRenderer.render(
                scene: scene, size: PixelSize(width: 780, height: 1688), format: .svg,
                options: options))
        let rects = svg.elements.filter { e in
            e.name == "rect"
                && e.ancestors.contains { svg.elements[$0].attributes["id"] == "hit-map" }
        }
        // 780 x 1688 pixels in at most 10,000 cells: cells of 12 x 12 pixels.
        let xs = Set(rects.map { Int($0.attributes["x"]!)! })
        #expect(xs.allSatisfy { $0 % 12 == 0 }, "\(xs.sorted())")
        #expect(!rects.isEmpty)
    }
}
