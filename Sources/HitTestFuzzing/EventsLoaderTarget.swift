import HitTestBridge
import HitTestDispatch
import HitTestScene

/// The events loader and the dispatcher under arbitrary bytes.
public enum EventsLoaderTarget {
    /// A fixed scene with recognizers of every kind, run-time failure requirements, `next`
    /// overrides, controls (a button, a switch, a slider), nested scroll views and every
    /// handling, for the replays.
    static let scene: Scene = {
        let json = #"""
            {"format": "hittest-scene/1", "windows": [
              {"id": "main", "frame": [0, 0, 390, 844], "subviews": [
                {"id": "A", "frame": [0, 0, 390, 400], "touches": "handleAndForward",
                 "gestures": [{"id": "tapA", "kind": "tap"},
                              {"id": "pan", "kind": "pan", "delaysTouchesBegan": true}],
                 "subviews": [
                  {"id": "B", "frame": [20, 20, 200, 200], "touches": "forward",
                   "multipleTouchEnabled": true,
                   "gestures": [{"id": "double", "kind": "tap", "taps": 2}, {"id": "hoverB", "kind": "hover"},
                                {"id": "pinch", "kind": "pinch"}]},
                  {"id": "button", "class": "UIButton", "frame": [240, 40, 100, 44],
                   "control": {"actions": {"touchUpInside": "buy"}}, "next": "C"}]},
                {"id": "C", "frame": [0, 420, 390, 400], "touches": "handle",
                 "exclusiveTouch": true, "multipleTouchEnabled": true,
                 "gestures": [{"id": "long", "kind": "longPress",
                               "cancelsTouchesInView": false},
                              {"id": "swipe", "kind": "swipe", "direction": ["left", "up"],
                               "touches": 2, "shouldRequireFailureOf": ["rotate"]},
                              {"id": "rotate", "kind": "rotation",
                               "shouldBeRequiredToFailBy": ["long"]}],
                 "subviews": [{"id": "D", "frame": [0, 0, 100, 100], "next": "A"}]},
                {"id": "list", "class": "UITableView", "frame": [0, 600, 390, 244],
                 "scrollView": {"contentSize": [800, 1000], "directionalLockEnabled": true,
                                "maximumZoomScale": 2},
                 "subviews": [
                  {"id": "cell", "frame": [0, 0, 390, 60], "touches": "handle", "subviews": [
                    {"id": "switch", "class": "UISwitch", "frame": [300, 10, 51, 31]},
                    {"id": "slider", "class": "UISlider", "frame": [20, 10, 231, 31],
                     "control": {"value": 0.5}}]},
                  {"id": "inner", "class": "UIScrollView", "frame": [0, 60, 390, 100],
                   "scrollView": {"contentSize": [1200, 100], "bounces": false,
                                  "canCancelContentTouches": false}}]}],
               "gestures": [{"id": "edge", "kind": "screenEdgePan", "edges": ["left", "bottom"]},
                            {"id": "hoverMain", "kind": "hover", "requireToFail": ["tapA"]}]}]}
            """#
        return try! Scene.load(json: Array(json.utf8))
    }()

    /// Any bytes either load as events or fail with an error naming a JSON path (never a
    /// crash). Events that load replay to the same log on the reference and on both fast
    /// engines, or fail on all three with the same error.
    public static func check(_ bytes: [UInt8]) -> FuzzReport {
        var report = FuzzReport()
        let events: EventsFile
        do {
            events = try EventsFile.load(json: bytes)
        } catch {
            report.check(!"\(error)".isEmpty, "an events error without a message")
            return report
        }
        var outcomes: [String] = []
        for engine in Engine.allCases {
            let d = Dispatcher(scene: scene, engine: engine)
            do {
                outcomes.append("\(try d.replay(events))")
            } catch {
                outcomes.append("error: \(error)")
            }
        }
        report.check(
            Set(outcomes).count == 1,
            "the engines' replays differ: \(outcomes.map { String($0.prefix(200)) })")
        return report
    }
}
