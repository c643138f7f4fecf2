import ArgumentParser
import Foundation
import HitTestExplain
import HitTestKit

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract:
            "Why a view got the touch, or did not: what decided at each view the reference algorithm asked.",
        discussion: """
            With --expect ID it says in a sentence or two why that view did not get the touch, \
            and what to change in UIKit's terms (a property such as isUserInteractionEnabled, \
            or an override of hitTest(_:with:) or point(inside:with:), and on which view), \
            ending with the rule of HitTestingRules that decided; without --at it aims at the center of the part of that view \
            its ancestors leave visible, and says where that is on the screen. With --events FILE [--touch N] it replays the events and \
            tells why touch N (default 1) went where it went: the view it was bound to, the \
            recognizers and scroll views that decided about it, and what its view was sent.

            SCENE may be a -[UIView recursiveDescription] dump instead of a scene file: it is \
            imported as `hittest import recursive-description` imports it (not --strict), with \
            that command's warnings on standard error. The answer then ends with a "note:" \
            line (with --json, an "importNotes" array) for each thing the import assumed about \
            a view the explanation talks about (the views the touch lands in, or with --events \
            began in; the --expect view; the views the verdict names): gesture recognizers the dump \
            lists and the scene lacks, which on the device may take this touch, or cannot when \
            it does not land in their view; a UISwitch's recognizers recreated as its built-in \
            tap; a value the import repaired. The other commands read scene files only, and \
            given a dump say how to import it.
            """)

    @Argument(
        help: """
            The scene file, or a -[UIView recursiveDescription] dump, imported as `hittest import \
            recursive-description` would; "-" reads standard input. Without it, the built-in demo.
            """)
    var scene: String?

    // `.unconditional`: the value after --at is the point even when it starts with "-"
    // (`--at -10,20`), which the default strategy takes for an option.
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "The point in screen coordinates, as X,Y, [X, Y], {X, Y}, (X, Y) or lldb's (x = X, y = Y) (negative ones as typed: -10,20).",
            valueName: "X,Y"))
    var at: Point?

    @Option(name: .long, help: "The id of the view that should have got the touch.")
    var expect: String?

    @Option(name: .long, help: "A hittest-events/1 file to replay; explains one of its touches.")
    var events: String?

    @Option(name: .long, help: "With --events: the id of the touch to explain (default 1).")
    var touch: Int?

    @Flag(name: .long, help: "Print the same as JSON.")
    var json = false

    func validate() throws {
        if at == nil && events == nil && expect == nil {
            throw ValidationError("give --at X,Y, --expect ID, or --events FILE [--touch N]")
        }
        if at != nil && events != nil {
            throw ValidationError("--at and --events explain different things: give one")
        }
        if touch != nil && events == nil { throw ValidationError("--touch needs --events") }
    }

    func run() throws {
        let (scene, imported) = try SceneInput.loadSceneOrDump(self.scene)
        if let events {
            return try TouchStoryOutput.run(
                scene, imported: imported, events, touch ?? 1, json: json)
        }
        let explainer = imported.map { Explainer(imported: $0) } ?? Explainer(scene: scene)
        let point: Point
        if let at {
            point = at
        } else if let aimed = try aim(explainer, scene) {
            point = aimed
        } else {
            return
        }
        guard let explanation = explainer.explain(point, expect: expect) else {
            throw CLIError(
                IDSuggestions.message(
                    for: expect ?? "", in: scene, sceneName: self.scene ?? "the demo scene"))
        }
        if json {
            Output.line(JSONWriter.write(explanation.json))
        } else {
            for line in explanation.lines { Output.line(line) }
        }
    }

    /// `--expect ID` without `--at`: the center of the view's visible part, announced on
    /// standard output (standard error with `--json`, which keeps standard output JSON).
    private func aim(_ explainer: Explainer, _ scene: Scene) throws -> Point? {
        guard let expect else { return nil }
        guard let placement = explainer.placement(of: expect) else {
            throw CLIError(
                IDSuggestions.message(
                    for: expect, in: scene, sceneName: self.scene ?? "the demo scene"))
        }
        let p = placement.aim
        let whole = Self.describe(placement.screenRect)
        let at = "aiming at \(QueryReport.format(p))"
        let line: String
        if let visible = placement.visibleRect, visible != placement.screenRect {
            line =
                "\(at), the center of the part of `\(expect)` inside its ancestors "
                + "(on screen \(Self.describe(visible)) of \(whole))"
        } else if placement.visibleRect == nil {
            line =
                "\(at), the center of `\(expect)` (on screen \(whole)), none of which is inside its ancestors"
        } else {
            line = "\(at), the center of `\(expect)` (on screen \(whole))"
        }
        if json {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        } else {
            Output.line(line)
        }
        return p
    }

    /// A screen rect as `(x, y; w x h)`.
    static func describe(_ r: Rect) -> String {
        "(\(QueryReport.format(r.minX)), \(QueryReport.format(r.minY)); "
            + "\(QueryReport.format(r.width)) x \(QueryReport.format(r.height)))"
    }
}
