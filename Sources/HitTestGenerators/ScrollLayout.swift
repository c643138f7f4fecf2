import HitTestGeometry
import HitTestScene

/// The `scroll` shape: scroll views side by side in rows, each a long list of cells
/// scrolled to a random content offset (`boundsOrigin`); each cell an image, two labels
/// and a button. Built with loops, three levels deep below the window.
enum ScrollLayout {
    static let gap = 16.0
    static let scrollWidth = 320.0
    static let scrollHeight = 800.0
    static let cellHeight = 60.0
    /// Views per cell: the cell, image, title, detail and button.
    static let cellCost = 5
    static let maxColumns = 10

    static func scene(views: Int, seed: UInt64) -> Scene {
        var rng = SplitMix64(seed: seed)
        let budget = max(views - 1, cellCost + 1)  // without the window
        // Several lists of up to 2,000 cells; at least 4 lists when there are enough cells.
        let estimate = budget / (cellCost)
        let perList = min(2_000, max(25, estimate / 4))
        var lists = max(1, (estimate + perList - 1) / perList)
        let cells = max(1, (budget - lists) / cellCost)
        lists = max(1, (cells + perList - 1) / perList)

        let columns = min(lists, maxColumns)
        let rows = (lists + columns - 1) / columns
        let size = Size(
            width: Double(columns) * (scrollWidth + gap) + gap,
            height: Double(rows) * (scrollHeight + gap) + gap)
        var window = SceneView.window(
            id: "main", placement: .frame(Rect(origin: .zero, size: size)))
        window.subviews.reserveCapacity(lists)
        for l in 0..<lists {
            let n = min(perList, cells - l * perList)
            let frame = Rect(
                x: gap + Double(l % columns) * (scrollWidth + gap),
                y: gap + Double(l / columns) * (scrollHeight + gap),
                width: scrollWidth, height: scrollHeight)
            var list = SceneView(id: "sv\(l)", className: "UITableView", placement: .frame(frame))
            let contentHeight = Double(n) * cellHeight
            // Scrolled anywhere in the content, and now and then pulled a little past either
            // end (rubber-banding).
            var offset = rng.uniform(0, max(0, contentHeight - scrollHeight))
            if rng.unit() < 0.1 { offset = rng.uniform(-80, 0) }
            list.boundsOrigin = Point(x: 0, y: offset)
            list.subviews.reserveCapacity(n)
            for c in 0..<n {
                list.subviews.append(cell(id: "sv\(l).c\(c)", y: Double(c) * cellHeight, rng: &rng))
            }
            window.subviews.append(list)
        }
        return Scene(screen: size, windows: [window])
    }

    private static func cell(id: String, y: Double, rng: inout SplitMix64) -> SceneView {
        var cell = SceneView(
            id: id, className: "UITableViewCell",
            placement: .frame(Rect(x: 0, y: y, width: scrollWidth, height: cellHeight)))
        let titleWidth = rng.uniform(120, 180)
        var button = SceneView(
            id: id + ".b", className: "UIButton",
            placement: .frame(Rect(x: 256, y: 12, width: 52, height: 36)))
        // Some cells disable their button (a row that is not editable).
        if rng.unit() < 0.05 { button.isUserInteractionEnabled = false }
        cell.subviews = [
            SceneView(
                id: id + ".img", className: "UIImageView",
                placement: .frame(Rect(x: 12, y: 8, width: 44, height: 44))),
            SceneView(
                id: id + ".t", className: "UILabel",
                placement: .frame(Rect(x: 64, y: 8, width: titleWidth, height: 22))),
            SceneView(
                id: id + ".d", className: "UILabel",
                placement: .frame(Rect(x: 64, y: 32, width: 180, height: 18))),
            button,
        ]
        return cell
    }
}
