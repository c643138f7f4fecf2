import Foundation
import HitTestGenerators
import HitTestBridge
import HitTestParity
import HitTestReference
import HitTestScene
import PropertyBased
import Testing

// Property-based parity: the inputs are a SplitMix64 seed and a size in 1...100 that
// bounds the scene (views, depth, subviews per view, big containers), so that
// PropertyBased's shrinker can reduce both. On a failure the message holds our own
// minimised report (scene JSON, point, both answers) and the seed and size that
// reproduce it with `hittest fuzz --seed S --iterations 1 --complexity N`.

/// The counts: 400 scenes, 200 scenes with custom code, 100 sequences of 40 changes.
/// Raise them with `hittest fuzz --iterations N` for soaks.
///
/// Under the sanitizers (CI sets HITTEST_SANITIZER) an eighth of the scenes and sequences:
/// that run looks for memory errors on the paths a scene takes, which 50 scenes and a
/// dozen sequences reach, while the plain run checks parity on all of them. These three
/// are the longest tests of the AddressSanitizer run.
enum Counts {
    static let divisor = ProcessInfo.processInfo.environment["HITTEST_SANITIZER"] == nil ? 1 : 8
    static let scenes = 400 / divisor
    static let customScenes = 200 / divisor
    static let sequences = 100 / divisor
    static let steps = 40
}

@Suite("Parity on random scenes")
struct RandomParityTests {
    @Test("random scenes, with special, uniform and edge-aimed points")
    func randomScenes() async {
        var stats = FuzzStats()
        let start = ContinuousClock.now
        await propertyCheck(count: Counts.scenes, input: Gen.uint64(), Gen.int(in: 1...100)) {
            seed, size in
            var options = FuzzOptions()
            options.size = size
            let report = ParityFuzzer.checkScene(seed: seed, options: options, stats: &stats)
            #expect(report == nil, "\(report.map(String.init(describing:)) ?? "")")
        }
        printSummary("random scenes", stats, since: start)
        #expect(stats.scenes >= Counts.scenes)
    }

    @Test("random scenes whose reference views run custom hitTest and pointInside code")
    func customCode() async {
        var stats = FuzzStats()
        let start = ContinuousClock.now
        await propertyCheck(count: Counts.customScenes, input: Gen.uint64(), Gen.int(in: 1...100)) {
            seed, size in
            var options = FuzzOptions()
            options.size = size
            let report = ParityFuzzer.checkCustomCode(seed: seed, options: options, stats: &stats)
            #expect(report == nil, "\(report.map(String.init(describing:)) ?? "")")
        }
        printSummary("custom code", stats, since: start)
        #expect(stats.scenes >= Counts.customScenes)
    }

    @Test("random sequences of changes, parity checked after every change")
    func changeSequences() async {
        var stats = FuzzStats()
        let start = ContinuousClock.now
        await propertyCheck(count: Counts.sequences, input: Gen.uint64(), Gen.int(in: 1...100)) {
            seed, size in
            var options = FuzzOptions()
            options.size = size
            options.steps = Counts.steps
            let before = stats.changes
            let report = ParityFuzzer.checkChanges(seed: seed, options: options, stats: &stats)
            #expect(report == nil, "\(report.map(String.init(describing:)) ?? "")")
            #expect(
                stats.changes - before == Counts.steps,
                "seed \(seed) size \(size): too few changes applied")
        }
        printSummary("changes", stats, since: start)
        #expect(stats.changes >= Counts.sequences * Counts.steps)
    }

    @Test("stacked scenes of random depth: the pruned screen index answers as the reference")
    func stackedScenes() async {
        await propertyCheck(count: 20 / Counts.divisor, input: Gen.uint64(), Gen.int(in: 1...400)) { seed, depth in
            let scene = SceneShape.stack.scene(views: 3_000, seed: seed, depth: depth)
            let reference = ReferenceEngine(scene: scene)
            let store = Engine.bvh.makeHitTester(scene: scene)
            var rng = SplitMix64(seed: seed)
            let points = EdgePoints.points(for: reference.screen, &rng, uniform: 150, aimedViews: 30)
            var mismatches = 0
            for p in points {
                let (want, got) = (reference.hitTest(p), store.hitTest(p))
                if want != got && mismatches < 3 {
                    Issue.record(
                        "stack seed \(seed) depth \(depth) at \(p): \(SceneHit.describe(got)), reference \(SceneHit.describe(want))")
                }
                if want != got { mismatches += 1 }
            }
            #expect(mismatches == 0, "stack seed \(seed) depth \(depth): \(mismatches) of \(points.count) points differ")
        }
    }

    @Test("the CLI's default run (seed 1) is clean and deterministic")
    func cliDefaultRun() {
        var a = FuzzStats()
        var b = FuzzStats()
        let start = ContinuousClock.now
        let r1 = ParityFuzzer.run(seed: 1, iterations: 3, stats: &a)
        let r2 = ParityFuzzer.run(seed: 1, iterations: 3, stats: &b)
        #expect(r1 == nil, "\(r1.map(String.init(describing:)) ?? "")")
        #expect(r2 == nil)
        #expect(a == b)
        #expect(a.iterations == 3 && a.scenes == 9 && a.changes == 90)
        printSummary("seed 1", a, since: start)
    }
}
