import Foundation
import HitTestKit

extension QueryCommand {
    /// True when the answers need a store and nothing else: the engine the store prefers,
    /// no trace (the reference's) and no `--rect` (the explainer's). The scene file then
    /// goes straight into the store (`SceneInput.loadStore`), with no `Scene` value.
    var answersFromStore: Bool { engine == nil && !trace && rect == nil }

    /// `run()` on a store: the same answers and output as through `QueryEngine`, asked by
    /// handle (an answer by id would build the store's id map, most of a query's time
    /// on a large scene).
    ///
    /// One point (`--at`) is answered by a walk of a store built with no index: building
    /// the screen index costs more than the walk of one query, whatever the scene (both
    /// are O(n) at worst, the walk usually far less), and the answers are the same.
    func runOnStore() throws {
        let store = try SceneInput.loadStore(
            self.scene, indexThreshold: at != nil ? 0 : ViewStore.defaultIndexThreshold)
        let queryPoints = try at.map { [$0] } ?? PointsFile.load(points!)
        let hits = store.hitTest(
            queryPoints, useIndexes: store.preferredEngine == .bvh,
            threads: threads ?? ProcessInfo.processInfo.activeProcessorCount)
        // Class names of the views in the chains, for the text's labels.
        var names: [String: String] = [:]
        let answers = zip(queryPoints, hits).map { p, hit in
            var a = QueryAnswer(point: p, hit: nil)
            guard let hit else { return a }
            a.hit = SceneHit(
                view: store.id(of: hit.view), window: store.id(of: hit.window),
                localPoint: hit.localPoint)
            a.chain = store.responderChain(of: hit.view).map(\.name)
            if !json {
                for case .view(let v) in store.responders(of: hit.view) {
                    names[store.id(of: v)] = store.className(of: v)
                }
            }
            return a
        }
        if json {
            let value: JSONValue =
                at != nil ? QueryReport.json(answers[0]) : .array(answers.map(QueryReport.json))
            Output.line(JSONWriter.write(value, pretty: false))
            return
        }
        for a in answers {
            for line in QueryReport.text(a, classNames: names, withChain: at != nil) {
                Output.line(line)
            }
        }
    }
}
