import ArgumentParser
import HitTestKit

struct ChainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chain",
        abstract: "Print the responder chain of a view: the view, its next responder, and so on.")

    @Argument(help: "The scene file; \"-\" reads standard input.")
    var scene: String

    @Argument(help: "The view's id.")
    var id: String

    @Flag(name: .long, help: "Print a JSON array of responder names.")
    var json = false

    func run() throws {
        let scene = try SceneInput.load(self.scene)
        let screen = Screen(scene: scene)
        guard let view = screen.view(withID: id) else {
            throw CLIError(IDSuggestions.message(for: id, in: scene, sceneName: self.scene))
        }
        let chain = view.responderChain.map(\.name)
        if json {
            Output.line(JSONWriter.write(.array(chain.map { .string($0) })))
        } else {
            for line in QueryReport.chainLines(chain, classNames: QueryReport.classNames(of: scene))
            {
                Output.line(line)
            }
        }
    }
}
