import HitTestGeometry
import HitTestScene
import Testing

/// A scene built in code: window `w` holding view `v`, after `change` is applied to `v`.
private func sceneWithView(_ change: (inout SceneView) -> Void) -> Scene {
    var v = SceneView(id: "v", placement: .frame(Rect(x: 0, y: 0, width: 10, height: 10)))
    change(&v)
    var w = SceneView.window(id: "w", placement: .frame(Rect(x: 0, y: 0, width: 100, height: 100)))
    w.subviews = [v]
    return Scene(windows: [w])
}

/// The one validation issue of a scene built in code.
private func onlyIssue(_ scene: Scene, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> SceneIssue
{
    let found = scene.validationIssues()
    #expect(found.count == 1, "\(SceneError(issues: found))", sourceLocation: sourceLocation)
    return try #require(found.first, sourceLocation: sourceLocation)
}

private let v = "$.windows[0].subviews[0]"

@Suite("Validation of scenes built in code")
struct ValidationTests {
    @Test("a valid scene has no issues and validate() returns")
    func valid() throws {
        #expect(specExampleScene().validationIssues().isEmpty)
        try specExampleScene().validate()
        #expect(sceneWithView { _ in }.validationIssues().isEmpty)
    }

    @Test("NaN and infinities in the frame", arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteFrame(_ x: Double) throws {
        expectIssue(
            try onlyIssue(
                sceneWithView { $0.placement = .frame(Rect(x: 0, y: x, width: 1, height: 1)) }),
            path: v,
            viewID: "v", field: "frame", mentions: ["must be finite"])
        // A NaN size is reported as not finite, not as negative as well.
        expectIssue(
            try onlyIssue(
                sceneWithView { $0.placement = .frame(Rect(x: 0, y: 0, width: x, height: 1)) }),
            path: v,
            viewID: "v", field: "frame", mentions: ["must be finite"])
    }

    @Test("NaN in center and size")
    func nonFiniteCenterSize() throws {
        let found = sceneWithView {
            $0.placement = .centerSize(Point(x: .nan, y: 0), Size(width: 1, height: .nan))
        }.validationIssues()
        #expect(found.map(\.field) == ["center", "size"])
        #expect(found.allSatisfy { $0.path == v && $0.viewID == "v" })
    }

    @Test("NaN and infinities in the transform", arguments: [Double.nan, .infinity])
    func nonFiniteTransform(_ x: Double) throws {
        expectIssue(
            try onlyIssue(
                sceneWithView {
                    $0.transform = AffineTransform(a: 1, b: 0, c: 0, d: x, tx: 0, ty: 0)
                }),
            path: v, viewID: "v", field: "transform", mentions: ["must be finite"])
        expectIssue(
            try onlyIssue(sceneWithView { $0.transform.ty = x }), path: v, viewID: "v",
            field: "transform")
    }

    @Test("NaN and out-of-range alpha", arguments: [Double.nan, .infinity, -0.5, 1.01])
    func badAlpha(_ alpha: Double) throws {
        expectIssue(
            try onlyIssue(sceneWithView { $0.alpha = alpha }), path: v, viewID: "v", field: "alpha",
            mentions: ["[0, 1]"])
    }

    @Test("NaN in the other number fields")
    func otherNumbers() throws {
        expectIssue(
            try onlyIssue(sceneWithView { $0.anchorPoint.x = .nan }), path: v, viewID: "v",
            field: "anchorPoint")
        expectIssue(
            try onlyIssue(sceneWithView { $0.boundsOrigin.y = .infinity }), path: v, viewID: "v",
            field: "boundsOrigin")
        expectIssue(
            try onlyIssue(sceneWithView { $0.hitRules.hitInsets.left = .nan }), path: v,
            viewID: "v", field: "hitInsets"
        )
        expectIssue(
            try onlyIssue(sceneWithView { $0.events.control = SceneControl(trackingSlop: .nan) }),
            path: v + ".control",
            viewID: "v", field: "trackingSlop")
        expectIssue(
            try onlyIssue(
                sceneWithView {
                    $0.events.gestures = [
                        SceneGesture(id: "g", kind: .longPress(minimumPressDuration: .nan))
                    ]
                }), path: v + ".gestures[0]", viewID: "v", field: "minimumPressDuration")
        expectIssue(
            try onlyIssue(
                sceneWithView {
                    $0.events.gestures = [SceneGesture(id: "g", kind: .pan(hysteresis: .infinity))]
                }),
            path: v + ".gestures[0]", viewID: "v", field: "hysteresis")

        var scene = sceneWithView { _ in }
        scene.windows[0].level = .nan
        expectIssue(
            try onlyIssue(scene), path: "$.windows[0]", viewID: "w", field: "level",
            mentions: ["finite"])
        scene = sceneWithView { _ in }
        scene.screen.height = .nan
        expectIssue(try onlyIssue(scene), path: "$.screen", viewID: nil, field: "height")
    }

    @Test("several NaN fields of one view are each reported")
    func severalNaNs() {
        let found = sceneWithView {
            $0.placement = .frame(Rect(x: .nan, y: 0, width: 1, height: 1))
            $0.transform.a = .nan
            $0.alpha = .nan
        }.validationIssues()
        #expect(found.map(\.field) == ["frame", "transform", "alpha"])
    }

    @Test("validate() throws the same issues")
    func validateThrows() {
        let scene = sceneWithView { $0.alpha = .nan }
        do {
            try scene.validate()
            Issue.record("validate() accepted a NaN alpha")
        } catch {
            #expect(error.issues == scene.validationIssues())
        }
    }

    @Test("a window without a level, and a level on a view")
    func levels() throws {
        var scene = sceneWithView { $0.level = 1 }
        expectIssue(
            try onlyIssue(scene), path: v, viewID: "v", field: "level", mentions: ["only windows"])
        scene = sceneWithView { _ in }
        scene.windows[0].level = nil
        expectIssue(
            try onlyIssue(scene), path: "$.windows[0]", viewID: "w", field: "level",
            mentions: ["needs a level"])
    }

    @Test("an empty class name")
    func emptyClass() throws {
        expectIssue(
            try onlyIssue(sceneWithView { $0.className = "" }), path: v, viewID: "v", field: "class"
        )
    }

    @Test("two actions for one control event cannot be written as a scene, so they are refused")
    func duplicateControlEvent() throws {
        let scene = sceneWithView {
            $0.events.control = SceneControl(actions: [
                ControlAction(event: .touchUpInside, action: "buy"),
                ControlAction(event: .touchDown, action: "press"),
                ControlAction(event: .touchUpInside, action: "log"),
            ])
        }
        expectIssue(
            try onlyIssue(scene), path: v + ".control.actions", viewID: "v", field: "touchUpInside",
            mentions: ["more than one action"])
        // Without the check, the written JSON would not load (a duplicate key).
        #expect(loadError(scene.json()) != nil)
    }

    @Test("an empty application delegate name")
    func emptyDelegate() throws {
        var scene = sceneWithView { _ in }
        scene.application.delegate = ""
        expectIssue(
            try onlyIssue(scene), path: "$.application", viewID: nil, field: "delegate",
            mentions: ["null"])
    }
}
