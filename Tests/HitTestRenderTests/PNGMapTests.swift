import HitTestGeometry
import HitTestReference
import HitTestRender
import HitTestScene
import Testing

/// The PNG's map, decoded, agrees pixel by pixel with the reference algorithm.
@Suite("PNG hit maps agree with the reference")
struct PNGMapTests {
    static let cases: [(name: String, json: String, size: PixelSize?)] = [
        ("spec example", Scenes.specExample, nil),
        ("windows", Scenes.windows, nil),
        ("everything", Scenes.everything, nil),
        ("everything, squeezed", Scenes.everything, PixelSize(width: 200, height: 300)),
        ("everything, stretched", Scenes.everything, PixelSize(width: 700, height: 450)),
    ]

    @Test(
        "random pixels have the colour of the reference hit at their centre",
        arguments: cases.indices)
    func randomPixels(_ index: Int) throws {
        let (name, json, size) = Self.cases[index]
        let scene = Scenes.load(json)
        let screen = Screen(scene: scene)
        let png = try HitMapRenderer.render(
            scene: scene, size: size, format: .png, options: Scenes.bareMap)
        let image = try DecodedPNG(png)
        let fills = try HitMapRenderer.fills(scene: scene, size: size, options: Scenes.bareMap)
        let width = size?.width ?? Int(scene.screen.width)
        let height = size?.height ?? Int(scene.screen.height)
        // The legend makes the picture wider; the map is at the top left.
        #expect(image.width > width)
        #expect(image.height >= height)
        var rng = SplitMix64(seed: UInt64(index) + 1)
        var seen: Set<String> = []
        for _ in 0..<3000 {
            let x = Int.random(in: 0..<width, using: &rng)
            let y = Int.random(in: 0..<height, using: &rng)
            let (color, id) = Scenes.expectedColor(
                screen: screen, scene: scene, x: x, y: y, width: width, height: height,
                fills: fills)
            seen.insert(id ?? "nothing")
            #expect(
                image.pixel(x, y) == color.bytes,
                "\(name): pixel (\(x), \(y)), reference hit \(id ?? "nothing")")
        }
        // The samples reach several views, so a map of one colour would not pass.
        #expect(seen.count >= 3, "\(name): \(seen)")
    }

    @Test("every pixel of a small map, edges of transformed and round views included")
    func everyPixel() throws {
        let scene = Scenes.load(Scenes.everything)
        let screen = Screen(scene: scene)
        let (width, height) = (130, 281)
        let png = try HitMapRenderer.render(
            scene: scene, size: PixelSize(width: width, height: height), format: .png,
            options: Scenes.bareMap)
        let image = try DecodedPNG(png)
        let fills = try HitMapRenderer.fills(
            scene: scene, size: PixelSize(width: width, height: height))
        var mismatches: [String] = []
        for y in 0..<height {
            for x in 0..<width {
                let (color, id) = Scenes.expectedColor(
                    screen: screen, scene: scene, x: x, y: y, width: width, height: height,
                    fills: fills)
                if image.pixel(x, y) != color.bytes {
                    mismatches.append("(\(x), \(y)) \(id ?? "nothing")")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test(
        "with outlines, boundaries and labels drawn, the map still shows through almost everywhere")
    func overlaysLeaveTheMap() throws {
        let scene = Scenes.load(Scenes.everything)
        let screen = Screen(scene: scene)
        let image = try DecodedPNG(HitMapRenderer.render(scene: scene, format: .png))
        let fills = try HitMapRenderer.fills(scene: scene)
        var rng = SplitMix64(seed: 7)
        var agree = 0
        let samples = 3000
        for _ in 0..<samples {
            let x = Int.random(in: 0..<390, using: &rng)
            let y = Int.random(in: 0..<844, using: &rng)
            let (color, _) = Scenes.expectedColor(
                screen: screen, scene: scene, x: x, y: y, width: 390, height: 844, fills: fills)
            if image.pixel(x, y) == color.bytes { agree += 1 }
        }
        #expect(agree * 100 >= samples * 90, "\(agree) of \(samples)")
    }

    @Test(
        "the map is drawn from the store's answers: a hit boundary darkens the first pixel after a change"
    )
    func boundaries() throws {
        let scene = Scenes.load(Scenes.specExample)
        var options = Scenes.bareMap
        options.boundaries = true
        let image = try DecodedPNG(
            HitMapRenderer.render(scene: scene, format: .png, options: options))
        // ViewOne spans x 20 ..< 320 and y 100 ..< 400 on the screen.
        let one = Palette.color(for: "ViewOne")
        let main = Palette.color(for: "main")
        // The left edge: the first pixel inside ViewOne is darkened.
        #expect(image.pixel(20, 250) == one.mixed(with: .black, 0.4).bytes)
        #expect(image.pixel(21, 250) == one.bytes)
        #expect(image.pixel(19, 250) == main.bytes)
        // The right edge: the first pixel after ViewOne is darkened.
        #expect(image.pixel(320, 250) == main.mixed(with: .black, 0.4).bytes)
        #expect(image.pixel(319, 250) == one.bytes)
    }
}
