import HitTestGeometry
import HitTestScene
import HitTestStore

/// A scene flattened to screen-space boxes in paint order: the input of the C baselines in
/// `perf/baseline` and of the peer libraries in `perf/peers` (format: `docs/box-files.md`).
///
/// Under the box file's rules (every view eligible and rule-free, no transform, every
/// non-empty box inside its parent's) UIKit's answer for a point is the box with the
/// highest index among those that hold it, with half-open containment. So the same points
/// asked of our engines and of any box structure give the same checksum: the sum over the
/// points of the hit box's index, -1 for no hit.
public struct BoxFile: Sendable {
    /// One view: its half-open screen rect as `[minX, maxX) x [minY, maxY)`, and how many
    /// boxes its subtree holds (itself included).
    public struct Entry: Hashable, Sendable {
        public var minX: Double
        public var minY: Double
        public var maxX: Double
        public var maxY: Double
        public var subtreeSize: Int
    }

    /// Boxes in paint order (pre-order; windows in paint order, the one tried first last).
    public var entries: [Entry]
    /// The view id of each entry, to map an engine's answer to its box index.
    public var ids: [String]
    /// Views left out with their subtrees because they can never be hit (hidden, alpha
    /// below 0.01, user interaction disabled): the roots of those subtrees.
    public var skipped = 0
    /// Coordinates that are not exactly 32-bit floats: the C structures round them, so
    /// their answers can differ from ours for points within a float's rounding of an edge.
    public var inexactCoordinates: Int {
        entries.reduce(0) { n, e in
            n + [e.minX, e.minY, e.maxX, e.maxY].filter { Double(Float($0)) != $0 }.count
        }
    }

    /// Why a scene cannot be written as boxes.
    public struct Ineligible: Error, CustomStringConvertible {
        public var description: String
    }

    /// Flattens `scene`. Throws `Ineligible`, naming the first view that breaks the box
    /// file's rules (a transform, a hit rule, a redirect, a box outside its parent's), since then the highest containing box is not UIKit's answer.
    public init(scene: Scene) throws {
        entries = []
        ids = []
        entries.reserveCapacity(scene.viewCount)
        // Windows in paint order: the reverse of the order hit-testing tries them.
        let tried = scene.windows.indices.sorted { a, b in
            let la = scene.windows[a].level ?? 0
            let lb = scene.windows[b].level ?? 0
            return la != lb ? la > lb : a > b
        }
        for w in tried.reversed() {
            try append(scene.windows[w], parentOrigin: Point(x: 0, y: 0), parentBox: nil)
        }
    }

    private mutating func append(_ root: SceneView, parentOrigin: Point, parentBox: Entry?) throws {
        // (view, origin of its bounds' (0, 0) on screen, its entry index); children are
        // pushed so that the bottom one comes out first, keeping paint order.
        var stack: [(view: SceneView, parentOrigin: Point, parent: Int)] = [
            (root, parentOrigin, -1)
        ]
        var open: [Int] = []  // entries whose subtree sizes are still counting
        while let (v, origin, parent) = stack.popLast() {
            // An ineligible view and its subtree can never be hit: they are left out.
            if v.isHidden || Double(Float(v.alpha)) < 0.01 || !v.isUserInteractionEnabled {
                skipped += 1
                continue
            }
            try BoxFile.check(v)
            let g = v.geometry
            let minX = origin.x + (g.center.x - g.anchorPoint.x * g.bounds.width)
            let minY = origin.y + (g.center.y - g.anchorPoint.y * g.bounds.height)
            let e = Entry(
                minX: minX, minY: minY, maxX: minX + g.bounds.width, maxY: minY + g.bounds.height,
                subtreeSize: 1)
            if parent >= 0 {
                let p = entries[parent]
                let empty = !(e.maxX > e.minX && e.maxY > e.minY)
                if !empty
                    && (e.minX < p.minX || e.minY < p.minY || e.maxX > p.maxX || e.maxY > p.maxY)
                {
                    throw Ineligible(
                        description:
                            "view \"\(v.id)\" is not inside its superview's bounds, so the "
                            + "highest box holding a point is not always UIKit's answer")
                }
            }
            while let last = open.last, last != parent { open.removeLast() }
            for k in open { entries[k].subtreeSize += 1 }
            let index = entries.count
            entries.append(e)
            ids.append(v.id)
            open.append(index)
            let childOrigin = Point(x: minX - g.bounds.origin.x, y: minY - g.bounds.origin.y)
            for sub in v.subviews.reversed() { stack.append((sub, childOrigin, index)) }
        }
    }

    private static func check(_ v: SceneView) throws {
        func no(_ what: String) -> Ineligible {
            Ineligible(description: "view \"\(v.id)\" \(what): a box file holds only plain views")
        }
        if v.transform != .identity { throw no("has a transform") }
        if !v.hitRules.isDefault { throw no("has hit rules") }
        if v.redirectTo != nil { throw no("redirects touches") }
    }

    /// The box file text (`docs/box-files.md`): a count, then one line a box,
    /// coordinates printed so that they read back as the same doubles.
    public var text: String {
        var out =
            "# hittest export --boxes: \(entries.count) views in paint order\n\(entries.count)\n"
        out.reserveCapacity(entries.count * 48)
        for e in entries {
            out += "\(e.minX) \(e.minY) \(e.maxX) \(e.maxY) \(e.subtreeSize)\n"
        }
        return out
    }

    /// A points file: a count, then one `x y` line a point. Write points that are floats
    /// (`Double(Float(x))`), as the C structures read them, so that both sides ask the same.
    public static func pointsText(_ points: [Point]) -> String {
        var out = "\(points.count)\n"
        out.reserveCapacity(points.count * 40)
        for p in points { out += "\(p.x) \(p.y)\n" }
        return out
    }

    /// Reads a box file (`docs/box-files.md`): comments after `#`, the count,
    /// then one `minX minY maxX maxY subtreeSize` line a box. Ids are the box indexes.
    /// Throws `Ineligible` naming the line of the first malformed value.
    public init(text: String) throws {
        entries = []
        ids = []
        var numbers: [Substring] = []
        var expected = -1
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.prefix { $0 != "#" }
            numbers = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if numbers.isEmpty { continue }
            func bad(_ what: String) -> Ineligible {
                Ineligible(description: "line \(n + 1): \(what)")
            }
            if expected < 0 {
                guard numbers.count == 1, let c = Int(numbers[0]), c >= 0 else {
                    throw bad("expected the box count")
                }
                expected = c
                entries.reserveCapacity(c)
                continue
            }
            guard numbers.count == 5, let x0 = Double(numbers[0]), let y0 = Double(numbers[1]),
                let x1 = Double(numbers[2]), let y1 = Double(numbers[3]),
                let size = Int(numbers[4]), size >= 1
            else { throw bad("expected minX minY maxX maxY subtreeSize") }
            entries.append(Entry(minX: x0, minY: y0, maxX: x1, maxY: y1, subtreeSize: size))
        }
        guard expected >= 0, entries.count == expected else {
            throw Ineligible(
                description: "the file says \(max(expected, 0)) boxes and holds \(entries.count)")
        }
        ids = entries.indices.map(String.init)
    }

    /// The boxes as flat arrays for `ViewStore.addViews(_:to:)`, box k as view k: the
    /// subtree sizes give the parents, and each frame is the box relative to its parent
    /// box's corner (roots: to the `host` rect's corner, the union of the roots, which
    /// holds them as a passthrough window would). Under the box file's rules the store
    /// then answers every point with the highest box holding it.
    public func viewArrays() throws -> (arrays: ViewArrays, host: Rect) {
        var host = Rect(x: 0, y: 0, width: 0, height: 0)
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        var k = 0
        while k < entries.count {
            let e = entries[k]
            minX = Swift.min(minX, e.minX)
            minY = Swift.min(minY, e.minY)
            maxX = Swift.max(maxX, e.maxX)
            maxY = Swift.max(maxY, e.maxY)
            k += Swift.max(1, e.subtreeSize)
        }
        if minX <= maxX && minY <= maxY {
            host = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
        var a = ViewArrays(parents: [], frames: [])
        a.parents.reserveCapacity(entries.count)
        a.frames.reserveCapacity(entries.count)
        // Open ancestors: (index, end of its subtree).
        var open: [(index: Int, end: Int)] = []
        for (i, e) in entries.enumerated() {
            while let last = open.last, last.end <= i { open.removeLast() }
            let p = open.last?.index
            guard p == nil || i + e.subtreeSize <= open.last!.end else {
                throw Ineligible(
                    description: "box \(i): its subtree of \(e.subtreeSize) runs past its parent's")
            }
            let ox = p.map { entries[$0].minX } ?? host.minX
            let oy = p.map { entries[$0].minY } ?? host.minY
            a.parents.append(p.map { Int32($0) } ?? -1)
            a.frames.append(
                Rect(
                    x: e.minX - ox, y: e.minY - oy, width: e.maxX - e.minX, height: e.maxY - e.minY)
            )
            open.append((i, i + e.subtreeSize))
        }
        return (a, host)
    }

    /// Box index of each view id.
    public func indexByID() -> [String: Int] {
        var map: [String: Int] = [:]
        map.reserveCapacity(ids.count)
        for (k, id) in ids.enumerated() { map[id] = k }
        return map
    }
}
