// query-loop SHAPE VIEWS ENGINE QUERIES [random|drag] [SEED]
// SHAPE may be `stack-D` for the stack shape D groups deep (`stack` is 10 deep).
// ENGINE "batch64" times single queries, batches of 64 and the tree walk alone, alternately.
// ENGINE "split" times full bvh queries and the screen index's tree walk alone (the top
// entry, no exact confirmation), alternately, 7 times each: where a query's time goes.
// ENGINE "stale" is bvh with its screen index stale: one view brought to the front first,
// a change the index cannot follow, so every query walks the store and its child indexes,
// as queries do between a change and the rebuild it pays for.
// ENGINE "build" builds the bvh store QUERIES times instead (collect in ht_perf_build);
// "move" times moving one view and querying again, QUERIES times; "frame" times moving
// 10,000 views with one setCenters call and querying once, QUERIES times.
// Builds ENGINE (reference, flat or bvh) over a generated scene and answers QUERIES
// points inside `queryLoop`; prints how many hit. Under callgrind, collect only inside
// `queryLoop` to count the instructions of the queries alone.
import Glibc
import HitTestGenerators
import HitTestKit
@_spi(Profiling) import HitTestStore

let args = CommandLine.arguments
let shapeName = args.count > 1 ? args[1] : ""
let depth = shapeName.hasPrefix("stack-") ? Int(shapeName.dropFirst(6)) : SceneShape.defaultDepth
guard args.count >= 5, let shape = SceneShape(rawValue: shapeName.hasPrefix("stack-") ? "stack" : shapeName),
    let depth, let views = Int(args[2]),
    let queries = Int(args[4])
else {
    print("usage: query-loop SHAPE VIEWS reference|flat|bvh QUERIES [random|drag] [SEED]")
    exit(1)
}
let engine = args[3]
let drag = args.count > 5 && args[5] == "drag"
let seed = args.count > 6 ? UInt64(args[6]) ?? 1 : 1

let scene = shape.scene(views: views, seed: seed, depth: depth)
let r = scene.windows.first.map(\.geometry.frame) ?? Rect(origin: .zero, size: scene.screen)
var rng = SplitMix64(seed: seed)
var points: [Point] = []
points.reserveCapacity(queries)
var p = Point(x: r.minX, y: r.minY)
for i in 0..<queries {
    if !drag || i % 60 == 0 {
        p = Point(x: r.minX + rng.unit() * r.width, y: r.minY + rng.unit() * r.height)
    } else {
        p = Point(
            x: min(max(p.x + rng.uniform(-4, 4), r.minX), r.maxX.nextDown),
            y: min(max(p.y + rng.uniform(-4, 4), r.minY), r.maxY.nextDown))
    }
    points.append(p)
}

// Named with a plain symbol, so that callgrind's --toggle-collect finds it.
@inline(never) @_silgen_name("ht_perf_query_loop")
public func queryLoop(_ store: ViewStore, _ useIndexes: Bool, _ scratch: QueryScratch, _ points: [Point])
    -> Int
{
    var hits = 0
    for p in points where store.hitTest(p, useIndexes: useIndexes, scratch: scratch) != nil { hits += 1 }
    return hits
}

// The same points as one batch into a buffer (`hitTest(_:into:useIndexes:scratch:)`).
@inline(never) @_silgen_name("ht_perf_batch_loop")
public func batchLoop(_ store: ViewStore, _ scratch: QueryScratch, _ points: [Point], _ out: inout [StoreHit?]) -> Int {
    points.withUnsafeBufferPointer { src in
        out.withUnsafeMutableBufferPointer { dst in store.hitTest(src, into: dst, scratch: scratch) }
    }
    return out.lazy.filter { $0 != nil }.count
}

// The same points in batches of 64 into a buffer.
@inline(never) @_silgen_name("ht_perf_batch64_loop")
public func batch64Loop(_ store: ViewStore, _ scratch: QueryScratch, _ points: [Point], _ out: inout [StoreHit?]) -> Int {
    points.withUnsafeBufferPointer { src in
        out.withUnsafeMutableBufferPointer { dst in
            var start = 0
            while start < src.count {
                let end = min(src.count, start + 64)
                store.hitTest(
                    UnsafeBufferPointer(rebasing: src[start..<end]),
                    into: UnsafeMutableBufferPointer(rebasing: dst[start..<end]), scratch: scratch)
                start = end
            }
        }
    }
    return out.lazy.filter { $0 != nil }.count
}

@inline(never) @_silgen_name("ht_perf_reference_loop")
public func referenceLoop(_ screen: Screen, _ points: [Point]) -> Int {
    var hits = 0
    for p in points where screen.hitTest(p) != nil { hits += 1 }
    return hits
}

@inline(never) @_silgen_name("ht_perf_build")
public func build(_ scene: Scene, indexThreshold: Int) -> ViewStore {
    ViewStore(scene: scene, indexThreshold: indexThreshold)
}

/// The flat arrays of a box file (`hittest export --boxes`; format in docs/box-files.md):
/// box k as view k under a host window at the boxes' union, each frame relative to its
/// parent box's corner (what `BoxFile.viewArrays()` gives `hittest bench --boxes`).
func boxArrays(_ path: String) -> (arrays: ViewArrays, host: Rect) {
    guard let f = fopen(path, "r") else { fatalError("query-loop: cannot open \(path)") }
    defer { fclose(f) }
    var boxes: [(Double, Double, Double, Double, Int)] = []
    var line = [CChar](repeating: 0, count: 512)
    var expected = -1
    while fgets(&line, 512, f) != nil {
        if line[0] == 35 { continue }  // '#'
        var fields: [Double] = []
        line.withUnsafeMutableBufferPointer { b in
            var at: UnsafeMutablePointer<CChar> = b.baseAddress!
            while true {
                var end: UnsafeMutablePointer<CChar>? = nil
                let v = strtod(at, &end)
                if end == at { break }
                fields.append(v)
                at = end!
            }
        }
        if fields.isEmpty { continue }
        if expected < 0 { expected = Int(fields[0]); continue }
        boxes.append((fields[0], fields[1], fields[2], fields[3], Int(fields[4])))
    }
    var host = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
    var k = 0
    while k < boxes.count {
        host = (min(host.x0, boxes[k].0), min(host.y0, boxes[k].1), max(host.x1, boxes[k].2), max(host.y1, boxes[k].3))
        k += max(1, boxes[k].4)
    }
    var a = ViewArrays(parents: [], frames: [])
    var open: [(index: Int, end: Int)] = []
    for (i, b) in boxes.enumerated() {
        while let last = open.last, last.end <= i { open.removeLast() }
        let p = open.last?.index
        let ox = p.map { boxes[$0].0 } ?? host.x0
        let oy = p.map { boxes[$0].1 } ?? host.y0
        a.parents.append(p.map { Int32($0) } ?? -1)
        a.frames.append(Rect(x: b.0 - ox, y: b.1 - oy, width: b.2 - b.0, height: b.3 - b.1))
        open.append((i, i + b.4))
    }
    return (a, Rect(x: host.x0, y: host.y0, width: host.x1 - host.x0, height: host.y1 - host.y0))
}

/// One build from flat arrays, as `hittest bench --boxes` times it: a store, a passthrough
/// host window, `addViews`.
@inline(never) @_silgen_name("ht_perf_build_arrays")
public func buildArrays(_ arrays: ViewArrays, host: Rect) -> ViewStore {
    let s = ViewStore(screenSize: Size(width: host.maxX, height: host.maxY))
    var def = ViewDefinition(id: "host", frame: host)
    def.hitRules.hitTestRule = .passthrough
    let window = s.addWindow(def)
    _ = try! s.addViews(arrays, to: window)
    return s
}

/// Nanoseconds per point of a loop over all the points.
func nsPerQuery(_ d: Duration) -> Double {
    (Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9) / Double(queries)
}

var hits = 0
switch engine {
case "build":
    // QUERIES builds of the bvh store; under callgrind, collect inside ht_perf_build.
    let clock = ContinuousClock()
    var times: [Duration] = []
    for _ in 0..<queries {
        var store: ViewStore?
        times.append(clock.measure { store = build(scene, indexThreshold: 32) })
        hits += store!.count
    }
    print("build: median \(times.sorted()[times.count / 2]) of \(queries)")
case "arrays":
    // QUERIES builds from the flat arrays of BOXES (default .build-perf/SHAPE-VIEWS.boxes);
    // under callgrind, collect inside ht_perf_build_arrays.
    let path = getenv("BOXES").map { String(cString: $0) } ?? ".build-perf/\(args[1])-\(views).boxes"
    let (arrays, host) = boxArrays(path)
    let clock = ContinuousClock()
    var times: [Duration] = []
    var faults: [Int] = []
    for _ in 0..<queries {
        var store: ViewStore?
        var before = rusage()
        getrusage(RUSAGE_SELF.rawValue, &before)
        times.append(clock.measure { store = buildArrays(arrays, host: host) })
        var after = rusage()
        getrusage(RUSAGE_SELF.rawValue, &after)
        faults.append(after.ru_minflt - before.ru_minflt)
        hits += store!.count
        store = nil
    }
    print(
        "arrays build of \(arrays.parents.count) views: median \(times.sorted()[times.count / 2]) of \(queries),",
        "page faults a build \(faults.sorted()[faults.count / 2]) (median)")
case "load":
    // QUERIES times the phases of loading a scene file and building the store from it:
    // reading the file, parsing the JSON, decoding and validating the scene, building the
    // store and its indexes. FILE: SCENE, default .build-perf/SHAPE-VIEWS.json (perf/compare.sh
    // writes it). Medians, in milliseconds.
    let path = getenv("SCENE").map { String(cString: $0) } ?? ".build-perf/\(args[1])-\(views).json"
    let clock = ContinuousClock()
    func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15 }
    var phases: [String: [Double]] = [:]
    for _ in 0..<queries {
        var bytes: [UInt8] = []
        phases["read", default: []].append(ms(clock.measure {
            guard let f = fopen(path, "rb") else { fatalError("query-loop: cannot open \(path)") }
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
                bytes.append(contentsOf: chunk[0..<n])
                if n < chunk.count { break }
            }
            fclose(f)
        }))
        var value: JSONValue? = nil
        phases["parse", default: []].append(ms(clock.measure { value = try! JSONReader.parse(bytes) }))
        var loaded: Scene? = nil
        phases["decode and validate", default: []].append(ms(clock.measure { loaded = try! Scene.load(jsonValue: value!) }))
        phases["free the JSON value", default: []].append(ms(clock.measure { value = nil }))
        var store: ViewStore? = nil
        phases["build the store", default: []].append(ms(clock.measure { store = build(loaded!, indexThreshold: 32) }))
        hits += store!.count
        store = nil
        loaded = nil
    }
    var total = 0.0
    for name in ["read", "parse", "decode and validate", "free the JSON value", "build the store"] {
        let m = phases[name]!.sorted()[queries / 2]
        total += m
        print("\(name): \(Int(m.rounded())) ms")
    }
    print("load \(path) and build: \(Int(total.rounded())) ms (medians of \(queries))")
case "reference":
    hits = referenceLoop(Screen(scene: scene), points)
case "flat", "bvh":
    let store = ViewStore(scene: scene, indexThreshold: engine == "flat" ? 0 : 32)
    let scratch = QueryScratch()
    // One pass to grow the scratch, so that the measured pass is the steady state.
    _ = store.hitTest(points[0], useIndexes: engine != "flat", scratch: scratch)
    hits = queryLoop(store, engine != "flat", scratch, points)
    // Work counts of every query made (the first included): a change that keeps the
    // answers but not these has changed what a query visits.
    let st = scratch.stats
    print("visits: \(st.viewsVisited) views, \(st.boxTests) box tests, \(st.indexNodesVisited) index nodes")
case "stale":
    let store = ViewStore(scene: scene, indexThreshold: 32)
    if let w = store.windows.first, let v = store.subviews(of: w).first { store.bringToFront(v) }
    let scratch = QueryScratch()
    _ = store.hitTest(points[0], scratch: scratch)
    hits = queryLoop(store, true, scratch, points)
    let st = scratch.stats
    print("visits: \(st.viewsVisited) views, \(st.boxTests) box tests, \(st.indexNodesVisited) index nodes")
case "into":
    // The bvh engine answering all the points as one batch on one thread.
    let store = ViewStore(scene: scene, indexThreshold: 32)
    let scratch = QueryScratch()
    var out = [StoreHit?](repeating: nil, count: points.count)
    _ = store.hitTest(points[0], scratch: scratch)
    hits = batchLoop(store, scratch, points, &out)
    let st = scratch.stats
    print("visits: \(st.viewsVisited) views, \(st.boxTests) box tests, \(st.indexNodesVisited) index nodes")
case "into64":
    // The bvh engine answering the points in batches of 64 on one thread.
    let store = ViewStore(scene: scene, indexThreshold: 32)
    let scratch = QueryScratch()
    var out = [StoreHit?](repeating: nil, count: points.count)
    _ = store.hitTest(points[0], scratch: scratch)
    hits = batch64Loop(store, scratch, points, &out)
    let st = scratch.stats
    print("visits: \(st.viewsVisited) views, \(st.boxTests) box tests, \(st.indexNodesVisited) index nodes")
case "split":
    let store = ViewStore(scene: scene, indexThreshold: 32)
    let scratch = QueryScratch()
    _ = store.hitTest(points[0], scratch: scratch)
    let clock = ContinuousClock()
    var full: [Double] = []
    var tree: [Double] = []
    var sink: Int32 = 0
    for _ in 0..<7 {
        full.append(nsPerQuery(clock.measure { hits = queryLoop(store, true, scratch, points) }))
        tree.append(
            nsPerQuery(clock.measure { for p in points { sink &+= store._screenIndexTopEntry(p).slot } }))
    }
    let (f, t) = (full.sorted()[3], tree.sorted()[3])
    print(
        "split: full query \(f) ns, tree alone \(t) ns (\(Int(t / f * 100)) %),",
        "confirmation \(f - t) ns (sink \(sink & 1))")
case "batch64":
    // Single queries, batches of 64 (`into64`) and the screen index's tree walk alone (the
    // top entry, as `split`), alternately, 7 times each; medians of ns per point. With few
    // points (a few thousand) their memory stays in cache: what the instructions cost.
    let store = ViewStore(scene: scene, indexThreshold: 32)
    let scratch = QueryScratch()
    var out = [StoreHit?](repeating: nil, count: points.count)
    _ = store.hitTest(points[0], scratch: scratch)
    let clock = ContinuousClock()
    var (single, batch, tree): ([Double], [Double], [Double]) = ([], [], [])
    var sink: Int32 = 0
    for _ in 0..<7 {
        single.append(nsPerQuery(clock.measure { hits = queryLoop(store, true, scratch, points) }))
        batch.append(nsPerQuery(clock.measure { _ = batch64Loop(store, scratch, points, &out) }))
        tree.append(nsPerQuery(clock.measure { for p in points { sink &+= store._screenIndexTopEntry(p).slot } }))
    }
    let (s, b, t) = (single.sorted()[3], batch.sorted()[3], tree.sorted()[3])
    print("batch64: single \(Int(s)) ns, batch of 64 \(Int(b)) ns (\(Double(Int(s / b * 100)) / 100)x), tree walk alone \(Int(t)) ns (sink \(sink & 1))")
case "batch":
    // Batch queries of all the points on 1 thread and on every core, alternately, 7
    // times; medians of ns per query and their ratio.
    let store = ViewStore(scene: scene)
    let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    let clock = ContinuousClock()
    var one: [Double] = []
    var all: [Double] = []
    for _ in 0..<7 {
        one.append(nsPerQuery(clock.measure { hits += store.hitTest(points, threads: 1).count }))
        all.append(nsPerQuery(clock.measure { hits += store.hitTest(points, threads: cores).count }))
    }
    let a = one.sorted()[3]
    let b = all.sorted()[3]
    print("batch: 1 thread \(a) ns/query, \(cores) threads \(b) ns/query, speedup \(a / b)")
case "move":
    // QUERIES times: move one random view by a few points, then answer one point; the
    // median time of the pair, and of the move alone.
    let store = ViewStore(scene: scene)
    var handles: [ViewHandle] = []
    var stack = store.windows
    while let v = stack.popLast() {
        let subs = store.subviews(of: v)
        handles += subs
        stack += subs
    }
    let scratch = QueryScratch()
    let clock = ContinuousClock()
    var pairs: [Duration] = []
    var moves: [Duration] = []
    for i in 0..<queries {
        let h = handles[Int(rng.next() % UInt64(handles.count))]
        let c = store.geometry(of: h).center
        let to = Point(x: c.x + rng.uniform(-8, 8), y: c.y + rng.uniform(-8, 8))
        let p = points[i % points.count]
        var hit: StoreHit?
        let t0 = clock.now
        store.setCenter(h, to)
        let t1 = clock.now
        hit = store.hitTest(p, scratch: scratch)
        let t2 = clock.now
        moves.append(t1 - t0)
        pairs.append(t2 - t0)
        if hit != nil { hits += 1 }
    }
    print("move + query: median \(pairs.sorted()[pairs.count / 2]), move alone \(moves.sorted()[moves.count / 2]) (of \(queries))")
case "frame":
    // A frame of an engine: move 10,000 leaf views (every N/10,000-th, by (+1.5, -0.75)
    // and back on the next frame) with one setCenters call, then answer one point; the
    // median over QUERIES frames. The same boxes and offsets as perf/peers' --moves.
    let store = ViewStore(scene: scene)
    var leaves: [ViewHandle] = []
    var stack = store.windows
    while let v = stack.popLast() {
        let subs = store.subviews(of: v)
        if subs.isEmpty { leaves.append(v) }
        stack += subs
    }
    let step = max(1, leaves.count / 10_000)
    let moved = stride(from: 0, to: leaves.count, by: step).prefix(10_000).map { leaves[$0] }
    let home = moved.map { store.geometry(of: $0).center }
    let away = home.map { Point(x: $0.x + 1.5, y: $0.y - 0.75) }
    let scratch = QueryScratch()
    let clock = ContinuousClock()
    var frames: [Duration] = []
    for i in 0..<queries {
        let p = points[i % points.count]
        let t0 = clock.now
        store.setCenters(moved, i % 2 == 0 ? away : home)
        if store.hitTest(p, scratch: scratch) != nil { hits += 1 }
        frames.append(clock.now - t0)
    }
    // The first frame also makes the screen index's lane map (its first refit).
    print("frame (\(moved.count) views moved with setCenters, then one query): median \(frames.sorted()[frames.count / 2]) of \(queries), first \(frames[0])")
default:
    print("unknown engine \(engine)")
    exit(1)
}
print("\(queries) queries, \(hits) hits")
