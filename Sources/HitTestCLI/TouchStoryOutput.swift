import ArgumentParser
import HitTestExplain
import HitTestKit

/// `hittest explain SCENE --events EVENTS --touch N`: the story of one touch of a replay
/// (`TouchStory`), as text or JSON.
enum TouchStoryOutput {
    static func run(_ scene: Scene, _ path: String, _ touch: Int, json: Bool) throws {
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
        if json {
            Output.line(JSONWriter.write(story.json))
        } else {
            for line in story.lines { Output.line(line) }
        }
    }
}
