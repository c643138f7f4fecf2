// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (The Swift names of the @c functions are their C names: box2d style, htType_Verb.)
import CHitTestShim
import HitTestDispatch
import HitTestScene

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// C strings of a C constant's values, made once from the Swift names (so each name is
/// written once, in its Swift enumeration) and kept for the life of the process.
struct _CNames: @unchecked Sendable {
    private let names: [UnsafePointer<CChar>?]

    init<Case: RawRepresentable<String> & CaseIterable>(_: Case.Type, value: (Case) -> Int32) {
        var names: [UnsafePointer<CChar>?] = []
        for c in Case.allCases {
            let v = Int(value(c))
            if names.count <= v { names += Array(repeating: nil, count: v + 1 - names.count) }
            names[v] = UnsafePointer(strdup(c.rawValue)!)
        }
        self.names = names
    }

    init(_ literals: [StaticString]) {
        names = literals.map { _staticCString($0) }
    }

    /// Names a Swift type lists in the order of their C values.
    init(strings: [String]) {
        names = strings.map { UnsafePointer(strdup($0)!) }
    }

    /// The name of `value`; "unknown" for a value that names nothing.
    func name(_ value: Int32) -> UnsafePointer<CChar> {
        guard value >= 0, Int(value) < names.count, let n = names[Int(value)] else {
            return _staticCString("unknown")
        }
        return n
    }
}

private let _stateNames = _CNames(GestureState.self, value: \.cValue)
private let _controlEventNames = _CNames(ControlEvent.self, value: \.cValue)
private let _phaseNames = _CNames(TouchPhase.self, value: \.cValue)
private let _messageNames = _CNames(TouchMessage.self, value: \.cValue)
private let _scrollDecisionNames = _CNames(ScrollViewDecision.self, value: \.cValue)
/// HT_SCROLL_* calls, in the order of their values.
private let _scrollEventNames = _CNames(strings: ScrollViewEvent.names)
/// HT_EVENT_*, in the order of their values, named as the JSON log's `kind` names the
/// entries they come from (a scroll is a `scrollOffset` entry, a scroll decision a
/// `scrollView` one).
private let _eventTypeNames = _CNames([
    "delivery", "state", "action", "control", "highlight", "scrollOffset", "scrollView",
    "scrollEvent",
])

/// `GestureState.rawValue` of an HT_STATE_* value. The corresponding C function is
/// `htStateName`.
@c(htStateName)
public func htStateName(_ state: Int32) -> UnsafePointer<CChar> { _stateNames.name(state) }

/// `ControlEvent.rawValue` of an HT_CONTROL_* value. The corresponding C function is
/// `htControlEventName`.
@c(htControlEventName)
public func htControlEventName(_ event: Int32) -> UnsafePointer<CChar> {
    _controlEventNames.name(event)
}

/// `TouchPhase.rawValue` of an HT_PHASE_* value. The corresponding C function is
/// `htPhaseName`.
@c(htPhaseName)
public func htPhaseName(_ phase: Int32) -> UnsafePointer<CChar> { _phaseNames.name(phase) }

/// `TouchMessage.rawValue` of an HT_MESSAGE_* value. The corresponding C function is
/// `htMessageName`.
@c(htMessageName)
public func htMessageName(_ message: Int32) -> UnsafePointer<CChar> {
    _messageNames.name(message)
}

/// The name of an HT_EVENT_* value. The corresponding C function is `htEventTypeName`.
@c(htEventTypeName)
public func htEventTypeName(_ type: Int32) -> UnsafePointer<CChar> { _eventTypeNames.name(type) }

/// `ScrollViewDecision.rawValue` of an HT_SCROLL_* decision. The corresponding C function
/// is `htScrollDecisionName`.
@c(htScrollDecisionName)
public func htScrollDecisionName(_ decision: Int32) -> UnsafePointer<CChar> {
    _scrollDecisionNames.name(decision)
}

/// `ScrollViewEvent.name` of an HT_SCROLL_* call (HT_EVENT_SCROLL_EVENT's `state`). The
/// corresponding C function is `htScrollEventName`.
@c(htScrollEventName)
public func htScrollEventName(_ event: Int32) -> UnsafePointer<CChar> {
    _scrollEventNames.name(event)
}
