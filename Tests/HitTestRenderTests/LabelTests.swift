import HitTestGeometry
import HitTestRender
import HitTestScene
import Testing

/// Every marked point is labelled with what it hits, and small views
/// whose id does not fit get a number that the legend explains.
@Suite("labels of points and small views")
struct LabelTests {
    /// A tab bar of four 20-point buttons with long ids, under a content view.
    static let tabs = """
        {"format": "hittest-scene/1", "screen": {"width": 390, "height": 200}, "windows": [
          {"id": "main", "frame": [0, 0, 390, 200], "subviews": [
            {"id": "tabBar", "frame": [0, 150, 390, 50], "subviews": [
              {"id": "homeTabButtonWithALongName", "frame": [10, 5, 20, 20]},
              {"id": "searchTabButtonWithALongName", "frame": [40, 5, 20, 20]},
              {"id": "profileTabButtonWithALongName", "frame": [70, 5, 20, 20]},
              {"id": "settingsTabButtonWithALongName", "frame": [100, 5, 20, 20]}]},
            {"id": "content", "frame": [0, 0, 390, 150]}]}]}
        """

    static func texts(_ svg: SVGScanner, in group: String) -> [String] {
        svg.elements.filter { e in
            e.name == "text" && e.ancestors.contains { svg.elements[$0].attributes["id"] == group }
        }.map(\.text)
    }

    @Test("points crowded on small buttons all get a label: the hit, else a number")
    func everyPointLabelled() throws {
        let points = [
            Point(x: 20, y: 165), Point(x: 50, y: 165), Point(x: 80, y: 165),
            Point(x: 110, y: 165), Point(x: 21, y: 166), Point(x: 22, y: 167),
            Point(x: 200, y: 100),
        ]
        let svg = try SVGScanner(
            HitMapRenderer.render(
                scene: Scenes.load(Self.tabs), size: PixelSize(width: 780, height: 400),
                points: points, format: .svg))
        let labels = Self.texts(svg, in: "labels")
        let legend = Self.texts(svg, in: "legend")
        let numbered = legend.filter { $0.hasPrefix("P") && $0.contains("): ") }
        let named = labels.filter { !$0.hasPrefix("P") || Int($0.dropFirst()) == nil }
        // Each point: its hit beside it, or a number on the map and its line in the legend.
        let pointLabels = labels.filter { $0.hasPrefix("P") && Int($0.dropFirst()) != nil }
        #expect(pointLabels.count == numbered.count)
        #expect(!numbered.isEmpty, "\(labels)")
        #expect(legend.contains("P1 (20, 165): homeTabButtonWithALongName"), "\(legend)")
        #expect(named.contains("content"))
        // Every point is accounted for: numbered ones plus hits written beside points.
        let hitsBeside = points.count - numbered.count
        #expect(hitsBeside >= 1)
        #expect(pointLabels.count + hitsBeside == points.count)
    }

    @Test("a small view whose id does not fit gets a number, and the legend says which")
    func smallViewsNumbered() throws {
        let svg = try SVGScanner(
            HitMapRenderer.render(
                scene: Scenes.load(Self.tabs), size: PixelSize(width: 780, height: 400),
                format: .svg))
        let labels = Self.texts(svg, in: "labels")
        let legend = Self.texts(svg, in: "legend")
        let numberedRows = legend.filter { $0.first?.isNumber == true && $0.contains(": ") }
        #expect(!numberedRows.isEmpty, "\(legend)")
        for row in numberedRows {
            let number = String(row.prefix { $0.isNumber })
            #expect(labels.contains(number), "\(row) \(labels)")
            #expect(row.contains("TabButtonWithALongName"))
        }
        // Every tab button is named on the map or numbered in the legend.
        for id in ["home", "search", "profile", "settings"].map({ $0 + "TabButtonWithALongName" }) {
            #expect(
                labels.contains(id) || numberedRows.contains { $0.contains(": " + id) },
                "\(id): \(labels) \(legend)")
        }
    }
}
