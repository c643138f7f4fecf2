import Foundation
import HitTestExplain
import HitTestGenerators
import HitTestGeometry
import HitTestJSON
import HitTestReference
import HitTestScene
import Testing

/// The interactive map's explainer (`Explainer.pageScript`, run by node over
/// `Explainer.pageScene()`) against this module's: the same lines for `explain --at` and
/// the same "why not" sentence, on generated scenes of every shape, at view centers,
/// corners, far edges (which are outside) and random points.
@Suite("the page's explainer agrees with explain")
struct PageExplainerTests {
    static let node = ["/usr/bin/node", "/usr/local/bin/node"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// One question: a point, and a view number for "why not" (-1: the plain explanation).
    struct Question {
        var point: Point
        var view: Int
    }

    @Test(
        "explain and why-not, Swift against the page's script",
        .enabled(if: node != nil, "needs node"),
        arguments: SceneShape.allCases)
    func agrees(shape: SceneShape) throws {
        for seed: UInt64 in [1, 2] {
            let scene = shape.scene(views: 120, seed: seed)
            let explainer = Explainer(scene: scene)
            let ids = Self.preOrderIDs(scene)
            var questions: [Question] = []
            var random = SplitMix64(seed: seed)
            for (n, id) in ids.enumerated() where n % 3 == 0 {
                guard let r = explainer.placement(of: id)?.screenRect, r.minX.isFinite,
                    r.maxX.isFinite
                else { continue }
                for p in [
                    Point(x: r.midX, y: r.midY), Point(x: r.minX, y: r.minY),
                    Point(x: r.maxX, y: r.midY), Point(x: r.midX, y: r.maxY - 0.5),
                ] {
                    questions.append(Question(point: p, view: -1))
                    questions.append(Question(point: p, view: n))
                    questions.append(Question(point: p, view: random.below(ids.count)))
                }
            }
            for _ in 0..<200 {
                let p = Point(
                    x: random.unit() * scene.screen.width, y: random.unit() * scene.screen.height)
                questions.append(Question(point: p, view: -1))
                questions.append(Question(point: p, view: random.below(ids.count)))
            }
            let expected = questions.map { q -> String in
                if q.view < 0 { return explainer.explain(q.point)!.lines.joined(separator: "\n") }
                return explainer.explain(q.point, expect: ids[q.view])!.verdict!.message
            }
            let actual = try Self.runPage(explainer.pageScene(), questions)
            #expect(actual.count == expected.count)
            var mismatches = 0
            for (i, (a, e)) in zip(actual, expected).enumerated() where a != e {
                mismatches += 1
                if mismatches <= 3 {
                    let q = questions[i]
                    Issue.record(
                        "\(shape) seed \(seed) at \(q.point) view \(q.view):\nSwift: \(e)\npage:  \(a)"
                    )
                }
            }
            #expect(
                mismatches == 0, "\(shape) seed \(seed): \(mismatches) of \(questions.count) differ"
            )
        }
    }

    @Test(
        "every why-doesn't-my-button-respond situation, Swift against the page's script",
        .enabled(if: node != nil, "needs node"))
    func situations() throws {
        // Custom code is Swift the page cannot run; scene files, which the page is made
        // from, cannot hold any.
        for s in whyNotSituations where s.rule != "rule-override-custom-code" {
            let explainer = Explainer(screen: try s.screen())
            var ids: [String] = []
            var stack = Array(explainer.screen.windows.reversed()) as [View]
            while let v = stack.popLast() {
                ids.append(v.id)
                stack.append(contentsOf: v.subviews.reversed())
            }
            let n = try #require(ids.firstIndex(of: s.expect))
            let page = try Self.runPage(
                explainer.pageScene(),
                [Question(point: s.tap, view: -1), Question(point: s.tap, view: n)])
            let plain = try #require(explainer.explain(s.tap)).lines.joined(separator: "\n")
            let why = try #require(explainer.explain(s.tap, expect: s.expect)?.verdict).message
            #expect(page == [plain, why], "\(s.rule)")
        }
    }

    /// The views' ids in the order the page numbers them.
    static func preOrderIDs(_ scene: Scene) -> [String] {
        var out: [String] = []
        var stack = Array(scene.windows.reversed())
        while let v = stack.popLast() {
            out.append(v.id)
            stack.append(contentsOf: v.subviews.reversed())
        }
        return out
    }

    /// The answers of the page's script, run by node, one string per question.
    static func runPage(_ scene: JSONValue, _ questions: [Question]) throws -> [String] {
        let qs = JSONValue.array(
            questions.map {
                .array([.number($0.point.x), .number($0.point.y), .number(Double($0.view))])
            })
        let program =
            Explainer.pageScript + """

                const scene = \(JSONWriter.write(scene));
                const questions = \(JSONWriter.write(qs));
                const e = makeExplainer(scene);
                const out = questions.map(q => q[2] < 0 ? e.explain(q[0], q[1]).join('\\n') : e.whyNot(q[0], q[1], q[2]));
                process.stdout.write(JSON.stringify(out));
                """
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "page-explainer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("run.js")
        try program.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node!)
        process.arguments = [file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let parsed = try JSONReader.parse(Array(data))
        return (parsed.asArray ?? []).map { $0.asString ?? "" }
    }
}
