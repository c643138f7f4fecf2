import ArgumentParser
import HitTestKit

/// `--engine reference|flat|bvh`.
extension Engine: ExpressibleByArgument {}

/// One answered query as `query` prints it (`rule-query-output`): the engine's answer, and
/// what the command adds to it.
struct QueryAnswer {
    /// The point asked, in screen coordinates.
    var point: Point
    /// The engine's answer; nil when no view takes the point.
    var hit: SceneHit?
    /// Responder names, hit view first (nil for a miss).
    var chain: [String]?
    /// The reference algorithm's trace, when asked for.
    var trace: [TraceEntry]?
}

/// Answers queries on a scene with the chosen engine (`Engine.makeHitTester(scene:)`).
/// The trace always comes from the reference algorithm, whichever engine answers.
struct QueryEngine {
    let scene: Scene
    /// The engine that answers: the one asked for, else the fast one that suits the
    /// scene (`ViewStore.preferredEngine`).
    let engine: Engine
    private let hitTester: any HitTestable
    /// The reference tree the traces come from.
    private let traceScreen: Screen?

    init(scene: Scene, engine: Engine?, trace: Bool) {
        self.scene = scene
        if let engine {
            self.engine = engine
            hitTester = engine.makeHitTester(scene: scene)
        } else {
            let store = ViewStore(scene: scene)
            self.engine = store.preferredEngine
            hitTester = StoreEngine(store: store, useIndexes: self.engine == .bvh)
        }
        traceScreen =
            trace ? (hitTester as? ReferenceEngine)?.screen ?? Screen(scene: scene) : nil
    }

    func answers(_ points: [Point], trace: Bool, threads: Int = 2) -> [QueryAnswer] {
        let hits = hitTester.hitTest(points, threads: threads)
        return zip(points, hits).map { p, hit in
            var a = QueryAnswer(point: p, hit: hit)
            if let hit { a.chain = hitTester.responderChain(of: hit.view).map(\.name) }
            if trace, let traceScreen {
                let event = HitTestEvent(tracing: true)
                _ = traceScreen.hitTest(p, with: event)
                a.trace = event.trace
            }
            return a
        }
    }
}
