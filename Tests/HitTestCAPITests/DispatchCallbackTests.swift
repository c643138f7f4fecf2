import CHitTestShim
import HitTestBridge
import HitTestCAPI
import HitTestDispatch
import HitTestGenerators
import HitTestParity
import HitTestScene
import Testing

/// The host's decisions: C callbacks (shouldBegin, shouldReceiveTouch, simultaneity,
/// failure requirements both ways, a responder's handling) give the same log as a Swift
/// `DispatchHandler` answering the same questions the same way.
@Suite("C dispatch API: callbacks")
struct DispatchCallbackTests {
    /// The answers both sides give: a stable hash of the question.
    struct Rules {
        static func hash(_ s: String) -> UInt64 {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
            return h
        }
        static func begin(_ g: String) -> Bool { hash("b" + g) % 5 != 0 }
        static func receive(_ g: String, _ touch: Int) -> Bool { hash("r\(g)|\(touch)") % 6 != 0 }
        static func simultaneous(_ a: String, _ b: String) -> Bool { hash("s\(a)|\(b)") % 4 == 0 }
        static func requires(_ a: String, _ b: String) -> Bool { hash("f\(a)|\(b)") % 9 == 0 }
        static func requiredBy(_ a: String, _ b: String) -> Bool { hash("q\(a)|\(b)") % 9 == 0 }
        static func handling(_ name: String, _ message: Int) -> TouchHandling? {
            switch hash("h\(name)|\(message)") % 5 {
            case 0: .handle
            case 1: .handleAndForward
            default: nil
            }
        }
    }

    final class SwiftSide: DispatchHandler {
        func gestureShouldBegin(_ gesture: GestureInfo) -> Bool? { Rules.begin(gesture.id) }
        func gesture(_ gesture: GestureInfo, shouldReceive touch: Touch) -> Bool? {
            Rules.receive(gesture.id, touch.id)
        }
        func gesture(_ gesture: String, shouldRecognizeSimultaneouslyWith other: String) -> Bool {
            Rules.simultaneous(gesture, other)
        }
        func gesture(_ gesture: String, shouldRequireFailureOf other: String) -> Bool {
            Rules.requires(gesture, other)
        }
        func gesture(_ gesture: String, shouldBeRequiredToFailBy other: String) -> Bool {
            Rules.requiredBy(gesture, other)
        }
        func responder(_ name: String, received message: TouchMessage, touch: Touch)
            -> TouchHandling?
        {
            Rules.handling(name, TouchMessage.allCases.firstIndex(of: message)!)
        }
    }

    /// Recognizer names by id slot, for the C callbacks.
    final class Names {
        var byIndex: [UInt32: String] = [:]
        var asked = 0
        func name(_ g: htGestureId) -> String {
            asked += 1
            return byIndex[g.index1] ?? "?"
        }
    }

    static func callbacks(_ names: Names) -> htDispatchCallbacks {
        var c = htDispatchCallbacks()
        c.context = Unmanaged.passUnretained(names).toOpaque()
        c.shouldBegin = { g, ctx in
            Rules.begin(Unmanaged<Names>.fromOpaque(ctx!).takeUnretainedValue().name(g))
        }
        c.shouldReceiveTouch = { g, t, ctx in
            Rules.receive(
                Unmanaged<Names>.fromOpaque(ctx!).takeUnretainedValue().name(g), Int(t!.pointee.id))
        }
        c.shouldRecognizeSimultaneously = { a, b, ctx in
            let n = Unmanaged<Names>.fromOpaque(ctx!).takeUnretainedValue()
            return Rules.simultaneous(n.name(a), n.name(b))
        }
        c.shouldRequireFailureOf = { a, b, ctx in
            let n = Unmanaged<Names>.fromOpaque(ctx!).takeUnretainedValue()
            return Rules.requires(n.name(a), n.name(b))
        }
        c.shouldBeRequiredToFailBy = { a, b, ctx in
            let n = Unmanaged<Names>.fromOpaque(ctx!).takeUnretainedValue()
            return Rules.requiredBy(n.name(a), n.name(b))
        }
        c.touchHandling = { r, message, _, _ in
            switch Rules.handling(String(cString: r!.pointee.name), Int(message)) {
            case .handle: HT_TOUCHES_HANDLE
            case .handleAndForward: HT_TOUCHES_HANDLE_AND_FORWARD
            default: HT_TOUCHES_DEFAULT
            }
        }
        return c
    }

    /// The names a scroll view's built-in recognizers may have, for every view of the scene.
    static func builtInNames(_ scene: Scene) -> [String] {
        var out: [String] = []
        func visit(_ v: SceneView) {
            out.append("\(v.id).panGestureRecognizer")
            out.append("\(v.id).pinchGestureRecognizer")
            v.subviews.forEach(visit)
        }
        scene.windows.forEach(visit)
        return out
    }

    @Test("generated scenes: C callbacks and a Swift handler with the same answers agree")
    func parity() throws {
        let base = UInt64.random(in: 0...UInt64.max)
        var asked = 0
        for i in 0..<40 {
            let seed = SplitMix64.derive(base, UInt64(i))
            var rng = SplitMix64(seed: seed)
            var s = RandomScene.make(&rng, options: SceneOptions(maxViews: 10 + rng.below(40)))
            DispatchInputs.decorate(&s, &rng)
            let frames = DispatchInputs.touches(s, &rng)
            let swift = Dispatcher(scene: s)
            swift.addHandler(SwiftSide())
            try swift.replay(EventsFile(frames: frames))
            let names = Names()
            let c = try DispatchParityTests.cLog(
                s, frames, context: "seed \(seed) (base \(base), round \(i))"
            ) { d, gestures in
                for (name, id) in gestures { names.byIndex[id.index1] = name }
                // A scroll view by class has built-in recognizers the host did not add; it
                // learns their ids by name, as a host answering for them would.
                for name in Self.builtInNames(s) {
                    let id = HitTestCAPI.htDispatcher_FindGesture(d, name)
                    if id.index1 != 0 { names.byIndex[id.index1] = name }
                }
                var callbacks = Self.callbacks(names)
                #expect(HitTestCAPI.htDispatcher_SetCallbacks(d, &callbacks) == HT_OK)
            }
            asked += names.asked
            guard c == swift.log else {
                Issue.record(
                    """
                    C and Swift logs differ with callbacks: seed \(seed) (base \(base), round \(i))
                    Swift:
                    \(swift.log.text)
                    C:
                    \(c.text)
                    """)
                return
            }
        }
        // A sanity bar, not a target: with scroll views and more recognizer kinds in the
        // generated scenes, one random base asked them 88 times in 40 rounds.
        #expect(asked > 20, "the callbacks were asked \(asked) times (base \(base))")
    }
}
