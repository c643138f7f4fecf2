import HitTestGeometry
import HitTestReference
import HitTestRender
import HitTestScene
import HitTestStore
import Testing

@Suite("renderer")
struct RendererTests {
    @Test("formats come from file names")
    func formats() {
        #expect(RenderFormat(fileName: "map.svg") == .svg)
        #expect(RenderFormat(fileName: "/tmp/a.b/MAP.PNG") == .png)
        #expect(RenderFormat(fileName: "map.jpg") == nil)
        #expect(RenderFormat(fileName: "map") == nil)
        #expect(RenderFormat(fileName: "dir.png/map") == nil)
        #expect(PixelSize(argument: "780x1688") == PixelSize(width: 780, height: 1688))
        #expect(PixelSize(argument: "10X20") == PixelSize(width: 10, height: 20))
        #expect(PixelSize(argument: "10x") == nil)
        #expect(PixelSize(argument: "10") == nil)
    }

    @Test("the default size is the screen at 1 pixel per point; bad sizes are refused")
    func sizes() throws {
        let scene = Scenes.load(Scenes.specExample)
        #expect(
            try HitMapRenderer.mapSize(scene: scene, size: nil)
                == PixelSize(width: 390, height: 844))
        #expect(throws: RenderError.self) {
            try HitMapRenderer.mapSize(scene: scene, size: PixelSize(width: 0, height: 5))
        }
        #expect(throws: RenderError.self) {
            try HitMapRenderer.mapSize(scene: scene, size: PixelSize(width: 20_000, height: 5))
        }
        #expect(throws: RenderError.self) {
            try HitMapRenderer.mapSize(scene: scene, size: PixelSize(width: 10_000, height: 10_000))
        }
        // The size guard: a big screen without a size is scaled to 2,048 pixels a side.
        let big = Scenes.load(
            #"{"format": "hittest-scene/1", "screen": {"width": 4496, "height": 6488}, "windows": []}"#
        )
        #expect(
            try HitMapRenderer.mapSize(scene: big, size: nil)
                == PixelSize(width: 1419, height: 2048))
        #expect(HitMapRenderer.defaultScale(scene: big) == 2048.0 / 6488)
        #expect(HitMapRenderer.defaultScale(scene: scene) == 1)
        #expect(
            try HitMapRenderer.mapSize(scene: big, size: PixelSize(width: 4496, height: 6488))
                == PixelSize(width: 4496, height: 6488))
        let empty = Scenes.load(
            #"{"format": "hittest-scene/1", "screen": {"width": 0, "height": 10}, "windows": []}"#)
        #expect(throws: RenderError.self) { try HitMapRenderer.render(scene: empty, format: .png) }
        // A scene without windows is all "nothing".
        let bare = Scenes.load(
            #"{"format": "hittest-scene/1", "screen": {"width": 40, "height": 30}, "windows": []}"#)
        let image = try DecodedPNG(
            HitMapRenderer.render(scene: bare, format: .png, options: Scenes.bareMap))
        #expect(image.pixel(0, 0) == Palette.hatchStripe.bytes)
        #expect(image.pixel(5, 0) == Palette.hatchBackground.bytes)
    }

    @Test(
        "the hit map samples cell centres with the store's batch queries, as the reference answers")
    func hitMapCells() {
        let scene = Scenes.load(Scenes.everything)
        let screen = Screen(scene: scene)
        let catalog = ViewCatalog(scene: scene)
        let map = HitMap(
            scene: scene, catalog: catalog, store: ViewStore(scene: scene), width: 390, height: 844,
            cellSize: 3,
            threads: 2)
        #expect(map.columns == 130 && map.rows == 282)
        // The last row of cells is 844 - 281 * 3 = 1 pixel tall: its centre is half a pixel down.
        #expect(map.samplePoint(column: 0, row: 281) == Point(x: 1.5, y: 843.5))
        var rng = SplitMix64(seed: 11)
        for _ in 0..<2000 {
            let c = Int.random(in: 0..<map.columns, using: &rng)
            let r = Int.random(in: 0..<map.rows, using: &rng)
            let expected =
                screen.hitTest(map.samplePoint(column: c, row: r)).map {
                    catalog.index(of: $0.view.id)!
                } ?? -1
            #expect(map.owner(column: c, row: r) == expected, "cell (\(c), \(r))")
        }
        #expect(map.ownedCells.reduce(0, +) + map.nothingCells == map.columns * map.rows)
        // Answers do not depend on the thread count.
        let single = HitMap(
            scene: scene, catalog: catalog, store: ViewStore(scene: scene), width: 390, height: 844,
            cellSize: 3,
            threads: 1)
        #expect(single.cells == map.cells)
    }

    @Test("the legend lists the views that own pixels, and says when two share a colour")
    func legend() throws {
        let svg = try SVGScanner(
            HitMapRenderer.render(scene: Scenes.load(Scenes.windows), format: .svg))
        let legend = svg.elements.filter { e in
            e.name == "text"
                && e.ancestors.contains { svg.elements[$0].attributes["id"] == "legend" }
        }.map(\.text)
        let names = legend.compactMap { $0.split(separator: " ").first.map(String.init) }
        // main is covered by content, overlay lets touches through: neither owns a pixel.
        for id in ["alert", "alertButton", "content", "badge"] {
            #expect(names.contains(id), "\(legend)")
        }
        for id in ["main", "overlay"] { #expect(!names.contains(id), "\(legend)") }
        // "alert" and "alertButton" hash to one colour, but they are neighbours: the
        // button takes another, so the legend has no shared colour to note.
        #expect(Palette.color(for: "alert") == Palette.color(for: "alertButton"))
        let fills = try HitMapRenderer.fills(scene: Scenes.load(Scenes.windows), format: .svg)
        #expect(fills["alert"] == Palette.color(for: "alert"))
        #expect(fills["alertButton"] != Palette.color(for: "alert"))
        #expect(!legend.contains { $0.contains("(colour of") }, "\(legend)")
        // Their shared edge shows as a hit boundary and alertButton's outline.
        let boundaries = svg.elements.filter { e in
            e.name == "path"
                && e.ancestors.contains { svg.elements[$0].attributes["id"] == "hit-boundaries" }
        }.map { $0.attributes["d"]! }.joined()
        #expect(boundaries.contains("M20.5,320V364"))
    }

    @Test("points are marked with rings in the PNG")
    func pointMarkers() throws {
        let scene = Scenes.load(Scenes.specExample)
        let png = try DecodedPNG(
            HitMapRenderer.render(scene: scene, points: [Point(x: 140.5, y: 220.5)], format: .png))
        #expect(png.pixel(140, 220) == RGB.white.bytes)  // the ring's white centre
        #expect(png.pixel(144, 220) == RGB.black.bytes)  // its black ring, 3.5 px out
    }

    @Test("the bitmap font draws ids in PNG labels")
    func pngLabels() throws {
        // A lone view: its label sits centred in it, dark ink on a light box.
        let scene = Scenes.load(
            #"{"format": "hittest-scene/1", "screen": {"width": 200, "height": 100}, "windows": [{"id": "Wg", "frame": [0, 0, 200, 100]}]}"#
        )
        var options = RenderOptions()
        options.legend = false
        options.outlines = false
        options.boundaries = false
        let png = try DecodedPNG(
            HitMapRenderer.render(scene: scene, format: .png, options: options))
        #expect(png.width == 200 && png.height == 100)
        let ink = Palette.inkColor(for: "Wg").bytes
        var inked: [(Int, Int)] = []
        for y in 0..<100 { for x in 0..<200 where png.pixel(x, y) == ink { inked.append((x, y)) } }
        // "Wg": 11 x 9 font pixels at scale 1 in a 15 x 12 box centred in the view:
        // (200 - 15) / 2 = 92, plus a 2-pixel margin. W is 7 rows tall, g hangs 2 rows
        // below the baseline.
        let xs = inked.map(\.0)
        let ys = inked.map(\.1)
        #expect(xs.min() == 94 && xs.max() == 104, "\(xs.min()!)...\(xs.max()!)")
        #expect(ys.max()! - ys.min()! == 8, "\(ys.min()!)...\(ys.max()!)")
    }
}
