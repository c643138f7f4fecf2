import ArgumentParser
import Foundation
import HitTestExplain
import HitTestKit

struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Hit-test one point (--at) or many (--points) in screen coordinates.",
        discussion: """
            Without SCENE, queries the built-in demo scene (the source articles' \
            ViewOne > ViewTwo > ViewThree in a navigation controller).
            """)

    @Argument(help: "The scene file (hittest-scene/1 JSON); \"-\" reads standard input.")
    var scene: String?

    // `.unconditional`: the value after --at is the point even when it starts with "-"
    // (`--at -10,20`), which the default strategy takes for an option.
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "The point, as X,Y, [X, Y], {X, Y}, (X, Y) or lldb's (x = X, y = Y) (negative ones as typed: -10,20).",
            valueName: "X,Y"))
    var at: Point?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Instead of a point: where view ID is on the screen (its bounds as a screen rect, the part inside its ancestors, and that part's center).",
            valueName: "ID"))
    var rect: String?

    @Option(
        name: .long,
        help: ArgumentHelp("A JSON file holding an array of [x, y] points.", valueName: "FILE"))
    var points: String?

    @Flag(name: .long, help: "Print JSON (rule-query-output): an object, or an array for --points.")
    var json = false

    @Flag(
        name: .long, help: "Add the reference algorithm's trace of hitTest and pointInside calls.")
    var trace = false

    @Option(
        name: .long,
        help:
            "The engine that answers: \(Engine.names) (default: the fast engine that suits the scene)."
    )
    var engine: Engine?

    @Option(
        name: .long,
        help: "Threads for a batch of points (default: every core). Answers do not depend on it.")
    var threads: Int?

    func validate() throws {
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
        if [at != nil, points != nil, rect != nil].filter({ $0 }).count != 1 {
            throw ValidationError("give exactly one of --at X,Y, --points FILE or --rect ID")
        }
    }

    func run() throws {
        if answersFromStore { return try runOnStore() }
        let scene = try SceneInput.load(self.scene)
        if let rect { return try printPlacement(of: rect, in: scene) }
        let queryPoints = try at.map { [$0] } ?? PointsFile.load(points!)
        let answers = QueryEngine(scene: scene, engine: engine, trace: trace).answers(
            queryPoints, trace: trace,
            threads: threads ?? ProcessInfo.processInfo.activeProcessorCount)
        if json {
            let value: JSONValue =
                at != nil ? QueryReport.json(answers[0]) : .array(answers.map(QueryReport.json))
            Output.line(JSONWriter.write(value, pretty: false))
        } else {
            let names = QueryReport.classNames(of: scene)
            for a in answers {
                for line in QueryReport.text(a, classNames: names, withChain: at != nil) {
                    Output.line(line)
                }
            }
        }
    }
}

extension QueryCommand {
    /// `--rect ID`: the view's screen rect, its part inside its ancestors and the center of
    /// that part (`{"view", "screenRect", "visibleRect", "center"}` with `--json`; rects as
    /// `[x, y, width, height]`, a visible rect of null when nothing of the view is inside).
    func printPlacement(of id: String, in scene: Scene) throws {
        guard let placement = Explainer(scene: scene).placement(of: id) else {
            throw CLIError(
                IDSuggestions.message(for: id, in: scene, sceneName: self.scene ?? "the demo scene")
            )
        }
        func numbers(_ r: Rect) -> JSONValue {
            .array([.number(r.minX), .number(r.minY), .number(r.width), .number(r.height)])
        }
        if json {
            var o = JSONObject()
            o.append("view", .string(id))
            o.append("screenRect", numbers(placement.screenRect))
            o.append("visibleRect", placement.visibleRect.map(numbers) ?? .null)
            o.append("center", QueryReport.numbers(placement.aim))
            Output.line(JSONWriter.write(.object(o), pretty: false))
            return
        }
        Output.line("\(id): on screen \(ExplainCommand.describe(placement.screenRect))")
        if let visible = placement.visibleRect {
            Output.line("inside its ancestors: \(ExplainCommand.describe(visible))")
        } else {
            Output.line("inside its ancestors: nothing")
        }
        Output.line("center of that part: \(QueryReport.format(placement.aim))")
    }
}
