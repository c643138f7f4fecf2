import ArgumentParser
import HitTestKit

/// The engines `--engine` can name. Later engines join this list; the default is the
/// fastest one available.
enum EngineName: String, CaseIterable, ExpressibleByArgument {
    /// The reference recursive algorithm (the oracle).
    case reference

    static let `default`: EngineName = .reference
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

/// Answers queries on a scene with the reference tree.
struct ReferenceEngine {
    let screen: Screen

    init(scene: Scene) {
        screen = Screen(scene: scene)
    }

    func answer(_ p: Point, trace: Bool) -> QueryAnswer {
        let event = trace ? HitTestEvent(tracing: true) : nil
        var a = QueryAnswer(point: p)
        if let r = screen.hitTest(p, with: event) {
            a.hit = r.view.id
            a.window = r.window.id
            a.local = r.localPoint
            a.chain = r.view.responderChain.map(\.name)
        }
        a.trace = event?.trace
        return a
    }
}
