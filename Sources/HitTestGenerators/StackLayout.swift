import HitTestGeometry
import HitTestScene

/// The `stack` shape: views stacked many deep under every point, as map pins at a low
/// zoom, a deck of cards or a canvas of layers are.
///
/// One window holds groups of 20 cells. A group is 390 x 40 pt; its cells are 19 x 40 pt
/// at 19.5 pt steps, left to right. Groups stand in rows 42 pt apart, `depth` groups to a
/// row, each shifted right of the one before by a small step (at most 3 pt, less when the
/// row is deep, so that the whole row spans at most a quarter more than one group). So
/// about `depth` groups lie under any point of a row, and the topmost view there is a cell
/// of the row's last group: the answer is always found under a deep pile of candidates.
enum StackLayout {
    static let cellsPerGroup = 20
    static let groupWidth = 390.0
    static let groupHeight = 40.0
    static let rowPitch = 42.0

    /// The step between the groups of a row.
    static func shift(depth: Int) -> Double {
        SceneShape.sixtyFourths(min(3.0, max(1.0 / 64, groupWidth / 4 / Double(depth))))
    }

    /// A scene of `views` views (the window included) in rows of `depth` groups. The seed
    /// jitters each group's shift by up to a quarter of it, so that rows are not copies.
    static func scene(views: Int, depth: Int, seed: UInt64) -> Scene {
        let depth = max(depth, 1)
        let groups = max((views - 1) / (cellsPerGroup + 1), 1)
        let rows = (groups + depth - 1) / depth
        let step = shift(depth: depth)
        let width = SceneShape.sixtyFourths(groupWidth + step * 1.25 * Double(depth))
        let height = Double(rows) * rowPitch
        var rng = SplitMix64(seed: seed)
        var window = SceneView.window(
            id: "main", placement: .frame(Rect(x: 0, y: 0, width: width, height: height)))
        window.subviews.reserveCapacity(groups)
        var x = 0.0
        for g in 0..<groups {
            let row = g / depth
            if g % depth == 0 { x = 0 }
            var group = SceneView(
                id: "g\(g)",
                placement: .frame(
                    Rect(x: x, y: Double(row) * rowPitch, width: groupWidth, height: groupHeight)))
            group.subviews.reserveCapacity(cellsPerGroup)
            for c in 0..<cellsPerGroup {
                group.subviews.append(
                    SceneView(
                        id: "g\(g).\(c)",
                        placement: .frame(Rect(x: Double(c) * 19.5, y: 0, width: 19, height: groupHeight))))
            }
            window.subviews.append(group)
            x += SceneShape.sixtyFourths(step * (1 + rng.uniform(0, 0.25)))
        }
        return Scene(screen: Size(width: width, height: height), windows: [window])
    }
}
