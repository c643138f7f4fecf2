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
