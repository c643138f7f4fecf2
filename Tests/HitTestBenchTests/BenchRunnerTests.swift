@testable import HitTestBench
import HitTestGenerators
import HitTestGeometry
import HitTestJSON
import HitTestScene
import Testing

@Suite struct BenchRunnerTests {
    func quick(_ engines: [Engine] = Engine.allCases) -> BenchConfiguration {
        var c = BenchConfiguration()
        c.engines = engines
        c.queries = 200
        c.repeats = 1
        c.builds = 1
        c.referenceRunSeconds = 0.01
        c.fastRunSeconds = 0.001
        return c
    }

    @Test(arguments: [SceneShape.ui, .wide, .mixed, .transformed, .scroll])
    func everyEngineAgreesOnGeneratedScenes(shape: SceneShape) {
        let scene = shape.scene(views: 800, seed: 11)
        let (rows, mismatches) = BenchRunner(configuration: quick()).run(
            scene: scene, label: shape.rawValue)
        #expect(rows.map(\.engine) == Engine.allCases)
        #expect(mismatches.isEmpty, "\(mismatches.map(\.answers))")
        for r in rows {
            #expect(r.mismatches == 0)
            #expect(r.views == scene.viewCount)
            #expect(r.nsPerQuery > 0 && r.nsPerQueryDrag > 0 && r.buildMs >= 0)
            #expect(r.speedupVsReference != nil)
            // The reference checks at least a couple of points; the others every point.
            #expect(r.engine == .reference ? r.checkedPoints >= 2 : r.checkedPoints == 400)
        }
        #expect(rows[0].speedupVsReference == 1)
        #expect(rows[1].storeBytesPerView != nil && rows[0].storeBytesPerView == nil)
    }

    @Test func withoutTheReferenceThereIsNoSpeedup() {
        let scene = SceneShape.wide.scene(views: 300, seed: 1)
        let (rows, _) = BenchRunner(configuration: quick([.bvh, .flat])).run(
            scene: scene, label: "wide")
        #expect(rows.map(\.engine) == [.bvh, .flat])
        #expect(rows.allSatisfy { $0.speedupVsReference == nil })
        let json = try! JSONReader.parse(Array(BenchReport.json(rows).utf8))
        let first = json.asObject!["results"]!.asArray![0].asObject!
        #expect(first["speedupVsReference"] == .null)
        #expect(
            Array(first.keys.prefix(11)) == [
                "shape", "views", "engine", "buildMs", "nsPerQuery", "nsPerQueryDrag", "nsPerQueryBatch",
                "speedupVsReference", "bytesPerView", "allocationsPerQuery", "mismatches",
            ])
    }

    @Test func theReferenceSkipsScenesDeeperThanItsLimit() {
        let deep = SceneShape.deep.scene(views: Scene.Limits.default.maxDepth + 10, seed: 1)
        #expect(BenchRunner.reasonToSkip(.reference, scene: deep) != nil)
        #expect(BenchRunner.reasonToSkip(.bvh, scene: deep) == nil)
        var c = quick([.reference, .bvh])
        c.queries = 10
        let (rows, _) = BenchRunner(configuration: c).run(scene: deep, label: "deep")
        #expect(rows.map(\.engine) == [.bvh])
    }

    @Test func disagreementsAreCountedPerEngine() {
        // Point 0: all agree. Point 1: bvh differs, so every engine there disagrees with
        // another one. Point 2: the reference did not answer; flat and bvh differ.
        let a = SceneHit(view: "a", window: "w", localPoint: .zero)
        let b = SceneHit(view: "b", window: "w", localPoint: .zero)
        let answers: [Engine: [SceneHit?]] = [
            .reference: [a, a], .flat: [a, a, nil], .bvh: [a, b, a],
        ]
        var rows = Engine.allCases.map {
            BenchResult(
                shape: "s", views: 1, engine: $0, buildMs: 0, nsPerQuery: 1, nsPerQueryDrag: 1,
                mismatches: 0, checkedPoints: 0, timedPoints: 0, threads: 1)
        }
        let points = (0..<3).map { Point(x: Double($0), y: 0) }
        let examples = BenchRunner.compare(answers, points: points, rows: &rows, label: "s")
        #expect(rows.map(\.mismatches) == [1, 2, 2])
        #expect(examples.map(\.x) == [1, 2])
        #expect(examples[1].answers.map(\.engine) == [.flat, .bvh])
    }
}
