import HitTestDispatch
import HitTestGeometry
import HitTestScene
import Testing

/// What a recognizer's action entry carries (`rule-recognizer-reports`): its location
/// for every kind, a pan's translation and velocity, a pinch's scale and its velocity, a
/// rotation's angle, a swipe's direction. The times are binary fractions, so the
/// expected numbers are exact.
@Suite("Recognizer reports in the log")
struct RecognizerReportTests {
    /// The reports of the log's action entries, in order (nil for a control's).
    static func reports(_ log: [DispatchLogEntry]) -> [GestureReport?] {
        log.compactMap { entry in
            if case .action(_, _, let report) = entry { return .some(report) }
            return nil
        }
    }

    /// The log of one replay on every engine (which must agree), with its times.
    static func log(_ gestures: String, _ frames: [InputFrame]) throws -> [DispatchLogEntry] {
        try replay(try RecognizerKindTests.view(gestures), frames, times: true)
    }

    @Test("tap: the location where the tap lifted; two fingers: between them")
    func tapLocation() throws {
        let one = Self.reports(
            try Self.log(#"{"id": "t", "kind": "tap"}"#, tap(at: (150, 450))))
        #expect(one == [GestureReport(location: Point(x: 150, y: 450))])
        // Both fingers lift in one frame: the location is their centroid, not the last
        // finger's alone.
        let two = Self.reports(
            try Self.log(
                #"{"id": "t", "kind": "tap", "touches": 2}"#,
                [
                    frame(0, (1, .began, 100, 300), (2, .began, 200, 400)),
                    frame(0.0625, (1, .ended, 100, 300), (2, .ended, 200, 400)),
                ]))
        #expect(two == [GestureReport(location: Point(x: 150, y: 350))])
    }

    @Test("pan: location, translation and velocity at began, changed and ended")
    func panReport() throws {
        let log = try Self.log(
            #"{"id": "p", "kind": "pan"}"#,
            [
                frame(0, (1, .began, 100, 300)),
                frame(0.0625, (1, .moved, 100, 340)),
                frame(0.125, (1, .moved, 100, 380)),
                // Lifted 1/32 s after the last move: the moves' speed is kept.
                frame(0.15625, (1, .ended, 100, 380)),
            ])
        #expect(
            Self.reports(log) == [
                GestureReport(
                    translation: Point(x: 0, y: 40), velocity: Point(x: 0, y: 640),
                    location: Point(x: 100, y: 340)),
                GestureReport(
                    translation: Point(x: 0, y: 80), velocity: Point(x: 0, y: 640),
                    location: Point(x: 100, y: 380)),
                GestureReport(
                    translation: Point(x: 0, y: 80), velocity: Point(x: 0, y: 640),
                    location: Point(x: 100, y: 380)),
            ])
        // The JSON log writes the report after the action's name.
        let first = log.first { if case .action = $0 { true } else { false } }
        #expect(
            first?.json
                == #"{"t": 0.0625, "kind": "action", "action": "p", "location": [100,340], "translation": [0,40], "velocity": [0,640]}"#
        )
    }

    @Test("pan: a finger lifting moves the centroid, which is not speed")
    func panFingerLifts() throws {
        let reports = Self.reports(
            try Self.log(
                #"{"id": "p", "kind": "pan"}"#,
                [
                    frame(0, (1, .began, 100, 300), (2, .began, 200, 300)),
                    frame(0.0625, (1, .moved, 100, 340), (2, .moved, 200, 340)),
                    // The second finger lifts where it was: the centroid jumps 50 points
                    // left; the first lifts 1/64 s later (within 50 ms of the move).
                    frame(0.078125, (2, .ended, 200, 340)),
                    frame(0.09375, (1, .ended, 100, 340)),
                ]))
        // Began at the move, then ended: the velocity is the move's, 640 points a second
        // down, at the end too (not 3,200 left, the jump over 1/64 s).
        #expect(reports.count == 2)
        #expect(reports.map { $0?.velocity } == [Point(x: 0, y: 640), Point(x: 0, y: 640)])
    }

    @Test("pinch: scale and its velocity in scale factor a second; the centroid")
    func pinchReport() throws {
        let reports = Self.reports(
            try Self.log(
                #"{"id": "z", "kind": "pinch"}"#,
                [
                    frame(0, (1, .began, 100, 300), (2, .began, 200, 300)),
                    frame(0.25, (2, .moved, 300, 300)),
                    frame(0.5, (2, .moved, 400, 300)),
                    frame(0.75, (1, .ended, 100, 300), (2, .ended, 400, 300)),
                ]))
        // Distance 100, then 200 and 300: scale 2 then 3, one a quarter second (4 a second).
        #expect(
            reports == [
                GestureReport(scale: 2, scaleVelocity: 4, location: Point(x: 200, y: 300)),
                GestureReport(scale: 3, scaleVelocity: 4, location: Point(x: 250, y: 300)),
                GestureReport(scale: 3, scaleVelocity: 4, location: Point(x: 250, y: 300)),
            ])
    }

    @Test("rotation: the angle and its velocity, located between the fingers")
    func rotationReport() throws {
        let reports = Self.reports(
            try Self.log(
                #"{"id": "r", "kind": "rotation"}"#,
                [
                    frame(0, (1, .began, 100, 300), (2, .began, 200, 300)),
                    frame(0.25, (2, .moved, 100, 400)),
                    frame(0.5, (1, .ended, 100, 300), (2, .ended, 100, 400)),
                ]))
        #expect(reports.count == 2)
        #expect(reports.first??.rotation == Double.pi / 2)
        #expect(reports.first??.angularVelocity == (Double.pi / 2) / 0.25)
        #expect(reports.first??.location == Point(x: 100, y: 350))
        #expect(reports.first??.translation == nil && reports.first??.scale == nil)
    }

    @Test("swipe: the direction it recognized in, and where it began")
    func swipeReport() throws {
        let gestures = #"{"id": "sw", "kind": "swipe", "direction": ["left", "right"]}"#
        let left = Self.reports(
            try Self.log(gestures, RecognizerKindTests.drag(from: (300, 300), by: (-60, 0))))
        #expect(left == [GestureReport(location: Point(x: 300, y: 300), direction: .left)])
        let right = Self.reports(
            try Self.log(gestures, RecognizerKindTests.drag(from: (100, 200), by: (60, 10))))
        #expect(right == [GestureReport(location: Point(x: 100, y: 200), direction: .right)])
    }

    @Test("a report equals itself bit for bit, NaN fields included, so equal logs compare equal")
    func nanEqualsItself() {
        // Touches near the double range's ends overflow a centroid: inf - inf is NaN.
        let r = GestureReport(
            translation: Point(x: -7.5, y: .nan), velocity: Point(x: 1, y: .nan),
            location: Point(x: 0, y: .infinity))
        let copy = r
        #expect(r == copy)
        #expect(r.hashValue == copy.hashValue)
        let entry = DispatchLogEntry.action(time: 1.72, name: "p", report: r)
        #expect([entry] == [entry])
        #expect(r != GestureReport(translation: Point(x: -7.5, y: 0), velocity: Point(x: 1, y: .nan)))
        #expect(GestureReport(scale: 0) != GestureReport(scale: -0.0))
    }

    @Test("a host's action handler sees the report the log carries")
    func handlerSeesTheLogsReport() throws {
        let d = Dispatcher(scene: try RecognizerKindTests.view(#"{"id": "p", "kind": "pan"}"#))
        var seen: [GestureReport] = []
        d.onGestureAction("p") { seen.append($0.report) }
        try d.replay(
            EventsFile(frames: [
                frame(0, (1, .began, 100, 300)), frame(0.0625, (1, .moved, 130, 300)),
                frame(0.125, (1, .ended, 130, 300)),
            ]))
        #expect(seen.count == 2)
        #expect(Self.reports(d.log).compactMap { $0 } == seen)
    }
}
