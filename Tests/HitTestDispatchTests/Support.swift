import HitTestDispatch
import HitTestGeometry
import HitTestScene
import Testing

/// A scene with one window `main` (0, 0, 390, 844) holding `subviews` (JSON text).
func scene(_ subviews: String, windowExtras: String = "") throws -> Scene {
    try Scene.load(
        json: #"""
            {"format": "hittest-scene/1", "windows": [{"id": "main", "frame": [0, 0, 390, 844]\#(windowExtras), "subviews": [\#(subviews)]}]}
            """#)
}

/// Shorthand for an input frame: `frame(0.08, (1, .ended, 150, 450))`.
func frame(_ t: Double, _ touches: (Int, TouchPhase, Double, Double)...) -> InputFrame {
    InputFrame(
        time: t,
        touches: touches.map {
            TouchInput(id: $0.0, phase: $0.1, location: Point(x: $0.2, y: $0.3))
        })
}

/// A tap: began at `t`, ended at `t + 0.08`, at the same point.
func tap(_ id: Int = 1, at p: (Double, Double), t: Double = 0) -> [InputFrame] {
    [frame(t, (id, .began, p.0, p.1)), frame(t + 0.08, (id, .ended, p.0, p.1))]
}

/// Replays frames on the reference engine and on both fast engines, checks that the
/// three logs agree, flushes, and returns the log's text lines (without timestamps when
/// `times` is false).
func run(
    _ s: Scene, _ frames: [InputFrame], until: Double? = nil, times: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> [String] {
    var logs: [[DispatchLogEntry]] = []
    for engine in Engine.allCases {
        let d = Dispatcher(scene: s, engine: engine)
        try d.replay(EventsFile(frames: frames, until: until))
        logs.append(d.log)
    }
    #expect(logs[0] == logs[1], "flat differs from reference", sourceLocation: sourceLocation)
    #expect(logs[0] == logs[2], "bvh differs from reference", sourceLocation: sourceLocation)
    return logs[0].map { entry in
        let line = entry.text
        return times ? line : String(line[line.index(after: line.firstIndex(of: " ")!)...])
    }
}
