import ArgumentParser
import Foundation
import HitTestBench
import HitTestJSON
import HitTestKit

/// `hittest bench-dispatch`: the latency of the event dispatcher on a live store, as an
/// engine embedding it sees it.
struct DispatchBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-dispatch",
        abstract: "Time the event dispatcher on a live store that changes every frame.",
        discussion: """
            For each size, builds a store as a C host does (a window of that many views, in \
            containers of 20, added from flat arrays in one call), attaches one tap recognizer \
            to one view and makes a dispatcher on the store. Then, for each of --frames \
            rounds: a touch begins on the tapped view, moves 1 point and ends (the tap is \
            recognized), the pointer moves with no touch down, and the store answers one plain \
            hit test at the touch's point. Before each of these five calls, 1,000 other views \
            move half a point (back and forth, with setCenters), and after each fed frame the \
            log is drained (takeLog), as a host does every frame. Each call is timed on its \
            own with the monotonic clock; the table gives medians in ms, the ratio of the \
            touch-began frame to the plain hit test, how the times grow from the smallest to \
            the largest size, and heap allocations per call (when the binary counts them). \
            Progress goes to standard error. Build with -c release for figures worth reading.
            """)

    @Option(name: .long, help: "Comma-separated sizes in views, e.g. 1000,10000,100000,1000000.")
    var views: String = "1000,10000,100000"

    @Option(name: .long, help: "Timed rounds per size; the medians are reported.")
    var frames = 1000

    @Option(
        name: .long,
        help: """
            Stack the containers this many deep (rows of that many, each a small step right of \
            the one before, the tapped view in the topmost) instead of laying them out in a grid.
            """)
    var depth: Int?

    @Option(
        name: .long,
        help: """
            grid (the default: containers of 20 views, a tap and pointer moves) or list (a \
            full-screen scroll view of --views rows of 390 x 44 points, a finger dragging it: \
            each drag frame timed, and a hit test at the finger after each) or map (a \
            full-screen map whose zooming view holds --views tiles, zoomed in and out by the \
            host: each frame of the zoom timed, and a hit test after each).
            """)
    var layout: String = "grid"

    @Flag(name: .long, help: "Print the results as JSON instead of a table.")
    var json = false

    /// Views moved before every timed call.
    static let movedViews = 1000
    /// Subviews of each container.
    static let containerSize = 20
    /// Untimed rounds before the timed ones at each size.
    static let warmupRounds = 3

    func validate() throws {
        _ = try sizes()
        if frames < 1 || frames > 1_000_000 {
            throw ValidationError("--frames must be in 1...1000000")
        }
        if let depth, depth < 1 || depth > 1_000_000 {
            throw ValidationError("--depth must be in 1...1000000")
        }
        if !["grid", "list", "map"].contains(layout) {
            throw ValidationError("--layout must be grid, list or map, got \"\(layout)\"")
        }
        if layout != "grid" && depth != nil {
            throw ValidationError(
                "--depth stacks the grid layout's containers; the \(layout) layout has none")
        }
    }

    func sizes() throws -> [Int] {
        let items = views.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if items.isEmpty { throw ValidationError("--views is empty") }
        return try items.map {
            guard let n = Int($0.replacingOccurrences(of: "_", with: "")) else {
                throw ValidationError("--views: unknown value \"\($0)\"")
            }
            guard (2...50_000_000).contains(n) else {
                throw ValidationError("--views: \(n) is not in 2...50000000")
            }
            return n
        }
    }

    func run() throws {
        let start = ContinuousClock.now
        func progress(_ line: String) {
            let t = start.duration(to: .now)
            let s = Double(t.components.seconds) + Double(t.components.attoseconds) / 1e18
            FileHandle.standardError.write(Data("[\(String(format: "%.1f", s)) s] \(line)\n".utf8))
        }
        if layout == "map" {
            printMap(try runMap(try sizes(), progress: progress))
            return
        }
        if layout == "list" {
            let rows = try runList(try sizes(), progress: progress)
            if json {
                Output.line(JSONWriter.write(listJSONValue(rows), pretty: true))
            } else {
                printListTable(rows)
            }
            return
        }
        var rows: [DispatchBenchRow] = []
        for n in try sizes() {
            progress("\(n) views: building the store")
            var bench = try DispatchBench(views: n, depth: depth)
            progress(
                "\(n) views: built in \(String(format: "%.1f", bench.buildMs)) ms; \(frames) rounds"
            )
            rows.append(try bench.measure(rounds: frames, warmup: Self.warmupRounds))
        }
        if json {
            Output.line(JSONWriter.write(jsonValue(rows), pretty: true))
        } else {
            printTable(rows)
        }
    }
}

/// The figures of one size: medians in ms, allocations per call (nil when not counted).
struct DispatchBenchRow {
    var views: Int
    var buildMs: Double
    var began: Double
    var moved: Double
    var ended: Double
    var pointerMove: Double
    var hitTest: Double
    var allocations: [String: Double]?
    /// The views moved before each call, and the median time of those moves in ms.
    var movedViews: Int
    var setCenters: Double
    /// Rounds whose touch-ended frame fired the tap's action.
    var taps: Int
    var rounds: Int

    var beganOverHitTest: Double { began / hitTest }

    /// The timed calls, in the order of the table's columns and the JSON keys.
    var medians: [(key: String, ms: Double)] {
        [
            ("began", began), ("moved", moved), ("ended", ended), ("pointerMove", pointerMove),
            ("hitTest", hitTest),
        ]
    }
}

/// One store, dispatcher and tapped view, and the rounds timed on them.
struct DispatchBench {
    let store: ViewStore
    let dispatcher: Dispatcher
    let tapPoint: Point
    /// The moved views and their centers: as built, and half a point to the right.
    let moved: [ViewHandle]
    let centers: [[Point]]
    let scratch = QueryScratch()
    let buildMs: Double
    var views: Int
    /// Rounds so far (timed or not): the time base and the move's direction.
    var round = 0
    var moves = 0
    /// The time of each move (ns), for the median.
    var moveNs: [Double] = []

    /// A window of `views` views added from flat arrays: every 21st view a container, the
    /// 20 views after it its subviews (5 by 4 cells of 20 by 25 points in a 100-point
    /// square), the containers in a square grid. The tap recognizer sits on a subview of the
    /// container nearest the middle of the screen; the views moved are 1,000 other
    /// subviews spread over the whole window.
    ///
    /// With a `depth`, the containers stand in rows of `depth`, 105 points apart, each a
    /// small step right of the one before (at most 3 points, the row at most 125 wide), so
    /// that about `depth` containers lie under a point; the tap recognizer sits on a
    /// subview of the last (topmost) container of the middle row.
    init(views n: Int, depth: Int? = nil) throws {
        let group = DispatchBenchCommand.containerSize + 1
        let containers = (n + group - 1) / group
        let stack = depth.map { Swift.max(1, Swift.min($0, containers)) }
        let step = stack.map { Swift.min(3, 25 / Double($0)) } ?? 0
        let columns = stack ?? Int(Double(containers).squareRoot().rounded(.up))
        let rows = (containers + columns - 1) / columns
        var parents = [Int32](repeating: -1, count: n)
        var frames = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: n)
        var lastContainer: Int32 = -1
        for i in 0..<n {
            let k = i / group
            let j = i % group
            if j == 0 {
                lastContainer = Int32(i)
                frames[i] =
                    stack == nil
                    ? Rect(x: Double(k % columns) * 100, y: Double(k / columns) * 100, width: 100, height: 100)
                    : Rect(x: Double(k % columns) * step, y: Double(k / columns) * 105, width: 100, height: 100)
            } else {
                parents[i] = lastContainer
                let c = j - 1
                frames[i] = Rect(
                    x: Double(c % 5) * 20 + 1, y: Double(c / 5) * 25 + 1, width: 18, height: 23)
            }
        }
        let t0 = DispatchBench.nanoseconds()
        let store = ViewStore()
        let window = store.addWindow(
            ViewDefinition(
                id: "window",
                frame: stack == nil
                    ? Rect(x: 0, y: 0, width: Double(columns) * 100, height: Double(rows) * 100)
                    : Rect(x: 0, y: 0, width: 100 + step * Double(columns), height: Double(rows) * 105),
                className: "UIWindow"))
        let handles: [ViewHandle]
        do {
            handles = try store.addViews(ViewArrays(parents: parents, frames: frames), to: window)
        } catch {
            throw CLIError("bench-dispatch: \(error)")
        }
        buildMs = Double(DispatchBench.nanoseconds() - t0) / 1e6
        self.store = store
        self.views = n

        // The tapped view: the first subview of the container at the grid cell nearest the
        // screen's middle (the grid may be smaller than the screen).
        let middle =
            stack == nil
            ? min(columns - 1, 1) + min(rows - 1, 4) * columns : (rows / 2) * columns + columns - 1
        var tapped = min(middle, containers - 1) * group + 1
        if tapped >= n { tapped = 1 }
        let f = frames[tapped]
        let origin = frames[tapped - 1]
        tapPoint = Point(x: origin.minX + f.midX, y: origin.minY + f.midY)
        store.update(handles[tapped]) {
            $0.events.gestures.append(SceneGesture(id: "tap", kind: .tap()))
        }

        // The moved views: subviews (not containers, not the tapped one) spread evenly.
        let all = (0..<n).filter { $0 % group != 0 && $0 != tapped }
        let count = min(DispatchBenchCommand.movedViews, all.count)
        let stride = Double(all.count) / Double(max(1, count))
        let picked = (0..<count).map { all[Int(Double($0) * stride)] }
        moved = picked.map { handles[$0] }
        let built = picked.map { Point(x: frames[$0].midX, y: frames[$0].midY) }
        centers = [built.map { Point(x: $0.x + 0.5, y: $0.y) }, built]
        dispatcher = Dispatcher(store: store)
    }

    static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Moves the 1,000 views half a point, one way or back.
    mutating func moveViews() {
        let (s, m, c) = (store, moved, centers[moves & 1])
        let ns = Self.timed { s.setCenters(m, c) }.ns
        moveNs.append(ns)
        moves += 1
    }

    /// Times `body` alone: (ns, allocations or nil).
    static func timed(_ body: () throws -> Void) rethrows -> (ns: Double, allocations: Double?) {
        let counter = AllocationCounter.installed
        let a0 = counter?.allocations()
        let t0 = DispatchBench.nanoseconds()
        try body()
        let t1 = DispatchBench.nanoseconds()
        let a1 = counter?.allocations()
        var allocations: Double?
        if let a0, let a1 { allocations = Double(a1 - a0) }
        return (Double(t1 - t0), allocations)
    }

    /// One round: began, moved, ended, a pointer move and a plain hit test, each after a
    /// move of the 1,000 views. Returns the five timings and whether the tap fired.
    mutating func oneRound() throws -> (samples: [(ns: Double, allocations: Double?)], tapped: Bool)
    {
        let t = Double(round)  // a second apart: each round is a new tap sequence
        let p = tapPoint
        let half = round & 1 == 0 ? 0.5 : 0
        round += 1
        let frames = [
            InputFrame(time: t, touches: [TouchInput(id: 1, phase: .began, location: p)]),
            InputFrame(
                time: t + 0.016,
                touches: [TouchInput(id: 1, phase: .moved, location: Point(x: p.x + 1, y: p.y))]),
            InputFrame(time: t + 0.033, touches: [TouchInput(id: 1, phase: .ended, location: p)]),
            InputFrame(time: t + 0.05, touches: [], pointer: .at(Point(x: p.x + half, y: p.y))),
        ]
        var samples: [(ns: Double, allocations: Double?)] = []
        samples.reserveCapacity(5)
        var tapped = false
        for (k, frame) in frames.enumerated() {
            moveViews()
            let d = dispatcher
            do {
                samples.append(try Self.timed { try d.feed(frame) })
            } catch {
                throw CLIError("bench-dispatch: the dispatcher refused a frame: \(error)")
            }
            let log = dispatcher.takeLog()
            if k == 2 {
                tapped = log.contains {
                    if case .action(_, "tap", _) = $0 { return true }
                    return false
                }
            }
        }
        moveViews()
        var hit: StoreHit?
        let s = store
        let q = scratch
        samples.append(Self.timed { hit = s.hitTest(p, scratch: q) })
        if hit == nil { throw CLIError("bench-dispatch: the hit test at \(p) found no view") }
        return (samples, tapped)
    }

    /// `warmup` untimed rounds, then `rounds` timed ones: the medians.
    mutating func measure(rounds: Int, warmup: Int) throws -> DispatchBenchRow {
        for _ in 0..<warmup { _ = try oneRound() }
        moveNs.removeAll()
        var ns = [[Double]](repeating: [], count: 5)
        var allocations = [Double](repeating: 0, count: 5)
        var counted = true
        var taps = 0
        for _ in 0..<rounds {
            let r = try oneRound()
            if r.tapped { taps += 1 }
            for k in 0..<5 {
                ns[k].append(r.samples[k].ns)
                if let a = r.samples[k].allocations { allocations[k] += a } else { counted = false }
            }
        }
        let ms = ns.map { DispatchBench.median($0) / 1e6 }
        let keys = ["began", "moved", "ended", "pointerMove", "hitTest"]
        return DispatchBenchRow(
            views: views, buildMs: buildMs, began: ms[0], moved: ms[1], ended: ms[2],
            pointerMove: ms[3], hitTest: ms[4],
            allocations: counted
                ? Dictionary(
                    uniqueKeysWithValues: zip(keys, allocations.map { $0 / Double(rounds) }))
                : nil,
            movedViews: moved.count, setCenters: DispatchBench.median(moveNs) / 1e6, taps: taps,
            rounds: rounds)
    }

    static func median(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        let m = s.count / 2
        return s.count % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2
    }
}

extension DispatchBenchCommand {
    /// 1000 -> "1k", 1000000 -> "1M", others as they are.
    static func sizeLabel(_ n: Int) -> String {
        if n >= 1_000_000 && n % 1_000_000 == 0 { return "\(n / 1_000_000)M" }
        if n >= 1000 && n % 1000 == 0 { return "\(n / 1000)k" }
        return "\(n)"
    }

    /// A time in ms with about 3 significant digits.
    static func ms(_ x: Double) -> String {
        if x >= 100 { return String(format: "%.0f", x) }
        if x >= 10 { return String(format: "%.1f", x) }
        if x >= 1 { return String(format: "%.2f", x) }
        return String(format: "%.4f", x)
    }

    static func ratio(_ x: Double) -> String {
        x >= 100
            ? String(format: "%.0f", x)
            : x >= 10 ? String(format: "%.1f", x) : String(format: "%.2f", x)
    }

    func printTable(_ rows: [DispatchBenchRow]) {
        func pad(_ s: String, _ w: Int) -> String {
            String(repeating: " ", count: max(0, w - s.count)) + s
        }
        let header = [
            "views", "began ms", "moved ms", "ended ms", "pointer ms", "hit test ms", "began/hit",
            "allocs/moved", "allocs/pointer", "taps",
        ]
        let widths = header.map { max(9, $0.count) }
        Output.line(zip(header, widths).map { pad($0, $1) }.joined(separator: "  "))
        for r in rows {
            let a = r.allocations
            let cells = [
                "\(r.views)", Self.ms(r.began), Self.ms(r.moved), Self.ms(r.ended),
                Self.ms(r.pointerMove),
                Self.ms(r.hitTest), Self.ratio(r.beganOverHitTest),
                a.map { String(format: "%.1f", $0["moved"]!) } ?? "n/a",
                a.map { String(format: "%.1f", $0["pointerMove"]!) } ?? "n/a",
                "\(r.taps)/\(r.rounds)",
            ]
            Output.line(zip(cells, widths).map { pad($0, $1) }.joined(separator: "  "))
        }
        if let first = rows.first, let last = rows.last, rows.count > 1 {
            let label = "\(Self.sizeLabel(last.views))/\(Self.sizeLabel(first.views))"
            let parts = zip(first.medians, last.medians).map {
                "\($0.key) \(Self.ratio($1.ms / $0.ms))x"
            }
            Output.line("\(label): " + parts.joined(separator: ", "))
        }
        Output.line(
            "Medians of \(frames) rounds; \(Self.movedViews) views moved (setCenters) before each call; allocations per call."
        )
    }

    func jsonValue(_ rows: [DispatchBenchRow]) -> JSONValue {
        func n(_ x: Double) -> JSONValue { .number(x) }
        let results: [JSONValue] = rows.map { r in
            var o = JSONObject()
            o.append("views", n(Double(r.views)))
            o.append("buildMs", n(r.buildMs))
            for m in r.medians { o.append("\(m.key)Ms", n(m.ms)) }
            o.append("beganOverHitTest", n(r.beganOverHitTest))
            var a = JSONObject()
            for m in r.medians { a.append(m.key, r.allocations.map { n($0[m.key]!) } ?? .null) }
            o.append("allocationsPerCall", .object(a))
            o.append("movedViews", n(Double(r.movedViews)))
            o.append("setCentersMs", n(r.setCenters))
            o.append("tapsRecognized", n(Double(r.taps)))
            return .object(o)
        }
        var top = JSONObject()
        top.append("frames", n(Double(frames)))
        top.append("results", .array(results))
        var growth: JSONValue = .null
        if let first = rows.first, let last = rows.last, rows.count > 1 {
            var g = JSONObject()
            g.append("from", n(Double(first.views)))
            g.append("to", n(Double(last.views)))
            for (a, b) in zip(first.medians, last.medians) { g.append(a.key, n(b.ms / a.ms)) }
            growth = .object(g)
        }
        top.append("largestOverSmallest", growth)
        return .object(top)
    }
}
