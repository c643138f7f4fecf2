import HitTestGeometry
import HitTestScene
import Testing

// MARK: - Building scene JSON

/// A scene document holding `windows` (the text between the brackets of `"windows"`).
func sceneJSON(windows: String) -> String {
    #"{"format": "hittest-scene/1", "windows": [\#(windows)]}"#
}

/// A scene with one window `main` (frame 0, 0, 390, 844) whose subviews are `subviews`.
/// The window is at `$.windows[0]`, its subviews at `$.windows[0].subviews[i]`.
func sceneJSON(subviews: String) -> String {
    sceneJSON(
        windows: #"{"id": "main", "frame": [0, 0, 390, 844], "subviews": [\#(subviews)]}"#)
}

/// The JSON path of the window of `sceneJSON(subviews:)`.
let windowPath = "$.windows[0]"

/// The JSON path of subview `i` of the window of `sceneJSON(subviews:)`.
func subviewPath(_ i: Int) -> String {
    "$.windows[0].subviews[\(i)]"
}

/// A chain of `depth` views (the window `v0` holding `v1` holding `v2` ...), as text,
/// built without recursion. The view at depth `k` (the window is depth 1) is `v(k-1)`.
func nestedSceneJSON(depth: Int) -> String {
    var text = #"{"format": "hittest-scene/1", "windows": ["#
    text.reserveCapacity(depth * 48)
    for i in 0..<depth {
        text += #"{"id": "v\#(i)", "frame": [0, 0, 10, 10]"#
        if i < depth - 1 { text += #", "subviews": ["# }
    }
    text += "}" + String(repeating: "]}", count: depth - 1) + "]}"
    return text
}

/// The path of the view at depth `depth` of `nestedSceneJSON` (the window is depth 1).
func nestedPath(depth: Int) -> String {
    "$.windows[0]" + String(repeating: ".subviews[0]", count: depth - 1)
}

// MARK: - Loading and issues

/// The error `Scene.load` throws for `json`, or nil when it loads.
func loadError(_ json: String, limits: Scene.Limits = .default) -> SceneError? {
    do {
        _ = try Scene.load(json: json, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// The issues `Scene.load` reports for `json`; records a failure when it loads.
func issues(
    of json: String, limits: Scene.Limits = .default,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> [SceneIssue] {
    let error = try #require(
        loadError(json, limits: limits), "the scene loaded; it should have been rejected",
        sourceLocation: sourceLocation)
    return error.issues
}

/// The one issue `Scene.load` reports for `json`; records a failure when it loads or when
/// it reports more than one issue.
func issue(
    of json: String, limits: Scene.Limits = .default,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> SceneIssue {
    let all = try issues(of: json, limits: limits, sourceLocation: sourceLocation)
    #expect(
        all.count == 1, "expected exactly one issue, got:\n\(SceneError(issues: all))",
        sourceLocation: sourceLocation)
    return try #require(all.first, sourceLocation: sourceLocation)
}

/// Checks where an issue is and that its message says each of `mentions`.
func expectIssue(
    _ issue: SceneIssue, path: String, viewID: String?, field: String?,
    mentions: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(issue.path == path, "issue: \(issue)", sourceLocation: sourceLocation)
    #expect(issue.viewID == viewID, "issue: \(issue)", sourceLocation: sourceLocation)
    #expect(issue.field == field, "issue: \(issue)", sourceLocation: sourceLocation)
    for text in mentions {
        #expect(
            issue.message.contains(text), "the message should mention \"\(text)\": \(issue)",
            sourceLocation: sourceLocation)
    }
}

/// Loads `json` and checks that it is rejected with exactly one issue at this place.
func expectRejected(
    _ json: String, path: String, viewID: String?, field: String?, mentions: [String] = [],
    limits: Scene.Limits = .default, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let found = try issue(of: json, limits: limits, sourceLocation: sourceLocation)
    expectIssue(
        found, path: path, viewID: viewID, field: field, mentions: mentions,
        sourceLocation: sourceLocation)
}

// MARK: - Comparing scenes

/// The first place where two scenes differ, in words, or nil when they are equal.
/// Iterative, and it prints only the differing views, not whole scenes.
func firstDifference(_ a: Scene, _ b: Scene) -> String? {
    if a.screen != b.screen { return "screen: \(a.screen) != \(b.screen)" }
    if a.application != b.application { return "application: \(a.application) != \(b.application)" }
    if a.windows.count != b.windows.count {
        return "window count: \(a.windows.count) != \(b.windows.count)"
    }
    var stack: [(SceneView, SceneView, String)] = zip(a.windows, b.windows).enumerated()
        .reversed().map { ($1.0, $1.1, "$.windows[\($0)]") }
    while let (x, y, path) = stack.popLast() {
        var xFields = x
        var yFields = y
        xFields.subviews = []
        yFields.subviews = []
        if xFields != yFields { return "\(path):\n  \(xFields)\n!=\n  \(yFields)" }
        if x.subviews.count != y.subviews.count {
            return "\(path): \(x.subviews.count) subviews != \(y.subviews.count)"
        }
        for i in x.subviews.indices.reversed() {
            stack.append((x.subviews[i], y.subviews[i], path + ".subviews[\(i)]"))
        }
    }
    return nil
}

/// Every view of a scene in pre-order (windows included).
func allViews(_ scene: Scene) -> [SceneView] {
    var out: [SceneView] = []
    scene.forEachView { view, _ in out.append(view) }
    return out
}

/// The view with this id (pre-order first); records a failure when there is none.
func view(
    _ id: String, in scene: Scene, sourceLocation: SourceLocation = #_sourceLocation
) throws -> SceneView {
    try #require(
        allViews(scene).first { $0.id == id }, "no view \"\(id)\"", sourceLocation: sourceLocation)
}

// MARK: - A seeded random generator of valid scenes

/// SplitMix64 (Steele, Lea, Flood 2014): small, fast, and the same on every platform, so
/// a failing seed reproduces.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Generates valid scenes that use every field of the format: several windows with
/// levels, nested views placed by frame or by center and size, scroll offsets,
/// transforms (exact and computed rotations, scales, shears, singular ones), anchor
/// points, flags, alphas, every hit rule, `redirectTo` to a real descendant, view
/// controllers presented in chains without cycles, gestures of every kind with
/// settings and references, and controls with actions. Numbers include `-0`, values
/// that are not exact floats, subnormals, and random bit patterns.
struct SceneGenerator {
    private var rng: SplitMix64
    private var viewCount = 0
    private var controllerNames: [String] = []
    private var gestureCount = 0
    private let maxViews: Int

    init(seed: UInt64, maxViews: Int = 40) {
        rng = SplitMix64(seed: seed)
        self.maxViews = maxViews
    }

    mutating func scene() -> Scene {
        var scene = Scene(
            screen: chance(0.5) ? Scene.defaultScreen : Size(width: length(), height: length()),
            application: SceneApplication(
                className: pick(["UIApplication", "MyApp", "Äpp \"quoted\""]),
                delegate: pick(["AppDelegate", nil, "Delegate\t😀"])))
        for _ in 0..<int(1...4) where viewCount < maxViews {
            scene.windows.append(view(depth: 1))
        }
        addGestureReferences(to: &scene)
        return scene
    }

    // MARK: Numbers

    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &rng)
    }

    private mutating func chance(_ p: Double) -> Bool {
        Double.random(in: 0..<1, using: &rng) < p
    }

    private mutating func pick<T>(_ values: [T]) -> T {
        values[int(0...values.count - 1)]
    }

    /// Any finite number, often an awkward one.
    private mutating func coordinate() -> Double {
        switch int(0...11) {
        case 0: return 0
        case 1: return -0.0
        case 2: return Double(int(-500...500))
        case 3: return Double(int(-5000...5000)) / 10
        case 4: return Double.random(in: -1000..<1000, using: &rng)
        case 5: return Double(int(1...10)) / 3
        case 6:
            while true {
                let x = Double(bitPattern: rng.next())
                if x.isFinite { return x }
            }
        case 7:
            return pick([.leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, -1e-7, 0.1 + 0.2])
        case 8: return pick([1e15, 1e21, 9_007_199_254_740_994, 1.2345678901234568e17, -4.5e300])
        case 9: return Double.greatestFiniteMagnitude * (chance(0.5) ? 1 : -1)
        default: return Double(int(0...390))
        }
    }

    /// A finite number >= 0 (sizes, settings); `-0` included, which is not below zero.
    private mutating func length() -> Double {
        let x = coordinate()
        return x == 0 ? x : x.magnitude
    }

    private mutating func point() -> Point {
        Point(x: coordinate(), y: coordinate())
    }

    private mutating func transform() -> AffineTransform {
        let tx = chance(0.5) ? 0 : coordinate()
        let ty = chance(0.5) ? 0 : coordinate()
        switch int(0...7) {
        case 0: return .identity
        case 1:
            // Exact quarter and half turns.
            let (a, b) = pick([(0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)])
            return AffineTransform(a: a, b: b, c: -b, d: a, tx: tx, ty: ty)
        case 2:
            var t = AffineTransform(rotationAngle: Double.random(in: -7..<7, using: &rng))
            t.tx = tx
            t.ty = ty
            return t
        case 3:
            return AffineTransform(
                a: pick([2, 0.5, -1, 1e-3, 3]), b: 0, c: 0, d: pick([2, 0.25, -3, 1]), tx: tx,
                ty: ty)
        case 4:
            return AffineTransform(
                a: 1, b: pick([0, 0.5]), c: pick([0.3, -2, 1]), d: 1, tx: tx, ty: ty)
        case 5:
            // Singular: scale 0, a zero matrix, dependent rows.
            return pick([
                AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: tx, ty: ty),
                AffineTransform(a: 0, b: 0, c: 0, d: 1, tx: tx, ty: ty),
                AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: tx, ty: ty),
            ])
        case 6: return AffineTransform(translationX: tx, y: ty)
        default:
            return AffineTransform(
                a: coordinate(), b: coordinate(), c: coordinate(), d: coordinate(), tx: tx, ty: ty)
        }
    }

    // MARK: Views

    private mutating func newID() -> String {
        viewCount += 1
        switch int(0...9) {
        case 0: return "v\(viewCount) \"quoted\\\""
        case 1: return "v\(viewCount)\tτ😀\n"
        case 2: return "é\(viewCount)/e\u{301}"
        default: return "v\(viewCount)"
        }
    }

    /// A view (a window at depth 1) and its subtree.
    private mutating func view(depth: Int) -> SceneView {
        let isWindow = depth == 1
        let id = newID()
        let className =
            isWindow
            ? pick(["UIWindow", "UIWindow", "UITextEffectsWindow", "UIView"])
            : pick([
                "UIView", "UIView", "UILabel", "UIImageView", "UIButton", "CustomView", "UIWindow",
            ])
        let anchorPoint =
            chance(0.4)
            ? Point(x: pick([0, 1, 0.25, -0.5, 1.5, 0.1]), y: pick([0, 1, 0.75, 0.3]))
            : Point(x: 0.5, y: 0.5)
        var placement: SceneView.Placement = .centerSize(
            point(), Size(width: length(), height: length()))
        if chance(0.5) {
            let frame = Rect(x: coordinate(), y: coordinate(), width: length(), height: length())
            // Huge finite numbers can make the center overflow, which is invalid.
            if ViewGeometry.center(ofLayoutFrame: frame, anchorPoint: anchorPoint).isFinite {
                placement = .frame(frame)
            }
        }
        var v = SceneView(id: id, className: className, placement: placement)
        v.anchorPoint = anchorPoint
        if isWindow { v.level = pick([0, 1, -1, 2.5, 1000, 1e-300, -0.0]) }
        if chance(0.4) { v.boundsOrigin = point() }
        if chance(0.6) { v.transform = transform() }
        v.isHidden = chance(0.15)
        if chance(0.5) {
            v.alpha = pick([
                0, 0.01, Double(Float(0.01)).nextUp, Double(Float(0.01).nextUp), 0.3, 1.0 / 3.0,
                0.99,
                -0.0, Double.random(in: 0...1, using: &rng),
            ])
        }
        if chance(0.3) { v.isUserInteractionEnabled.toggle() }
        v.clipsToBounds = chance(0.3)
        if chance(0.3) {
            v.hitRules.hitInsets = EdgeInsets(
                top: coordinate(), left: coordinate(), bottom: coordinate(), right: coordinate())
        }
        v.hitRules.hitShape = pick(HitShape.allCases)
        v.hitRules.pointInside = pick(PointInsideMode.allCases)
        v.hitRules.hitTestRule = pick(HitTestRule.allCases)
        if chance(0.3) {
            let name = "VC\(controllerNames.count)" + (chance(0.2) ? " ✓" : "")
            v.viewController = name
            // Presented only by an earlier controller: chains, never a cycle.
            if !controllerNames.isEmpty && chance(0.6) { v.presentedBy = pick(controllerNames) }
            controllerNames.append(name)
            if chance(0.5) { v.events.viewControllerTouches = pick(TouchHandling.allCases) }
        }
        if chance(0.5) { v.events.touches = pick(TouchHandling.allCases) }
        v.events.multipleTouchEnabled = chance(0.3)
        v.events.exclusiveTouch = chance(0.3)
        for _ in 0..<pick([0, 0, 1, 2, 3]) { v.events.gestures.append(gesture()) }
        if chance(0.25) { v.events.control = control() }

        let maxChildren = depth >= 6 ? 0 : pick([0, 1, 2, 3])
        for _ in 0..<maxChildren where viewCount < maxViews {
            v.subviews.append(view(depth: depth + 1))
        }
        if chance(0.3), let target = randomDescendant(of: v) { v.redirectTo = target }
        return v
    }

    private mutating func randomDescendant(of v: SceneView) -> String? {
        var ids: [String] = []
        var stack = v.subviews
        while let s = stack.popLast() {
            ids.append(s.id)
            stack += s.subviews
        }
        return ids.isEmpty ? nil : pick(ids)
    }

    private mutating func gesture() -> SceneGesture {
        gestureCount += 1
        let kind: GestureKind
        switch int(0...3) {
        case 0: kind = chance(0.3) ? .tap() : .tap(taps: int(1...4), touches: int(1...3))
        case 1:
            kind =
                chance(0.3)
                ? .longPress()
                : .longPress(
                    minimumPressDuration: length(), allowableMovement: length(), touches: int(1...3)
                )
        case 2:
            let minimum = int(1...3)
            kind =
                chance(0.3)
                ? .pan()
                : .pan(
                    minimumTouches: minimum,
                    maximumTouches: chance(0.5) ? nil : minimum + int(0...3),
                    hysteresis: length())
        default: kind = .pinch
        }
        var g = SceneGesture(id: "g\(gestureCount)" + (chance(0.1) ? " \"q\"" : ""), kind: kind)
        g.enabled = chance(0.8)
        g.cancelsTouchesInView = chance(0.7)
        g.delaysTouchesBegan = chance(0.3)
        g.delaysTouchesEnded = chance(0.7)
        g.shouldBegin = chance(0.8)
        g.shouldReceiveTouch = chance(0.8)
        return g
    }

    private mutating func control() -> SceneControl {
        var c = SceneControl()
        c.enabled = chance(0.7)
        if chance(0.5) { c.trackingSlop = pick([0, 44.5, 70.000001, -0.0, length()]) }
        for event in ControlEvent.allCases.shuffled(using: &rng) where chance(0.4) {
            c.actions.append(
                ControlAction(
                    event: event, action: pick(["buy", "tap", "cancel ✕", event.rawValue])))
        }
        return c
    }

    /// Gives some gestures `requireToFail` and `simultaneousWith` lists naming other
    /// gestures of the scene, earlier or later in the document.
    private mutating func addGestureReferences(to scene: inout Scene) {
        var ids: [String] = []
        scene.forEachView { v, _ in ids += v.events.gestures.map(\.id) }
        guard ids.count >= 2 else { return }
        for w in scene.windows.indices {
            addGestureReferences(to: &scene.windows[w], ids: ids)
        }
    }

    private mutating func addGestureReferences(to v: inout SceneView, ids: [String]) {
        for g in v.events.gestures.indices {
            let own = v.events.gestures[g].id
            let others = ids.filter { $0 != own }
            if chance(0.4) {
                v.events.gestures[g].requireToFail = (0..<int(1...2)).map { _ in pick(others) }
            }
            if chance(0.4) {
                v.events.gestures[g].simultaneousWith = (0..<int(1...3)).map { _ in pick(others) }
            }
        }
        for s in v.subviews.indices {
            addGestureReferences(to: &v.subviews[s], ids: ids)
        }
    }
}
