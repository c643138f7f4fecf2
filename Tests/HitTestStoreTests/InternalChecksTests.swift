import Foundation
import Testing

@testable import HitTestStore

/// The switch behind `checkInternally()`: the `InternalChecks` trait turns the checks on in
/// every build; without it a debug build runs them when the process starts with
/// `HITTEST_INTERNAL_CHECKS=1` (how CI runs the store's and the dispatcher's suites a
/// second time, checked, from the same test build).
@Test("the invariant checks are on with the trait, or with HITTEST_INTERNAL_CHECKS=1 in debug")
func internalChecksSwitch() {
    #if InternalChecks
        #expect(InternalChecks.enabled)
    #elseif DEBUG
        let asked = ProcessInfo.processInfo.environment["HITTEST_INTERNAL_CHECKS"] == "1"
        #expect(InternalChecks.enabled == asked)
    #else
        #expect(!InternalChecks.enabled)
    #endif
}
