import HitTestGeometry
import HitTestReference
import HitTestRender
import HitTestScene

/// Scenes for the render tests, and what the reference algorithm says about them.
enum Scenes {
    /// The hit-testing contract's example scene (`rule-scene-format`).
    static let specExample = """
        {"format": "hittest-scene/1", "screen": {"width": 390, "height": 844},
         "windows": [
          {"id": "main", "level": 0, "frame": [0, 0, 390, 844], "subviews": [
            {"id": "ViewOne", "class": "ViewOne", "frame": [20, 100, 300, 300],
             "viewController": "HitTestViewController",
             "subviews": [{"id": "ViewTwo", "frame": [20, 20, 200, 200]}]}
          ]}
         ]}
        """

    /// Windows at two levels, a passthrough overlay and a round badge (the CLI fixture
    /// `windows.json`).
    static let windows = """
        {"format": "hittest-scene/1", "application": {"class": "MyApplication", "delegate": null},
         "windows": [
          {"id": "alert", "level": 2000, "frame": [0, 300, 390, 200], "subviews": [
            {"id": "alertButton", "class": "UIButton", "frame": [20, 20, 100, 44]}]},
          {"id": "main", "level": 0, "frame": [0, 0, 390, 844], "subviews": [
            {"id": "content", "frame": [0, 0, 390, 844]}]},
          {"id": "overlay", "level": 0, "frame": [0, 0, 390, 100], "hitTestRule": "passthrough",
           "subviews": [{"id": "badge", "frame": [10, 10, 30, 30], "hitShape": "ellipse"}]}
         ]}
        """

    /// Every rule that shapes hit areas: a rotated card with a round button inside, a
    /// hidden view, enlarged insets, a scaled view, a parent that answers only for its
    /// subviews, a redirect, a label that takes no touches, a scroll offset, and a strip
    /// of screen no window covers.
    static let everything = """
        {"format": "hittest-scene/1", "screen": {"width": 390, "height": 844},
         "windows": [
          {"id": "main", "frame": [0, 0, 390, 700], "subviews": [
            {"id": "header", "frame": [0, 0, 390, 90], "subviews": [
              {"id": "backButton", "class": "UIButton", "frame": [8, 40, 30, 30],
               "hitInsets": [-10, -10, -10, -10]},
              {"id": "title", "class": "UILabel", "frame": [120, 45, 150, 20]}]},
            {"id": "card", "frame": [40, 150, 300, 200],
             "transform": [0.9659, 0.2588, -0.2588, 0.9659, 0, 0], "subviews": [
              {"id": "likeButton", "class": "UIButton", "frame": [20, 140, 80, 40], "hitShape": "ellipse"},
              {"id": "ghost", "frame": [150, 20, 100, 60], "hidden": true}]},
            {"id": "scaled", "frame": [20, 420, 100, 100], "transform": [0.5, 0, 0, 1.5, 10, 0]},
            {"id": "scroller", "frame": [160, 400, 200, 120], "boundsOrigin": [0, 50], "subviews": [
              {"id": "row", "frame": [0, 60, 200, 40]}]},
            {"id": "fab", "frame": [300, 600, 70, 70], "hitShape": "ellipse", "hitInsets": [-8, -8, -8, -8],
             "redirectTo": "fabIcon", "subviews": [
              {"id": "fabIcon", "frame": [-20, 25, 20, 20]}]},
            {"id": "tooltip", "frame": [200, 560, 120, 30], "pointInside": "subviews", "subviews": [
              {"id": "tip", "frame": [-30, 0, 60, 30]}]}
          ]}
         ]}
        """

    static func load(_ json: String) -> Scene {
        do {
            return try Scene.load(json: json)
        } catch {
            fatalError("test scene does not load: \(error)")
        }
    }

    /// The colour the map must have at output pixel `(x, y)` of a `width` x `height` map:
    /// the palette colour of the view the reference algorithm hits at the pixel's centre
    /// (mapped onto the screen), or the hatching where nothing is hit.
    static func expectedColor(
        screen: Screen, scene: Scene, x: Int, y: Int, width: Int, height: Int,
        fills: [String: RGB]
    ) -> (RGB, String?) {
        let p = Point(
            x: (Double(x) + 0.5) * scene.screen.width / Double(width),
            y: (Double(y) + 0.5) * scene.screen.height / Double(height))
        guard let hit = screen.hitTest(p) else { return (Palette.hatchColor(x: x, y: y), nil) }
        return (fills[hit.view.id] ?? .black, hit.view.id)
    }

    /// Only the map: no outlines, labels or boundaries over it (the legend stays, beside it).
    static var bareMap: RenderOptions {
        var o = RenderOptions()
        o.outlines = false
        o.labels = false
        o.boundaries = false
        return o
    }
}

/// SplitMix64: a seeded, repeatable source of random numbers.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension RGB {
    var bytes: [UInt8] { [r, g, b, 255] }
}
