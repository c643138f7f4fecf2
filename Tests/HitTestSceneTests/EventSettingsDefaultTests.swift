import HitTestScene
import Testing

/// `ViewEventSettings.isDefault` is the store's cheap form of `== .default`: it must
/// answer the same for every field set on its own, and name every field (a field added
/// later without a line here fails the count).
@Test("isDefault agrees with == .default for each field set on its own, and covers every field")
func isDefaultCoversEveryField() {
    var cases: [(String, ViewEventSettings)] = []
    func with(_ name: String, _ change: (inout ViewEventSettings) -> Void) {
        var s = ViewEventSettings()
        change(&s)
        cases.append((name, s))
    }
    with("touches") { $0.touches = .forward }
    with("viewControllerTouches") { $0.viewControllerTouches = .handle }
    with("multipleTouchEnabled") { $0.multipleTouchEnabled = true }
    with("exclusiveTouch") { $0.exclusiveTouch = true }
    with("gestures") { $0.gestures = [SceneGesture(id: "g", kind: .tap())] }
    with("control") { $0.control = SceneControl() }
    with("next") { $0.next = "a" }
    with("viewControllerNext") { $0.viewControllerNext = "b" }
    with("scrollView") { $0.scrollView = SceneScrollView() }
    let fields = Mirror(reflecting: ViewEventSettings()).children.compactMap(\.label)
    #expect(Set(cases.map(\.0)) == Set(fields), "fields: \(fields)")
    #expect(ViewEventSettings().isDefault)
    for (name, s) in cases {
        #expect(s != .default, "\(name)")
        #expect(!s.isDefault, "\(name) set, yet isDefault")
    }
}
