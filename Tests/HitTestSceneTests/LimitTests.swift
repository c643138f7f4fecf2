import HitTestGeometry
import HitTestScene
import Testing

@Suite("Limits")
struct LimitTests {
    @Test("the default limits")
    func defaults() {
        let limits = Scene.Limits.default
        #expect(limits.maxDepth == 4_096)
        #expect(limits.maxViews == 10_000_000)
        #expect(limits.maxWindows == 1_024)
        #expect(limits.maxIDLength == 1_024)
        #expect(limits.maxJSONBytes == 1 << 30)
        #expect(limits.maxIssues == 100)
    }

    @Test("views nested 4,000 and 4,096 deep load", arguments: [4_000, 4_096])
    func deepScenesLoad(depth: Int) throws {
        let scene = try Scene.load(json: nestedSceneJSON(depth: depth))
        #expect(scene.depth == depth)
        #expect(scene.viewCount == depth)
        var deepest: (id: String, depth: Int)?
        scene.forEachView { view, d in if view.subviews.isEmpty { deepest = (view.id, d) } }
        #expect(deepest?.id == "v\(depth - 1)")
        #expect(deepest?.depth == depth)
    }

    @Test("views nested 4,097 deep are refused at the view past the limit")
    func oneLevelTooDeep() throws {
        try expectRejected(
            nestedSceneJSON(depth: 4_097), path: nestedPath(depth: 4_096), viewID: "v4095",
            field: "subviews",
            mentions: ["views nest deeper than 4096 levels", "Scene.Limits.maxDepth"])
    }

    @Test(
        "views nested 50,000 and 1,000,000 deep are refused, without crashing",
        arguments: [50_000, 1_000_000])
    func farTooDeep(depth: Int) throws {
        let found = try issue(of: nestedSceneJSON(depth: depth))
        #expect(found.path.hasPrefix("$.windows[0].subviews[0].subviews[0]"))
        #expect(found.viewID == nil)
        #expect(found.field == nil)
        #expect(found.message.contains("nesting deeper"))
        #expect(found.message.contains("Scene.Limits.maxDepth = 4096"))
        #expect(found.message.contains("line 1, column"))
    }

    @Test("deeply nested arrays inside a field are refused, without crashing")
    func deepArrayInField() throws {
        let depth = 200_000
        let value = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let found = try issue(of: sceneJSON(subviews: #"{"id": "a", "frame": \#(value)}"#))
        #expect(found.message.contains("nesting deeper"))
    }

    @Test("a custom maxDepth")
    func customMaxDepth() throws {
        var limits = Scene.Limits()
        limits.maxDepth = 3
        #expect(try Scene.load(json: nestedSceneJSON(depth: 3), limits: limits).depth == 3)
        try expectRejected(
            nestedSceneJSON(depth: 4), path: nestedPath(depth: 3), viewID: "v2", field: "subviews",
            mentions: ["deeper than 3 levels", "Scene.Limits.maxDepth"], limits: limits)
        // An empty subviews array at the limit is not deeper.
        let emptyAtLimit = nestedSceneJSON(depth: 3).replacingFirst(
            #"{"id": "v2", "frame": [0, 0, 10, 10]"#,
            with: #"{"id": "v2", "frame": [0, 0, 10, 10], "subviews": []"#)
        #expect(try Scene.load(json: emptyAtLimit, limits: limits).depth == 3)
    }

    @Test("a maxDepth of Int.max means no limit and does not overflow")
    func unlimitedDepth() throws {
        var limits = Scene.Limits()
        limits.maxDepth = .max
        #expect(try Scene.load(json: nestedSceneJSON(depth: 3), limits: limits).depth == 3)
        limits.maxDepth = .max / 2
        #expect(try Scene.load(json: nestedSceneJSON(depth: 2_000), limits: limits).depth == 2_000)
    }

    @Test("validate() applies maxDepth to a scene built in code, without recursion")
    func validateDepth() throws {
        var chain = SceneView(id: "v4999", placement: .frame(.zero))
        for i in (1..<4_999).reversed() {
            var parent = SceneView(id: "v\(i)", placement: .frame(.zero))
            parent.subviews = [chain]
            chain = parent
        }
        var window = SceneView.window(id: "v0", placement: .frame(.zero))
        window.subviews = [chain]
        let scene = Scene(windows: [window])
        #expect(scene.depth == 5_000)
        let found = scene.validationIssues()
        try #require(found.count == 1, "\(SceneError(issues: found))")
        expectIssue(
            found[0], path: nestedPath(depth: 4_097), viewID: "v4096", field: nil,
            mentions: ["deeper than 4096 levels", "Scene.Limits.maxDepth"])
        var limits = Scene.Limits()
        limits.maxDepth = 5_000
        #expect(scene.validationIssues(limits: limits).isEmpty)
    }

    @Test("maxViews")
    func maxViews() throws {
        var limits = Scene.Limits()
        limits.maxViews = 5
        let subviews = (1...4).map { #"{"id": "v\#($0)", "frame": [0, 0, 1, 1]}"# }
        #expect(
            try Scene.load(
                json: sceneJSON(subviews: subviews.joined(separator: ", ")), limits: limits
            ).viewCount == 5)
        let six =
            subviews + [
                #"{"id": "v5", "frame": [0, 0, 1, 1]}"#, #"{"id": "v6", "frame": [0, 0, 1, 1]}"#,
            ]
        try expectRejected(
            sceneJSON(subviews: six.joined(separator: ", ")), path: subviewPath(4), viewID: nil,
            field: nil,
            mentions: ["more than 5 views", "Scene.Limits.maxViews"], limits: limits)
    }

    @Test("maxViews counts windows and nested views, and validate() checks it too")
    func maxViewsNested() throws {
        var limits = Scene.Limits()
        limits.maxViews = 2
        try expectRejected(
            nestedSceneJSON(depth: 3), path: nestedPath(depth: 3), viewID: nil, field: nil,
            mentions: ["more than 2 views"], limits: limits)
        let scene = try Scene.load(json: nestedSceneJSON(depth: 3))
        let found = scene.validationIssues(limits: limits)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("Scene.Limits.maxViews") == true)
    }

    @Test("maxWindows")
    func maxWindows() throws {
        var limits = Scene.Limits()
        limits.maxWindows = 2
        let windows = (0..<3).map { #"{"id": "w\#($0)", "frame": [0, 0, 1, 1]}"# }
        #expect(
            try Scene.load(
                json: sceneJSON(windows: windows[0..<2].joined(separator: ", ")), limits: limits
            ).windows
                .count == 2)
        try expectRejected(
            sceneJSON(windows: windows.joined(separator: ", ")), path: "$", viewID: nil,
            field: "windows",
            mentions: ["3 windows, more than 2", "Scene.Limits.maxWindows"], limits: limits)
    }

    @Test("maxIDLength counts UTF-8 bytes of view ids")
    func maxIDLengthViews() throws {
        var limits = Scene.Limits()
        limits.maxIDLength = 8
        _ = try Scene.load(
            json: sceneJSON(subviews: #"{"id": "12345678", "frame": [0, 0, 1, 1]}"#), limits: limits
        )
        _ = try Scene.load(
            json: sceneJSON(subviews: #"{"id": "éééé", "frame": [0, 0, 1, 1]}"#), limits: limits)
        try expectRejected(
            sceneJSON(subviews: #"{"id": "123456789", "frame": [0, 0, 1, 1]}"#),
            path: subviewPath(0), viewID: nil,
            field: "id", mentions: ["9 bytes long, more than 8", "Scene.Limits.maxIDLength"],
            limits: limits)
        try expectRejected(
            sceneJSON(subviews: #"{"id": "ééééé", "frame": [0, 0, 1, 1]}"#), path: subviewPath(0),
            viewID: nil,
            field: "id", mentions: ["10 bytes long"], limits: limits)
    }

    @Test("maxIDLength applies to gesture ids, view controller names and action names")
    func maxIDLengthOtherNames() throws {
        var limits = Scene.Limits()
        limits.maxIDLength = 4
        try expectRejected(
            sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [0, 0, 1, 1], "gestures": [{"id": "12345", "kind": "tap"}]}"#
            ),
            path: subviewPath(0) + ".gestures[0]", viewID: "a", field: "id",
            mentions: ["gesture id is 5 bytes long", "Scene.Limits.maxIDLength"], limits: limits)
        try expectRejected(
            sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 1, 1], "viewController": "Sheet"}"#),
            path: subviewPath(0), viewID: "a", field: "viewController",
            mentions: ["view controller name is 5 bytes long", "Scene.Limits.maxIDLength"],
            limits: limits)
        try expectRejected(
            sceneJSON(
                subviews:
                    #"{"id": "a", "frame": [0, 0, 1, 1], "control": {"actions": {"touchDown": "press"}}}"#
            ),
            path: subviewPath(0) + ".control.actions", viewID: "a", field: "touchDown",
            mentions: ["action name is 5 bytes long", "Scene.Limits.maxIDLength"], limits: limits)
    }

    @Test("a maxIssues of 0 or less still rejects, with one issue", arguments: [0, -1])
    func noIssuesAllowed(maxIssues: Int) throws {
        var limits = Scene.Limits()
        limits.maxIssues = maxIssues
        // A view without an id: loading must not return the scene without it.
        try expectRejected(
            sceneJSON(
                subviews:
                    #"{"frame": [0, 0, 1, 1]}, {"id": "b", "frame": [0, 0, 1, 1], "alpha": 7}"#),
            path: subviewPath(0), viewID: nil, field: "id", mentions: ["missing"], limits: limits)
        try expectRejected(
            sceneJSON(subviews: #"{"id": "b", "frame": [0, 0, 1, 1], "alpha": 7}"#),
            path: subviewPath(0),
            viewID: "b", field: "alpha", limits: limits)
        let scene = Scene(windows: [SceneView(id: "", placement: .frame(.zero))])
        #expect(scene.validationIssues(limits: limits).count == 1)
    }

    @Test("maxJSONBytes")
    func maxJSONBytes() throws {
        let text = specExampleJSON
        let size = text.utf8.count
        var limits = Scene.Limits()
        limits.maxJSONBytes = size
        #expect(try Scene.load(json: text, limits: limits) == specExampleScene())
        limits.maxJSONBytes = size - 1
        try expectRejected(
            text, path: "$", viewID: nil, field: nil,
            mentions: ["\(size) bytes, more than \(size - 1)", "Scene.Limits.maxJSONBytes"],
            limits: limits)
    }
}

extension String {
    /// This string with the first occurrence of `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }
}

@Suite("Releasing deep scenes")
struct DeepSceneReleaseTests {
    /// A chain of `depth` nested scene views, built bottom-up.
    static func chain(depth: Int) -> SceneView {
        var chain = SceneView(id: "v\(depth - 1)", placement: .frame(Rect(x: 0, y: 0, width: 1, height: 1)))
        for i in stride(from: depth - 2, through: 0, by: -1) {
            var v = SceneView(id: "v\(i)", placement: .frame(Rect(x: 0, y: 0, width: 1, height: 1)))
            v.subviews = [chain]
            chain = v
        }
        return chain
    }

    @Test("a chain of 300,000 nested scene views made in code is released without recursion")
    func releaseDeepChain() {
        var chain: SceneView? = Self.chain(depth: 300_000)
        // A copy shares the storage; releasing one keeps the other whole.
        let copy = chain!.subviews[0].subviews[0]
        chain = nil
        var depth = 0
        var v: SceneView? = copy
        while let c = v {
            depth += 1
            v = c.subviews.first
        }
        #expect(depth == 299_998)
    }

    @Test("subviews keep value semantics: a copy does not see later changes")
    func valueSemantics() {
        var a = SceneView(id: "a", placement: .frame(Rect(x: 0, y: 0, width: 1, height: 1)))
        a.subviews.append(SceneView(id: "b", placement: .frame(Rect(x: 0, y: 0, width: 1, height: 1))))
        let copy = a
        a.subviews.append(SceneView(id: "c", placement: .frame(Rect(x: 0, y: 0, width: 1, height: 1))))
        a.subviews[0].id = "b2"
        #expect(copy.subviews.map(\.id) == ["b"])
        #expect(a.subviews.map(\.id) == ["b2", "c"])
        a.subviews = []
        #expect(a == SceneView(id: "a", placement: .frame(Rect(x: 0, y: 0, width: 1, height: 1))))
        #expect(copy != a)
    }
}
