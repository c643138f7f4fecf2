import ArgumentParser
import HitTestGenerators
import HitTestKit

extension SceneShape: ExpressibleByArgument {}

struct GenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gen",
        abstract: "Write a generated scene (seeded, deterministic) as hittest-scene/1 JSON.",
        discussion: "Shapes: \(SceneShape.allCases.map(\.rawValue).joined(separator: ", ")).")

    @Option(name: .long, help: "The shape of the scene.")
    var shape: SceneShape = .wide

    @Option(name: .long, help: "How many views, windows and containers included.")
    var views = 10_000

    @Option(name: .long, help: "How many groups a stack scene piles under a point.")
    var depth = SceneShape.defaultDepth

    @Option(name: .long, help: "The seed.")
    var seed: UInt64 = 1

    @Flag(name: .long, help: "Indent the JSON.")
    var pretty = false

    func validate() throws {
        if views < 2 || views > Scene.Limits.default.maxViews {
            throw ValidationError("--views must be in 2...\(Scene.Limits.default.maxViews)")
        }
        if depth < 1 || depth > 1_000_000 { throw ValidationError("--depth must be in 1...1000000") }
        if shape == .deep && views > Scene.Limits.default.maxDepth {
            throw ValidationError(
                "a deep scene of \(views) views would nest deeper than \(Scene.Limits.default.maxDepth) levels, "
                    + "which scene files refuse; build deeper chains with ViewStore.addViews")
        }
    }

    func run() throws {
        Output.line(shape.scene(views: views, seed: seed, depth: depth).json(pretty: pretty))
    }
}
