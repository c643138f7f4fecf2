import HitTestGeometry
import HitTestScene
import Testing

/// Every number of a scene, in a fixed order, as bit patterns: equal lists mean the
/// numbers survived bit for bit (`-0` included), which `==` on `Double` cannot tell.
func numberBits(_ scene: Scene) -> [UInt64] {
    var xs = [scene.screen.width, scene.screen.height]
    scene.forEachView { v, _ in
        switch v.placement {
        case .frame(let r): xs += [r.minX, r.minY, r.width, r.height]
        case .centerSize(let c, let s): xs += [c.x, c.y, s.width, s.height]
        }
        let t = v.transform
        let i = v.hitRules.hitInsets
        xs += [v.boundsOrigin.x, v.boundsOrigin.y, t.a, t.b, t.c, t.d, t.tx, t.ty]
        xs += [v.anchorPoint.x, v.anchorPoint.y, v.alpha, i.top, i.left, i.bottom, i.right]
        if let level = v.level { xs.append(level) }
        for g in v.events.gestures {
            switch g.kind {
            case .longPress(let duration, let movement, _): xs += [duration, movement]
            case .pan(_, _, let hysteresis): xs.append(hysteresis)
            case .tap, .pinch, .swipe, .rotation, .screenEdgePan, .hover: break
            }
        }
        if let c = v.events.control { xs.append(c.trackingSlop) }
    }
    return xs.map(\.bitPattern)
}

/// Writes `scene`, loads the text and checks that the result is the same scene, number
/// for number, and that writing it again gives the same text.
func expectRoundTrip(
    _ scene: Scene, pretty: Bool, _ context: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let text = scene.json(pretty: pretty)
    let loaded: Scene
    do {
        loaded = try Scene.load(json: text)
    } catch {
        Issue.record(
            "\(context()) pretty: \(pretty): the written scene does not load:\n\(error)",
            sourceLocation: sourceLocation
        )
        return
    }
    let difference = firstDifference(loaded, scene)
    #expect(difference == nil, "\(context()) pretty: \(pretty)", sourceLocation: sourceLocation)
    let equal = loaded == scene
    #expect(
        equal, "\(context()) pretty: \(pretty): the loaded scene is not == the written one",
        sourceLocation: sourceLocation)
    #expect(
        numberBits(loaded) == numberBits(scene),
        "\(context()) pretty: \(pretty): numbers changed bits",
        sourceLocation: sourceLocation)
    #expect(
        loaded.json(pretty: pretty) == text, "\(context()) pretty: \(pretty): the text changed",
        sourceLocation: sourceLocation)
}

@Suite("Writer round trips")
struct RoundTripTests {
    @Test("the spec's example, pretty and compact", arguments: [true, false])
    func specExample(pretty: Bool) throws {
        expectRoundTrip(specExampleScene(), pretty: pretty)
        let loaded = try Scene.load(json: specExampleJSON)
        expectRoundTrip(loaded, pretty: pretty)
    }

    @Test("fields equal to their defaults are left out")
    func minimalText() {
        let window = SceneView.window(
            id: "w", placement: .frame(Rect(x: 0, y: 0, width: 10, height: 10)))
        let scene = Scene(windows: [window])
        #expect(
            scene.json(pretty: false)
                == #"{"format":"hittest-scene/1","screen":{"width":390,"height":844},"application":{"class":"UIApplication","delegate":"AppDelegate"},"windows":[{"id":"w","level":0,"frame":[0,0,10,10]}]}"#
        )
    }

    @Test("a label's default (no interaction) is left out; an explicit change is written")
    func userInteractionText() throws {
        var label = SceneView(
            id: "l", className: "UILabel",
            placement: .centerSize(Point(x: 1, y: 2), Size(width: 3, height: 4)))
        var button = SceneView(id: "b", className: "UIButton", placement: .frame(.zero))
        button.isUserInteractionEnabled = false
        var window = SceneView.window(id: "w", placement: .frame(.zero), level: -2.5)
        window.subviews = [label, button]
        let text = Scene(windows: [window]).json(pretty: false)
        #expect(text.contains(#"{"id":"l","class":"UILabel","center":[1,2],"size":[3,4]}"#))
        #expect(
            text.contains(
                #"{"id":"b","class":"UIButton","frame":[0,0,0,0],"userInteractionEnabled":false}"#))
        #expect(text.contains(#""level":-2.5"#))
        label.isUserInteractionEnabled = true
        window.subviews = [label]
        #expect(
            Scene(windows: [window]).json(pretty: false).contains(#""userInteractionEnabled":true"#)
        )
    }

    /// 8 chunks of 32 seeds: 256 random scenes, each written pretty and compact.
    @Test("random valid scenes round trip", arguments: 0..<8)
    func randomScenes(chunk: Int) {
        for n in 0..<32 {
            let seed = UInt64(chunk * 32 + n) &* 0x2545_F491_4F6C_DD1D
            var generator = SceneGenerator(seed: seed)
            let scene = generator.scene()
            let issues = scene.validationIssues()
            #expect(
                issues.isEmpty,
                "seed \(seed): the generator made an invalid scene:\n\(SceneError(issues: issues))")
            expectRoundTrip(scene, pretty: true, "seed \(seed):")
            expectRoundTrip(scene, pretty: false, "seed \(seed):")
        }
    }

    @Test("the random scenes use every part of the format")
    func generatorCoverage() {
        var seen: Set<String> = []
        for n in 0..<256 {
            var generator = SceneGenerator(seed: UInt64(n) &* 0x2545_F491_4F6C_DD1D)
            let scene = generator.scene()
            if scene.windows.count > 1 { seen.insert("several windows") }
            if scene.application.delegate == nil { seen.insert("no delegate") }
            scene.forEachView { v, depth in
                if depth >= 4 { seen.insert("depth 4") }
                if let level = v.level, level != 0 { seen.insert("level") }
                switch v.placement {
                case .frame: seen.insert("frame")
                case .centerSize: seen.insert("centerSize")
                }
                if v.boundsOrigin != .zero { seen.insert("boundsOrigin") }
                let t = v.transform
                if t.a == 0 && t.b == 1 && t.c == -1 && t.d == 0 { seen.insert("quarter turn") }
                if t.isSingular { seen.insert("singular") }
                if t.b == 0 && t.c != 0 && t.a == 1 { seen.insert("shear") }
                if v.anchorPoint != Point(x: 0.5, y: 0.5) { seen.insert("anchorPoint") }
                if v.isHidden { seen.insert("hidden") }
                if v.alpha == 0.01 { seen.insert("alpha 0.01") }
                if v.alpha.sign == .minus { seen.insert("alpha -0") }
                if v.isUserInteractionEnabled
                    != SceneView.defaultUserInteractionEnabled(forClass: v.className)
                {
                    seen.insert("userInteractionEnabled")
                }
                if v.clipsToBounds { seen.insert("clipsToBounds") }
                if v.hitRules.hitInsets != .zero { seen.insert("hitInsets") }
                seen.insert("hitShape " + v.hitRules.hitShape.rawValue)
                seen.insert("pointInside " + v.hitRules.pointInside.rawValue)
                seen.insert("hitTestRule " + v.hitRules.hitTestRule.rawValue)
                if v.redirectTo != nil { seen.insert("redirectTo") }
                if v.viewController != nil { seen.insert("viewController") }
                if v.presentedBy != nil { seen.insert("presentedBy") }
                if v.events.viewControllerTouches != nil { seen.insert("viewControllerTouches") }
                if let t = v.events.touches { seen.insert("touches " + t.rawValue) }
                if v.events.multipleTouchEnabled { seen.insert("multipleTouchEnabled") }
                if v.events.exclusiveTouch { seen.insert("exclusiveTouch") }
                for g in v.events.gestures {
                    seen.insert("gesture " + g.kind.name)
                    if !g.requireToFail.isEmpty { seen.insert("requireToFail") }
                    if !g.simultaneousWith.isEmpty { seen.insert("simultaneousWith") }
                    if case .pan(_, let maximum?, _) = g.kind, maximum > 0 {
                        seen.insert("maximumTouches")
                    }
                    if !g.enabled && !g.cancelsTouchesInView && g.delaysTouchesBegan
                        && !g.delaysTouchesEnded
                    {
                        seen.insert("gesture flags")
                    }
                }
                if let c = v.events.control {
                    if !c.enabled { seen.insert("control disabled") }
                    if c.actions.count >= 2 { seen.insert("control actions") }
                    if c.trackingSlop != 70 { seen.insert("trackingSlop") }
                }
            }
        }
        let expected: Set<String> = [
            "several windows", "no delegate", "depth 4", "level", "frame", "centerSize",
            "boundsOrigin",
            "quarter turn", "singular", "shear", "anchorPoint", "hidden", "alpha 0.01", "alpha -0",
            "userInteractionEnabled", "clipsToBounds", "hitInsets", "hitShape rect",
            "hitShape ellipse",
            "pointInside bounds", "pointInside subviews", "pointInside boundsOrSubviews",
            "hitTestRule default",
            "hitTestRule passthrough", "hitTestRule boxOnly", "redirectTo", "viewController",
            "presentedBy",
            "viewControllerTouches", "touches forward", "touches handle",
            "touches handleAndForward",
            "multipleTouchEnabled", "exclusiveTouch", "gesture tap", "gesture longPress",
            "gesture pan",
            "gesture pinch", "requireToFail", "simultaneousWith", "maximumTouches", "gesture flags",
            "control disabled", "control actions", "trackingSlop",
        ]
        #expect(
            expected.subtracting(seen).isEmpty,
            "never generated: \(expected.subtracting(seen).sorted())")
    }

    @Test("-0 survives a round trip, bit for bit, in every number field", arguments: [true, false])
    func negativeZero(pretty: Bool) throws {
        let z = -0.0
        var v = SceneView(id: "v", placement: .frame(Rect(x: z, y: z, width: z, height: z)))
        v.boundsOrigin = Point(x: z, y: z)
        v.transform = AffineTransform(a: 1, b: z, c: z, d: 1, tx: z, ty: z)
        v.anchorPoint = Point(x: z, y: z)
        v.alpha = z
        v.hitRules.hitInsets = EdgeInsets(top: z, left: z, bottom: z, right: z)
        var g1 = SceneGesture(
            id: "lp", kind: .longPress(minimumPressDuration: z, allowableMovement: z))
        g1.enabled = false
        v.events.gestures = [g1, SceneGesture(id: "pan", kind: .pan(hysteresis: z))]
        v.events.control = SceneControl(trackingSlop: z)
        var c = SceneView(
            id: "c", placement: .centerSize(Point(x: z, y: z), Size(width: z, height: z)))
        c.transform = AffineTransform(a: z, b: z, c: z, d: z, tx: z, ty: z)
        var w = SceneView.window(id: "w", placement: .frame(.zero), level: z)
        w.subviews = [v, c]
        let scene = Scene(screen: Size(width: z, height: z), windows: [w])
        #expect(scene.validationIssues().isEmpty)
        expectRoundTrip(scene, pretty: pretty)

        let loaded = try Scene.load(json: scene.json(pretty: pretty))
        let bits = numberBits(loaded)
        let negativeZeros = bits.filter { $0 == (-0.0).bitPattern }.count
        #expect(negativeZeros == numberBits(scene).filter { $0 == (-0.0).bitPattern }.count)
        #expect(negativeZeros >= 30)
        let lv = try view("v", in: loaded)
        #expect(lv.alpha.sign == .minus)
        #expect(lv.transform.b.sign == .minus)
        #expect(loaded.windows[0].level?.sign == .minus)
        #expect(loaded.screen.width.sign == .minus)
    }

    @Test("numbers that are hard to print survive bit for bit")
    func awkwardNumbers() {
        let values: [Double] = [
            0.1, 0.1 + 0.2, 1.0 / 3.0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1e-7,
            123_456.789, 1e15,
            1e15 + 0.5,
            9_007_199_254_740_994, 1.7976931348623157e308, -1e21, Double(Float(0.01)), 0.01,
        ]
        for x in values {
            var v = SceneView(
                id: "v",
                placement: .centerSize(Point(x: x, y: -x), Size(width: x.magnitude, height: 1)))
            v.transform = AffineTransform(a: x, b: 0, c: 0, d: 1, tx: -x, ty: x)
            if (0...1).contains(x) { v.alpha = x }
            var w = SceneView.window(id: "w", placement: .frame(.zero), level: x)
            w.subviews = [v]
            expectRoundTrip(Scene(windows: [w]), pretty: false, "x = \(x):")
        }
    }

    /// Compact only: pretty text indents by depth, so it grows with the square of the
    /// depth (about 200 MB at 4,096 levels); a 300-deep scene checks the pretty form.
    @Test("a scene 4,096 views deep round trips", arguments: [(4_096, false), (300, true)])
    func deepScene(depth: Int, pretty: Bool) throws {
        let scene = try Scene.load(json: nestedSceneJSON(depth: depth))
        let text = scene.json(pretty: pretty)
        let loaded = try Scene.load(json: text)
        #expect(loaded.depth == depth)
        let equal = loaded == scene
        #expect(equal)
        #expect(loaded.json(pretty: pretty) == text)
    }

    @Test("every field of a view, at any depth, matters to == and to the hash")
    func equalityUsesEveryField() {
        let changes: [(String, (inout SceneView) -> Void)] = [
            ("id", { $0.id += "x" }), ("className", { $0.className = "UIButton" }),
            (
                "placement",
                { $0.placement = .centerSize(Point(x: 5, y: 5), Size(width: 10, height: 10)) }
            ),
            ("boundsOrigin", { $0.boundsOrigin.y = 1 }), ("transform", { $0.transform.c = 0.5 }),
            ("anchorPoint", { $0.anchorPoint.x = 0 }), ("isHidden", { $0.isHidden = true }),
            ("alpha", { $0.alpha = 0.5 }),
            ("isUserInteractionEnabled", { $0.isUserInteractionEnabled = false }),
            ("clipsToBounds", { $0.clipsToBounds = true }),
            ("hitRules", { $0.hitRules.hitShape = .ellipse }),
            ("redirectTo", { $0.redirectTo = "x" }),
            ("viewController", { $0.viewController = "VC" }),
            ("presentedBy", { $0.presentedBy = "VC" }), ("level", { $0.level = 1 }),
            ("events", { $0.events.exclusiveTouch = true }),
            ("subviews", { $0.subviews.append(SceneView(id: "extra", placement: .frame(.zero))) }),
        ]
        let base = SceneView(id: "v", placement: .frame(Rect(x: 0, y: 0, width: 10, height: 10)))
        // `eventsAreDefault` is derived from `events` (kept by its didSet), not a field of
        // its own; the events change below checks it follows.
        let fields = Mirror(reflecting: base).children.compactMap(\.label).filter { $0 != "eventsAreDefault" }
        #expect(changes.count == fields.count, "a field of SceneView is not listed here: \(fields)")
        var withEvents = base
        withEvents.events.exclusiveTouch = true
        #expect(base.eventsAreDefault && !withEvents.eventsAreDefault)
        withEvents.events = .default
        #expect(withEvents.eventsAreDefault)
        for (name, change) in changes {
            var changed = base
            change(&changed)
            #expect(changed != base, "\(name)")
            #expect(changed.hashValue != base.hashValue, "\(name)")
            // The same change three levels down.
            var deepBase = SceneView.window(id: "w", placement: .frame(.zero))
            var deepChanged = deepBase
            var middle = SceneView(id: "m", placement: .frame(.zero))
            middle.subviews = [SceneView(id: "n", placement: .frame(.zero)), base]
            deepBase.subviews = [middle]
            middle.subviews[1] = changed
            deepChanged.subviews = [middle]
            #expect(Scene(windows: [deepBase]) != Scene(windows: [deepChanged]), "\(name), deep")
            #expect(deepBase == deepBase)
        }
    }

    @Test("comparing and hashing scenes 4,096 views deep does not recurse")
    func deepEquality() throws {
        let a = try Scene.load(json: nestedSceneJSON(depth: 4_096))
        let b = try Scene.load(
            json: nestedSceneJSON(depth: 4_096).replacingFirst(#""v4095""#, with: #""bottom""#))
        let equalToSelf = a == a
        let equalToOther = a == b
        #expect(equalToSelf)
        #expect(!equalToOther)
        #expect(a.hashValue == (try Scene.load(json: nestedSceneJSON(depth: 4_096))).hashValue)
        #expect(Set([a, b, a]).count == 2)
    }

    @Test("the JSON value form loads like the text")
    func jsonValue() throws {
        for n in 0..<16 {
            var generator = SceneGenerator(seed: UInt64(1_000 + n))
            let scene = generator.scene()
            let loaded = try Scene.load(jsonValue: scene.jsonValue())
            #expect(firstDifference(loaded, scene) == nil, "seed \(1_000 + n)")
        }
    }
}
