import HitTestGeometry
import HitTestRender
import HitTestScene
import Testing

@Suite("palette")
struct PaletteTests {
    @Test("colours are pinned per id: the same on every run and machine")
    func pinned() {
        // FNV-1a + SplitMix64 finalizer: hue, lightness and saturation buckets (values
        // computed apart with Python's colorsys). If these change, every picture anyone
        // kept changes its colours.
        #expect(Palette.color(for: "ViewTwo").hex == "#68a1d9")
        #expect(Palette.color(for: "main").hex == "#d96868")
        #expect(Palette.color(for: "content").hex == "#9dd4e7")
        #expect(Palette.hash("") == 0xf52a_15e9_a9b5_e89b)
    }

    @Test("the same id has the same colour in pictures of different scenes")
    func stableAcrossRenders() throws {
        let a = try SVGScanner(
            HitMapRenderer.render(scene: Scenes.load(Scenes.windows), format: .svg))
        let b = try SVGScanner(
            HitMapRenderer.render(
                scene: Scenes.load(
                    #"""
                    {"format": "hittest-scene/1", "screen": {"width": 100, "height": 50}, "windows": [
                      {"id": "other", "frame": [0, 0, 100, 50], "subviews": [
                        {"id": "content", "frame": [10, 10, 50, 20]}]}]}
                    """#),
                size: PixelSize(width: 300, height: 100), format: .svg))
        func fill(_ svg: SVGScanner, _ id: String) -> String? {
            svg.elements.first { $0.name == "g" && $0.attributes["data-hit"] == id }?.attributes[
                "fill"]
        }
        #expect(fill(a, "content") != nil)
        #expect(fill(a, "content") == fill(b, "content"))
        #expect(fill(a, "content") == Palette.color(for: "content").hex)
        // And in PNGs: the pixel colour is the palette colour.
        let png = try DecodedPNG(
            HitMapRenderer.render(
                scene: Scenes.load(Scenes.windows), size: PixelSize(width: 195, height: 422),
                format: .png,
                options: Scenes.bareMap))
        #expect(png.pixel(100, 350) == Palette.color(for: "content").bytes)
    }

    @Test("two neighbouring views never share a colour; the first keeps its own")
    func neighboursDiffer() throws {
        // Two ids the palette gives the same colour.
        var firstByColor: [RGB: String] = [:]
        var pair: (String, String)?
        for i in 0..<1000 where pair == nil {
            let id = "v\(i)"
            if let other = firstByColor[Palette.color(for: id)] { pair = (other, id) }
            firstByColor[Palette.color(for: id)] = id
        }
        let (a, b) = try #require(pair)
        #expect(Palette.color(for: a) == Palette.color(for: b))
        // Side by side in one window, and one above the other in a second picture.
        for frames in [
            ("[0, 0, 50, 100]", "[50, 0, 50, 100]"), ("[0, 0, 100, 50]", "[0, 50, 100, 50]"),
        ] {
            let scene = Scenes.load(
                """
                {"format": "hittest-scene/1", "screen": {"width": 100, "height": 100}, "windows": [
                  {"id": "w", "frame": [0, 0, 100, 100], "subviews": [
                    {"id": "\(a)", "frame": \(frames.0)}, {"id": "\(b)", "frame": \(frames.1)}]}]}
                """)
            let png = try DecodedPNG(
                HitMapRenderer.render(scene: scene, format: .png, options: Scenes.bareMap))
            let first = png.pixel(25, 25)
            let second = png.pixel(75, 75)
            #expect(first == Palette.color(for: a).bytes)
            #expect(second != first)
            let distance = zip(first, second).map { abs(Int($0) - Int($1)) }.reduce(0, +)
            #expect(distance >= 60, "\(first) \(second)")
            // The SVG agrees with the PNG.
            let svg = try SVGScanner(HitMapRenderer.render(scene: scene, format: .svg))
            let fill = svg.elements.first { $0.name == "g" && $0.attributes["data-hit"] == b }?
                .attributes["fill"]
            #expect(fill == RGB(second[0], second[1], second[2]).hex)
        }
    }

    @Test("no view colour is grey, so none looks like the hatching of nothing")
    func saturated() {
        var colors: Set<RGB> = []
        for i in 0..<5000 {
            let c = Palette.color(for: "v\(i)")
            colors.insert(c)
            let hi = max(c.r, c.g, c.b)
            let lo = min(c.r, c.g, c.b)
            #expect(Int(hi) - Int(lo) >= 60, "v\(i) \(c.hex)")
        }
        // The ids spread over (nearly) every colour of the palette.
        #expect(colors.count >= 140)
        #expect(!colors.contains(Palette.hatchStripe) && !colors.contains(Palette.hatchBackground))
    }

    @Test("the hatching: diagonal stripes 2 pixels in 8")
    func hatching() {
        #expect(Palette.hatchColor(x: 0, y: 0) == Palette.hatchStripe)
        #expect(Palette.hatchColor(x: 1, y: 0) == Palette.hatchStripe)
        #expect(Palette.hatchColor(x: 2, y: 0) == Palette.hatchBackground)
        #expect(Palette.hatchColor(x: 7, y: 1) == Palette.hatchStripe)
        #expect(Palette.hatchColor(x: 3, y: 3) == Palette.hatchBackground)
        #expect(Palette.hatchStripe != Palette.hatchBackground)
    }
}
