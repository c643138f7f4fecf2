import CHitTestShim
import HitTestCAPI
import Testing

/// Every error message starts with the C function that failed, as the C headers promise,
/// for calls that reach the check through shared helpers (a null id checked in the
/// world, view, dispatcher and gesture tables).
@Suite("C API: error messages name the function called")
struct ErrorNameTests {
    /// The last error's message after a call.
    static func message(_ call: () -> Void) -> String {
        call()
        return String(cString: htGetLastErrorMessage())
    }

    @Test("a null id names the function, without Swift's argument labels")
    func namesTheFunction() {
        var center = htVec2()
        var rotation = 0.0
        var def = HitTestCAPI.htDefaultViewDef()
        let cases: [(String, String)] = [
            (
                "htView_GetCenter",
                Self.message { _ = HitTestCAPI.htView_GetCenter(htViewId(), &center) }
            ),
            (
                "htWorld_AddView",
                Self.message { _ = HitTestCAPI.htWorld_AddView(htWorldId(), htViewId(), &def) }
            ),
            (
                "htDispatcher_Feed",
                Self.message { _ = HitTestCAPI.htDispatcher_Feed(htDispatcherId(), 0, nil, 0) }
            ),
            (
                "htGesture_GetRotation",
                Self.message {
                    _ = HitTestCAPI.htGesture_GetRotation(htGestureId(), &rotation, nil)
                }
            ),
            ("htView_Remove", Self.message { _ = HitTestCAPI.htView_Remove(htViewId()) }),
        ]
        for (function, message) in cases {
            #expect(message.hasPrefix(function + ": "), "\(function): \(message)")
            #expect(!message.contains("(_:"), "\(function): \(message)")
        }
    }
}
