import HitTestGeometry
import HitTestScene
import HitTestStore

/// A rectangle of whole cells (or pixels): `x ..< x + width`, `y ..< y + height`.
public struct CellRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Which view a touch reaches, sampled on a grid over the screen.
///
/// The map is `width` x `height` output pixels showing the whole screen (the screen's
/// size in points is stretched onto it, each axis on its own). The pixels are grouped
/// into square cells of `cellSize` pixels (the last column and row of cells may be
/// narrower), and each cell holds the answer at its centre: the cell whose pixel-space
/// centre is `(px, py)` is answered at the screen point
/// `(px * screen.width / width, py * screen.height / height)`, evaluated in that order.
/// With `cellSize` 1 (PNG), pixel `(i, j)` is answered at
/// `((Double(i) + 0.5) * screen.width / Double(width), ...)`.
///
/// Answers come from the fast store's batch queries (`ViewStore.hitTest(_:useIndexes:threads:)`,
/// BVH engine), which return what the reference algorithm returns, a band of rows at a
/// time so memory stays bounded on big maps.
public struct HitMap: Sendable {
    /// Cells per row and per column.
    public let columns: Int
    public let rows: Int
    /// The side of a cell in output pixels.
    public let cellSize: Int
    /// The map's size in output pixels.
    public let width: Int
    public let height: Int
    /// The screen size in points the map covers.
    public let screen: Size
    /// The catalog number (`ViewCatalog`) of the view hit at each cell's centre, row by
    /// row from the top; -1 where nothing is hit.
    public private(set) var cells: [Int32]
    /// Cells owned by each catalog number.
    public private(set) var ownedCells: [Int]
    /// Cells where nothing is hit.
    public private(set) var nothingCells = 0

    /// Samples `scene` (with `catalog` built from it, and `store` answering for it).
    /// `width`, `height` and `cellSize` must be at least 1 and the screen not empty.
    /// `progress` hears the fraction of rows done after each band of rows.
    public init(
        scene: Scene, catalog: ViewCatalog, store: ViewStore, width: Int, height: Int,
        cellSize: Int = 1, threads: Int = 1, progress: ((Double) -> Void)? = nil
    ) {
        precondition(width > 0 && height > 0 && cellSize > 0, "an empty hit map")
        self.width = width
        self.height = height
        self.cellSize = cellSize
        self.screen = scene.screen
        columns = (width + cellSize - 1) / cellSize
        rows = (height + cellSize - 1) / cellSize
        cells = [Int32](repeating: -1, count: columns * rows)
        ownedCells = [Int](repeating: 0, count: catalog.entries.count)

        // Catalog numbers by store slot (`ViewHandle.index`), filled in on first sight.
        var numberBySlot = [Int32](repeating: -2, count: store.capacity + 1)
        let xs = (0..<columns).map { Self.centre(of: $0, cellSize: cellSize, extent: width) }
        let sx = screen.width
        let sy = screen.height
        let rowsPerBatch = max(1, (1 << 18) / columns)
        var points: [Point] = []
        points.reserveCapacity(rowsPerBatch * columns)
        var row = 0
        while row < rows {
            let end = min(rows, row + rowsPerBatch)
            points.removeAll(keepingCapacity: true)
            for j in row..<end {
                let y = Self.centre(of: j, cellSize: cellSize, extent: height) * sy / Double(height)
                for px in xs { points.append(Point(x: px * sx / Double(width), y: y)) }
            }
            let hits = store.hitTest(points, useIndexes: true, threads: threads)
            for (k, hit) in hits.enumerated() {
                var number: Int32 = -1
                if let hit {
                    let slot = Int(hit.view.index)
                    if numberBySlot[slot] == -2 {
                        numberBySlot[slot] = catalog.index(of: store.id(of: hit.view)) ?? -1
                    }
                    number = numberBySlot[slot]
                }
                cells[row * columns + k] = number
                if number >= 0 { ownedCells[Int(number)] += 1 } else { nothingCells += 1 }
            }
            row = end
            progress?(Double(row) / Double(rows))
        }
    }

    /// The pixel-space centre of cell `i` along an axis of `extent` pixels.
    static func centre(of i: Int, cellSize k: Int, extent: Int) -> Double {
        let start = i * k
        return Double(start) + Double(min(k, extent - start)) / 2
    }

    /// The screen point cell `(column, row)` is answered at.
    public func samplePoint(column: Int, row: Int) -> Point {
        Point(
            x: Self.centre(of: column, cellSize: cellSize, extent: width) * screen.width
                / Double(width),
            y: Self.centre(of: row, cellSize: cellSize, extent: height) * screen.height
                / Double(height))
    }

    /// The catalog number hit in cell `(column, row)`, -1 for nothing.
    public func owner(column: Int, row: Int) -> Int32 { cells[row * columns + column] }

    /// The cells' area in output pixels (the last column and row may be cut).
    public func pixelRect(of r: CellRect) -> CellRect {
        let x0 = r.x * cellSize
        let y0 = r.y * cellSize
        return CellRect(
            x: x0, y: y0, width: min(width, (r.x + r.width) * cellSize) - x0,
            height: min(height, (r.y + r.height) * cellSize) - y0)
    }

    /// The map as rectangles of equal hit that cover every cell exactly once: each row
    /// is cut into runs of equal hit, and a run exactly under an equal run of the row
    /// above extends that run's rectangle downwards. In order of their top row, then x.
    public func rectangles() -> [(owner: Int32, rect: CellRect)] {
        struct Key: Hashable {
            var x0: Int
            var x1: Int
            var owner: Int32
        }
        var out: [(owner: Int32, rect: CellRect)] = []
        var open: [Key: Int] = [:]
        var next: [Key: Int] = [:]
        for j in 0..<rows {
            next.removeAll(keepingCapacity: true)
            var i = 0
            while i < columns {
                let o = cells[j * columns + i]
                var e = i + 1
                while e < columns && cells[j * columns + e] == o { e += 1 }
                let key = Key(x0: i, x1: e, owner: o)
                if let k = open[key] {
                    out[k].rect.height += 1
                    next[key] = k
                } else {
                    next[key] = out.count
                    out.append((o, CellRect(x: i, y: j, width: e - i, height: 1)))
                }
                i = e
            }
            swap(&open, &next)
        }
        return out
    }

    /// For each view that owns cells, the rectangle of its cells with the highest
    /// `score` (which must not decrease when a rectangle grows), among the maximal
    /// rectangles of equal hit (found row by row with the largest-rectangle-in-a-histogram
    /// stack, O(cells) calls to `score`).
    public func bestRectangles(score: (Int32, CellRect) -> Double) -> [Int32: CellRect] {
        var bestRect = [CellRect?](repeating: nil, count: ownedCells.count)
        var bestScore = [Double](repeating: -.infinity, count: ownedCells.count)
        var heights = [Int](repeating: 0, count: columns)
        var stack: [(x: Int, h: Int)] = []
        for j in 0..<rows {
            let base = j * columns
            for i in 0..<columns {
                let same = j > 0 && cells[base - columns + i] == cells[base + i]
                heights[i] = same ? heights[i] + 1 : 1
            }
            var s = 0
            while s < columns {
                let o = cells[base + s]
                var e = s + 1
                while e < columns && cells[base + e] == o { e += 1 }
                if o >= 0 {
                    stack.removeAll(keepingCapacity: true)
                    for x in s...e {
                        let h = x < e ? heights[x] : 0
                        var start = x
                        while let top = stack.last, top.h > h {
                            stack.removeLast()
                            let r = CellRect(
                                x: top.x, y: j - top.h + 1, width: x - top.x, height: top.h)
                            let value = score(o, r)
                            if value > bestScore[Int(o)] {
                                bestScore[Int(o)] = value
                                bestRect[Int(o)] = r
                            }
                            start = top.x
                        }
                        if h > (stack.last?.h ?? 0) { stack.append((start, h)) }
                    }
                }
                s = e
            }
        }
        var best: [Int32: CellRect] = [:]
        for (o, r) in bestRect.enumerated() { if let r { best[Int32(o)] = r } }
        return best
    }

    /// Where the hit changes, in output pixels: a vertical segment `(x, y0, y1)` separates
    /// pixel columns `x - 1` and `x` from `y0` to `y1`, a horizontal one `(y, x0, x1)`
    /// separates rows `y - 1` and `y`. Consecutive segments on one line are merged.
    public func boundaries() -> (
        vertical: [(x: Int, y0: Int, y1: Int)], horizontal: [(y: Int, x0: Int, x1: Int)]
    ) {
        var vertical: [(x: Int, y0: Int, y1: Int)] = []
        var horizontal: [(y: Int, x0: Int, x1: Int)] = []
        for i in 1..<max(1, columns) {
            var start: Int?
            for j in 0...rows {
                let differs = j < rows && cells[j * columns + i] != cells[j * columns + i - 1]
                if differs && start == nil { start = j }
                if !differs, let s = start {
                    vertical.append((i * cellSize, s * cellSize, min(height, j * cellSize)))
                    start = nil
                }
            }
        }
        for j in 1..<max(1, rows) {
            var start: Int?
            for i in 0...columns {
                let differs = i < columns && cells[j * columns + i] != cells[(j - 1) * columns + i]
                if differs && start == nil { start = i }
                if !differs, let s = start {
                    horizontal.append((j * cellSize, s * cellSize, min(width, i * cellSize)))
                    start = nil
                }
            }
        }
        return (vertical, horizontal)
    }
}
