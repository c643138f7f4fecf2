import HitTestGeometry
import HitTestJSON

extension Decision {
    /// The decision in a few words, for the text output.
    public var summary: String {
        typealias E = Explainer
        switch self {
        case .hit: return "hit: the deepest view that takes the point"
        case .passedDown(let to): return "passed down: `\(to)` took it"
        case .redirected(let to): return "redirected to `\(to)` (redirectTo), which takes the point"
        case .hidden: return "hidden: skipped with its subviews"
        case .alphaTooLow(let stored):
            return "alpha \(E.stored(stored)) < 0.01: skipped with its subviews"
        case .interactionDisabled(let c, let byDefault):
            return
                "userInteractionEnabled = false\(byDefault ? " (the default for \(c))" : ""): skipped with its subviews"
        case .outside(let r, let local, let shape, let mode):
            let shapeText = shape == .ellipse ? "ellipse in hit rect" : "hit rect"
            let modeText =
                mode == .bounds ? "" : " (pointInside: \(mode.rawValue), no subview said yes)"
            return
                "outside: local point \(E.text(local)) is outside its \(shapeText) \(E.text(r))\(modeText)"
        case .singularTransform(let v):
            return "no point is inside: `\(v)` has a transform with no inverse"
        case .passthrough:
            return "passthrough: inside, but no subview took it and it never takes a touch itself"
        case .customCode(let r): return "custom code returned \(r.map { "`\($0)`" } ?? "nil")"
        case .coveredBy(let s, let took):
            return "not asked: `\(s)` above it took the touch (hit `\(took)`)"
        case .insideBoxOnly(let a): return "not asked: `\(a)` is boxOnly"
        case .ancestorDidNotPass(let a): return "not asked: `\(a)` did not pass the point down"
        case .windowAbove(let w, let took):
            return "not asked: window `\(w)` above took the touch (hit `\(took)`)"
        }
    }

    /// The decision's details as JSON.
    public var json: JSONValue {
        var o = JSONObject()
        o.append("decision", .string(code))
        func point(_ p: Point) -> JSONValue { .array([.number(p.x), .number(p.y)]) }
        switch self {
        case .passedDown(let to), .redirected(let to): o.append("to", .string(to))
        case .alphaTooLow(let stored): o.append("storedAlpha", .number(Double(stored)))
        case .interactionDisabled(let c, let byDefault):
            o.append("class", .string(c))
            o.append("classDefault", .bool(byDefault))
        case .outside(let r, let local, let shape, let mode):
            o.append(
                "hitRect",
                .array([.number(r.minX), .number(r.minY), .number(r.width), .number(r.height)]))
            o.append("local", point(local))
            o.append("shape", .string(shape.rawValue))
            o.append("pointInside", .string(mode.rawValue))
        case .singularTransform(let v): o.append("singularView", .string(v))
        case .customCode(let r): o.append("result", r.map { .string($0) } ?? .null)
        case .coveredBy(let s, let took):
            o.append("sibling", .string(s))
            o.append("took", .string(took))
        case .insideBoxOnly(let a), .ancestorDidNotPass(let a): o.append("ancestor", .string(a))
        case .windowAbove(let w, let took):
            o.append("window", .string(w))
            o.append("took", .string(took))
        case .hit, .hidden, .passthrough: break
        }
        return .object(o)
    }
}

extension Explanation {
    /// The text form: the hit, then one line per call, indented by depth, then the
    /// verdict, then for an imported dump a `note: ` line for each import note.
    public var lines: [String] {
        var out: [String] = []
        let p = Explainer.text(point)
        if let hit {
            out.append(
                "\(p): hit `\(hit.view)` in window `\(hit.window)`, local point \(Explainer.text(hit.localPoint))"
            )
        } else {
            out.append("\(p): no view takes the touch")
        }
        for s in steps {
            let label =
                s.className == s.view || s.className.isEmpty ? s.view : "\(s.view) <\(s.className)>"
            out.append(String(repeating: "  ", count: s.depth) + "\(label): \(s.decision.summary)")
        }
        if let v = verdict { out.append(v.message) }
        for n in importNotes ?? [] { out.append("note: " + n.message) }
        return out
    }

    /// The JSON form: the query's fields, the steps, the verdict, and for an imported dump
    /// `importNotes` (an array, empty when the import assumed nothing about these views).
    public var json: JSONValue {
        var o = JSONObject()
        func pair(_ p: Point) -> JSONValue { .array([.number(p.x), .number(p.y)]) }
        o.append("point", pair(point))
        o.append("hit", hit.map { .string($0.view) } ?? .null)
        o.append("window", hit.map { .string($0.window) } ?? .null)
        o.append("local", hit.map { pair($0.localPoint) } ?? .null)
        o.append(
            "steps",
            .array(
                steps.map { s in
                    var step = JSONObject()
                    step.append("view", .string(s.view))
                    step.append("depth", .number(Double(s.depth)))
                    if case .object(let d) = s.decision.json {
                        for m in d.members { step.append(m.key, m.value) }
                    }
                    return .object(step)
                }))
        if let v = verdict {
            var e = JSONObject()
            e.append("view", .string(v.view))
            e.append("gotTouch", .bool(v.gotTouch))
            e.append("decidedBy", .string(v.decidedBy))
            e.append("rule", .string(v.rule))
            if case .object(let d) = v.decision.json {
                for m in d.members { e.append(m.key, m.value) }
            }
            e.append("message", .string(v.message))
            o.append("expect", .object(e))
        }
        if let notes = importNotes { o.append("importNotes", .array(notes.map(\.json))) }
        return .object(o)
    }
}

extension ImportNote {
    /// The note as JSON: `{"view", "line", "kind", "recognizers", "touchLandsInView",
    /// "message"}`, `recognizers` null when the dump does not say how many.
    public var json: JSONValue {
        var j = JSONObject()
        j.append("view", .string(view))
        j.append("line", .number(Double(line)))
        j.append("kind", .string(kind.rawValue))
        j.append("recognizers", recognizerCount.map { .number(Double($0)) } ?? .null)
        j.append("touchLandsInView", .bool(touchLandsInView))
        j.append("message", .string(message))
        return .object(j)
    }
}
