import CHitTestShim
import HitTestCAPI
import Testing

/// The C dispatcher on a world the host keeps changing: no copy, so a change is seen by
/// the next call, with fingers down too (rule-live-world), and the calls a C host needs to
/// print the log, feed one frame with touches and the pointer, and set a control's value.
@Suite("C dispatch API: the live world")
struct LiveWorldCAPITests {
    /// A world with a window, a joystick on the left and an enemy on the right, a tap on
    /// the enemy and a pan on the joystick.
    final class Game {
        let world: htWorldId
        let window: htViewId
        let joystick: htViewId
        let enemy: htViewId
        let dispatcher: htDispatcherId

        init() {
            var wd = HitTestCAPI.htDefaultWorldDef()
            world = HitTestCAPI.htCreateWorld(&wd)
            window = Self.add(world, htViewId(), "window", 0, 0, 400, 800)
            joystick = Self.add(world, window, "joystick", 0, 600, 200, 200)
            enemy = Self.add(world, window, "enemy", 300, 100, 50, 50)
            var dd = HitTestCAPI.htDefaultDispatcherDef()
            dispatcher = HitTestCAPI.htCreateDispatcher(world, &dd)
            var tap = HitTestCAPI.htDefaultGestureDef()
            "shootEnemy".withCString { name in
                tap.name = name
                _ = HitTestCAPI.htDispatcher_AddGesture(dispatcher, enemy, &tap)
            }
            var pan = HitTestCAPI.htDefaultGestureDef()
            pan.kind = HT_GESTURE_PAN
            "steer".withCString { name in
                pan.name = name
                _ = HitTestCAPI.htDispatcher_AddGesture(dispatcher, joystick, &pan)
            }
        }

        deinit {
            _ = HitTestCAPI.htDestroyDispatcher(dispatcher)
            _ = HitTestCAPI.htDestroyWorld(world)
        }

        static func add(
            _ world: htWorldId, _ parent: htViewId, _ name: String, _ x: Double, _ y: Double,
            _ w: Double, _ h: Double
        ) -> htViewId {
            var def = HitTestCAPI.htDefaultViewDef()
            def.frame = htRect(x: x, y: y, width: w, height: h)
            return name.withCString { n in
                def.name = n
                return parent.index1 == 0
                    ? HitTestCAPI.htWorld_AddWindow(world, &def) : HitTestCAPI.htWorld_AddView(world, parent, &def)
            }
        }

        func feed(_ t: Double, _ touches: [(Int64, Int32, Double, Double)]) -> [String] {
            let inputs = touches.map {
                htTouchInput(id: $0.0, phase: $0.1, point: htVec2(x: $0.2, y: $0.3))
            }
            let r = inputs.withUnsafeBufferPointer {
                HitTestCAPI.htDispatcher_Feed(dispatcher, t, $0.baseAddress, Int32($0.count))
            }
            #expect(r == HT_OK, "\(String(cString: htGetLastErrorMessage()))")
            return lines()
        }

        /// The last call's events as the log prints them (htDispatcher_FormatEvent).
        func lines(json: Bool = false) -> [String] {
            let events = HitTestCAPI.htDispatcher_GetEvents(dispatcher)
            return (0..<events.count).map { (i: Int32) in
                var length: UInt = 0
                _ = HitTestCAPI.htDispatcher_FormatEvent(dispatcher, i, json, nil, 0, &length)
                var buffer = [CChar](repeating: 0, count: Int(length) + 1)
                let r = HitTestCAPI.htDispatcher_FormatEvent(dispatcher, i, json, &buffer, UInt(buffer.count), nil)
                #expect(r == HT_OK)
                return String(cString: buffer)
            }
        }
    }

    @Test("a second finger taps the enemy where it is now, while the joystick is held")
    func joystickAndEnemy() {
        let g = Game()
        _ = g.feed(0, [(1, HT_PHASE_BEGAN, 100, 700)])
        _ = g.feed(0.05, [(1, HT_PHASE_MOVED, 130, 700)])
        // The enemy moves while the joystick's finger is down.
        #expect(HitTestCAPI.htView_SetCenter(g.enemy, htVec2(x: 100, y: 300)) == HT_OK)
        let old = g.feed(0.1, [(2, HT_PHASE_BEGAN, 325, 125)])
        _ = g.feed(0.15, [(2, HT_PHASE_ENDED, 325, 125)])
        #expect(!old.joined().contains("shootEnemy"), "\(old)")
        var down = g.feed(0.5, [(3, HT_PHASE_BEGAN, 100, 300)])
        down += g.feed(0.55, [(3, HT_PHASE_ENDED, 100, 300)])
        #expect(down.contains { $0.contains("shootEnemy") && $0.contains("recognized") }, "\(down)")
    }

    @Test("a recognizer added while a finger is down takes the next touch; one removed is cancelled")
    func recognizerChanges() {
        let g = Game()
        let lines1 = g.feed(0, [(1, HT_PHASE_BEGAN, 100, 700)])
        _ = g.feed(0.05, [(1, HT_PHASE_MOVED, 160, 700)])
        let began = g.lines()
        #expect(began.contains { $0.contains("steer") && $0.contains("began") }, "\(lines1) \(began)")
        "steer".withCString { n in
            let id = HitTestCAPI.htDispatcher_FindGesture(g.dispatcher, n)
            #expect(HitTestCAPI.htGesture_SetEnabled(id, false) == HT_OK)
        }
        let after = g.feed(0.1, [(1, HT_PHASE_MOVED, 170, 700)])
        #expect(after.contains { $0.contains("steer") && $0.contains("cancelled") }, "\(after)")
    }

    @Test("htDispatcher_FormatEvent prints the log's line and JSON; bad indexes are refused")
    func formatEvent() {
        let g = Game()
        let text = g.feed(0, [(1, HT_PHASE_BEGAN, 325, 125)])
        #expect(text.first?.contains("shootEnemy") == true, "\(text)")
        let json = g.lines(json: true)
        #expect(json.first?.hasPrefix("{\"t\":") == true, "\(json)")
        var buffer = [CChar](repeating: 0, count: 4)
        #expect(HitTestCAPI.htDispatcher_FormatEvent(g.dispatcher, 0, false, &buffer, 4, nil) == HT_ERROR_BUFFER_TOO_SMALL)
        #expect(HitTestCAPI.htDispatcher_FormatEvent(g.dispatcher, 99, false, &buffer, 4, nil) == HT_ERROR_INVALID_ARGUMENT)
    }

    @Test("one frame with touches and the pointer gives the touches' events, then the pointer's")
    func feedFrame() {
        let g = Game()
        var hover = HitTestCAPI.htDefaultGestureDef()
        hover.kind = HT_GESTURE_HOVER
        "hoverJoystick".withCString { n in
            hover.name = n
            _ = HitTestCAPI.htDispatcher_AddGesture(g.dispatcher, g.joystick, &hover)
        }
        var touch = htTouchInput(id: 1, phase: HT_PHASE_BEGAN, point: htVec2(x: 325, y: 125))
        var p = htVec2(x: 100, y: 700)
        #expect(HitTestCAPI.htDispatcher_FeedFrame(g.dispatcher, 0, &touch, 1, &p, false) == HT_OK)
        let lines = g.lines()
        let tap = lines.firstIndex { $0.contains("shootEnemy") }
        let hovered = lines.firstIndex { $0.contains("hoverJoystick") }
        #expect(tap != nil && hovered != nil && tap! < hovered!, "\(lines)")
    }

    @Test("a control's value set from C is what it toggles from; not a control is refused")
    func controlValue() {
        let g = Game()
        var def = HitTestCAPI.htDefaultViewDef()
        def.frame = htRect(x: 0, y: 0, width: 60, height: 40)
        let toggle = "toggle".withCString { n in
            "UISwitch".withCString { c in
                def.name = n
                def.className = c
                return HitTestCAPI.htWorld_AddView(g.world, g.window, &def)
            }
        }
        #expect(HitTestCAPI.htDispatcher_SetControlValue(g.dispatcher, toggle, 1) == HT_OK)
        _ = g.feed(0, [(1, HT_PHASE_BEGAN, 30, 20)])
        let end = g.feed(0.05, [(1, HT_PHASE_ENDED, 30, 20)])
        // On (1) before the touch, so the toggle turns it off.
        #expect(end.contains { $0.contains("valueChanged") }, "\(end)")
        #expect(HitTestCAPI.htDispatcher_SetControlValue(g.dispatcher, g.enemy, 1) == HT_ERROR_NOT_ALLOWED)
    }

    @Test("a button moved under another window or removed while tracking cancels its tracking")
    func buttonLeavingItsWindow() {
        for remove in [false, true] {
            let g = Game()
            let other = Game.add(g.world, htViewId(), "other", 400, 0, 400, 800)
            var def = HitTestCAPI.htDefaultViewDef()
            def.frame = htRect(x: 0, y: 0, width: 60, height: 40)
            let button = "button".withCString { n in
                "UIButton".withCString { c in
                    def.name = n
                    def.className = c
                    return HitTestCAPI.htWorld_AddView(g.world, g.window, &def)
                }
            }
            let down = g.feed(0, [(1, HT_PHASE_BEGAN, 30, 20)])
            #expect(down.contains { $0.contains("touchDown") }, "\(down)")
            #expect(
                (remove ? HitTestCAPI.htView_Remove(button) : HitTestCAPI.htView_Move(button, other, -1))
                    == HT_OK)
            let next = g.feed(0.05, [(1, HT_PHASE_MOVED, 31, 20)])
            #expect(next.contains { $0.contains("button") && $0.contains("touchesCancelled") }, "\(next)")
            #expect(next.contains { $0.contains("button") && $0.contains("touchCancel") && !$0.contains("touchesCancelled") }, "\(next)")
            let end = g.feed(0.1, [(1, HT_PHASE_ENDED, 31, 20)])
            #expect(!end.contains { $0.contains("button") }, "\(end)")
        }
    }

    /// What the touchesHandling callback was given.
    final class Calls {
        var seen: [(message: Int32, count: Int32, index: Int32, ids: [Int64])] = []
    }

    @Test("touchesHandling gives a responder every touch of the call, in the order they began")
    func touchesOfTheCall() {
        let g = Game()
        #expect(HitTestCAPI.htDispatcher_SetMultipleTouchEnabled(g.dispatcher, g.window, true) == HT_OK)
        let calls = Calls()
        var cb = htDispatchCallbacks()
        cb.context = Unmanaged.passUnretained(calls).toOpaque()
        cb.touchesHandling = { _, message, touches, count, index, ctx in
            let calls = Unmanaged<Calls>.fromOpaque(ctx!).takeUnretainedValue()
            let ids = (0..<Int(count)).map { touches![$0].id }
            calls.seen.append((message, count, index, ids))
            return HT_TOUCHES_HANDLE
        }
        #expect(HitTestCAPI.htDispatcher_SetCallbacks(g.dispatcher, &cb) == HT_OK)
        // Two fingers land on the window (outside the joystick and the enemy) in one frame.
        _ = g.feed(0, [(1, HT_PHASE_BEGAN, 150, 300), (2, HT_PHASE_BEGAN, 160, 320)])
        let began = calls.seen.filter { $0.message == HT_MESSAGE_TOUCHES_BEGAN }
        #expect(began.count == 2, "\(calls.seen)")
        #expect(began.map(\.ids) == [[1, 2], [1, 2]])
        #expect(began.map(\.index) == [0, 1])
    }
}
