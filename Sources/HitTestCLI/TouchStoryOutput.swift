import ArgumentParser
import HitTestExplain
import HitTestImport
import HitTestKit

/// `hittest explain SCENE --events EVENTS --touch N`: the story of one touch of a replay
/// (`TouchStory`), as text or JSON. For a scene imported from a dump, the notes on what
/// the import assumed about the views the touch began in follow (`Explanation.importNotes`
/// at the point where it began), as for a point.
enum TouchStoryOutput {
    static func run(
        _ scene: Scene, imported: ImportResult?, _ path: String, _ touch: Int, json: Bool
    ) throws {
        let bytes = try SceneInput.read(path, what: "events file")
        let file: EventsFile
        do {
            file = try EventsFile.load(json: bytes)
        } catch {
            throw CLIError("\(path) is not a valid events file:\n  \(error)")
        }
        let story: TouchStory?
        do {
            story = try Dispatcher.story(of: touch, scene: scene, events: file)
        } catch {
            throw CLIError("\(path) cannot be replayed: \(error)")
        }
        guard let story else {
            throw CLIError("no touch with id \(touch) begins in \(path)")
        }
        let notes = imported.flatMap {
            Explainer(imported: $0).explain(story.location)?.importNotes
        }
        if json {
            guard let notes, case .object(var o) = story.json else {
                return Output.line(JSONWriter.write(story.json))
            }
            o.append("importNotes", .array(notes.map(\.json)))
            Output.line(JSONWriter.write(.object(o)))
        } else {
            for line in story.lines { Output.line(line) }
            for n in notes ?? [] { Output.line("note: " + n.message) }
        }
    }
}
