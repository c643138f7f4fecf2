import HitTestDispatch
import HitTestGenerators
import HitTestGeometry
import HitTestJSON
import HitTestReference
import HitTestScene

/// Random input for dispatch parity checks (the engines against each other, the C API
/// against the Swift dispatcher): event settings on a generated scene's views, and touch
/// streams aimed at its views. Seeded, repeatable.
public enum DispatchInputs {
    /// Adds random event settings to every view, in place, without recursion.
    public static func decorate(_ scene: inout Scene, _ rng: inout SplitMix64) {
        var ids: [String] = []
        var views: [String] = []
        for w in scene.windows.indices {
            decorate(&scene.windows[w], &rng, &ids, &views)
        }
    }

    private static func decorate(
        _ v: inout SceneView, _ rng: inout SplitMix64, _ ids: inout [String],
        _ views: inout [String]
    ) {
        var e = v.events
        e.touches = [nil, .forward, .handle, .handleAndForward][rng.below(4)]
        e.multipleTouchEnabled = rng.below(3) == 0
        e.exclusiveTouch = rng.below(8) == 0
        if v.viewController != nil, rng.below(2) == 0 { e.viewControllerTouches = .handle }
        for k in 0..<[0, 0, 1, 1, 2][rng.below(5)] {
            var g = SceneGesture(id: "\(v.id).g\(k)", kind: .tap())
            switch rng.below(11) {
            case 0: g.kind = .tap()
            case 1: g.kind = .tap(taps: 2)
            case 2: g.kind = .tap(taps: 1, touches: 2)
            case 3: g.kind = .longPress()
            case 4: g.kind = .pan()
            case 5: g.kind = .pinch
            case 6:
                g.kind = .swipe(
                    directions: SwipeDirections(rawValue: UInt8(1 + rng.below(15))),
                    touches: 1 + rng.below(2))
            case 7: g.kind = .rotation
            case 8: g.kind = .screenEdgePan(edges: ScreenEdges(rawValue: UInt8(1 + rng.below(15))))
            case 9: g.kind = .longPress(touches: 2)
            default: g.kind = .pan(minimumTouches: 2)
            }
            g.cancelsTouchesInView = rng.below(4) != 0
            g.delaysTouchesBegan = rng.below(4) == 0
            g.delaysTouchesEnded = rng.below(4) != 0
            g.shouldBegin = rng.below(10) != 0
            if !ids.isEmpty && rng.below(4) == 0 { g.requireToFail = [ids[rng.below(ids.count)]] }
            if !ids.isEmpty && rng.below(4) == 0 {
                g.simultaneousWith = [ids[rng.below(ids.count)]]
            }
            if !ids.isEmpty && rng.below(6) == 0 {
                g.shouldRequireFailureOf = [ids[rng.below(ids.count)]]
            }
            if !ids.isEmpty && rng.below(6) == 0 {
                g.shouldBeRequiredToFailBy = [ids[rng.below(ids.count)]]
            }
            ids.append(g.id)
            e.gestures.append(g)
        }
        // `next` overrides name views seen before this one (ancestors or earlier
        // branches), so chains may jump sideways or loop back.
        if !views.isEmpty && rng.below(8) == 0 { e.next = views[rng.below(views.count)] }
        if v.viewController != nil && !views.isEmpty && rng.below(4) == 0 {
            e.viewControllerNext = views[rng.below(views.count)]
        }
        views.append(v.id)
        if rng.below(6) == 0 {
            v.className = ["UIButton", "UISlider", "UISwitch"][rng.below(3)]
            e.control = SceneControl(
                enabled: rng.below(5) != 0, trackingSlop: [0, 10, 70][rng.below(3)],
                actions: [ControlAction(event: .touchUpInside, action: "\(v.id).up")])
        }
        v.events = e
        for i in v.subviews.indices { decorate(&v.subviews[i], &rng, &ids, &views) }
    }

    /// A touch stream aimed at views' centres (and sometimes anywhere), up to three
    /// fingers, with moves, stationary frames, ends and system cancellations.
    public static func touches(_ scene: Scene, _ rng: inout SplitMix64) -> [InputFrame] {
        let screen = Screen(scene: scene)
        var targets: [Point] = []
        var stack: [View] = screen.windows
        while let v = stack.popLast() {
            let b = v.bounds
            targets.append(v.convert(Point(x: b.midX, y: b.midY), to: nil))
            stack.append(contentsOf: v.subviews)
        }
        func point(_ rng: inout SplitMix64) -> Point {
            if rng.below(5) == 0 || targets.isEmpty {
                return Point(x: Double(rng.below(400)), y: Double(rng.below(850)))
            }
            if rng.below(8) == 0 {
                // Near a screen edge: where screen-edge pans start.
                let x = [Double(rng.below(25)), 390 - Double(rng.below(25))][rng.below(2)]
                return Point(x: x, y: Double(rng.below(850)))
            }
            let p = targets[rng.below(targets.count)]
            let ok = p.x.isFinite && p.y.isFinite
            return ok ? p : Point(x: 10, y: 10)
        }
        var frames: [InputFrame] = []
        var t = 0.0
        var down: [Int: Point] = [:]
        var nextID = 1
        for _ in 0..<(4 + rng.below(16)) {
            t += [0, 0.01, 0.05, 0.1, 0.3, 0.6][rng.below(6)]
            var inputs: [TouchInput] = []
            for (id, p) in down.sorted(by: { $0.key < $1.key }) {
                switch rng.below(6) {
                case 0, 1:
                    // Mostly short moves; sometimes a long one, as a swipe makes.
                    let reach = rng.below(4) == 0 ? 80 : 30
                    let q = Point(
                        x: p.x + Double(rng.int(-reach...reach)),
                        y: p.y + Double(rng.int(-reach...reach)))
                    down[id] = q
                    inputs.append(TouchInput(id: id, phase: .moved, location: q))
                case 2: inputs.append(TouchInput(id: id, phase: .stationary, location: p))
                case 3:
                    down[id] = nil
                    inputs.append(TouchInput(id: id, phase: .ended, location: p))
                case 4 where rng.below(4) == 0:
                    down[id] = nil
                    inputs.append(TouchInput(id: id, phase: .cancelled, location: p))
                default: break
                }
            }
            // Sometimes two fingers land in the same frame
            // (`rule-recognizer-same-frame-touches`).
            for _ in 0..<(rng.below(4) == 0 ? 2 : 1) where down.count < 3 && rng.below(2) == 0 {
                let p = point(&rng)
                let id = rng.below(3) == 0 ? 1 + rng.below(nextID) : nextID
                if down[id] == nil && !inputs.contains(where: { $0.id == id }) {
                    nextID = max(nextID, id + 1)
                    down[id] = p
                    inputs.append(TouchInput(id: id, phase: .began, location: p))
                }
            }
            frames.append(InputFrame(time: t, touches: inputs))
        }
        return frames
    }

    public static func eventsJSON(_ frames: [InputFrame]) -> String {
        let items = frames.map { f in
            let touches = f.touches.map { i in
                #"{"id": \#(i.id), "phase": "\#(i.phase.rawValue)", "at": [\#(JSONWriter.formatNumber(i.location.x)), \#(JSONWriter.formatNumber(i.location.y))]}"#
            }
            return
                #"{"t": \#(JSONWriter.formatNumber(f.time)), "touches": [\#(touches.joined(separator: ", "))]}"#
        }
        return #"{"format": "hittest-events/1", "frames": [\#(items.joined(separator: ",\n"))]}"#
    }

}
