import Foundation
import HitTestBench
import HitTestJSON
import HitTestKit

/// `hittest bench-dispatch --layout map`: a full-screen map (a scroll view, zoom 1 to 2)
/// whose zooming view holds N tiles of 10 x 10 points in a square grid, zoomed in and out
/// by the host (`setZoomScale(_:of:animated:)`) as a map app's double tap does. What a
/// frame of the zoom costs, and the hit test after it, should not grow with the tiles:
/// a zoom changes the zooming view's transform alone, and its tiles keep their boxes in
/// its own bounds coordinates.
struct MapDispatchBench {
    let store: ViewStore
    let dispatcher: Dispatcher
    let scratch = QueryScratch()
    let buildMs: Double
    var time = 0.0
    var zoomedIn = false

    /// Frames of one zoom timed a round (the spring takes about 70 at 100k tiles).
    static let zoomFrames = 20

    init(tiles n: Int) throws {
        let t0 = DispatchBench.nanoseconds()
        var columns = 1
        while columns * columns < n { columns += 1 }
        let side = Double(columns * 10)
        let store = ViewStore()
        let screen = Rect(x: 0, y: 0, width: 390, height: 844)
        let window = store.addWindow(ViewDefinition(id: "window", frame: screen, className: "UIWindow"))
        var map = ViewDefinition(id: "map", frame: screen, className: "UIScrollView")
        var settings = SceneScrollView()
        settings.contentSize = Size(width: side, height: side)
        settings.maximumZoomScale = 2
        settings.zoomingView = "tiles"
        map.events.scrollView = settings
        let scroll = store.addView(map, to: window)
        let tiles = store.addView(
            ViewDefinition(id: "tiles", frame: Rect(x: 0, y: 0, width: side, height: side)),
            to: scroll)
        let frames = (0..<n).map {
            Rect(x: Double($0 % columns * 10), y: Double($0 / columns * 10), width: 10, height: 10)
        }
        do {
            _ = try store.addViews(
                ViewArrays(parents: [Int32](repeating: -1, count: n), frames: frames), to: tiles)
        } catch {
            throw CLIError("bench-dispatch: \(error)")
        }
        buildMs = Double(DispatchBench.nanoseconds() - t0) / 1e6
        self.store = store
        dispatcher = Dispatcher(store: store)
    }

    /// One round: the host zooms to 2 (or back to 1), then `zoomFrames` frames 16 ms
    /// apart, each timed (`flush(until:)`, as a display link advances time) and followed
    /// by a timed hit test at the screen's centre; the rest of the zoom runs untimed.
    mutating func oneRound() throws -> (frames: [Double], hitTests: [Double], zoomed: Bool) {
        zoomedIn.toggle()
        let d = dispatcher
        let before = d.zoomScale(of: "map")
        guard d.setZoomScale(zoomedIn ? 2 : 1, of: "map", animated: true) else {
            throw CLIError("bench-dispatch: the map did not zoom")
        }
        var frames: [Double] = []
        var hits: [Double] = []
        let (s, q) = (store, scratch)
        for _ in 0..<MapDispatchBench.zoomFrames {
            time += 0.016
            let until = time
            frames.append(DispatchBench.timed { d.flush(until: until) }.ns)
            _ = d.takeLog()
            var hit: StoreHit?
            hits.append(DispatchBench.timed { hit = s.hitTest(Point(x: 195, y: 422), scratch: q) }.ns)
            if hit == nil { throw CLIError("bench-dispatch: the hit test found no tile") }
        }
        d.flush()
        _ = d.takeLog()
        time = max(time, 0) + 1
        d.flush(until: time)
        return (frames, hits, d.zoomScale(of: "map") != before)
    }
}

extension DispatchBenchCommand {
    /// The map layout: for each size, `frames` zooms (after `warmupRounds` untimed ones);
    /// the median zoom frame and hit test after it, in ms.
    func runMap(_ sizes: [Int], progress: (String) -> Void) throws
        -> [(tiles: Int, buildMs: Double, frame: Double, hitTest: Double, zooms: Int)]
    {
        var out: [(tiles: Int, buildMs: Double, frame: Double, hitTest: Double, zooms: Int)] = []
        for n in sizes {
            progress("\(n) tiles: building the store")
            var bench = try MapDispatchBench(tiles: n)
            progress("\(n) tiles: built in \(String(format: "%.1f", bench.buildMs)) ms; \(frames) zooms")
            for _ in 0..<Self.warmupRounds { _ = try bench.oneRound() }
            var frameTimes: [Double] = []
            var hits: [Double] = []
            var zooms = 0
            for _ in 0..<frames {
                let r = try bench.oneRound()
                frameTimes += r.frames
                hits += r.hitTests
                if r.zoomed { zooms += 1 }
            }
            out.append(
                (n, bench.buildMs, DispatchBench.median(frameTimes) / 1e6,
                 DispatchBench.median(hits) / 1e6, zooms))
        }
        return out
    }

    func printMap(_ rows: [(tiles: Int, buildMs: Double, frame: Double, hitTest: Double, zooms: Int)]) {
        if json {
            let results: [JSONValue] = rows.map { r in
                var o = JSONObject()
                o.append("tiles", .number(Double(r.tiles)))
                o.append("buildMs", .number(r.buildMs))
                o.append("zoomFrameMs", .number(r.frame))
                o.append("hitTestMs", .number(r.hitTest))
                o.append("zooms", .number(Double(r.zooms)))
                return .object(o)
            }
            var top = JSONObject()
            top.append("layout", .string("map"))
            top.append("frames", .number(Double(frames)))
            top.append("results", .array(results))
            Output.line(JSONWriter.write(.object(top), pretty: true))
            return
        }
        func pad(_ s: String) -> String { String(repeating: " ", count: max(0, 12 - s.count)) + s }
        Output.line(["tiles", "zoom frame ms", "hit test ms", "zooms"].map(pad).joined(separator: "  "))
        for r in rows {
            Output.line(
                ["\(r.tiles)", Self.ms(r.frame), Self.ms(r.hitTest), "\(r.zooms)/\(frames)"].map(pad)
                    .joined(separator: "  "))
        }
        if let first = rows.first, let last = rows.last, rows.count > 1 {
            Output.line(
                "\(Self.sizeLabel(last.tiles))/\(Self.sizeLabel(first.tiles)): zoom frame \(Self.ratio(last.frame / first.frame))x, hitTest \(Self.ratio(last.hitTest / first.hitTest))x"
            )
        }
        Output.line(
            "Medians of \(frames) zooms (to 2 and back, animated by the host) of \(MapDispatchBench.zoomFrames) frames each, 16 ms apart, on a full-screen map; a hit test at the centre after each frame."
        )
    }
}
