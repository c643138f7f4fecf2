@_spi(Tables) import HitTestStore
import HitTestBridge
import HitTestGenerators
import HitTestScene
import Testing

@testable import HitTestDispatch

/// The dispatcher's own check of what it keeps between calls (`invariantViolations()`,
/// run after every call under the InternalChecks trait), the timer heap it relies on, and
/// the state machine the arena asserts.
@Suite("Dispatcher invariants")
struct DispatcherInvariantTests {
    /// A view with a long press and a double tap, and a button beside it.
    static func world() throws -> Scene {
        try scene(
            #"""
            {"id": "V", "frame": [0, 100, 390, 400], "touches": "handle", "gestures": [
              {"id": "lp", "kind": "longPress"}, {"id": "dt", "kind": "tap", "taps": 2}]},
            {"id": "B", "class": "UIButton", "frame": [0, 600, 100, 44], "control": {"actions": {"touchUpInside": "go"}}}
            """#)
    }

    @Test("every frame and time advance of a session leaves nothing to report")
    func cleanSession() throws {
        let d = Dispatcher(scene: try Self.world())
        let frames = [
            frame(0, (1, .began, 50, 150)), frame(0.2, (1, .moved, 52, 150)),
            frame(0.3, (2, .began, 40, 620)), frame(0.7, (1, .moved, 60, 150)),
            frame(0.8, (1, .ended, 60, 150), (2, .ended, 40, 620)),
            frame(1.0, (3, .began, 50, 150)), frame(1.05, (3, .ended, 50, 150)),
            frame(1.1, (4, .began, 50, 150)), frame(1.15, (4, .cancelled, 50, 150)),
        ]
        for f in frames {
            try d.feed(f)
            #expect(d.invariantViolations() == [], "after the frame at \(f.time)")
        }
        d.flush()
        #expect(d.invariantViolations() == [])
        #expect(d.isIdle(at: 10))
    }

    @Test(
        "a timer of no member, a log without its views and a kept touch nothing needs are reported")
    func reportsWhatIsWrong() throws {
        let d = Dispatcher(scene: try Self.world())
        try d.feed(frame(0, (1, .began, 50, 150)))
        #expect(d.invariantViolations() == [])
        let waiting = !d.inFlight.timers.isEmpty
        #expect(waiting, "the long press waits on its timer")

        d.inFlight.timers.add(due: 5, recognizer: RecognizerID(40), tag: 0, generation: 0)
        #expect(d.invariantViolations().contains { $0.contains("not a member") })
        d.inFlight.timers.removeAll(of: RecognizerID(40))
        #expect(d.invariantViolations() == [])

        _ = d.inFlight.logViews.removeLast()
        #expect(d.invariantViolations().contains { $0.hasPrefix("log:") })
        d.inFlight.logViews.append(d.inFlight.logViews.last ?? ViewHandle(index: 0, generation: 1))
        #expect(d.invariantViolations() == [])

        let recorded = !d.inFlight.records.isEmpty
        try #require(recorded)
        d.inFlight.records.values[0].isDown = false
        #expect(d.invariantViolations().contains { $0.contains("down, its record ended") })
    }

    @Test(
        "the timer heap gives timers in (due, seq) order, and drops a recognizer's",
        arguments: [UInt64(1), 2, 3, 4])
    func timerHeap(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var queue = _TimerQueue()
        var expected: [(due: Double, seq: Int, recognizer: Int)] = []
        var seq = 0
        for _ in 0..<300 {
            switch rng.next() % 4 {
            case 0, 1:
                let due = Double(rng.next() % 20) / 4
                let r = Int(rng.next() % 6)
                queue.add(due: due, recognizer: RecognizerID(r), tag: 0, generation: 0)
                expected.append((due, seq, r))
                seq += 1
            case 2:
                let r = Int(rng.next() % 6)
                queue.removeAll(of: RecognizerID(r))
                expected.removeAll { $0.recognizer == r }
            default:
                let limit = Double(rng.next() % 20) / 4
                let sorted = expected.sorted { ($0.due, $0.seq) < ($1.due, $1.seq) }
                if let first = sorted.first, first.due <= limit {
                    let t = queue.removeFirst()
                    #expect(t.due == first.due && t.seq == first.seq, "seed \(seed)")
                    expected.removeAll { $0.seq == first.seq }
                } else {
                    #expect(queue.next(upTo: limit) == nil, "seed \(seed)")
                }
            }
            #expect(queue.violations() == [], "seed \(seed)")
            #expect(queue.heap.count == expected.count, "seed \(seed)")
        }
    }

    @Test("the arena's moves are UIGestureRecognizer.State's transitions")
    func stateMachine() {
        let legal: Set<String> = [
            "possible>recognized", "possible>began", "possible>failed", "began>changed",
            "began>ended", "began>cancelled", "changed>changed", "changed>ended",
            "changed>cancelled",
        ]
        for a in GestureState.allCases {
            for b in GestureState.allCases {
                #expect(
                    a.canMove(to: b) == legal.contains("\(a.rawValue)>\(b.rawValue)"),
                    "\(a) -> \(b)")
            }
        }
    }
}
