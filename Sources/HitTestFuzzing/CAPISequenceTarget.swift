import CHitTestShim
import HitTestCAPI

/// Sequences of C API calls decoded from arbitrary bytes: worlds created and destroyed,
/// views added, removed, moved and changed with any values (NaN, infinities, huge,
/// negative, unknown enum values), queries, reads, dispatchers fed hostile frames (touches
/// that never began, repeated ids, unknown phases, NaN times and points), recognizers,
/// controls and callbacks attached and removed, and ids that are null, stale (removed
/// views and recognizers, destroyed worlds and dispatchers) or foreign (another world's).
///
/// Op bytes from 216 up drive a live world (`rule-live-world`): a world with a full-screen
/// window, a few views and a dispatcher on it, whose views are moved, resized, hidden,
/// removed, added and reordered, whose recognizers are added, removed, enabled and
/// disabled, and whose controls and handling change, between frames that touch those
/// views (fingers that begin, move, rest and lift coherently) and pointer moves, so that
/// world changes land while touches are down. Below 216 the op is the byte modulo 24, as
/// before.
public enum CAPISequenceTarget {
    /// Every call must return `HT_OK` or a documented error code (never crash); a hit
    /// names live views; every call on a null id fails with `HT_ERROR_NULL_ID`; and once
    /// every world is destroyed, the library holds no bytes.
    /// `countBytes`: compare the library's live bytes before and after; only meaningful
    /// when nothing else in the process builds stores meanwhile (the fuzzer, not the
    /// parallel test suite).
    public static func check(_ bytes: [UInt8], countBytes: Bool = true) -> FuzzReport {
        var report = FuzzReport()
        var input = _Bytes(bytes)
        let bytesBefore = htGetByteCount()
        var worlds: [htWorldId] = [htWorldId()]
        var views: [htViewId] = [htViewId()]
        var dispatchers: [htDispatcherId] = [htDispatcherId()]
        var gestures: [htGestureId] = [htGestureId()]
        var time = 0.0
        func result(_ r: htResult, _ what: String) {
            report.check(r >= HT_OK && r <= HT_ERROR_BUFFER_TOO_SMALL, "\(what) returned \(r)")
        }
        func world() -> htWorldId { worlds[input.index(worlds.count)] }
        func view() -> htViewId { views[input.index(views.count)] }
        func dispatcher() -> htDispatcherId { dispatchers[input.index(dispatchers.count)] }
        func gesture() -> htGestureId { gestures[input.index(gestures.count)] }
        /// Mostly later times, sometimes any value.
        func nextTime() -> Double {
            if input.byte() % 4 == 0 { return input.double() }
            time += Double(input.byte() % 8) * 0.05
            return time
        }
        func checkEvents(_ d: htDispatcherId) {
            let e = HitTestCAPI.htDispatcher_GetEvents(d)
            report.check(e.count >= 0 && (e.count == 0 || e.events != nil), "events \(e.count)")
            for i in 0..<Int(max(e.count, 0)) {
                let x = e.events![i]
                report.check(x.type >= HT_EVENT_DELIVERY && x.type <= HT_EVENT_SCROLL_DECISION, "event type \(x.type)")
                report.check(x.name != nil, "an event without a name")
                report.check(x.time.isFinite, "an event at time \(x.time)")
            }
        }
        func viewDef() -> htViewDef {
            var d = HitTestCAPI.htDefaultViewDef()
            d.frame = htRect(x: input.double(), y: input.double(), width: input.double(), height: input.double())
            if input.bit() { d.alpha = Float(input.double()) }
            d.hidden = input.bit()
            if input.bit() {
                d.transform = htTransform(
                    a: input.double(), b: input.double(), c: input.double(), d: input.double(),
                    tx: input.double(), ty: input.double())
            }
            d.hitRules.shape = Int32(input.byte() % 4)
            d.hitRules.pointInside = Int32(input.byte() % 4)
            return d
        }
        /// The live world: its world, window, views, dispatcher and recognizers (also in
        /// the lists above, for the other ops), and the fingers down on it.
        var live:
            (
                world: htWorldId, window: htViewId, views: [htViewId], dispatcher: htDispatcherId,
                gestures: [htGestureId], down: [Int64: htVec2]
            )?
        /// A screen point where the live world's views are.
        func livePoint() -> htVec2 {
            htVec2(x: Double(input.byte()) * 390 / 255, y: Double(input.byte()) * 844 / 255)
        }
        func liveRect() -> htRect {
            htRect(
                x: Double(input.byte()) * 300 / 255, y: Double(input.byte()) * 700 / 255,
                width: 20 + Double(input.byte()), height: 20 + Double(input.byte()))
        }
        func liveView() -> htViewId {
            guard let l = live, !l.views.isEmpty else { return view() }
            return l.views[input.index(l.views.count)]
        }
        func liveGestureDef() -> htGestureDef {
            var def = HitTestCAPI.htDefaultGestureDef()
            def.kind = Int32(input.byte() % 8)
            def.taps = 1 + Int32(input.byte() % 2)
            def.touches = 1 + Int32(input.byte() % 2)
            def.minimumTouches = 1
            def.cancelsTouchesInView = input.bit()
            def.delaysTouchesBegan = input.byte() % 4 == 0
            def.swipeDirections = 1 + UInt32(input.byte() % 15)
            def.edges = 1 + UInt32(input.byte() % 15)
            return def
        }
        /// Makes the live world: a world, a full-screen window, two to five views in a grid
        /// (some nested), a dispatcher, and recognizers on some views.
        func makeLiveWorld() {
            var wdef = HitTestCAPI.htDefaultWorldDef()
            let w = HitTestCAPI.htCreateWorld(&wdef)
            worlds.append(w)
            var def = HitTestCAPI.htDefaultViewDef()
            def.frame = htRect(x: 0, y: 0, width: 390, height: 844)
            let window = HitTestCAPI.htWorld_AddWindow(w, &def)
            views.append(window)
            var liveViews: [htViewId] = []
            for k in 0..<(2 + input.index(4)) {
                def.frame = htRect(
                    x: Double(k % 2) * 195, y: Double(k / 2) * 280, width: 195, height: 280)
                let parent = k > 1 && input.bit() ? liveViews[k - 2] : window
                let v = HitTestCAPI.htWorld_AddView(w, parent, &def)
                liveViews.append(v)
                views.append(v)
            }
            var ddef = HitTestCAPI.htDefaultDispatcherDef()
            let d = HitTestCAPI.htCreateDispatcher(w, &ddef)
            dispatchers.append(d)
            var liveGestures: [htGestureId] = []
            for v in liveViews where input.bit() {
                var g = liveGestureDef()
                let id = HitTestCAPI.htDispatcher_AddGesture(d, v, &g)
                liveGestures.append(id)
                gestures.append(id)
            }
            live = (w, window, liveViews, d, liveGestures, [:])
        }
        /// One op on the live world (made first when there is none, or it was destroyed).
        func liveStep(_ kind: Int) {
            guard var l = live, HitTestCAPI.htWorld_IsValid(l.world),
                HitTestCAPI.htDispatcher_IsValid(l.dispatcher)
            else { return makeLiveWorld() }
            let d = l.dispatcher
            switch kind {
            case 0, 1:
                // Fingers: those down move, rest or lift; a new one may begin. The other ops
                // may have fed or reset this dispatcher: start over when its count is not
                // ours.
                var before: Int32 = -1
                result(HitTestCAPI.htDispatcher_GetActiveTouchCount(d, &before), "active touches (live)")
                if Int(before) != l.down.count {
                    result(HitTestCAPI.htDispatcher_Reset(d), "htDispatcher_Reset (live)")
                    l.down = [:]
                }
                var touches: [htTouchInput] = []
                for (id, p) in l.down.sorted(by: { $0.key < $1.key }) {
                    switch input.byte() % 6 {
                    case 0, 1:
                        let q = htVec2(
                            x: p.x + Double(Int8(bitPattern: input.byte())) / 2,
                            y: p.y + Double(Int8(bitPattern: input.byte())) / 2)
                        touches.append(htTouchInput(id: id, phase: HT_PHASE_MOVED, point: q))
                        l.down[id] = q
                    case 2: touches.append(htTouchInput(id: id, phase: HT_PHASE_STATIONARY, point: p))
                    case 3:
                        touches.append(htTouchInput(id: id, phase: HT_PHASE_ENDED, point: p))
                        l.down[id] = nil
                    case 4 where input.bit():
                        touches.append(htTouchInput(id: id, phase: HT_PHASE_CANCELLED, point: p))
                        l.down[id] = nil
                    default: break
                    }
                }
                if l.down.count < 3 && input.bit() {
                    let id = Int64(1 + input.index(4))
                    if l.down[id] == nil && !touches.contains(where: { $0.id == id }) {
                        let p = livePoint()
                        touches.append(htTouchInput(id: id, phase: HT_PHASE_BEGAN, point: p))
                        l.down[id] = p
                    }
                }
                time += Double(input.byte() % 8) * 0.05
                let r = HitTestCAPI.htDispatcher_Feed(d, time, touches, Int32(touches.count))
                result(r, "htDispatcher_Feed (live)")
                var count: Int32 = -1
                result(HitTestCAPI.htDispatcher_GetActiveTouchCount(d, &count), "active touches (live)")
                if r == HT_OK {
                    report.check(Int(count) == l.down.count, "\(count) touches down, \(l.down.count) fed")
                } else {
                    // Refused: another op fed this dispatcher a later time or other fingers.
                    // Start over with no finger down.
                    _ = HitTestCAPI.htDispatcher_Reset(d)
                    l.down = [:]
                }
                checkEvents(d)
            case 2:
                let v = liveView()
                switch input.byte() % 6 {
                case 0: result(HitTestCAPI.htView_SetCenter(v, livePoint()), "htView_SetCenter (live)")
                case 1: result(HitTestCAPI.htView_SetFrame(v, liveRect()), "htView_SetFrame (live)")
                case 2: result(HitTestCAPI.htView_SetHidden(v, input.bit()), "htView_SetHidden (live)")
                case 3:
                    result(HitTestCAPI.htView_SetAlpha(v, Float(input.byte() % 3) / 2), "htView_SetAlpha (live)")
                case 4:
                    result(HitTestCAPI.htView_SetUserInteractionEnabled(v, input.bit()), "interaction (live)")
                default:
                    result(
                        input.bit() ? HitTestCAPI.htView_BringToFront(v) : HitTestCAPI.htView_SendToBack(v),
                        "reorder (live)")
                }
            case 3:
                // Views leave and join the world, or move under another.
                switch input.byte() % 3 {
                case 0 where !l.views.isEmpty:
                    let k = input.index(l.views.count)
                    result(HitTestCAPI.htView_Remove(l.views[k]), "htView_Remove (live)")
                    l.views.remove(at: k)
                case 1:
                    var def = HitTestCAPI.htDefaultViewDef()
                    def.frame = liveRect()
                    let parent = input.bit() || l.views.isEmpty ? l.window : liveView()
                    let v = HitTestCAPI.htWorld_AddView(l.world, parent, &def)
                    if HitTestCAPI.htView_IsValid(v) {
                        l.views.append(v)
                        views.append(v)
                        if input.bit() {
                            var g = liveGestureDef()
                            let id = HitTestCAPI.htDispatcher_AddGesture(d, v, &g)
                            l.gestures.append(id)
                            gestures.append(id)
                        }
                    }
                default:
                    let parent = input.bit() ? l.window : liveView()
                    result(
                        HitTestCAPI.htView_Move(liveView(), parent, Int32(input.byte() % 4) - 1),
                        "htView_Move (live)")
                }
            case 4:
                // Recognizers added, removed, enabled and disabled, mid-gesture or not.
                switch input.byte() % 3 {
                case 0:
                    var g = liveGestureDef()
                    let id = HitTestCAPI.htDispatcher_AddGesture(d, liveView(), &g)
                    l.gestures.append(id)
                    gestures.append(id)
                case 1 where !l.gestures.isEmpty:
                    let k = input.index(l.gestures.count)
                    result(HitTestCAPI.htGesture_Remove(l.gestures[k]), "htGesture_Remove (live)")
                    l.gestures.remove(at: k)
                default:
                    if !l.gestures.isEmpty {
                        let g = l.gestures[input.index(l.gestures.count)]
                        result(HitTestCAPI.htGesture_SetEnabled(g, input.bit()), "htGesture_SetEnabled (live)")
                    }
                }
            case 5:
                var p = livePoint()
                time += 0.01
                result(
                    input.byte() % 4 == 0
                        ? HitTestCAPI.htDispatcher_MovePointer(d, time, nil)
                        : HitTestCAPI.htDispatcher_MovePointer(d, time, &p),
                    "htDispatcher_MovePointer (live)")
                checkEvents(d)
            case 6:
                // Controls and handling that change while a finger tracks.
                let v = liveView()
                if input.bit() {
                    var def = HitTestCAPI.htDefaultControlDef()
                    def.enabled = input.bit()
                    result(HitTestCAPI.htDispatcher_SetControl(d, v, &def), "htDispatcher_SetControl (live)")
                } else {
                    result(
                        HitTestCAPI.htDispatcher_SetTouchHandling(d, v, Int32(input.byte() % 4) - 1),
                        "touch handling (live)")
                }
            default:
                time += Double(input.byte() % 16) * 0.1
                if input.bit() {
                    result(HitTestCAPI.htDispatcher_AdvanceTime(d, time), "htDispatcher_AdvanceTime (live)")
                } else {
                    let r = HitTestCAPI.htDispatcher_CancelAllTouches(d, time)
                    result(r, "htDispatcher_CancelAllTouches (live)")
                    if r == HT_OK { l.down = [:] }
                }
                checkEvents(d)
            }
            live = l
        }
        var steps = 0
        while !input.isEmpty, steps < 200 {
            steps += 1
            let op = input.byte()
            if op >= 216 {
                liveStep(Int(op - 216) % 8)
                continue
            }
            switch op % 24 {
            case 0:
                var def = HitTestCAPI.htDefaultWorldDef()
                if input.bit() {
                    def.screenWidth = input.double()
                    def.screenHeight = input.double()
                }
                def.indexThreshold = Int32(input.byte() % 40) - 2
                worlds.append(HitTestCAPI.htCreateWorld(&def))
            case 1: result(HitTestCAPI.htDestroyWorld(world()), "htDestroyWorld")
            case 2:
                var def = viewDef()
                views.append(HitTestCAPI.htWorld_AddWindow(world(), &def))
            case 3:
                var def = viewDef()
                views.append(HitTestCAPI.htWorld_AddView(world(), view(), &def))
            case 4: result(HitTestCAPI.htView_Remove(view()), "htView_Remove")
            case 5:
                result(HitTestCAPI.htView_Move(view(), view(), Int32(input.byte()) - 8), "htView_Move")
            case 6:
                let r = htRect(x: input.double(), y: input.double(), width: input.double(), height: input.double())
                result(input.bit() ? HitTestCAPI.htView_SetFrame(view(), r) : HitTestCAPI.htView_SetBounds(view(), r), "set frame or bounds")
            case 7:
                result(HitTestCAPI.htView_SetCenter(view(), htVec2(x: input.double(), y: input.double())), "htView_SetCenter")
            case 8:
                let t = htTransform(
                    a: input.double(), b: input.double(), c: input.double(), d: input.double(),
                    tx: input.double(), ty: input.double())
                result(HitTestCAPI.htView_SetTransform(view(), t), "htView_SetTransform")
            case 9:
                let v = view()
                result(HitTestCAPI.htView_SetHidden(v, input.bit()), "htView_SetHidden")
                result(HitTestCAPI.htView_SetAlpha(v, Float(input.double())), "htView_SetAlpha")
                result(HitTestCAPI.htView_SetUserInteractionEnabled(v, input.bit()), "interaction")
            case 10:
                var rules = htHitRules()
                rules.shape = Int32(input.byte()) - 2
                rules.pointInside = Int32(input.byte() % 5)
                rules.hitTest = Int32(input.byte() % 5)
                rules.insets = htInsets(top: input.double(), left: input.double(), bottom: input.double(), right: input.double())
                result(HitTestCAPI.htView_SetHitRules(view(), &rules), "htView_SetHitRules")
            case 11:
                var hit = htHit()
                let w = world()
                let r = HitTestCAPI.htWorld_HitTest(w, htVec2(x: input.double(), y: input.double()), &hit)
                result(r, "htWorld_HitTest")
                if r == HT_OK, hit.view.index1 != 0 {
                    report.check(HitTestCAPI.htView_IsValid(hit.view) && HitTestCAPI.htView_IsValid(hit.window), "a hit names a dead view")
                }
                if w.index1 == 0 { report.check(r == HT_ERROR_NULL_ID, "a null world answered \(r)") }
            case 12:
                let points = (0..<Int(input.byte() % 8)).map { _ in htVec2(x: input.double(), y: input.double()) }
                var hits = [htHit](repeating: htHit(), count: points.count)
                result(
                    HitTestCAPI.htWorld_HitTestBatch(world(), points, Int32(points.count), &hits, Int32(input.byte() % 3)),
                    "htWorld_HitTestBatch")
            case 13:
                let v = view()
                var buffer = [CChar](repeating: 0, count: Int(input.byte() % 64))
                var length: UInt = 0
                var count: Int32 = 0
                let capacity = UInt(buffer.count)
                result(HitTestCAPI.htView_GetName(v, &buffer, capacity, &length), "htView_GetName")
                result(HitTestCAPI.htView_GetResponderChain(v, &buffer, capacity, &length, &count), "chain")
                var parent = htViewId()
                result(HitTestCAPI.htView_GetParent(v, &parent), "htView_GetParent")
                var frame = htRect()
                let r = HitTestCAPI.htView_GetFrame(v, &frame)
                result(r, "htView_GetFrame")
                if v.index1 == 0 { report.check(r == HT_ERROR_NULL_ID, "a null view answered \(r)") }
                var center = htVec2()
                var rules = htHitRules()
                var alpha: Float = 0
                var flag = false
                var data: UInt = 0
                result(HitTestCAPI.htView_GetCenter(v, &center), "htView_GetCenter")
                result(HitTestCAPI.htView_GetBounds(v, &frame), "htView_GetBounds")
                result(HitTestCAPI.htView_GetHitRules(v, &rules), "htView_GetHitRules")
                result(HitTestCAPI.htView_GetAlpha(v, &alpha), "htView_GetAlpha")
                result(HitTestCAPI.htView_GetHidden(v, &flag), "htView_GetHidden")
                result(HitTestCAPI.htView_GetRedirect(v, &parent), "htView_GetRedirect")
                result(HitTestCAPI.htView_SetUserData(v, UInt(input.byte())), "htView_SetUserData")
                result(
                    input.bit()
                        ? HitTestCAPI.htView_GetUserData(v, &data) : HitTestCAPI.htView_GetUserData(v, nil),
                    "htView_GetUserData")
                var ids = [htViewId](repeating: htViewId(), count: Int(input.byte() % 4))
                var n: Int32 = 0
                result(HitTestCAPI.htView_GetChildren(v, &ids, Int32(ids.count), &n), "htView_GetChildren")
                result(HitTestCAPI.htWorld_GetWindows(world(), &ids, Int32(ids.count), &n), "htWorld_GetWindows")
            case 14:
                result(input.bit() ? HitTestCAPI.htView_BringToFront(view()) : HitTestCAPI.htView_SendToBack(view()), "reorder")
            case 15:
                result(HitTestCAPI.htView_SetRedirect(view(), view()), "htView_SetRedirect")
            case 16:
                var def = HitTestCAPI.htDefaultDispatcherDef()
                if input.bit() { def.multiTapInterval = input.double() }
                if input.bit() { def.tapSlop = input.double() }
                if input.byte() % 8 == 0 { def.internalValue = 0 }
                dispatchers.append(HitTestCAPI.htCreateDispatcher(world(), &def))
            case 17: result(HitTestCAPI.htDestroyDispatcher(dispatcher()), "htDestroyDispatcher")
            case 18:
                var def = HitTestCAPI.htDefaultGestureDef()
                def.kind = Int32(input.byte() % 10) - 1  // -1 ... 8: every kind and two bad ones
                def.taps = Int32(input.byte() % 4)
                def.touches = Int32(input.byte() % 4)
                def.minimumTouches = Int32(input.byte() % 4)
                def.maximumTouches = Int32(input.byte() % 4)
                if input.bit() { def.minimumPressDuration = input.double() }
                if input.bit() { def.hysteresis = input.double() }
                def.cancelsTouchesInView = input.bit()
                def.delaysTouchesBegan = input.bit()
                def.delaysTouchesEnded = input.bit()
                def.swipeDirections = UInt32(input.byte() % 18)  // 0 and 16, 17 are refused
                def.edges = UInt32(input.byte() % 18)
                let names = ["a", "b", "c", ""]
                let pick = input.index(names.count + 1)
                let g: htGestureId
                if pick == names.count {
                    g = HitTestCAPI.htDispatcher_AddGesture(dispatcher(), view(), &def)
                } else {
                    let (d, v) = (dispatcher(), view())
                    g = names[pick].withCString { n in
                        def.name = n
                        return HitTestCAPI.htDispatcher_AddGesture(d, v, &def)
                    }
                }
                gestures.append(g)
            case 19:
                let (g, other) = (gesture(), gesture())
                switch input.byte() % 9 {
                case 0: result(HitTestCAPI.htGesture_Remove(g), "htGesture_Remove")
                case 5:
                    result(HitTestCAPI.htGesture_ShouldRequireFailureOf(g, other), "shouldRequireFailureOf")
                case 6:
                    result(HitTestCAPI.htGesture_ShouldBeRequiredToFailBy(g, other), "shouldBeRequiredToFailBy")
                case 7:
                    var rotation = 0.0
                    var angular = 0.0
                    result(HitTestCAPI.htGesture_GetRotation(g, &rotation, &angular), "htGesture_GetRotation")
                case 1: result(HitTestCAPI.htGesture_RequireToFail(g, other), "requireToFail")
                case 2:
                    result(HitTestCAPI.htGesture_RecognizeSimultaneouslyWith(g, other), "simultaneous")
                case 3: result(HitTestCAPI.htGesture_SetEnabled(g, input.bit()), "htGesture_SetEnabled")
                case 4:
                    var state: Int32 = -1
                    let r = HitTestCAPI.htGesture_GetState(g, &state)
                    result(r, "htGesture_GetState")
                    if r == HT_OK { report.check(state >= 0 && state <= HT_STATE_RECOGNIZED, "state \(state)") }
                    if g.index1 == 0 { report.check(r == HT_ERROR_NULL_ID, "a null gesture answered \(r)") }
                default:
                    var t = htVec2()
                    var v = htVec2()
                    var scale = 0.0
                    result(HitTestCAPI.htGesture_GetReport(g, &t, &v, &scale), "htGesture_GetReport")
                }
            case 20:
                let (d, v) = (dispatcher(), view())
                let value = Int32(input.byte() % 12) - 2
                switch input.byte() % 7 {
                case 0: result(HitTestCAPI.htDispatcher_SetTouchHandling(d, v, value), "touch handling")
                case 5:
                    result(
                        input.bit()
                            ? HitTestCAPI.htDispatcher_SetNextResponder(d, v, view())
                            : HitTestCAPI.htDispatcher_SetViewControllerNextResponder(d, v, view()),
                        "next responder")
                case 1:
                    result(
                        HitTestCAPI.htDispatcher_SetViewControllerTouchHandling(d, v, value),
                        "view controller touch handling")
                case 2: result(HitTestCAPI.htDispatcher_SetMultipleTouchEnabled(d, v, input.bit()), "multiple")
                case 3: result(HitTestCAPI.htDispatcher_SetExclusiveTouch(d, v, input.bit()), "exclusive")
                case 4:
                    var def = HitTestCAPI.htDefaultControlDef()
                    def.enabled = input.bit()
                    if input.bit() { def.trackingSlop = input.double() }
                    result(HitTestCAPI.htDispatcher_SetControl(d, v, &def), "htDispatcher_SetControl")
                default:
                    result(
                        input.bit()
                            ? HitTestCAPI.htDispatcher_AddControlAction(d, v, value, "act")
                            : HitTestCAPI.htDispatcher_AddControlAction(d, v, value, nil),
                        "htDispatcher_AddControlAction")
                }
            case 21:
                let d = dispatcher()
                let touches = (0..<Int(input.byte() % 4)).map { _ in
                    htTouchInput(
                        id: Int64(input.byte() % 4), phase: Int32(input.byte() % 7) - 1,
                        point: htVec2(x: input.double(), y: input.double()))
                }
                let t = nextTime()
                let r =
                    input.byte() % 8 == 0
                    ? HitTestCAPI.htDispatcher_Feed(d, t, nil, Int32(touches.count))
                    : HitTestCAPI.htDispatcher_Feed(d, t, touches, Int32(touches.count))
                result(r, "htDispatcher_Feed")
                if d.index1 == 0 { report.check(r == HT_ERROR_NULL_ID, "a null dispatcher answered \(r)") }
                checkEvents(d)
            case 22:
                let d = dispatcher()
                switch input.byte() % 5 {
                case 0: result(HitTestCAPI.htDispatcher_AdvanceTime(d, nextTime()), "htDispatcher_AdvanceTime")
                case 3:
                    var p = htVec2(x: input.double(), y: input.double())
                    let t = nextTime()
                    result(
                        input.bit() ? HitTestCAPI.htDispatcher_MovePointer(d, t, &p)
                            : HitTestCAPI.htDispatcher_MovePointer(d, t, nil),
                        "htDispatcher_MovePointer")
                case 1:
                    result(HitTestCAPI.htDispatcher_CancelAllTouches(d, nextTime()), "cancel all touches")
                case 2: result(HitTestCAPI.htDispatcher_Reset(d), "htDispatcher_Reset")
                default:
                    var count: Int32 = -1
                    result(HitTestCAPI.htDispatcher_GetActiveTouchCount(d, &count), "active touches")
                }
                checkEvents(d)
            default:
                let d = dispatcher()
                if input.bit() {
                    result(HitTestCAPI.htDispatcher_SetCallbacks(d, nil), "htDispatcher_SetCallbacks")
                } else {
                    var c = htDispatchCallbacks()
                    let answer = input.byte()
                    if answer & 1 != 0 { c.shouldBegin = { _, _ in false } }
                    if answer & 2 != 0 { c.shouldReceiveTouch = { _, t, _ in t!.pointee.id % 2 == 0 } }
                    if answer & 4 != 0 { c.shouldRecognizeSimultaneously = { _, _, _ in true } }
                    if answer & 8 != 0 { c.shouldRequireFailureOf = { a, b, _ in a.index1 < b.index1 } }
                    if answer & 16 != 0 { c.touchHandling = { _, m, _, _ in m % 4 - 1 } }
                    if answer & 32 != 0 { c.touchHandling = { _, _, _, _ in 77 } }
                    if answer & 64 != 0 { c.shouldBeRequiredToFailBy = { a, b, _ in a.index1 > b.index1 } }
                    if answer & 128 != 0 { c.nextResponder = { r, _ in r!.pointee.view } }
                    result(HitTestCAPI.htDispatcher_SetCallbacks(d, &c), "htDispatcher_SetCallbacks")
                }
            }
        }
        for d in dispatchers where d.index1 != 0 { _ = HitTestCAPI.htDestroyDispatcher(d) }
        for w in worlds where HitTestCAPI.htWorld_IsValid(w) { _ = HitTestCAPI.htDestroyWorld(w) }
        report.check(
            !countBytes || htGetByteCount() == bytesBefore,
            "\(htGetByteCount() - bytesBefore) bytes held after every world was destroyed")
        return report
    }
}

/// Reads the fuzz input as a stream of choices; past its end every read is 0.
struct _Bytes {
    var bytes: [UInt8]
    var at = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isEmpty: Bool { at >= bytes.count }

    mutating func byte() -> UInt8 {
        defer { at += 1 }
        return at < bytes.count ? bytes[at] : 0
    }

    mutating func bit() -> Bool { byte() & 1 == 1 }

    mutating func index(_ n: Int) -> Int { Int(byte()) % n }

    /// Mostly ordinary coordinates, sometimes the values that break arithmetic.
    mutating func double() -> Double {
        let b = byte()
        switch b % 16 {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return .greatestFiniteMagnitude
        case 4: return -0.0
        case 5: return .leastNonzeroMagnitude
        case 6: return Double(Int8(bitPattern: byte())) * 1e6
        default: return Double(Int8(bitPattern: byte())) * 4 + Double(b) / 16
        }
    }
}
