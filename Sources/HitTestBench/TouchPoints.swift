import HitTestGenerators
import HitTestGeometry
import HitTestScene

/// The points a benchmark asks about, seeded and deterministic.
public enum TouchPoints {
    /// Uniform points over the union of the windows' frames (the screen when there are
    /// no windows).
    public static func random(in scene: Scene, count: Int, seed: UInt64) -> [Point] {
        let r = area(of: scene)
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            Point(x: r.minX + rng.unit() * r.width, y: r.minY + rng.unit() * r.height)
        }
    }

    /// Touch-drag streams: each stream starts at a uniform point and moves up to
    /// `step` pt along each axis per sample, staying in the area, for `streamLength`
    /// samples; then the next stream starts elsewhere.
    public static func drags(
        in scene: Scene, count: Int, seed: UInt64, step: Double = 4,
        streamLength: Int = dragStreamLength
    ) -> [Point] {
        let r = area(of: scene)
        var rng = SplitMix64(seed: seed ^ 0x6472_6167)
        var points: [Point] = []
        points.reserveCapacity(count)
        var p = Point.zero
        for i in 0..<count {
            if i % streamLength == 0 {
                p = Point(x: r.minX + rng.unit() * r.width, y: r.minY + rng.unit() * r.height)
            } else {
                let x = p.x + rng.uniform(-step, step)
                let y = p.y + rng.uniform(-step, step)
                p = Point(
                    x: min(max(x, r.minX), r.maxX.nextDown), y: min(max(y, r.minY), r.maxY.nextDown))
            }
            points.append(p)
        }
        return points
    }

    /// Samples per drag stream: half a second of a finger at 120 Hz.
    public static let dragStreamLength = 60

    /// `count` of `points` (all when there are fewer), taken as runs of `block`
    /// consecutive points spread evenly over the array, in order.
    public static func sample(_ points: [Point], count: Int, block: Int) -> [Point] {
        guard count < points.count else { return points }
        let block = max(1, min(block, count))
        let blocks = (count + block - 1) / block
        let available = points.count / block
        var out: [Point] = []
        out.reserveCapacity(count)
        for b in 0..<blocks where out.count < count {
            let start = (b * available / blocks) * block
            let end = min(start + block, points.count, start + count - out.count)
            out += points[start..<end]
        }
        return out
    }

    /// The union of the windows' frames, or the screen.
    public static func area(of scene: Scene) -> Rect {
        var area: Rect?
        for w in scene.windows {
            let f = w.geometry.frame
            area = area.map { $0.union(f) } ?? f
        }
        let r = area ?? Rect(origin: .zero, size: scene.screen)
        return r.width.isFinite && r.height.isFinite ? r : Rect(origin: .zero, size: scene.screen)
    }
}
