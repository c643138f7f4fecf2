@_spi(Tables) import HitTestStore
import HitTestGeometry
import HitTestScene
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

    @Test(
        "removal keeps the others in order; a removed record is renewed for the next touch with every field fresh, its lists' capacity kept"
    )
    func renewsForgottenRecords() {
        var table = _TouchTable()
        for k in 0..<4 {
            let r = table.record(
                for: Self.touch(k, at: Double(k)), startLocation: Point(x: Double(k), y: 0),
                serial: TouchID(k))
            table.append(r)
        }
        // Give the one that goes every bit of state a touch can gather.
        let k = table.index(of: TouchID(1))!
        table.values[k].viewHandle = ViewHandle(index: 3, generation: 1)
        table.values[k].windowHandle = ViewHandle(index: 1, generation: 1)
        table.values[k].isDown = false
        table.values[k].excludedFromView = true
        table.values[k].viewSentBegan = true
        table.values[k].viewDone = true
        table.values[k].held = [(.touchesEnded, Point(x: 1, y: 1), Point(x: 0, y: 0))]
        table.values[k].chain = [.other(.application, name: "UIApplication")]
        table.values[k].toControl = true
        table.values[k].controlInside = false
        table.values[k].recognizers = [RecognizerID(2)]
        table.values[k].touch.gestureRecognizers = ["tap"]
        let capacity = table.values[k].recognizers.capacity

        table.removeAll { $0.serial == TouchID(1) }
        #expect(table.values.array.map(\.serial) == [TouchID(0), TouchID(2), TouchID(3)])
        #expect(table.index(of: TouchID(1)) == nil && table[TouchID(1)] == nil)

        let renewed = table.record(
            for: Self.touch(9, at: 5), startLocation: Point(x: 5, y: 0), serial: TouchID(4))
        #expect(renewed.recognizers.capacity == capacity, "the forgotten record's lists are reused")
        #expect(renewed.serial == TouchID(4) && renewed.touch.id == 9)
        #expect(renewed.startLocation == Point(x: 5, y: 0))
        #expect(renewed.viewHandle == nil && renewed.windowHandle == nil)
        #expect(renewed.isDown && !renewed.excludedFromView && !renewed.viewSentBegan)
        #expect(!renewed.viewDone && !renewed.toControl && renewed.controlInside)
        #expect(renewed.held.isEmpty && renewed.chain.isEmpty && renewed.recognizers.isEmpty)
        #expect(renewed.touch.gestureRecognizers.isEmpty)
        table.append(renewed)
        #expect(table.index(of: TouchID(4)) == 3)
    }
}
