import CHitTestShim
import Foundation
import HitTestBridge
import HitTestCAPI
import HitTestDispatch
import HitTestGenerators
import HitTestGeometry
import HitTestParity
import HitTestScene
import Testing

/// Scroll views and control tracking through the C API (include/hittest/dispatch.h):
/// `htDispatcher_SetScrollView`, the scroll and highlight events, the tracking and
/// scroll view callbacks, and the offset mirrored into the world.
@Suite("C dispatch API: scroll views and control tracking")
struct ScrollViewCAPITests {
    /// `s` as an htScrollViewDef on view `id`.
    static func setScrollView(_ s: SceneScrollView, _ id: htViewId, _ d: htDispatcherId) {
        var def = HitTestCAPI.htDefaultScrollViewDef()
        def.scrollEnabled = s.scrollEnabled
        def.delaysContentTouches = s.delaysContentTouches
        def.canCancelContentTouches = s.canCancelContentTouches
        def.touchesShouldCancel = s.touchesShouldCancel.map { $0 ? 1 : 0 } ?? -1
        def.touchesShouldBegin = s.touchesShouldBegin
        def.contentSize = htVec2(x: s.contentSize.width, y: s.contentSize.height)
        def.bounces = s.bounces
        def.alwaysBounceHorizontal = s.alwaysBounceHorizontal
        def.alwaysBounceVertical = s.alwaysBounceVertical
        def.directionalLockEnabled = s.directionalLockEnabled
        def.minimumZoomScale = s.minimumZoomScale
        def.maximumZoomScale = s.maximumZoomScale
        def.decelerationRate = s.decelerationRate
        def.pagingEnabled = s.pagingEnabled
        let i = s.contentInset
        def.contentInset = htInsets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
        if let z = s.zoomingView {
            let children = DispatchParityTests.ids { HitTestCAPI.htView_GetChildren(id, $0, $1, $2) }
            let found = children.first { DispatchParityTests.name($0) == z }
            #expect(found != nil, "no subview \(z)")
            def.zoomingView = found ?? htViewId()
        }
        def.zoomScale = s.zoomScale
        def.bouncesZoom = s.bouncesZoom
        #expect(HitTestCAPI.htDispatcher_SetScrollView(d, id, &def) == HT_OK)
    }

    static func doc(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(name).path
    }

    @Test("docs/scroll-button.json: the C log equals the Swift log, offsets and decisions included")
    func example() throws {
        let s = try Scene.load(contentsOfFile: Self.doc("docs/scroll-button.json"))
        let events = try EventsFile.load(
            json: Array(
                try Data(
                    contentsOf: URL(fileURLWithPath: Self.doc("docs/scroll-button-events.json")))))
        let swift = Dispatcher(scene: s)
        try swift.replay(events)
        let c = try DispatchParityTests.cLog(s, events.frames)
        #expect(c == swift.log)
        #expect(
            c.contains(
                .scrollOffset(time: 2.4, scrollView: "list", contentOffset: Point(x: 0, y: 100))))
        #expect(c.contains(.highlight(time: 0.08, control: "buyButton", highlighted: true)))
    }

    @Test(
        "generated scenes with scroll views and drags: the C log equals the Swift log (seed printed)"
    )
    func parity() throws {
        let base = UInt64.random(in: 0...UInt64.max)
        for i in 0..<40 {
            let seed = SplitMix64.derive(base, UInt64(i))
            var rng = SplitMix64(seed: seed)
            var s = RandomScene.make(&rng, options: SceneOptions(maxViews: 10 + rng.below(30)))
            DispatchInputs.decorate(&s, &rng)
            DispatchInputs.decorateScrollViews(&s, &rng)
            // The C API sets no control values: leave them to the defaults.
            let frames = DispatchInputs.drags(s, &rng)
            let swift = Dispatcher(scene: s)
            try swift.replay(EventsFile(frames: frames))
            let c = try DispatchParityTests.cLog(
                s, frames, context: "seed \(seed) (base \(base), round \(i))")
            guard c == swift.log else {
                Issue.record(
                    """
                    C and Swift logs differ: seed \(seed) (base \(base), round \(i))
                    Swift:
                    \(swift.log.text)
                    C:
                    \(c.text)
                    """)
                return
            }
        }
    }

    @Test("a slider keeps its value from one touch sequence to the next, as in Swift")
    func sliderValueAcrossSequences() throws {
        // The knob starts at the left end (value 0); the first drag moves it right by 100
        // of the track's 169 points, the second, once nothing is in flight, drags it back
        // from where it is now.
        let s = try Scene.load(
            json: #"""
                {"format": "hittest-scene/1", "windows": [{"id": "main", "frame": [0, 0, 390, 844], "subviews": [
                  {"id": "slider", "class": "UISlider", "frame": [20, 100, 200, 40]}]}]}
                """#)
        /// A horizontal drag at y = 120: down at `x0`, moved to `x1`, up there.
        func drag(_ id: Int, _ x0: Double, _ x1: Double, at t: Double) -> [InputFrame] {
            zip([t, t + 0.1, t + 0.2], [(TouchPhase.began, x0), (.moved, x1), (.ended, x1)]).map {
                InputFrame(
                    time: $0.0,
                    touches: [TouchInput(id: id, phase: $0.1.0, location: Point(x: $0.1.1, y: 120))]
                )
            }
        }
        let frames = drag(1, 35, 135, at: 0) + drag(2, 135, 35, at: 2)
        let swift = Dispatcher(scene: s)
        try swift.replay(EventsFile(frames: frames))
        let changes = swift.log.filter {
            $0 == .control(time: $0.time, control: "slider", event: .valueChanged)
        }
        #expect(changes.map(\.time) == [0.1, 2.1])
        #expect(try DispatchParityTests.cLog(s, frames) == swift.log)
    }

    /// Counts the tracking and scroll view callbacks and answers as set.
    final class Host {
        var calls: [String] = []
        var shouldCancel = true
    }

    @Test("tracking and scroll view callbacks are asked and answered; the world's view is scrolled")
    func callbacks() throws {
        var wdef = HitTestCAPI.htDefaultWorldDef()
        let world = HitTestCAPI.htCreateWorld(&wdef)
        defer { _ = HitTestCAPI.htDestroyWorld(world) }
        let json = Array(
            try String(contentsOfFile: Self.doc("docs/scroll-button.json"), encoding: .utf8)
                .utf8CString)
        #expect(HitTestCAPI.htWorld_LoadSceneBuffer(world, json, UInt(json.count - 1)) == HT_OK)
        var ddef = HitTestCAPI.htDefaultDispatcherDef()
        #expect(ddef.contentTouchDelay == 0.15)
        ddef.contentTouchDelay = 0.05
        let d = HitTestCAPI.htCreateDispatcher(world, &ddef)
        defer { _ = HitTestCAPI.htDestroyDispatcher(d) }
        let host = Host()
        var cb = htDispatchCallbacks()
        cb.context = Unmanaged.passUnretained(host).toOpaque()
        cb.beginTracking = { _, _, ctx in
            Unmanaged<Host>.fromOpaque(ctx!).takeUnretainedValue().calls.append("begin")
            return true
        }
        cb.endTracking = { _, _, ctx in
            Unmanaged<Host>.fromOpaque(ctx!).takeUnretainedValue().calls.append("end")
        }
        cb.cancelTracking = { _, _, ctx in
            Unmanaged<Host>.fromOpaque(ctx!).takeUnretainedValue().calls.append("cancel")
        }
        cb.touchesShouldCancel = { _, _, ctx in
            let h = Unmanaged<Host>.fromOpaque(ctx!).takeUnretainedValue()
            h.calls.append("shouldCancel")
            return h.shouldCancel
        }
        #expect(HitTestCAPI.htDispatcher_SetCallbacks(d, &cb) == HT_OK)
        // Held on the button past the (shortened) delay, then dragged up by 40: the host
        // lets the drag cancel the button, so the list scrolls.
        func feed(_ t: Double, _ phase: Int32, _ x: Double, _ y: Double) {
            var input = htTouchInput(id: 1, phase: phase, point: htVec2(x: x, y: y))
            #expect(HitTestCAPI.htDispatcher_Feed(d, t, &input, 1) == HT_OK)
        }
        feed(0, HT_PHASE_BEGAN, 300, 220)
        feed(0.1, HT_PHASE_MOVED, 300, 220)
        feed(0.2, HT_PHASE_MOVED, 300, 180)
        let events = HitTestCAPI.htDispatcher_GetEvents(d)
        var scrolled = false
        var cancelDecision = false
        for i in 0..<Int(events.count) {
            let e = events.events![i]
            if e.type == HT_EVENT_SCROLL { scrolled = e.contentOffset.y == 40 }
            if e.type == HT_EVENT_SCROLL_DECISION && e.state == HT_SCROLL_TOUCHES_SHOULD_CANCEL_TRUE
            {
                cancelDecision = true
            }
        }
        #expect(scrolled && cancelDecision)
        feed(0.3, HT_PHASE_ENDED, 300, 180)
        #expect(host.calls == ["begin", "shouldCancel", "cancel"])
        // The world's list took the offset: a new dispatcher starts from it.
        let windows = DispatchParityTests.ids { HitTestCAPI.htWorld_GetWindows(world, $0, $1, $2) }
        let subviews = DispatchParityTests.ids {
            HitTestCAPI.htView_GetChildren(windows[0], $0, $1, $2)
        }
        let list = subviews[0]
        var offset = htVec2()
        #expect(HitTestCAPI.htDispatcher_GetContentOffset(d, list, &offset) == HT_OK)
        #expect(offset.x == 0 && offset.y == 40)
        #expect(
            HitTestCAPI.htDispatcher_GetContentOffset(d, windows[0], &offset)
                == HT_ERROR_INVALID_ARGUMENT)
        var bad = HitTestCAPI.htDefaultScrollViewDef()
        bad.maximumZoomScale = 0.5
        #expect(HitTestCAPI.htDispatcher_SetScrollView(d, list, &bad) == HT_ERROR_INVALID_ARGUMENT)
        #expect(String(cString: htGetLastErrorMessage()).contains("maximumZoomScale"))
    }

    @Test(
        "a flick decelerates at htScrollViewDef's decelerationRate on AdvanceTime, and a touch stops it undelivered (rule-scroll-view-deceleration)"
    )
    func deceleration() throws {
        var wdef = HitTestCAPI.htDefaultWorldDef()
        let world = HitTestCAPI.htCreateWorld(&wdef)
        defer { _ = HitTestCAPI.htDestroyWorld(world) }
        let json = Array(
            try String(contentsOfFile: Self.doc("docs/scroll-button.json"), encoding: .utf8)
                .utf8CString)
        #expect(HitTestCAPI.htWorld_LoadSceneBuffer(world, json, UInt(json.count - 1)) == HT_OK)
        var ddef = HitTestCAPI.htDefaultDispatcherDef()
        let d = HitTestCAPI.htCreateDispatcher(world, &ddef)
        defer { _ = HitTestCAPI.htDestroyDispatcher(d) }
        let windows = DispatchParityTests.ids { HitTestCAPI.htWorld_GetWindows(world, $0, $1, $2) }
        let list = DispatchParityTests.ids {
            HitTestCAPI.htView_GetChildren(windows[0], $0, $1, $2)
        }[0]
        var def = HitTestCAPI.htDefaultScrollViewDef()
        #expect(def.decelerationRate == HT_DECELERATION_RATE_NORMAL)
        def.decelerationRate = 1
        #expect(HitTestCAPI.htDispatcher_SetScrollView(d, list, &def) == HT_ERROR_INVALID_ARGUMENT)
        #expect(String(cString: htGetLastErrorMessage()).contains("def.decelerationRate"))
        def.decelerationRate = HT_DECELERATION_RATE_FAST
        def.contentSize = htVec2(x: 390, y: 1200)
        #expect(HitTestCAPI.htDispatcher_SetScrollView(d, list, &def) == HT_OK)
        func feed(_ id: Int64, _ t: Double, _ phase: Int32, _ y: Double) {
            var input = htTouchInput(id: id, phase: phase, point: htVec2(x: 100, y: y))
            #expect(HitTestCAPI.htDispatcher_Feed(d, t, &input, 1) == HT_OK)
        }
        func offset() -> Double {
            var o = htVec2()
            #expect(HitTestCAPI.htDispatcher_GetContentOffset(d, list, &o) == HT_OK)
            return o.y
        }
        // 1,000 points a second up, lifted one frame after the last move, at 40.
        feed(1, 0, HT_PHASE_BEGAN, 600)
        for i in 1...4 { feed(1, Double(i) * 0.01, HT_PHASE_MOVED, 600 - 10 * Double(i)) }
        let lift = 0.04 + 1.0 / 60
        feed(1, lift, HT_PHASE_ENDED, 560)
        #expect(HitTestCAPI.htDispatcher_AdvanceTime(d, lift + 0.05) == HT_OK)
        let k = 1000 * Foundation.log(0.99)
        let expected = 40 + 1_000 * (Foundation.exp(k * 0.05) - 1) / k
        #expect(abs(offset() - expected) < 1e-9, "\(offset()) vs \(expected)")
        var moving = false
        #expect(HitTestCAPI.htDispatcher_IsDecelerating(d, list, &moving) == HT_OK && moving)
        // A touch on the moving list (on cell2, at content y 200 + 75.5) stops it there,
        // and the cell hears nothing of it.
        feed(2, lift + 0.05, HT_PHASE_BEGAN, 300)
        let events = HitTestCAPI.htDispatcher_GetEvents(d)
        var stopped = false
        var delivered = false
        for i in 0..<Int(events.count) {
            let e = events.events![i]
            if e.type == HT_EVENT_SCROLL_DECISION && e.state == HT_SCROLL_TOUCH_STOPPED_SCROLLING {
                stopped = true
            }
            if e.type == HT_EVENT_DELIVERY { delivered = delivered || e.touch == 2 && e.gesture.index1 == 0 }
        }
        #expect(stopped && !delivered)
        #expect(HitTestCAPI.htDispatcher_IsDecelerating(d, list, &moving) == HT_OK && !moving)
        feed(2, lift + 0.1, HT_PHASE_ENDED, 300)
        #expect(HitTestCAPI.htDispatcher_AdvanceTime(d, .infinity) == HT_OK)
        #expect(abs(offset() - expected) < 1e-9)
    }

    @Test(
        "a pull past the top edge springs back on AdvanceTime: the rubber band, then y0 · 2/e 0.1 s after the lift, then exactly 0 (rule-scroll-view-bounce)"
    )
    func bounce() throws {
        var wdef = HitTestCAPI.htDefaultWorldDef()
        let world = HitTestCAPI.htCreateWorld(&wdef)
        defer { _ = HitTestCAPI.htDestroyWorld(world) }
        let json = Array(
            try String(contentsOfFile: Self.doc("docs/scroll-button.json"), encoding: .utf8)
                .utf8CString)
        #expect(HitTestCAPI.htWorld_LoadSceneBuffer(world, json, UInt(json.count - 1)) == HT_OK)
        var ddef = HitTestCAPI.htDefaultDispatcherDef()
        let d = HitTestCAPI.htCreateDispatcher(world, &ddef)
        defer { _ = HitTestCAPI.htDestroyDispatcher(d) }
        let windows = DispatchParityTests.ids { HitTestCAPI.htWorld_GetWindows(world, $0, $1, $2) }
        let list = DispatchParityTests.ids {
            HitTestCAPI.htView_GetChildren(windows[0], $0, $1, $2)
        }[0]
        var def = HitTestCAPI.htDefaultScrollViewDef()
        #expect(def.bounces)
        def.contentSize = htVec2(x: 390, y: 1200)
        #expect(HitTestCAPI.htDispatcher_SetScrollView(d, list, &def) == HT_OK)
        func feed(_ t: Double, _ phase: Int32, _ y: Double) {
            var input = htTouchInput(id: 1, phase: phase, point: htVec2(x: 100, y: y))
            #expect(HitTestCAPI.htDispatcher_Feed(d, t, &input, 1) == HT_OK)
        }
        func offset() -> Double {
            var o = htVec2()
            #expect(HitTestCAPI.htDispatcher_GetContentOffset(d, list, &o) == HT_OK)
            return o.y
        }
        // 100 points down past the top of the 600-point list, resting before the lift.
        feed(0, HT_PHASE_BEGAN, 300)
        feed(0.01, HT_PHASE_MOVED, 350)
        feed(0.02, HT_PHASE_MOVED, 400)
        let y0 = -(100 * 600 * 0.55 / (600 + 55))
        #expect(abs(offset() - y0) < 1e-9, "\(offset()) vs \(y0)")
        feed(0.2, HT_PHASE_ENDED, 400)
        #expect(HitTestCAPI.htDispatcher_AdvanceTime(d, 0.3) == HT_OK)
        #expect(abs(offset() - y0 * 2 / Foundation.exp(1)) < 1e-9)
        var moving = false
        #expect(HitTestCAPI.htDispatcher_IsDecelerating(d, list, &moving) == HT_OK && moving)
        #expect(HitTestCAPI.htDispatcher_AdvanceTime(d, .infinity) == HT_OK)
        #expect(offset() == 0)
        #expect(HitTestCAPI.htDispatcher_IsDecelerating(d, list, &moving) == HT_OK && !moving)
    }

    @Test(
        "htDispatcher_IsTracking and _IsDragging follow a drag; a paging list's lift names the next page as its target and rests on it (rule-scroll-view-delegate-calls, rule-scroll-view-paging)"
    )
    func statesAndPaging() throws {
        var wdef = HitTestCAPI.htDefaultWorldDef()
        let world = HitTestCAPI.htCreateWorld(&wdef)
        defer { _ = HitTestCAPI.htDestroyWorld(world) }
        let json = Array(
            try String(contentsOfFile: Self.doc("docs/scroll-button.json"), encoding: .utf8)
                .utf8CString)
        #expect(HitTestCAPI.htWorld_LoadSceneBuffer(world, json, UInt(json.count - 1)) == HT_OK)
        var ddef = HitTestCAPI.htDefaultDispatcherDef()
        let d = HitTestCAPI.htCreateDispatcher(world, &ddef)
        defer { _ = HitTestCAPI.htDestroyDispatcher(d) }
        let windows = DispatchParityTests.ids { HitTestCAPI.htWorld_GetWindows(world, $0, $1, $2) }
        let list = DispatchParityTests.ids {
            HitTestCAPI.htView_GetChildren(windows[0], $0, $1, $2)
        }[0]
        var def = HitTestCAPI.htDefaultScrollViewDef()
        #expect(!def.pagingEnabled)
        def.contentSize = htVec2(x: 390, y: 1800)
        def.pagingEnabled = true
        #expect(HitTestCAPI.htDispatcher_SetScrollView(d, list, &def) == HT_OK)
        func feed(_ t: Double, _ phase: Int32, _ y: Double) {
            var input = htTouchInput(id: 1, phase: phase, point: htVec2(x: 100, y: y))
            #expect(HitTestCAPI.htDispatcher_Feed(d, t, &input, 1) == HT_OK)
        }
        func states() -> [Bool] {
            var tracking = false
            var dragging = false
            #expect(HitTestCAPI.htDispatcher_IsTracking(d, list, &tracking) == HT_OK)
            #expect(HitTestCAPI.htDispatcher_IsDragging(d, list, &dragging) == HT_OK)
            return [tracking, dragging]
        }
        #expect(states() == [false, false])
        feed(0, HT_PHASE_BEGAN, 600)
        #expect(states() == [true, false])
        for i in 1...4 { feed(Double(i) * 0.01, HT_PHASE_MOVED, 600 - 10 * Double(i)) }
        #expect(states() == [true, true])
        // 1,000 points a second up at 40: past the flick threshold, so the next page.
        feed(0.04 + 1.0 / 60, HT_PHASE_ENDED, 560)
        #expect(states() == [false, false])
        let events = HitTestCAPI.htDispatcher_GetEvents(d)
        var calls: [Int32] = []
        for i in 0..<Int(events.count) where events.events![i].type == HT_EVENT_SCROLL_EVENT {
            let e = events.events![i]
            calls.append(e.state)
            if e.state == HT_SCROLL_WILL_END_DRAGGING {
                #expect(e.contentOffset.x == 0 && e.contentOffset.y == 600)
                #expect(e.velocity.x == 0 && abs(e.velocity.y - 1) < 1e-9, "\(e.velocity)")
            }
            if e.state == HT_SCROLL_DID_END_DRAGGING { #expect(e.willDecelerate) }
        }
        #expect(
            calls == [
                HT_SCROLL_WILL_END_DRAGGING, HT_SCROLL_DID_END_DRAGGING,
                HT_SCROLL_WILL_BEGIN_DECELERATING,
            ])
        #expect(
            String(cString: HitTestCAPI.htScrollEventName(HT_SCROLL_DID_END_DRAGGING))
                == "scrollViewDidEndDragging")
        #expect(HitTestCAPI.htDispatcher_AdvanceTime(d, .infinity) == HT_OK)
        var o = htVec2()
        #expect(HitTestCAPI.htDispatcher_GetContentOffset(d, list, &o) == HT_OK)
        #expect(o.x == 0 && o.y == 600)
    }

    @Test("a flick and a stopping tap: the C log equals the Swift log")
    func decelerationParity() throws {
        let s = try Scene.load(contentsOfFile: Self.doc("docs/scroll-button.json"))
        func f(_ id: Int, _ t: Double, _ phase: TouchPhase, _ y: Double) -> InputFrame {
            InputFrame(time: t, touches: [TouchInput(id: id, phase: phase, location: Point(x: 300, y: y))])
        }
        let frames = [
            f(1, 0, .began, 650), f(1, 0.01, .moved, 630), f(1, 0.02, .moved, 610),
            f(1, 0.03, .ended, 610), f(2, 0.2, .began, 220), f(2, 0.28, .ended, 220),
        ]
        let swift = Dispatcher(scene: s)
        try swift.replay(EventsFile(frames: frames))
        #expect(swift.log.contains { if case .scrollView(_, 2, _, .touchStoppedScrolling) = $0 { true } else { false } })
        #expect(try DispatchParityTests.cLog(s, frames) == swift.log)
    }

    @Test(
        "a scroll view's built-in pan is found by name, by class alone too, with the callbacks' id"
    )
    func findBuiltInPan() throws {
        let text = """
            {"format": "hittest-scene/1", "windows": [{"id": "w", "frame": [0, 0, 390, 844], "subviews": [
              {"id": "list", "class": "UITableView", "frame": [0, 0, 390, 400],
               "subviews": [{"id": "row", "frame": [0, 0, 390, 2000]}]},
              {"id": "plain", "frame": [0, 400, 390, 444]}]}]}
            """
        var wdef = HitTestCAPI.htDefaultWorldDef()
        let world = HitTestCAPI.htCreateWorld(&wdef)
        defer { _ = HitTestCAPI.htDestroyWorld(world) }
        let json = Array(text.utf8CString)
        try #require(
            HitTestCAPI.htWorld_LoadSceneBuffer(world, json, UInt(json.count - 1)) == HT_OK,
            "\(String(cString: htGetLastErrorMessage()))")
        var ddef = HitTestCAPI.htDefaultDispatcherDef()
        let d = HitTestCAPI.htCreateDispatcher(world, &ddef)
        defer { _ = HitTestCAPI.htDestroyDispatcher(d) }
        func same(_ a: htGestureId, _ b: htGestureId) -> Bool {
            a.index1 == b.index1 && a.generation == b.generation && a.dispatcher0 == b.dispatcher0
                && a.dispatcherGeneration == b.dispatcherGeneration
        }
        let pan = HitTestCAPI.htDispatcher_FindGesture(d, "list.panGestureRecognizer")
        #expect(pan.index1 != 0)
        #expect(same(HitTestCAPI.htDispatcher_FindGesture(d, "list.panGestureRecognizer"), pan))
        // Not a zooming scroll view, not a scroll view, not a view.
        #expect(HitTestCAPI.htDispatcher_FindGesture(d, "list.pinchGestureRecognizer").index1 == 0)
        #expect(HitTestCAPI.htDispatcher_FindGesture(d, "plain.panGestureRecognizer").index1 == 0)
        #expect(HitTestCAPI.htDispatcher_FindGesture(d, "nothing.panGestureRecognizer").index1 == 0)
        // The host's shouldReceiveTouch is asked with the same id when a touch reaches it.
        final class Asked { var ids: [htGestureId] = [] }
        let asked = Asked()
        var cb = htDispatchCallbacks()
        cb.context = Unmanaged.passUnretained(asked).toOpaque()
        cb.shouldReceiveTouch = { g, _, ctx in
            Unmanaged<Asked>.fromOpaque(ctx!).takeUnretainedValue().ids.append(g)
            return true
        }
        #expect(HitTestCAPI.htDispatcher_SetCallbacks(d, &cb) == HT_OK)
        for (i, y) in [300.0, 280, 240, 200].enumerated() {
            var input = htTouchInput(
                id: 1, phase: i == 0 ? HT_PHASE_BEGAN : HT_PHASE_MOVED, point: htVec2(x: 100, y: y))
            #expect(HitTestCAPI.htDispatcher_Feed(d, 0.05 * Double(i), &input, 1) == HT_OK)
        }
        #expect(asked.ids.contains { same($0, pan) }, "asked \(asked.ids), found \(pan)")
    }
}
