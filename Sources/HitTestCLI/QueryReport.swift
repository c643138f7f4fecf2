import HitTestKit

/// The text and JSON forms of query answers.
enum QueryReport {
    static func numbers(_ p: Point) -> JSONValue {
        .array([.number(p.x), .number(p.y)])
    }

    /// The object of `rule-query-output`. NaN or infinite coordinates are written as the strings
    /// "NaN", "Infinity", "-Infinity" (``JSONWriter/formatNumber(_:)``).
    static func json(_ a: QueryAnswer) -> JSONValue {
        var o = JSONObject()
        o.append("point", numbers(a.point))
        o.append("hit", a.hit.map { .string($0.view) } ?? .null)
        o.append("window", a.hit.map { .string($0.window) } ?? .null)
        o.append("local", a.hit.map { numbers($0.localPoint) } ?? .null)
        o.append("chain", a.chain.map { .array($0.map { .string($0) }) } ?? .null)
        if let trace = a.trace { o.append("trace", .array(trace.map(json))) }
        return .object(o)
    }

    static func json(_ e: TraceEntry) -> JSONValue {
        switch e {
        case .hitTest(let v):
            return .object(
                JSONObject([
                    .init(key: "call", value: "hitTest"), .init(key: "view", value: .string(v)),
                ]))
        case .pointInside(let v, let r):
            return .object(
                JSONObject([
                    .init(key: "call", value: "pointInside"), .init(key: "view", value: .string(v)),
                    .init(key: "result", value: .bool(r)),
                ]))
        case .returned(let v, let r):
            return .object(
                JSONObject([
                    .init(key: "call", value: "return"), .init(key: "view", value: .string(v)),
                    .init(key: "result", value: r.map { .string($0) } ?? .null),
                ]))
        }
    }

    static func format(_ x: Double) -> String { JSONWriter.formatText(x) }

    static func format(_ p: Point) -> String { "(\(format(p.x)), \(format(p.y)))" }

    /// The trace as the source articles' logs show it: one call a line, nested calls
    /// indented under the `hitTest` that made them.
    static func traceLines(_ trace: [TraceEntry], classNames: [String: String]) -> [String] {
        func label(_ id: String) -> String {
            guard let c = classNames[id], c != id else { return id }
            return "\(id) <\(c)>"
        }
        var lines: [String] = []
        var depth = 0
        for e in trace {
            switch e {
            case .hitTest(let v):
                lines.append(String(repeating: "  ", count: depth) + "hitTest \(label(v))")
                depth += 1
            case .pointInside(let v, let r):
                lines.append(
                    String(repeating: "  ", count: depth) + "pointInside \(label(v)) -> \(r)")
            case .returned(let v, let r):
                depth = max(depth - 1, 0)
                lines.append(
                    String(repeating: "  ", count: depth) + "return \(label(v)) -> \(r ?? "nil")")
            }
        }
        return lines
    }

    /// The responder chain as the articles print it: the view, then one more dash a level.
    static func chainLines(_ chain: [String], classNames: [String: String]) -> [String] {
        chain.enumerated().map { i, name in
            let prefix = i == 0 ? "" : String(repeating: "-", count: i) + " "
            if let c = classNames[name], c != name { return prefix + "\(name) <\(c)>" }
            return prefix + name
        }
    }

    /// One answer as text: the trace (if any), the hit view with its window and local
    /// point, and its responder chain.
    static func text(_ a: QueryAnswer, classNames: [String: String], withChain: Bool = true)
        -> [String]
    {
        var lines: [String] = []
        if let trace = a.trace { lines += traceLines(trace, classNames: classNames) }
        guard let hit = a.hit else {
            lines.append("\(format(a.point)): no view takes the touch")
            return lines
        }
        lines.append(
            "\(format(a.point)): hit \(hit.view) in window \(hit.window), local point \(format(hit.localPoint))")
        if withChain, let chain = a.chain {
            lines.append("responder chain:")
            lines += chainLines(chain, classNames: classNames).map { "  " + $0 }
        }
        return lines
    }

    /// View id -> class name, for labels.
    static func classNames(of scene: Scene) -> [String: String] {
        var names: [String: String] = [:]
        scene.forEachView { v, _ in names[v.id] = v.className }
        return names
    }
}
