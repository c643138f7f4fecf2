import ArgumentParser
import HitTestKit

/// The engines `--engine` can name. Without `--engine`, queries use the fast engine that
/// suits the scene (`ViewStore.preferredEngine`).
enum EngineName: String, CaseIterable, ExpressibleByArgument {
    /// The reference recursive algorithm (the oracle).
    case reference
    /// The iterative walk over the flattened store.
    case flat
    /// The walk with bounding-volume indexes over big containers.
    case bvh

    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// One answered query, engine-neutral: what spec section 8 prints.
struct QueryAnswer {
    var point: Point
    var hit: String?
    var window: String?
    var local: Point?
    /// Responder names, hit view first.
    var chain: [String]?
    /// The reference algorithm's trace, when asked for.
    var trace: [TraceEntry]?
}

/// Answers queries on a scene with the chosen engine. The trace always comes from the
/// reference algorithm, whichever engine answers.
struct QueryEngine {
    let scene: Scene
    let engine: EngineName
    private let screen: Screen?
    private let store: ViewStore?
    private let fast: FastEngine

    init(scene: Scene, engine: EngineName?, trace: Bool) {
        self.scene = scene
        let store = engine == .reference ? nil : ViewStore(scene: scene)
        self.store = store
        let chosen = engine ?? (store?.preferredEngine == .bvh ? .bvh : .flat)
        self.engine = chosen
        self.fast = chosen == .flat ? .flat : .bvh
        self.screen = chosen == .reference || trace ? Screen(scene: scene) : nil
    }

    func answers(_ points: [Point], trace: Bool, threads: Int = 2) -> [QueryAnswer] {
        if let store {
            let hits = store.hitTest(points, engine: fast, threads: threads)
            return zip(points, hits).map { p, hit in
                var a = QueryAnswer(point: p)
                if let hit {
                    a.hit = store.id(of: hit.view)
                    a.window = store.id(of: hit.window)
                    a.local = hit.localPoint
                    a.chain = store.responderChain(of: hit.view)
                }
                if trace, let screen {
                    let event = HitTestEvent(tracing: true)
                    _ = screen.hitTest(p, with: event)
                    a.trace = event.trace
                }
                return a
            }
        }
        return points.map { reference($0, trace: trace) }
    }

    private func reference(_ p: Point, trace: Bool) -> QueryAnswer {
        let event = trace ? HitTestEvent(tracing: true) : nil
        var a = QueryAnswer(point: p)
        if let r = screen!.hitTest(p, with: event) {
            a.hit = r.view.id
            a.window = r.window.id
            a.local = r.localPoint
            a.chain = r.view.responderChain.map(\.name)
        }
        a.trace = event?.trace
        return a
    }
}
