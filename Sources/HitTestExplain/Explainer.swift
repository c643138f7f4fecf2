import HitTestGeometry
import HitTestImport
import HitTestReference
import HitTestScene

/// Explains hit-tests: runs the reference algorithm with its trace (what happened), then
/// asks the tree why at each call (which rule decided).
public struct Explainer {
    public let screen: Screen
    var viewsByID: [String: View] = [:]
    /// For a scene imported from a dump: the import's warnings about each view, by id, in
    /// line order. Nil for a scene that did not come from a dump.
    var importWarnings: [String: [ImportWarning]]?

    public init(screen: Screen) {
        self.screen = screen
        var stack: [View] = screen.windows
        while let v = stack.popLast() {
            if viewsByID[v.id] == nil { viewsByID[v.id] = v }
            stack.append(contentsOf: v.subviews)
        }
    }

    public init(scene: Scene) {
        self.init(screen: Screen(scene: scene))
    }

    /// Explains the scene of an imported dump, and says in each explanation what the import
    /// assumed about the views it talks about (`Explanation.importNotes`).
    public init(imported: ImportResult) {
        self.init(scene: imported.scene)
        var byView: [String: [ImportWarning]] = [:]
        for w in imported.warnings {
            if let id = w.viewID { byView[id, default: []].append(w) }
        }
        importWarnings = byView
    }

    /// The view with this id, if any.
    public func view(_ id: String) -> View? { viewsByID[id] }

    /// Explains the hit-test of a screen point; with `expect`, also why that view did or
    /// did not get the touch. Returns nil for `expect` naming no view.
    public func explain(_ p: Point, expect: String? = nil) -> Explanation? {
        let event = HitTestEvent(tracing: true)
        let result = screen.hitTest(p, with: event)
        var explanation = Explanation(
            point: p, hit: result?.sceneHit,
            steps: steps(from: event.trace ?? [], screenPoint: p))
        if let expect {
            guard let e = viewsByID[expect] else { return nil }
            explanation.verdict = verdict(for: e, explanation)
        }
        if importWarnings != nil {
            explanation.importNotes = importNotes(for: explanation, expect: expect)
        }
        return explanation
    }

    /// One step per `hitTest` call, from the trace.
    func steps(from trace: [TraceEntry], screenPoint p: Point) -> [ExplainStep] {
        struct Call {
            var view: String
            var index: Int
            var ownPointInside: Bool?
        }
        var out: [ExplainStep] = []
        var stack: [Call] = []
        for entry in trace {
            switch entry {
            case .hitTest(let v):
                out.append(
                    ExplainStep(
                        view: v, className: viewsByID[v]?.className ?? "", depth: stack.count,
                        decision: .hit))
                stack.append(Call(view: v, index: out.count - 1, ownPointInside: nil))
            case .pointInside(let v, let r):
                // The view's own answer comes after those of any subviews it asked.
                if let top = stack.last, top.view == v { stack[stack.count - 1].ownPointInside = r }
            case .returned(let v, let r):
                guard let call = stack.popLast(), call.view == v else { continue }
                out[call.index].decision = decide(
                    v, returned: r, ownPointInside: call.ownPointInside, screenPoint: p)
            }
        }
        return out
    }

    /// Which rule decided a call that returned `r`.
    func decide(_ id: String, returned r: String?, ownPointInside: Bool?, screenPoint p: Point)
        -> Decision
    {
        guard let v = viewsByID[id] else { return .customCode(result: r) }
        if v.hasCustomCode {
            return .customCode(result: r)
        }
        if let r {
            if r == id { return .hit }
            if ownPointInside == nil, v.redirectTarget?.id == r { return .redirected(to: r) }
            return .passedDown(to: r)
        }
        switch ownPointInside {
        case nil:
            if v.isHidden { return .hidden }
            if !v.isUserInteractionEnabled {
                return .interactionDisabled(
                    className: v.className,
                    classDefault: !SceneView.defaultUserInteractionEnabled(forClass: v.className))
            }
            if Double(Float(v.alpha)) < 0.01 { return .alphaTooLow(stored: Float(v.alpha)) }
            return .customCode(result: nil)
        case false?:
            let local = v.convert(p, from: nil)
            if local.x.isNaN || local.y.isNaN, let singular = Explainer.singularOnChain(of: v) {
                return .singularTransform(view: singular.id)
            }
            return .outside(
                hitRect: v.bounds.inset(by: v.hitRules.hitInsets), local: local,
                shape: v.hitRules.hitShape,
                mode: v.hitRules.pointInside)
        case true?:
            return v.hitRules.hitTestRule == .passthrough ? .passthrough : .customCode(result: nil)
        }
    }

    /// The topmost view on the chain from the window to `v` whose transform has no inverse.
    static func singularOnChain(of v: View) -> View? {
        v.ancestorsAndSelf.reversed().first { $0.transform.isSingular }
    }
}
