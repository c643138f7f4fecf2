import HitTestScene
import Testing

/// The scene fields of the swipe, rotation and screen-edge pan recognizers, run-time
/// failure requirements and `next` overrides: defaults as UIKit documents them (a
/// swipe's `direction` is right; a screen-edge pan's `edges` has no default that works,
/// so it is required), values read back, writing and loading again, and errors with the
/// path, view id and field.
@Suite("Event fields: swipe, rotation, screen-edge pan, failure requirements, next")
struct GestureKindFieldTests {
    /// A scene whose view `a` (at subview 0) has `fields`.
    static func json(_ fields: String) -> String {
        sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 100, 100], \#(fields)}"#)
    }

    static func gestures(_ items: String) throws -> [SceneGesture] {
        let scene = try Scene.load(json: json(#""gestures": [\#(items)]"#))
        return try view("a", in: scene).events.gestures
    }

    static let g0 = subviewPath(0) + ".gestures[0]"

    @Test("swipe: direction defaults to right; a set and the touches are read")
    func swipe() throws {
        let g = try Self.gestures(
            #"{"id": "s", "kind": "swipe"}, {"id": "t", "kind": "swipe", "direction": ["down", "left"], "touches": 3}"#
        )
        #expect(g[0].kind == .swipe(directions: .right, touches: 1))
        #expect(g[1].kind == .swipe(directions: [.left, .down], touches: 3))
        #expect(g[1].kind.name == "swipe" && !g[1].kind.isContinuous)
        #expect(SwipeDirections([.left, .down]).names == ["left", "down"])
    }

    @Test("rotation and screenEdgePan: read, continuous")
    func rotationAndEdge() throws {
        let g = try Self.gestures(
            #"{"id": "r", "kind": "rotation"}, {"id": "e", "kind": "screenEdgePan", "edges": ["bottom", "top"]}"#
        )
        #expect(g[0].kind == .rotation && g[0].kind.isContinuous)
        #expect(g[1].kind == .screenEdgePan(edges: [.top, .bottom]) && g[1].kind.isContinuous)
        #expect(ScreenEdges.all.names == ["top", "left", "bottom", "right"])
    }

    @Test("the new fields survive writing and loading again")
    func roundTrip() throws {
        let text = Self.json(
            #"""
            "viewController": "VC", "viewControllerNext": "b", "next": "b", "gestures": [
              {"id": "s", "kind": "swipe", "direction": ["up"], "touches": 2, "shouldRequireFailureOf": ["r"]},
              {"id": "r", "kind": "rotation", "shouldBeRequiredToFailBy": ["s", "e"]},
              {"id": "e", "kind": "screenEdgePan", "edges": ["right"]}]},
            {"id": "b", "frame": [0, 0, 1, 1]
            """#)
        let scene = try Scene.load(json: text)
        let again = try Scene.load(json: scene.json())
        #expect(again == scene)
        #expect(again.json() == scene.json())
        let a = try view("a", in: scene)
        #expect(a.events.next == "b" && a.events.viewControllerNext == "b")
        #expect(a.events.gestures[0].shouldRequireFailureOf == ["r"])
        #expect(a.events.gestures[1].shouldBeRequiredToFailBy == ["s", "e"])
    }

    @Test(
        "bad values name the path, the view and the field",
        arguments: [
            (#"{"id": "s", "kind": "swipe", "direction": ["north"]}"#, "direction", #""north""#),
            (#"{"id": "s", "kind": "swipe", "direction": []}"#, "direction", "at least one"),
            (#"{"id": "s", "kind": "swipe", "direction": ["up", "up"]}"#, "direction", "twice"),
            (#"{"id": "s", "kind": "swipe", "direction": "up"}"#, "direction", "array"),
            (#"{"id": "s", "kind": "swipe", "touches": 0}"#, "touches", "at least 1"),
            (#"{"id": "e", "kind": "screenEdgePan"}"#, "edges", "missing"),
            (#"{"id": "e", "kind": "screenEdgePan", "edges": []}"#, "edges", "at least one"),
            (
                #"{"id": "e", "kind": "screenEdgePan", "edges": ["left"], "taps": 2}"#, "taps",
                "unknown"
            ),
            (#"{"id": "r", "kind": "rotation", "direction": ["up"]}"#, "direction", "unknown"),
            (
                #"{"id": "r", "kind": "rotation", "shouldRequireFailureOf": ["x"]}"#,
                "shouldRequireFailureOf", "no gesture of the scene"
            ),
        ])
    func rejected(gesture: String, field: String, words: String) throws {
        try expectRejected(
            Self.json(#""gestures": [\#(gesture)]"#), path: Self.g0, viewID: "a", field: field,
            mentions: [words])
    }

    @Test("next and viewControllerNext must name views; the latter needs a view controller")
    func nextRejected() throws {
        try expectRejected(
            Self.json(#""next": "ghost""#), path: subviewPath(0), viewID: "a", field: "next",
            mentions: [#""ghost""#, "no view of the scene"])
        try expectRejected(
            Self.json(#""viewControllerNext": "a""#), path: subviewPath(0), viewID: "a",
            field: "viewControllerNext", mentions: ["needs \"viewController\""])
        try expectRejected(
            Self.json(#""next": true"#), path: subviewPath(0), viewID: "a", field: "next",
            mentions: ["must be a string"])
    }
}
