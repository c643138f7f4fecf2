import ArgumentParser
import Foundation
import HitTestKit

/// `hittest replay SCENE EVENTS`: feeds an events file to the dispatcher and prints the
/// log (`rule-dispatch-log`).
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay touches on a scene: recognizers, responders and controls, in order.",
        discussion: """
            EVENTS is a hittest-events/1 JSON file ("-" reads standard input): frames of \
            touches with id, phase and screen location. Prints every delivery, state \
            change, action and control event, as text in the style of the source \
            articles' logs, or with --json as a JSON array.
            """)

    @Argument(help: "The scene file; \"-\" reads standard input.")
    var scene: String

    @Argument(help: "The events file; \"-\" reads standard input.")
    var events: String

    @Flag(name: .long, help: "Print the log as a JSON array (rule-dispatch-log).")
    var json = false

    @Option(
        name: .long,
        help: "The hit-testing engine: reference, flat or bvh (default bvh); logs are equal.")
    var engine: Engine?

    func validate() throws {
        if scene == "-" && events == "-" {
            throw ValidationError("SCENE and EVENTS cannot both be standard input")
        }
    }

    func run() throws {
        let scene = try SceneInput.load(self.scene)
        let file = try loadEvents()
        let dispatcher = Dispatcher(scene: scene, engine: engine ?? .bvh)
        do {
            try dispatcher.replay(file)
        } catch {
            throw CLIError("\(displayName) cannot be replayed: \(error)")
        }
        Output.write(json ? dispatcher.log.json + "\n" : dispatcher.log.text)
    }

    private var displayName: String { events == "-" ? "standard input" : events }

    private func loadEvents() throws -> EventsFile {
        let bytes = try SceneInput.read(events, what: "events file")
        do {
            return try EventsFile.load(json: bytes)
        } catch {
            throw CLIError("\(displayName) is not a valid events file:\n  \(error)")
        }
    }
}
