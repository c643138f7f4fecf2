import HitTestBridge
import HitTestGenerators
import HitTestGeometry
import HitTestReference
import HitTestScene
import HitTestStore

/// How much each fuzzing iteration does.
public struct FuzzOptions: Hashable, Sendable {
    /// In `1...100`: scales the scenes (views, depth, subviews per view, big containers).
    /// The property-based tests shrink it.
    public var size = 100
    /// Views per scene at size 100, besides a big container's children.
    public var views = 60
    /// The chance that a scene gets a pile of views stacked many deep
    /// (`SceneOptions.pileChance`).
    public var piles = 0.3
    public var scene: SceneOptions {
        var o = SceneOptions(size: size, maxViews: views)
        o.pileChance = piles
        return o
    }
    /// Uniform points per scene (special and edge-aimed points come on top).
    public var uniformPoints = 40
    /// Views per scene whose edges are aimed at (9 points per corner or edge midpoint).
    public var aimedViews = 16
    /// The share of views that get custom code in custom-code scenes.
    public var customRate = 0.15
    /// Changes per sequence (parity is checked after every one).
    public var steps = 30
    /// Uniform points checked after each change.
    public var uniformPointsPerStep = 6
    /// Extra random views aimed at after each change (besides the changed one and its
    /// superview).
    public var aimedViewsPerStep = 1
    /// Minimise failures before reporting them.
    public var minimize = true

    public init() {}

    /// The `hittest fuzz` flags that give these options.
    public var flags: String {
        var out = ""
        if size != 100 { out += " --complexity \(size)" }
        if views != 60 { out += " --views \(views)" }
        if steps != 30 { out += " --steps \(steps)" }
        if uniformPoints != 40 { out += " --queries \(uniformPoints)" }
        if piles != 0.3 { out += " --piles \(piles)" }
        return out
    }
}

/// What was checked.
public struct FuzzStats: Hashable, Sendable, CustomStringConvertible {
    public var iterations = 0
    public var scenes = 0
    /// Points, each compared with every store and engine.
    public var points = 0
    /// Store queries (points x stores x engines).
    public var queries = 0
    /// Changes made on both sides and checked.
    public var changes = 0

    public init() {}

    public static func += (a: inout FuzzStats, b: FuzzStats) {
        a.iterations += b.iterations
        a.scenes += b.scenes
        a.points += b.points
        a.queries += b.queries
        a.changes += b.changes
    }

    public var description: String {
        "\(iterations) iterations: \(scenes) scenes, \(points) points (\(queries) store queries), \(changes) changes checked"
    }
}

/// Which part of the fuzzer found a mismatch.
public enum FuzzKind: String, Sendable {
    /// A random scene, stores built from it.
    case scene
    /// A random scene whose reference tree has custom `hitTest`/`pointInside` code.
    case customCode = "custom code"
    /// A random scene changed step by step on both sides.
    case changes
}

/// A mismatch, minimised, with everything needed to reproduce it.
public struct FuzzReport: Error, Sendable, CustomStringConvertible {
    /// The seed that reproduces it: `ParityFuzzer.run(seed: seed, iterations: 1)` or
    /// `hittest fuzz --seed <seed> --iterations 1`; nil for a scene written by hand.
    public var seed: UInt64?
    public var kind: FuzzKind
    /// The mismatch as found.
    public var original: Mismatch
    /// The mismatch on the minimal input.
    public var minimal: Mismatch
    /// The minimal scene (for `changes`: the scene the changes start from).
    public var scene: Scene
    public var custom: CustomPlan
    /// For `changes`: the minimal steps, and the tree they lead to, exported with
    /// `Screen.scene()`.
    public var changes: [Change]
    public var changedScene: Scene?
    /// The options it was found with.
    public var options: FuzzOptions
    /// Views in the scene as found.
    public var originalViewCount: Int
    /// True when loading the printed JSON (and replaying the steps) fails the same way.
    public var reproducesFromJSON: Bool

    public var description: String {
        var out = "PARITY MISMATCH (\(kind.rawValue))"
        if let seed {
            out +=
                ", seed \(seed)\nreproduce: hittest fuzz --seed \(seed) --iterations 1\(options.flags)"
        }
        out += "\n\(minimal)"
        out += "\nas first found, in a scene of \(originalViewCount) views:\n\(original)"
        if !custom.isEmpty { out += "\ncustom code:\n\(custom)" }
        if !changes.isEmpty {
            out += "\nchanges (parity checked at the point after each):\n"
            out += changes.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(
                separator: "\n")
        }
        out +=
            "\nminimal scene (\(scene.viewCount) views; the printed JSON reproduces it: \(reproducesFromJSON ? "yes" : "NO")):\n"
        out += scene.json()
        if let changedScene, !changes.isEmpty {
            out += "\nthe tree after the changes (Screen.scene()):\n" + changedScene.json()
        }
        return out
    }
}

/// The seeded parity fuzzer: random scenes, custom code and sequences of changes, each
/// compared point by point with the reference on stores of every index threshold, with
/// both engines. Deterministic: iteration `i` of `run(seed: s, ...)` is iteration 0 of
/// `run(seed: s + i, ...)`.
public enum ParityFuzzer {
    /// Runs `iterations` iterations (a scene, a scene with custom code, and a sequence of
    /// changes each) and returns the first mismatch, minimised, or nil.
    public static func run(
        seed: UInt64, iterations: Int, options: FuzzOptions = FuzzOptions(), stats: inout FuzzStats,
        progress: ((_ iteration: Int, _ stats: FuzzStats) -> Void)? = nil
    ) -> FuzzReport? {
        for i in 0..<iterations {
            let s = seed &+ UInt64(i)
            if let r = checkScene(seed: s, options: options, stats: &stats) { return r }
            if let r = checkCustomCode(seed: s, options: options, stats: &stats) { return r }
            if let r = checkChanges(seed: s, options: options, stats: &stats) { return r }
            stats.iterations += 1
            progress?(i + 1, stats)
        }
        return nil
    }

    public static func run(seed: UInt64, iterations: Int, options: FuzzOptions = FuzzOptions())
        -> FuzzReport?
    {
        var stats = FuzzStats()
        return run(seed: seed, iterations: iterations, options: options, stats: &stats)
    }

    static let sceneLabel: UInt64 = 1
    static let customLabel: UInt64 = 2
    static let changesLabel: UInt64 = 3

    /// One random scene, with special, uniform and edge-aimed points.
    public static func checkScene(seed: UInt64, options: FuzzOptions, stats: inout FuzzStats)
        -> FuzzReport?
    {
        var rng = SplitMix64(seed: SplitMix64.derive(seed, sceneLabel))
        let scene = RandomScene.make(&rng, options: options.scene)
        return check(scene, CustomPlan(), kind: .scene, seed: seed, &rng, options, &stats)
    }

    /// One random scene with custom code on some views.
    public static func checkCustomCode(seed: UInt64, options: FuzzOptions, stats: inout FuzzStats)
        -> FuzzReport?
    {
        var rng = SplitMix64(seed: SplitMix64.derive(seed, customLabel))
        let scene = RandomScene.make(&rng, options: options.scene)
        let plan = CustomPlan.random(for: scene, rate: options.customRate, &rng)
        return check(scene, plan, kind: .customCode, seed: seed, &rng, options, &stats)
    }

    static func check(
        _ scene: Scene, _ plan: CustomPlan, kind: FuzzKind, seed: UInt64, _ rng: inout SplitMix64,
        _ options: FuzzOptions, _ stats: inout FuzzStats
    ) -> FuzzReport? {
        let checker = ParityChecker(scene: scene, custom: plan)
        let points = EdgePoints.points(
            for: checker.screen, &rng, uniform: options.uniformPoints,
            aimedViews: options.aimedViews)
        let found = checker.check(points)
        stats.scenes += 1
        stats.points += checker.pointsChecked
        stats.queries += checker.queries
        guard let found else { return nil }
        return report(scene: scene, plan, found, kind: kind, seed: seed, options: options)
    }

    /// Minimises a mismatch found on a scene (and custom code) and reports it.
    public static func report(
        scene: Scene, _ plan: CustomPlan, _ found: Mismatch, kind: FuzzKind, seed: UInt64?,
        options: FuzzOptions = FuzzOptions()
    ) -> FuzzReport {
        let p = found.point
        var small = (scene: scene, custom: plan)
        if options.minimize {
            small = Shrink.minimize(scene, custom: plan) { s, c in
                ParityChecker.fails(s, c, at: p)
            }
        }
        let minimal = ParityChecker(scene: small.scene, custom: small.custom).check(p) ?? found
        var reproduces = false
        if let loaded = try? Scene.load(json: small.scene.json()) {
            reproduces = ParityChecker.fails(loaded, small.custom, at: p)
        }
        return FuzzReport(
            seed: seed, kind: kind, original: found, minimal: minimal, scene: small.scene,
            custom: small.custom,
            changes: [], changedScene: nil, options: options, originalViewCount: scene.viewCount,
            reproducesFromJSON: reproduces)
    }

    /// One random scene without custom code, changed `options.steps` times on both sides,
    /// with parity checked after every change; at the end, the exported tree is checked
    /// against fresh stores too.
    public static func checkChanges(seed: UInt64, options: FuzzOptions, stats: inout FuzzStats)
        -> FuzzReport?
    {
        var rng = SplitMix64(seed: SplitMix64.derive(seed, changesLabel))
        let scene = RandomScene.make(&rng, options: options.scene)
        let world = ChangingWorld(scene: scene)
        var changes: [Change] = []
        stats.scenes += 1
        defer {
            stats.points += world.checker.pointsChecked
            stats.queries += world.checker.queries
        }
        var attempts = 0
        while changes.count < options.steps && attempts < 4 * options.steps {
            attempts += 1
            let change = world.randomChange(&rng)
            guard world.apply(change) else { continue }
            changes.append(change)
            // Every other step on a rebuilt screen index; between, on a refitted or a
            // stale one (geometry-only changes of plain leaves refit it in place).
            if changes.count % 2 == 0 { world.updateIndexes() }
            stats.changes += 1
            let points = world.points(
                after: change, &rng, uniform: options.uniformPointsPerStep,
                others: options.aimedViewsPerStep)
            if let found = world.checker.check(points) {
                return report(scene: scene, changes: changes, found, seed: seed, options: options)
            }
        }
        // The tree as it is now, built afresh: from the changed reference tree itself, and
        // from its export (`Screen.scene()`).
        let exported = world.scene()
        let fromTree = ParityChecker(
            screen: world.screen,
            subjects: ParityChecker.thresholds.map {
                .init(
                    store: ViewStore(screen: world.screen, indexThreshold: $0),
                    label: "the changed tree")
            })
        let fromScene = ParityChecker(scene: exported)
        let points = EdgePoints.points(for: world.screen, &rng, uniform: 10, aimedViews: 4)
        let found = fromTree.check(points) ?? fromScene.check(points)
        stats.points += fromTree.pointsChecked + fromScene.pointsChecked
        stats.queries += fromTree.queries + fromScene.queries
        if let found {
            return report(
                scene: exported, CustomPlan(), found, kind: .changes, seed: seed, options: options)
        }
        return nil
    }

    /// Replays changes on a fresh world and says whether `p` mismatches after any step.
    public static func replayFails(_ scene: Scene, _ changes: [Change], at p: Point) -> Bool {
        let world = ChangingWorld(scene: scene)
        if world.checker.check(p) != nil { return true }
        var applied = 0
        for c in changes where world.apply(c) {
            applied += 1
            if applied % 2 == 0 { world.updateIndexes() }  // as `checkChanges` does
            if world.checker.check(p) != nil { return true }
        }
        return false
    }

    /// Minimises a mismatch found after changes. When the tree as changed already
    /// mismatches on fresh stores, the exported tree is minimised like any scene;
    /// otherwise the changes and the starting scene are.
    public static func report(
        scene: Scene, changes: [Change], _ found: Mismatch, seed: UInt64?,
        options: FuzzOptions = FuzzOptions()
    ) -> FuzzReport {
        let p = found.point
        let world = ChangingWorld(scene: scene)
        for c in changes { world.apply(c) }
        let exported = world.scene()
        if ParityChecker.fails(exported, CustomPlan(), at: p) {
            var r = report(
                scene: exported, CustomPlan(), found, kind: .changes, seed: seed, options: options)
            r.originalViewCount = scene.viewCount
            return r
        }
        var small = (scene: scene, changes: changes)
        if options.minimize {
            small = Shrink.minimize(scene: scene, changes: changes) { s, c in
                replayFails(s, c, at: p)
            }
        }
        let replay = ChangingWorld(scene: small.scene)
        var minimal = replay.checker.check(p)
        var applied: [Change] = []
        for c in small.changes where minimal == nil {
            if replay.apply(c) { applied.append(c) }
            minimal = replay.checker.check(p)
        }
        var reproduces = false
        if let loaded = try? Scene.load(json: small.scene.json()) {
            reproduces = replayFails(loaded, applied, at: p)
        }
        return FuzzReport(
            seed: seed, kind: .changes, original: found, minimal: minimal ?? found,
            scene: small.scene,
            custom: CustomPlan(), changes: applied, changedScene: replay.scene(), options: options,
            originalViewCount: scene.viewCount, reproducesFromJSON: reproduces)
    }
}
