import HitTestScene
import Testing

/// Type errors and rule errors of a scene in one run, each at its real
/// place, in document order, with no error that only a type error caused, and nothing
/// loaded.
@Suite("Type and rule errors in one pass")
struct OnePassTests {
    @Test("rule errors before, between and after type errors, in document order")
    func documentOrder() throws {
        let found = try issues(
            of: sceneJSON(
                subviews: """
                    {"id": "a", "frame": [0, 0, -1, 1]},
                    {"id": "b", "frame": [0, 0, 1, 1], "hidden": "yes", "alpha": 2},
                    {"id": "c", "frame": [0, 0, 1, 1], "level": 1}
                    """))
        #expect(found.map(\.viewID) == ["a", "b", "b", "c"])
        #expect(found.map(\.field) == ["frame", "hidden", "alpha", "level"])
    }

    @Test("a view dropped by a type error does not shift its later siblings' paths")
    func droppedViewKeepsPaths() throws {
        let found = try issues(
            of: sceneJSON(
                subviews: """
                    {"frame": [0, 0, 1, 1]},
                    7,
                    {"id": "c", "frame": [0, 0, 1, 1], "subviews": [
                      {"id": "d", "frame": [0, 0, 1, 1]},
                      {"id": "e", "frame": [0, 0, 1, 1], "alpha": -1}]}
                    """))
        #expect(found.count == 3)
        #expect(found.last?.viewID == "e")
        #expect(found.last?.field == "alpha")
        #expect(found.last?.path == subviewPath(2) + ".subviews[1]")
    }

    @Test("a gesture dropped by a type error does not shift the next gesture's path")
    func droppedGestureKeepsPaths() throws {
        let found = try issues(
            of: sceneJSON(
                subviews: """
                    {"id": "a", "frame": [0, 0, 1, 1], "gestures": [
                      {"id": "g1", "kind": "wave"},
                      {"id": "g2", "kind": "tap", "taps": 0}]}
                    """))
        #expect(found.map(\.field) == ["kind", "taps"])
        #expect(found.last?.path == subviewPath(0) + ".gestures[1]")
    }

    @Test("a reference to a name a type error left out is not reported; a wrong one is")
    func references() throws {
        let found = try issues(
            of: sceneJSON(
                subviews: """
                    {"id": 5, "frame": [0, 0, 1, 1]},
                    {"id": "a", "frame": [0, 0, 1, 1], "redirectTo": "5", "gestures": [
                      {"id": "g1", "kind": "wave"},
                      {"id": "g2", "kind": "tap", "requireToFail": ["g1", "g2"]}]},
                    {"id": "b", "frame": [0, 0, 1, 1], "redirectTo": "a"}
                    """))
        let described = found.map(\.description).joined(separator: "\n")
        #expect(
            found.map(\.field) == ["id", "kind", "redirectTo", "requireToFail"], "\(described)")
        #expect(described.contains("names itself"))
        #expect(described.contains("not a descendant of \"b\""))
        #expect(!described.contains("\"5\""))
        #expect(!described.contains("\"g1\", which"))
    }

    @Test("a field with a type error gets no rule error besides")
    func noDoubleReport() throws {
        let found = try issues(
            of: sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "alpha": "half"}"#))
        #expect(found.count == 1)
        #expect(found.first?.field == "alpha")
    }

    @Test("Limits.maxIssues caps the merged list")
    func cap() throws {
        var limits = Scene.Limits()
        limits.maxIssues = 2
        let found = try issues(
            of: sceneJSON(
                subviews: """
                    {"id": "a", "frame": [0, 0, 1, 1], "alpha": 3},
                    {"id": "b", "frame": [0, 0, 1, 1], "hidden": 1},
                    {"id": "c", "frame": [0, 0, 1, 1], "alpha": 3}
                    """), limits: limits)
        #expect(found.map(\.viewID) == ["a", "b"])
    }
}
