import CHitTestShim
import HitTestBridge
import HitTestCAPI
import HitTestDispatch
import HitTestGenerators
import HitTestGeometry
import HitTestParity
import HitTestScene
import Testing

/// The C dispatch API against the Swift `Dispatcher`, the way a C host calls it: a
/// generated scene loaded without its event settings, every recognizer, control and
/// touch setting attached through the C functions, the touch stream fed frame by frame,
/// the polled events turned back into a log. It must equal the Swift dispatcher's log on
/// the scene with its settings.
@Suite("C dispatch API: parity with the Swift dispatcher")
struct DispatchParityTests {
    /// The scene without event settings (what the C calls must add back).
    static func stripped(_ s: Scene) -> Scene {
        var out = s
        func strip(_ v: inout SceneView) {
            v.events = .default
            for i in v.subviews.indices { strip(&v.subviews[i]) }
        }
        for i in out.windows.indices { strip(&out.windows[i]) }
        return out
    }

    /// A C report read back as Swift's: the fields its bits name.
    static func report(_ r: htGestureReport) -> GestureReport {
        func has(_ bit: UInt32) -> Bool { r.fields & bit != 0 }
        return GestureReport(
            translation: has(HT_REPORT_TRANSLATION)
                ? Point(x: r.translation.x, y: r.translation.y) : nil,
            velocity: has(HT_REPORT_VELOCITY) ? Point(x: r.velocity.x, y: r.velocity.y) : nil,
            scale: has(HT_REPORT_SCALE) ? r.scale : nil,
            scaleVelocity: has(HT_REPORT_SCALE_VELOCITY) ? r.scaleVelocity : nil,
            rotation: has(HT_REPORT_ROTATION) ? r.rotation : nil,
            angularVelocity: has(HT_REPORT_ANGULAR_VELOCITY) ? r.angularVelocity : nil,
            location: has(HT_REPORT_LOCATION) ? Point(x: r.location.x, y: r.location.y) : nil,
            direction: has(HT_REPORT_DIRECTION)
                ? SwipeDirections(rawValue: UInt8(r.direction)) : nil)
    }

    static func name(_ v: htViewId) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        _ = HitTestCAPI.htView_GetName(v, &buffer, 256, nil)
        return String(cString: buffer)
    }

    static func ids(
        _ count: (UnsafeMutablePointer<htViewId>?, Int32, UnsafeMutablePointer<Int32>?) -> htResult
    ) -> [htViewId] {
        var n: Int32 = 0
        _ = count(nil, 0, &n)
        var out = [htViewId](repeating: htViewId(), count: Int(n))
        let r = count(&out, n, &n)
        #expect(r == HT_OK)
        return out
    }

    /// Attaches `v`'s settings to the C view `id`, recursively; gestures by name.
    static func attach(
        _ v: SceneView, _ id: htViewId, _ d: htDispatcherId, _ gestures: inout [String: htGestureId]
    ) {
        let e = v.events
        #expect(name(id) == v.id)
        if let t = e.touches {
            let value: Int32 = [.forward: 0, .handle: 1, .handleAndForward: 2][t]!
            #expect(HitTestCAPI.htDispatcher_SetTouchHandling(d, id, value) == HT_OK)
        }
        if let t = e.viewControllerTouches {
            let value: Int32 = [.forward: 0, .handle: 1, .handleAndForward: 2][t]!
            #expect(HitTestCAPI.htDispatcher_SetViewControllerTouchHandling(d, id, value) == HT_OK)
        }
        if e.multipleTouchEnabled {
            #expect(HitTestCAPI.htDispatcher_SetMultipleTouchEnabled(d, id, true) == HT_OK)
        }
        if e.exclusiveTouch {
            #expect(HitTestCAPI.htDispatcher_SetExclusiveTouch(d, id, true) == HT_OK)
        }
        if let c = e.control {
            var def = HitTestCAPI.htDefaultControlDef()
            def.enabled = c.enabled
            def.trackingSlop = c.trackingSlop
            #expect(HitTestCAPI.htDispatcher_SetControl(d, id, &def) == HT_OK)
            for a in c.actions {
                let event = Int32(ControlEvent.allCases.firstIndex(of: a.event)!)
                #expect(HitTestCAPI.htDispatcher_AddControlAction(d, id, event, a.action) == HT_OK)
            }
        }
        if let s = e.scrollView { ScrollViewCAPITests.setScrollView(s, id, d) }
        for g in e.gestures {
            var def = HitTestCAPI.htDefaultGestureDef()
            switch g.kind {
            case .tap(let taps, let touches):
                def.kind = HT_GESTURE_TAP
                def.taps = Int32(taps)
                def.touches = Int32(touches)
            case .longPress(let duration, let movement, let touches):
                def.kind = HT_GESTURE_LONG_PRESS
                def.minimumPressDuration = duration
                def.allowableMovement = movement
                def.touches = Int32(touches)
            case .pan(let minimum, let maximum, let hysteresis):
                def.kind = HT_GESTURE_PAN
                def.minimumTouches = Int32(minimum)
                def.maximumTouches = Int32(maximum ?? 0)
                def.hysteresis = hysteresis
            case .pinch:
                def.kind = HT_GESTURE_PINCH
            case .swipe(let directions, let touches):
                def.kind = HT_GESTURE_SWIPE
                def.swipeDirections = UInt32(directions.rawValue)
                def.touches = Int32(touches)
            case .rotation:
                def.kind = HT_GESTURE_ROTATION
            case .screenEdgePan(let edges):
                def.kind = HT_GESTURE_SCREEN_EDGE_PAN
                def.edges = UInt32(edges.rawValue)
            case .hover:
                def.kind = HT_GESTURE_HOVER
            }
            def.enabled = g.enabled
            def.cancelsTouchesInView = g.cancelsTouchesInView
            def.delaysTouchesBegan = g.delaysTouchesBegan
            def.delaysTouchesEnded = g.delaysTouchesEnded
            def.shouldBegin = g.shouldBegin
            def.shouldReceiveTouch = g.shouldReceiveTouch
            let gid = g.id.withCString { n in
                def.name = n
                return HitTestCAPI.htDispatcher_AddGesture(d, id, &def)
            }
            let valid = HitTestCAPI.htGesture_IsValid(gid)
            #expect(valid, "\(g.id): \(String(cString: htGetLastErrorMessage()))")
            gestures[g.id] = gid
        }
        let children = ids { HitTestCAPI.htView_GetChildren(id, $0, $1, $2) }
        #expect(children.count == v.subviews.count)
        for (s, c) in zip(v.subviews, children) { attach(s, c, d, &gestures) }
    }

    /// The failure requirements and simultaneity, once every recognizer has an id.
    static func link(_ v: SceneView, _ gestures: [String: htGestureId]) {
        for g in v.events.gestures {
            for other in g.requireToFail {
                #expect(
                    HitTestCAPI.htGesture_RequireToFail(gestures[g.id]!, gestures[other]!) == HT_OK)
            }
            for other in g.simultaneousWith {
                let r = HitTestCAPI.htGesture_RecognizeSimultaneouslyWith(
                    gestures[g.id]!, gestures[other]!)
                #expect(r == HT_OK)
            }
            for other in g.shouldRequireFailureOf {
                let r = HitTestCAPI.htGesture_ShouldRequireFailureOf(
                    gestures[g.id]!, gestures[other]!)
                #expect(r == HT_OK)
            }
            for other in g.shouldBeRequiredToFailBy {
                let r = HitTestCAPI.htGesture_ShouldBeRequiredToFailBy(
                    gestures[g.id]!, gestures[other]!)
                #expect(r == HT_OK)
            }
        }
        for s in v.subviews { link(s, gestures) }
    }

    /// Every view's C id by its scene id (the first in pre-order).
    static func viewIDs(_ v: SceneView, _ id: htViewId, _ out: inout [String: htViewId]) {
        if out[v.id] == nil { out[v.id] = id }
        let children = ids { HitTestCAPI.htView_GetChildren(id, $0, $1, $2) }
        for (s, c) in zip(v.subviews, children) { viewIDs(s, c, &out) }
    }

    /// The `next` overrides, once every view has an id.
    static func setNext(
        _ v: SceneView, _ id: htViewId, _ d: htDispatcherId, _ byName: [String: htViewId]
    ) {
        if let n = v.events.next {
            #expect(HitTestCAPI.htDispatcher_SetNextResponder(d, id, byName[n]!) == HT_OK)
        }
        if let n = v.events.viewControllerNext {
            let r = HitTestCAPI.htDispatcher_SetViewControllerNextResponder(d, id, byName[n]!)
            #expect(r == HT_OK)
        }
        let children = ids { HitTestCAPI.htView_GetChildren(id, $0, $1, $2) }
        for (s, c) in zip(v.subviews, children) { setNext(s, c, d, byName) }
    }

    /// The polled events of the last call as log entries, with names read back.
    static func entries(_ d: htDispatcherId) -> [DispatchLogEntry] {
        let events = HitTestCAPI.htDispatcher_GetEvents(d)
        var out: [DispatchLogEntry] = []
        for i in 0..<Int(events.count) {
            let e = events.events![i]
            let name = String(cString: e.name!)
            switch e.type {
            case HT_EVENT_DELIVERY:
                let message = TouchMessage.allCases[Int(e.message)]
                let to: DispatchLogEntry.Recipient =
                    e.gesture.index1 != 0
                    ? .gesture(id: name, view: Self.name(e.view)) : .responder(name)
                out.append(.delivery(time: e.time, touch: Int(e.touch), to: to, message: message))
            case HT_EVENT_STATE:
                let state: GestureState = [
                    .possible, .began, .changed, .ended, .cancelled, .failed, .recognized,
                ][Int(e.state)]
                out.append(.state(time: e.time, gesture: name, state: state))
            case HT_EVENT_ACTION:
                let report = e.gesture.index1 != 0 ? Self.report(e.report) : nil
                out.append(.action(time: e.time, name: name, report: report))
            case HT_EVENT_HIGHLIGHT:
                out.append(.highlight(time: e.time, control: name, highlighted: e.state != 0))
            case HT_EVENT_SCROLL:
                let p = Point(x: e.contentOffset.x, y: e.contentOffset.y)
                out.append(.scrollOffset(time: e.time, scrollView: name, contentOffset: p))
            case HT_EVENT_SCROLL_EVENT:
                let event: ScrollViewEvent
                switch e.state {
                case HT_SCROLL_WILL_BEGIN_DECELERATING: event = .scrollViewWillBeginDecelerating
                case HT_SCROLL_DID_END_DECELERATING: event = .scrollViewDidEndDecelerating
                case HT_SCROLL_WILL_BEGIN_DRAGGING: event = .scrollViewWillBeginDragging
                case HT_SCROLL_WILL_END_DRAGGING:
                    event = .scrollViewWillEndDragging(
                        velocity: Point(x: e.velocity.x, y: e.velocity.y),
                        targetContentOffset: Point(x: e.contentOffset.x, y: e.contentOffset.y))
                case HT_SCROLL_WILL_BEGIN_ZOOMING: event = .scrollViewWillBeginZooming
                case HT_SCROLL_DID_ZOOM: event = .scrollViewDidZoom(scale: e.zoomScale)
                case HT_SCROLL_DID_END_ZOOMING: event = .scrollViewDidEndZooming(atScale: e.zoomScale)
                default: event = .scrollViewDidEndDragging(willDecelerate: e.willDecelerate)
                }
                out.append(.scrollEvent(time: e.time, scrollView: name, event: event))
            case HT_EVENT_SCROLL_DECISION:
                let decision = ScrollViewDecision.allCases[Int(e.state)]
                out.append(
                    .scrollView(
                        time: e.time, touch: Int(e.touch), scrollView: name, decision: decision))
            default:
                let event = ControlEvent.allCases[Int(e.controlEvent)]
                out.append(.control(time: e.time, control: name, event: event))
            }
        }
        return out
    }

    /// Runs `frames` through the C API on `scene`; returns the log. Throws, naming
    /// `context` (a seed), the loader's message and the scene, when the scene does not load.
    static func cLog(
        _ scene: Scene, _ frames: [InputFrame], context: @autoclosure () -> String = "",
        setUp: (htDispatcherId, [String: htGestureId]) -> Void = { _, _ in }
    ) throws -> [DispatchLogEntry] {
        var def = HitTestCAPI.htDefaultWorldDef()
        let world = HitTestCAPI.htCreateWorld(&def)
        defer { _ = HitTestCAPI.htDestroyWorld(world) }
        let text = stripped(scene).json()
        let json = Array(text.utf8CString)
        let loaded = HitTestCAPI.htWorld_LoadSceneBuffer(world, json, UInt(json.count - 1))
        try #require(
            loaded == HT_OK,
            "\(context()): \(String(cString: htGetLastErrorMessage()))\nscene:\n\(text)")
        var ddef = HitTestCAPI.htDefaultDispatcherDef()
        let d = HitTestCAPI.htCreateDispatcher(world, &ddef)
        defer { _ = HitTestCAPI.htDestroyDispatcher(d) }
        let windows = ids { HitTestCAPI.htWorld_GetWindows(world, $0, $1, $2) }
        var gestures: [String: htGestureId] = [:]
        for (w, id) in zip(scene.windows, windows) { attach(w, id, d, &gestures) }
        for w in scene.windows { link(w, gestures) }
        var byName: [String: htViewId] = [:]
        for (w, id) in zip(scene.windows, windows) { viewIDs(w, id, &byName) }
        for (w, id) in zip(scene.windows, windows) { setNext(w, id, d, byName) }
        setUp(d, gestures)
        var log: [DispatchLogEntry] = []
        for f in frames {
            let touches = f.touches.map {
                htTouchInput(
                    id: Int64($0.id), phase: Int32(TouchPhase.allCases.firstIndex(of: $0.phase)!),
                    point: htVec2(x: $0.location.x, y: $0.location.y))
            }
            let r = HitTestCAPI.htDispatcher_Feed(d, f.time, touches, Int32(touches.count))
            #expect(r == HT_OK, "\(String(cString: htGetLastErrorMessage()))")
            log += entries(d)
        }
        #expect(HitTestCAPI.htDispatcher_AdvanceTime(d, .infinity) == HT_OK)
        log += entries(d)
        return log
    }

    @Test("generated scenes, settings and touch streams: the C log equals the Swift log")
    func parity() throws {
        let base = UInt64.random(in: 0...UInt64.max)
        var nonEmpty = 0
        for i in 0..<60 {
            let seed = SplitMix64.derive(base, UInt64(i))
            var rng = SplitMix64(seed: seed)
            var s = RandomScene.make(&rng, options: SceneOptions(maxViews: 10 + rng.below(40)))
            DispatchInputs.decorate(&s, &rng)
            let frames = DispatchInputs.touches(s, &rng)
            let swift = Dispatcher(scene: s)
            try swift.replay(EventsFile(frames: frames))
            let c = try Self.cLog(s, frames, context: "seed \(seed) (base \(base), round \(i))")
            if !swift.log.isEmpty { nonEmpty += 1 }
            guard c == swift.log else {
                Issue.record(
                    """
                    C and Swift logs differ: seed \(seed) (base \(base), round \(i))
                    scene:
                    \(s.json())
                    events:
                    \(DispatchInputs.eventsJSON(frames))
                    Swift:
                    \(swift.log.text)
                    C:
                    \(c.text)
                    """)
                return
            }
        }
        #expect(nonEmpty > 30, "base seed \(base)")
    }
}
