import HitTestGeometry
import HitTestReference
import Testing

// Small helpers shared by the reference tests. Expected values in the tests are worked
// out by hand from the rules (HitTestingRules.md in the DocC catalog), never read back
// from the code.

/// A view placed by its layout frame, as `UIView(frame:)`.
func makeView(
    _ id: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
    className: String? = nil
) -> View {
    View(id: id, frame: Rect(x: x, y: y, width: width, height: height), className: className)
}

/// A window placed by its layout frame.
func makeWindow(
    _ id: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double, level: Double = 0
) -> Window {
    Window(id: id, frame: Rect(x: x, y: y, width: width, height: height), level: level)
}

/// A screen with one 400 x 400 window "main" at the origin.
///
/// The screen owns its windows and a window's `screen` is weak: keep the screen alive
/// (`withExtendedLifetime`) while a test looks at views or responder chains.
func makeScreen(applicationDelegate: String? = "AppDelegate") -> (Screen, Window) {
    let screen = Screen(applicationDelegateName: applicationDelegate)
    let window = makeWindow("main", 0, 0, 400, 400)
    screen.addWindow(window)
    return (screen, window)
}

/// Adds each view on top of `parent`'s subviews, in order, and returns `parent`.
@discardableResult
func add(_ views: View..., to parent: View) -> View {
    for v in views { parent.addSubview(v) }
    return parent
}

/// What one traced query of a screen gave.
struct Query {
    var hit: String?
    var window: String?
    var local: Point?
    var trace: [TraceEntry]
}

/// `Screen.hitTest` at a screen point, with the trace.
func query(_ screen: Screen, _ x: Double, _ y: Double) -> Query {
    let event = HitTestEvent(tracing: true)
    let r = screen.hitTest(Point(x, y), with: event)
    return Query(
        hit: r?.view.id, window: r?.window.id, local: r?.localPoint, trace: event.trace ?? [])
}

/// The id of the view hit at a screen point, without a trace.
func hitID(_ screen: Screen, _ x: Double, _ y: Double) -> String? {
    screen.hitTest(Point(x, y))?.view.id
}

/// The names of a view's responder chain.
func chainNames(_ view: View) -> [String] {
    view.responderChain.map(\.name)
}

// Trace entries, short enough to write a whole trace on a few lines.

/// `hitTest` called on the view.
func enter(_ id: String) -> TraceEntry { .hitTest(view: id) }
/// `pointInside` of the view returned `result`.
func inside(_ id: String, _ result: Bool) -> TraceEntry { .pointInside(view: id, result: result) }
/// `hitTest` of the view returned `result`.
func ret(_ id: String, _ result: String?) -> TraceEntry { .returned(view: id, result: result) }
/// The three entries of a view whose `pointInside` says no.
func missed(_ id: String) -> [TraceEntry] { [enter(id), inside(id, false), ret(id, nil)] }
/// The three entries of a view that is hit and has no subview in the way.
func hitSelf(_ id: String) -> [TraceEntry] { [enter(id), inside(id, true), ret(id, id)] }
