// query-loop SHAPE VIEWS ENGINE QUERIES [random|drag] [SEED]
// ENGINE "build" builds the bvh store QUERIES times instead (collect in ht_perf_build).
// Builds ENGINE (reference, flat or bvh) over a generated scene and answers QUERIES
// points inside `queryLoop`; prints how many hit. Under callgrind, collect only inside
// `queryLoop` to count the instructions of the queries alone.
import Glibc
import HitTestGenerators
import HitTestKit

let args = CommandLine.arguments
guard args.count >= 5, let shape = SceneShape(rawValue: args[1]), let views = Int(args[2]),
    let queries = Int(args[4])
else {
    print("usage: query-loop SHAPE VIEWS reference|flat|bvh QUERIES [random|drag] [SEED]")
    exit(1)
}
let engine = args[3]
let drag = args.count > 5 && args[5] == "drag"
let seed = args.count > 6 ? UInt64(args[6]) ?? 1 : 1

let scene = shape.scene(views: views, seed: seed)
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
public func queryLoop(_ store: ViewStore, _ engine: FastEngine, _ scratch: QueryScratch, _ points: [Point])
    -> Int
{
    var hits = 0
    for p in points where store.hitTest(p, engine: engine, scratch: scratch) != nil { hits += 1 }
    return hits
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
case "reference":
    hits = referenceLoop(Screen(scene: scene), points)
case "flat", "bvh":
    let store = ViewStore(scene: scene, indexThreshold: engine == "flat" ? 0 : 32)
    let scratch = QueryScratch()
    // One pass to grow the scratch, so that the measured pass is the steady state.
    _ = store.hitTest(points[0], engine: engine == "flat" ? .flat : .bvh, scratch: scratch)
    hits = queryLoop(store, engine == "flat" ? .flat : .bvh, scratch, points)
default:
    print("unknown engine \(engine)")
    exit(1)
}
print("\(queries) queries, \(hits) hits")
