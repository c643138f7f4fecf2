import HitTestGeometry
import HitTestStore

/// Our store on a box file, timed as the C baselines of `perf/baseline` time theirs, so
/// the two can be read side by side: the build from flat arrays (`ViewStore.addViews`
/// under a passthrough host window; store and indexes, median of 3 builds), then every
/// point queried in order (the median and minimum of `repeats` timed batches after one
/// warm-up batch), and the checksum (the sum of the hit boxes' indexes, -1 for none).
/// Beside those warm figures, cold ones: single queries each after the caches were
/// flushed (a buffer of twice the last-level cache written through), as the first touch
/// after idle meets them.
public struct BoxBench: Sendable {
    /// The median of 3 builds (store and indexes), in milliseconds.
    public var buildMs: Double
    /// The median and the minimum over the timed batches, per query.
    public var nsPerQueryMedian: Double
    public var nsPerQueryMin: Double
    /// The median of single queries with flushed caches (the first 200 points).
    public var coldNsPerQuery: Double
    /// The points asked, and the sum of the hit boxes' indexes (-1 for no hit).
    public var queries: Int
    public var checksum: Int64
    /// Store and index bytes per box.
    public var bytesPerBox: Double

    /// Times the flat-array build and the queries of `points` on `file`'s boxes.
    public static func run(file: BoxFile, points: [Point], repeats: Int = 5) throws -> BoxBench {
        let (arrays, host) = try file.viewArrays()
        let clock = ContinuousClock()
        var builds: [Double] = []
        var store: ViewStore!
        var first = ViewHandle.null
        for _ in 0..<3 {
            store = nil  // the previous store is freed before the next build
            builds.append(
                try clock.measure {
                    let s = ViewStore(screenSize: Size(width: host.maxX, height: host.maxY))
                    var def = ViewDefinition(id: "host", frame: host)
                    def.hitRules.hitTestRule = .passthrough
                    let window = s.addWindow(def)
                    first = try s.addViews(arrays, to: window).first ?? .null
                    store = s
                }.nanoseconds / 1e6)
        }
        let scratch = QueryScratch()
        // Box k is the view whose handle index is the first one's plus k.
        let base = Int64(first.index)
        func batch() -> Int64 {
            var sum: Int64 = 0
            for p in points {
                if let h = store.hitTest(p, useIndexes: true, scratch: scratch) {
                    sum += Int64(h.view.index) - base
                } else {
                    sum -= 1
                }
            }
            return sum
        }
        let checksum = batch()
        var times: [Double] = []
        for _ in 0..<max(1, repeats) {
            var sum: Int64 = 0
            times.append(clock.measure { sum = batch() }.nanoseconds / Double(max(1, points.count)))
            precondition(sum == checksum, "the same points gave two checksums")
        }
        // Cold: 64 MiB (twice this machine's L3) written before each query.
        let flushBytes = 64 << 20
        let flush = UnsafeMutableRawPointer.allocate(byteCount: flushBytes, alignment: 64)
        defer { flush.deallocate() }
        flush.initializeMemory(as: UInt8.self, repeating: 0, count: flushBytes)
        var cold: [Double] = []
        var coldSink = 0
        for p in points.prefix(200) {
            for k in stride(from: 0, to: flushBytes, by: 64) {
                flush.storeBytes(of: UInt8(truncatingIfNeeded: k), toByteOffset: k, as: UInt8.self)
            }
            cold.append(
                clock.measure {
                    coldSink &+= store.hitTest(p, useIndexes: true, scratch: scratch) == nil ? 0 : 1
                }.nanoseconds)
        }
        let st = store.stats()
        return BoxBench(
            buildMs: median(builds), nsPerQueryMedian: median(times),
            nsPerQueryMin: times.min() ?? .nan,
            coldNsPerQuery: median(cold) + Double(coldSink & 0),
            queries: points.count, checksum: checksum,
            bytesPerBox: Double(st.storeBytes + st.indexBytes) / Double(max(1, file.entries.count)))
    }
}

extension BoxFile {
    /// Reads a points file (`M`, then one `x y` line a point; NaN and infinities allowed).
    public static func points(text: String) throws -> [Point] {
        var out: [Point] = []
        var expected = -1
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = raw.prefix { $0 != "#" }.split(whereSeparator: {
                $0 == " " || $0 == "\t" || $0 == "\r"
            })
            if fields.isEmpty { continue }
            if expected < 0 {
                guard fields.count == 1, let m = Int(fields[0]), m >= 0 else {
                    throw Ineligible(description: "line \(n + 1): expected the point count")
                }
                expected = m
                out.reserveCapacity(m)
                continue
            }
            guard fields.count == 2, let x = Double(fields[0]), let y = Double(fields[1]) else {
                throw Ineligible(description: "line \(n + 1): expected x y")
            }
            out.append(Point(x: x, y: y))
        }
        guard expected >= 0, out.count == expected else {
            throw Ineligible(
                description: "the file says \(max(expected, 0)) points and holds \(out.count)")
        }
        return out
    }
}
