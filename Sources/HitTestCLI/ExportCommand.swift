import ArgumentParser
import Foundation
import HitTestBench
import HitTestKit
import HitTestScene

/// `hittest export`: a scene as the box file (`docs/box-files.md`) of the C baselines in
/// `perf/baseline` and of `perf/peers`, with a points file and the
/// checksum our engine gives for those points, so that any structure can be set beside
/// ours and checked against it.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Write a plain scene as a box file (and a points file) for C structures and peers.",
        discussion: """
            The box file lists every view's screen rect in paint order with its subtree size: \
            a count line, then one `minX minY maxX maxY subtreeSize` line a view (the whole \
            format is docs/box-files.md in the HitTestKit repository). With --points-out, also writes COUNT uniform \
            points over the windows (seeded) and prints the checksum of our answers: the sum \
            over the points of the hit view's box index, -1 for no hit.
            """)

    @Argument(help: "The scene file (- for standard input).")
    var scene: String

    @Option(
        name: [.customLong("boxes-out"), .customLong("boxes")],
        help: ArgumentHelp(
            "Where to write the box file. (--boxes is its name before 0.6, kept until 0.7.)",
            valueName: "FILE"))
    var boxes: String

    @Option(
        name: [.customLong("points-out"), .customLong("points")],
        help: ArgumentHelp(
            "Where to write the points file. (--points is its name before 0.6, kept until 0.7.)",
            valueName: "FILE"))
    var points: String?

    @Option(name: .long, help: "How many points.")
    var count = 100_000

    @Option(name: .long, help: "The points' seed.")
    var seed: UInt64 = 1

    func run() throws {
        let loaded = try SceneInput.load(scene)
        let file: BoxFile
        do {
            file = try BoxFile(scene: loaded)
        } catch let e as BoxFile.Ineligible {
            throw CLIError("cannot export \(scene) as boxes: \(e.description)")
        }
        try write(file.text, to: boxes)
        if file.skipped > 0 {
            Output.line("left out \(file.skipped) subtrees that can never be hit")
        }
        let inexact = file.inexactCoordinates
        if inexact > 0 {
            Output.line(
                "note: \(inexact) coordinates are not 32-bit floats; structures that read them as "
                    + "floats can differ from ours within a float's rounding of an edge")
        }
        guard let points else { return }
        // Points that are floats, as the C structures read them.
        let ps = TouchPoints.random(in: loaded, count: count, seed: seed).map {
            Point(x: Double(Float($0.x)), y: Double(Float($0.y)))
        }
        try write(BoxFile.pointsText(ps), to: points)
        let store = ViewStore(scene: loaded)
        let index = file.indexByID()
        let scratch = QueryScratch()
        var sum: Int64 = 0
        for p in ps {
            if let h = store.hitTest(p, scratch: scratch) {
                sum += Int64(index[store.id(of: h.view)]!)
            } else {
                sum -= 1
            }
        }
        Output.line("checksum \(sum) over \(ps.count) points")
    }

    private func write(_ text: String, to path: String) throws {
        if case .failure(let error) = FileBytes.write(Array(text.utf8), toPath: path) {
            throw CLIError("cannot write \(path): \(error.message)")
        }
    }
}
