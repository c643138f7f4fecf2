import HitTestDispatch
import HitTestGenerators
import HitTestGeometry
import HitTestScene
import HitTestStore

/// One workload whose heap allocations are counted: queries, builds, changes, batches and
/// dispatch frames on generated scenes. The benchmarks package times the same list, and
/// `hittest bench-allocations` counts them against the committed thresholds
/// (`Benchmarks/Thresholds`), so both run one definition of each workload.
public struct AllocationScenario: Sendable {
    /// `<kind>-<shape>-<size>[-<detail>]`, only `[A-Za-z0-9_-]`.
    public let name: String
    /// Operations one iteration runs (queries per iteration or per batch call); results
    /// of the benchmarks are shown per operation.
    public let operationsPerIteration: Int
    /// Allocations an iteration may make above its committed threshold.
    public let tolerance: Int
    /// Iterations run before any is counted.
    public let warmupIterations: Int
    /// At most this many counted iterations.
    public let maxIterations: Int
    /// Makes the workload's state (not counted) and returns its iteration: it runs the
    /// given number of operations and returns what must outlive the count (a built store,
    /// a batch's answers), released after the count is read.
    public let prepare: @Sendable () -> (_ operations: Int) -> Any?
}

extension AllocationScenario {
    /// The workloads, at sizes of 10k and 100k views times `scale` (the committed
    /// thresholds are for scale 1: names carry the size), with batches on one thread and
    /// on `cores` threads.
    public static func all(scale: Int = 1, cores: Int) -> [AllocationScenario] {
        let sizes = [10_000, 100_000].map { $0 * scale }
        var list: [AllocationScenario] = []
        // Dispatch in steady state on a live store: a moved touch (its view's tap has
        // failed by time, its superview's pan is in progress) and an idle pointer move.
        // The frame's input is the host's, made once; the dispatcher allocates nothing.
        for n in sizes {
            list.append(frames("dispatch-ui-\(label(n))-moved") {
                _DispatchWorkload(views: n, touchDown: true)
            })
            list.append(frames("dispatch-ui-\(label(n))-pointer") {
                _DispatchWorkload(views: n, touchDown: false)
            })
        }
        for n in sizes {
            // A list decelerating after a flick (`rule-scroll-view-deceleration`): each
            // frame moves its content and logs the offset; nothing grows with its rows.
            list.append(frames("dispatch-list-\(label(n))-decelerating") {
                _DecelerationWorkload(rows: n)
            })
            // A list bouncing at its top edge (`rule-scroll-view-bounce`): a finger flicks
            // it past the edge and lets go, and it springs back, over and over; most
            // frames are the spring's, three in 80 the touch's.
            list.append(frames("dispatch-list-\(label(n))-bouncing") { _BounceWorkload(rows: n) })
            // A finger dragging a list (`rule-scroll-view-content-offset`): every frame
            // moves the touch, the pan changes, the content offset follows.
            list.append(frames("dispatch-list-\(label(n))-dragging") { _DragWorkload(rows: n) })
            // A map zooming (`rule-scroll-view-zoom`): the host zooms it in and out again,
            // animated; most frames are the zoom spring's, which scales the zooming view
            // that holds the tiles and moves the offset.
            list.append(frames("dispatch-map-\(label(n))-zooming") { _ZoomWorkload(tiles: n) })
        }
        for (shape, cheap) in [(SceneShape.wide, true), (.ui, true), (.deep, false)] {
            for n in sizes {
                list += workloads(shape: shape, views: n, cheap: cheap, cores: cores)
            }
        }
        return list
    }

    /// A dispatch workload counted a frame at a time: `make` builds its state (not
    /// counted), and each iteration is one `step()`, a frame as a host's loop sends it.
    private static func frames(_ name: String, _ make: @escaping @Sendable () -> any _FrameWorkload)
        -> AllocationScenario
    {
        AllocationScenario(
            name: name, operationsPerIteration: 1, tolerance: 0, warmupIterations: 3,
            maxIterations: 10_000,
            prepare: {
                let state = make()
                return { operations in
                    for _ in 0..<operations { state.step() }
                    return nil
                }
            })
    }

    /// The query, build, change and batch workloads of one scene. `cheap`: a query visits
    /// a few views (1,000 queries an iteration, 1,000,000 points a batch); otherwise it
    /// walks down a chain as long as the scene (1 query, 1,000 points).
    private static func workloads(shape: SceneShape, views n: Int, cheap: Bool, cores: Int)
        -> [AllocationScenario]
    {
        let tag = "\(shape.rawValue)-\(label(n))"
        var list: [AllocationScenario] = []
        // Queries at random points with one scratch, store built and scratch grown first;
        // a query allocates nothing.
        for useIndexes in [false, true] {
            list.append(
                AllocationScenario(
                    name: "query-\(tag)-\(useIndexes ? "bvh" : "flat")",
                    operationsPerIteration: cheap ? 1_000 : 1, tolerance: 0, warmupIterations: 3,
                    maxIterations: 10_000,
                    prepare: {
                        let state = _QueryWorkload(shape: shape, views: n, growing: [useIndexes])
                        return { operations in
                            state.query(operations, useIndexes: useIndexes)
                            return nil
                        }
                    }))
        }
        // Build: store and index from a prepared scene; the store's release is not counted.
        list.append(
            AllocationScenario(
                name: "build-\(tag)", operationsPerIteration: 1, tolerance: 8, warmupIterations: 3,
                maxIterations: 200,
                prepare: {
                    let scene = shape.scene(views: n, seed: 42)
                    return { _ in ViewStore(scene: scene) }
                }))
        // Changes to 1 % of the views (every 100th), then queries; alternate iterations
        // undo the change, so the scene does not drift.
        for change in _ChangeWorkload.Change.allCases {
            list.append(
                AllocationScenario(
                    name: "change-\(tag)-\(change.rawValue)-bvh", operationsPerIteration: 1,
                    tolerance: 16, warmupIterations: 1, maxIterations: 1_000,
                    prepare: {
                        let state = _ChangeWorkload(
                            shape: shape, views: n, change: change,
                            queriesAfter: cheap ? 1_000 : 10)
                        return { _ in
                            state.step()
                            return nil
                        }
                    }))
        }
        // One into-buffer batch call an iteration (`hitTest(_:into:useIndexes:scratch:)`), with
        // its walks in flight even on these sizes: in the points' curve order (packets; the
        // order's buffers are the scratch that grows) and in their own order (`-walks`: each
        // tree a level at a time or interleaved, by its cover). The workload's points, the
        // answers' buffer made and the scratch grown by the warm-up; a batch allocates nothing.
        for (suffix, curveOrder) in [("", true), ("-walks", false)] {
            list.append(
                AllocationScenario(
                    name: "into-\(tag)-bvh\(suffix)", operationsPerIteration: cheap ? _QueryWorkload.pointCount : 64,
                    tolerance: 0, warmupIterations: 2, maxIterations: 1_000,
                    prepare: {
                        let state = _QueryWorkload(shape: shape, views: n, growing: [])
                        let points = Array(state.points.prefix(cheap ? _QueryWorkload.pointCount : 64))
                        var results = [StoreHit?](repeating: nil, count: points.count)
                        return { _ in
                            points.withUnsafeBufferPointer { src in
                                results.withUnsafeMutableBufferPointer { out in
                                    state.store.hitTest(
                                        src, into: out, useIndexes: true, scratch: state.scratch,
                                        curveOrder: curveOrder, inFlight: true)
                                }
                            }
                            return nil
                        }
                    }))
        }
        // One batch call an iteration, on one thread and on every core.
        for threads in [1, cores] {
            let count = cheap ? 1_000_000 : 1_000
            list.append(
                AllocationScenario(
                    name: "batch-\(tag)-bvh-\(threads == 1 ? "1thread" : "allcores")",
                    operationsPerIteration: count, tolerance: 64, warmupIterations: 1,
                    maxIterations: 100,
                    prepare: {
                        let state = _QueryWorkload(shape: shape, views: n, growing: [])
                        let points = (0..<count).map { state.points[$0 & (_QueryWorkload.pointCount - 1)] }
                        let store = state.store
                        return { _ in store.hitTest(points, threads: threads) }
                    }))
        }
        return list
    }

    /// A size as names carry it: 10k, 100k, 1M.
    static func label(_ n: Int) -> String {
        if n % 1_000_000 == 0 { return "\(n / 1_000_000)M" }
        if n % 1_000 == 0 { return "\(n / 1_000)k" }
        return "\(n)"
    }
}

/// A built store of a generated scene, seeded random points over its screen, and a
/// scratch already grown by querying every point once with the walks that will use it
/// (`useIndexes` values: a flat walk of a deep scene is as long as the scene, so a
/// workload grows only what it queries with).
final class _QueryWorkload: @unchecked Sendable {
    /// Points in a set; queries cycle through them.
    static let pointCount = 4_096
    let store: ViewStore
    let points: [Point]
    let scratch = QueryScratch()
    private var cursor = 0

    init(shape: SceneShape, views: Int, growing walks: [Bool]) {
        let scene = shape.scene(views: views, seed: 42)
        store = ViewStore(scene: scene)
        points = _randomPoints(scene, count: Self.pointCount, seed: 7)
        for useIndexes in walks {
            for p in points { _ = store.hitTest(p, useIndexes: useIndexes, scratch: scratch) }
        }
    }

    /// The next `count` points, one query each.
    func query(_ count: Int, useIndexes: Bool) {
        var i = cursor
        for _ in 0..<count {
            _keep(store.hitTest(points[i], useIndexes: useIndexes, scratch: scratch))
            i = (i + 1) & (Self.pointCount - 1)
        }
        cursor = i
    }
}

/// Every 100th view of a store (windows left out, in walk order), changed and changed
/// back on alternate steps, with queries after each.
final class _ChangeWorkload: @unchecked Sendable {
    enum Change: String, CaseIterable, Sendable { case move, resize, hide }
    private let query: _QueryWorkload
    private let change: Change
    private let queriesAfter: Int
    private let views: [ViewHandle]
    private let geometry: [ViewGeometry]
    private var changed = false

    init(shape: SceneShape, views n: Int, change: Change, queriesAfter: Int) {
        query = _QueryWorkload(shape: shape, views: n, growing: [true])
        self.change = change
        self.queriesAfter = queriesAfter
        let store = query.store
        var all: [ViewHandle] = []
        var stack = store.windows
        while let v = stack.popLast() {
            let subviews = store.subviews(of: v)
            all.append(contentsOf: subviews)
            stack.append(contentsOf: subviews)
        }
        views = stride(from: 0, to: all.count, by: 100).map { all[$0] }
        geometry = views.map { store.definition(of: $0).geometry }
    }

    func step() {
        changed.toggle()
        let store = query.store
        for (k, v) in views.enumerated() {
            let g = geometry[k]
            switch change {
            case .move:
                store.setCenter(v, changed ? Point(x: g.center.x + 13, y: g.center.y - 7) : g.center)
            case .resize:
                var b = g.bounds
                if changed {
                    b.size.width *= 1.5
                    b.size.height *= 0.75
                }
                store.setBounds(v, b)
            case .hide:
                store.setHidden(v, changed)
            }
        }
        for j in 0..<queriesAfter {
            _keep(store.hitTest(query.points[j & (_QueryWorkload.pointCount - 1)], scratch: query.scratch))
        }
    }
}

/// A workload of dispatch frames: each `step()` is one frame 16 ms after the last.
protocol _FrameWorkload: AnyObject, Sendable {
    func step()
}

/// A dispatcher on a live store of the `ui` shape, with a tap on the view under a point
/// and a pan on its superview, and the touch or the pointer it moves there each frame.
final class _DispatchWorkload: _FrameWorkload, @unchecked Sendable {
    private let dispatcher: Dispatcher
    private let point: Point
    private let touchDown: Bool
    private var time = 0.0
    private var flip = false
    /// The two moved frames the touch alternates between, made once (a host keeps its
    /// input buffers too): only their time changes.
    private let moves: [InputFrame]

    init(views: Int, touchDown: Bool) {
        let scene = SceneShape.ui.scene(views: views, seed: 42)
        let store = ViewStore(scene: scene)
        // The first point of a seeded set that lands on a view with a superview.
        var p = Point(x: 0, y: 0)
        var target: ViewHandle?
        for q in _randomPoints(scene, count: 64, seed: 3) {
            if let h = store.hitTest(q), store.superview(of: h.view) != nil {
                p = q
                target = h.view
                break
            }
        }
        point = p
        self.touchDown = touchDown
        dispatcher = Dispatcher(store: store)
        moves = [0.0, 1.0].map { dx in
            InputFrame(
                time: 0, touches: [TouchInput(id: 1, phase: .moved, location: Point(x: p.x + dx, y: p.y))])
        }
        if let v = target, let superview = store.superview(of: v) {
            store.update(v) { $0.events.gestures.append(SceneGesture(id: "tap", kind: .tap())) }
            store.update(superview) { $0.events.gestures.append(SceneGesture(id: "pan", kind: .pan())) }
        }
        if touchDown {
            try! dispatcher.feed(InputFrame(time: 0, touches: [TouchInput(id: 1, phase: .began, location: p)]))
        }
        // Past the tap's time limit and the first moves: the steady state.
        for _ in 0..<40 { step() }
    }

    /// One frame: the touch (or the pointer) one point to the side and back, 16 ms on;
    /// the host drains the log.
    func step() {
        time += 0.016
        flip.toggle()
        if touchDown {
            var frame = moves[flip ? 1 : 0]
            frame.time = time
            try! dispatcher.feed(frame)
        } else {
            let q = Point(x: point.x + (flip ? 1 : 0), y: point.y)
            try! dispatcher.feed(InputFrame(time: time, touches: [], pointer: .at(q)))
        }
        _keep(dispatcher.takeLog())
    }
}

/// A dispatcher on a live store holding a table of `rows` rows of 10 points, flicked
/// up at 1,000 points a second with a deceleration rate so close to 1 (0.99999 a
/// millisecond) that it is still moving after 10,000 frames; each frame is an empty
/// input frame 16 ms on, as a host's frame loop sends while nothing touches.
final class _DecelerationWorkload: _FrameWorkload, @unchecked Sendable {
    private let dispatcher: Dispatcher
    private var time = 0.0

    init(rows: Int) {
        var text = #"{"format": "hittest-scene/1", "windows": [{"id": "w", "frame": [0, 0, 390, 844], "subviews": [{"id": "list", "class": "UITableView", "frame": [0, 0, 390, 844], "scrollView": {"contentSize": [390, 1e9], "decelerationRate": 0.99999}, "subviews": ["#
        for i in 0..<rows {
            if i > 0 { text += "," }
            text += #"{"id": "r\#(i)", "frame": [0, \#(i * 10), 390, 10]}"#
        }
        text += "]}]}]}"
        let store = ViewStore(scene: try! Scene.load(json: text))
        dispatcher = Dispatcher(store: store)
        for (k, y) in [600.0, 590, 580, 570, 560].enumerated() {
            let phase: TouchPhase = k == 0 ? .began : .moved
            try! dispatcher.feed(
                InputFrame(
                    time: Double(k) * 0.01,
                    touches: [TouchInput(id: 1, phase: phase, location: Point(x: 100, y: y))]))
        }
        time = 0.05
        try! dispatcher.feed(
            InputFrame(
                time: time, touches: [TouchInput(id: 1, phase: .ended, location: Point(x: 100, y: 560))]))
        precondition(dispatcher.isDecelerating("list"))
        for _ in 0..<40 { step() }
    }

    /// One frame 16 ms on: the content moves; the host drains the log.
    func step() {
        time += 0.016
        try! dispatcher.feed(InputFrame(time: time, touches: []))
        _keep(dispatcher.takeLog())
    }
}

/// A list of `rows` 10-point rows, 844 points tall, pulled past its top edge and let go
/// in a cycle of 80 frames 16 ms apart: a touch begins, moves 100 points down (the
/// content follows the rubber band, 51.6 points past the edge), lifts a frame later (the
/// content springs back with the speed it had, for about 55 frames), and the rest of the
/// cycle runs the spring to its end and idles.
final class _BounceWorkload: _FrameWorkload, @unchecked Sendable {
    private let dispatcher: Dispatcher
    private var time = 0.0
    private var frame = 0
    private let frames: [InputFrame]

    init(rows: Int) {
        var text = #"{"format": "hittest-scene/1", "windows": [{"id": "w", "frame": [0, 0, 390, 844], "subviews": [{"id": "list", "class": "UITableView", "frame": [0, 0, 390, 844], "scrollView": {"contentSize": [390, \#(rows * 10)]}, "subviews": ["#
        for i in 0..<rows {
            if i > 0 { text += "," }
            text += #"{"id": "r\#(i)", "frame": [0, \#(i * 10), 390, 10]}"#
        }
        text += "]}]}]}"
        let store = ViewStore(scene: try! Scene.load(json: text))
        dispatcher = Dispatcher(store: store)
        // The cycle's inputs, made once (times are set per frame).
        var f: [InputFrame] = []
        for k in 0..<80 {
            let y = k == 0 ? 300.0 : 400
            let phase: TouchPhase? = k == 0 ? .began : k == 1 ? .moved : k == 2 ? .ended : nil
            let touches = phase.map { [TouchInput(id: 1, phase: $0, location: Point(x: 100, y: y))] } ?? []
            f.append(InputFrame(time: 0, touches: touches))
        }
        frames = f
        for _ in 0..<160 { step() }
        precondition(dispatcher.contentOffset(of: "list") == Point(x: 0, y: 0))
    }

    /// One frame 16 ms on; the host drains the log.
    func step() {
        time += 0.016
        var f = frames[frame % 80]
        f.time = time
        frame += 1
        try! dispatcher.feed(f)
        _keep(dispatcher.takeLog())
    }
}

/// A list of `rows` 10-point rows, its content offset halfway down, dragged by one
/// finger that stays down: each frame, 16 ms on, moves the finger 200 points up or back
/// down, so the content follows in range and the pan changes every frame.
final class _DragWorkload: _FrameWorkload, @unchecked Sendable {
    private let dispatcher: Dispatcher
    private var time = 0.0
    private var frame = 0
    private let moves: [InputFrame]

    init(rows: Int) {
        let middle = rows * 5
        var text = #"{"format": "hittest-scene/1", "windows": [{"id": "w", "frame": [0, 0, 390, 844], "subviews": [{"id": "list", "class": "UITableView", "frame": [0, 0, 390, 844], "boundsOrigin": [0, \#(middle)], "scrollView": {"contentSize": [390, \#(rows * 10)]}, "subviews": ["#
        for i in 0..<rows {
            if i > 0 { text += "," }
            text += #"{"id": "r\#(i)", "frame": [0, \#(i * 10), 390, 10]}"#
        }
        text += "]}]}]}"
        let store = ViewStore(scene: try! Scene.load(json: text))
        dispatcher = Dispatcher(store: store)
        moves = [300.0, 500].map {
            InputFrame(time: 0, touches: [TouchInput(id: 1, phase: .moved, location: Point(x: 100, y: $0))])
        }
        try! dispatcher.feed(
            InputFrame(
                time: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(x: 100, y: 500))]))
        // An odd number of frames leaves the finger 200 points above where it began.
        for _ in 0..<41 { step() }
        precondition(dispatcher.contentOffset(of: "list") == Point(x: 0, y: Double(middle + 200)))
    }

    /// One frame 16 ms on: the finger moves, the content follows; the host drains the log.
    func step() {
        time += 0.016
        var f = moves[frame % 2]
        f.time = time
        frame += 1
        try! dispatcher.feed(f)
        _keep(dispatcher.takeLog())
    }
}

/// A full-screen map (a scroll view, zoom 1 to 2) whose zooming view holds `tiles` tiles
/// of 10 x 10 points in a square grid, in a cycle of 100 frames 16 ms apart: the host
/// calls `setZoomScale(_:of:animated:)` to 2 or back to 1 on the cycle's first frame, and
/// the zoom's spring runs over the frames after it (about 70 at 100k tiles) and idles.
final class _ZoomWorkload: _FrameWorkload, @unchecked Sendable {
    private let dispatcher: Dispatcher
    private var time = 0.0
    private var frame = 0
    static let cycle = 100

    init(tiles: Int) {
        var columns = 1
        while columns * columns < tiles { columns += 1 }
        let side = columns * 10
        var text = #"{"format": "hittest-scene/1", "windows": [{"id": "w", "frame": [0, 0, 390, 844], "subviews": [{"id": "map", "class": "UIScrollView", "frame": [0, 0, 390, 844], "scrollView": {"contentSize": [\#(side), \#(side)], "maximumZoomScale": 2, "zoomingView": "tiles"}, "subviews": [{"id": "tiles", "frame": [0, 0, \#(side), \#(side)], "subviews": ["#
        for i in 0..<tiles {
            if i > 0 { text += "," }
            text += #"{"id": "t\#(i)", "frame": [\#(i % columns * 10), \#(i / columns * 10), 10, 10]}"#
        }
        text += "]}]}]}]}"
        let store = ViewStore(scene: try! Scene.load(json: text))
        dispatcher = Dispatcher(store: store)
        for _ in 0..<(2 * Self.cycle) { step() }
        precondition(dispatcher.zoomScale(of: "map") == 1)
    }

    /// One frame 16 ms on (the host's zoom first on the cycle's first frame); the host
    /// drains the log.
    func step() {
        time += 0.016
        if frame % Self.cycle == 0 {
            dispatcher.setZoomScale(
                frame % (2 * Self.cycle) == 0 ? 2 : 1, of: "map", animated: true)
        }
        frame += 1
        try! dispatcher.feed(InputFrame(time: time, touches: []))
        _keep(dispatcher.takeLog())
    }
}

/// Seeded uniform points over a scene's screen.
func _randomPoints(_ scene: Scene, count: Int, seed: UInt64) -> [Point] {
    var rng = SplitMix64(seed: seed)
    let w = scene.screen.width
    let h = scene.screen.height
    return (0..<count).map { _ in Point(x: rng.unit() * w, y: rng.unit() * h) }
}

/// Keeps a result from being optimised away.
@inline(never) func _keep<T>(_ value: T) { withExtendedLifetime(value) {} }
