#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether the store and the dispatcher check their invariants after every change and
/// every frame (`checkInternally()`):
/// - always, in a build with the `InternalChecks` trait;
/// - in a debug build, when the environment sets `HITTEST_INTERNAL_CHECKS=1` as the process
///   starts, so one test build runs the suites with and without the checks;
/// - never in a release build without the trait: the call compiles to nothing there.
package enum InternalChecks {
    #if InternalChecks
        @inline(__always) package static var enabled: Bool { true }
    #elseif DEBUG
        package static let enabled: Bool = {
            guard let value = getenv("HITTEST_INTERNAL_CHECKS") else { return false }
            return String(cString: value) == "1"
        }()
    #else
        @inline(__always) package static var enabled: Bool { false }
    #endif
}
