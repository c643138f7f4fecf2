import HitTestGeometry
import HitTestScene
import HitTestStore
import Testing

@testable import HitTestDispatch

/// The dispatcher's touch records: kept in the order the touches began, and a forgotten
/// record renewed for the next touch with nothing of its past.
@Suite("Touch table")
struct TouchTableTests {
    static func touch(_ id: Int, at x: Double) -> Touch {
        Touch(
            id: id, phase: .began, view: nil, window: nil, location: Point(x: x, y: 0),
            previousLocation: Point(x: x, y: 0), tapCount: 1, beganAt: 0,
            gestureRecognizers: [])
    }

    @Test("removal keeps the others in order; a removed record is renewed for the next touch with every field fresh")
    func renewsForgottenRecords() {
        var table = _TouchTable()
        var made: [_TouchRecord] = []
        for k in 0..<4 {
            let r = table.record(
                for: Self.touch(k, at: Double(k)), startLocation: Point(x: Double(k), y: 0),
                serial: TouchID(k))
            table.append(r)
            made.append(r)
        }
        // Give the one that goes every bit of state a touch can gather (in a function, so
        // that no reference to it outlives the setup).
        func gather(_ old: _TouchRecord) {
            old.viewHandle = ViewHandle(index: 3, generation: 1)
            old.windowHandle = ViewHandle(index: 1, generation: 1)
            old.isDown = false
            old.excludedFromView = true
            old.viewSentBegan = true
            old.viewDone = true
            old.held = [(.touchesEnded, Point(x: 1, y: 1), Point(x: 0, y: 0))]
            old.chain = [.other(.application("UIApplication"))]
            old.toControl = true
            old.controlInside = false
            old.recognizers = [RecognizerID(2)]
            old.touch.gestureRecognizers = ["tap"]
        }
        gather(made[1])
        let object = ObjectIdentifier(made[1])
        made.removeAll()

        table.removeAll { $0.serial == TouchID(1) }
        #expect(table.values.map(\.serial) == [TouchID(0), TouchID(2), TouchID(3)])

        let renewed = table.record(
            for: Self.touch(9, at: 5), startLocation: Point(x: 5, y: 0), serial: TouchID(4))
        #expect(ObjectIdentifier(renewed) == object, "the forgotten record is reused")
        #expect(renewed.serial == TouchID(4) && renewed.touch.id == 9)
        #expect(renewed.startLocation == Point(x: 5, y: 0))
        #expect(renewed.viewHandle == nil && renewed.windowHandle == nil)
        #expect(renewed.isDown && !renewed.excludedFromView && !renewed.viewSentBegan)
        #expect(!renewed.viewDone && !renewed.toControl && renewed.controlInside)
        #expect(renewed.held.isEmpty && renewed.chain.isEmpty && renewed.recognizers.isEmpty)
        #expect(renewed.touch.gestureRecognizers.isEmpty)
    }

    @Test("a removed record that something still holds is never renewed")
    func keepsHeldRecords() {
        var table = _TouchTable()
        let r = table.record(for: Self.touch(1, at: 0), startLocation: Point(x: 0, y: 0), serial: TouchID(0))
        table.append(r)
        r.touch.gestureRecognizers = ["pan"]
        table.removeAll { _ in true }
        let next = table.record(for: Self.touch(2, at: 1), startLocation: Point(x: 1, y: 0), serial: TouchID(1))
        #expect(ObjectIdentifier(next) != ObjectIdentifier(r))
        #expect(r.touch.gestureRecognizers == ["pan"] && r.serial == TouchID(0))
    }
}
