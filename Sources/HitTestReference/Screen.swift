import HitTestGeometry

/// The screen: ordered windows, and the application at the end of every responder chain.
public final class Screen {
    /// In points. It does not limit hit-testing.
    public var size: Size
    /// The application object's class name (default `UIApplication`).
    public var applicationClassName: String
    /// The application delegate's class name; nil ends chains at the application.
    public var applicationDelegateName: String?
    /// In order of addition.
    public private(set) var windows: [Window] = []

    /// An empty screen of `size` whose chains end at an application of class
    /// `applicationClassName` and its delegate (nil: none).
    public init(
        size: Size = Size(width: 390, height: 844), applicationClassName: String = "UIApplication",
        applicationDelegateName: String? = "AppDelegate"
    ) {
        self.size = size
        self.applicationClassName = applicationClassName
        self.applicationDelegateName = applicationDelegateName
    }

    /// Adds a window above the windows of the same level (moving it here if it was on
    /// another screen).
    public func addWindow(_ window: Window) {
        window.screen?.removeWindow(window)
        windows.append(window)
        window.screen = self
    }

    /// Takes `window` off this screen; does nothing when it is on another screen or none.
    public func removeWindow(_ window: Window) {
        guard window.screen === self else { return }
        windows.removeAll { $0 === window }
        window.screen = nil
    }

    /// The windows in hit-testing order: `level` descending, then the most recently
    /// added first.
    public var windowsInHitTestOrder: [Window] {
        windows.indices.sorted { i, j in
            let li = windows[i].level
            let lj = windows[j].level
            return li != lj ? li > lj : i > j
        }.map { windows[$0] }
    }

    /// `hitTestScreen(p)` (`rule-order-windows`, `rule-windows-entry`): asks each window
    /// in hit-testing order, converting the screen point into it, and returns the first
    /// answer with its window and the point in the hit view's coordinates.
    ///
    /// Pass an event made with `HitTestEvent(tracing: true)` to record the trace.
    /// The corresponding C function is `htTesting_ReferenceHitTestFile` (the oracle for C tests).
    public func hitTest(_ point: Point, with event: HitTestEvent? = nil) -> HitTestResult? {
        for w in windowsInHitTestOrder {
            if let r = View.tracedHitTest(w, w.geometry.toChild(point), event) {
                return HitTestResult(view: r, window: w, localPoint: r.convert(point, from: nil))
            }
        }
        return nil
    }

    /// Every view on the screen with the given id (the first found in pre-order).
    public func view(withID id: String) -> View? {
        var stack: [View] = windows.reversed()
        while let v = stack.popLast() {
            if v.id == id { return v }
            stack.append(contentsOf: v.subviews.reversed())
        }
        return nil
    }
}

/// What `Screen.hitTest` found.
public struct HitTestResult {
    /// The hit view: the touch's view for its whole life.
    public var view: View
    /// The window whose `hitTest` returned the view.
    public var window: Window
    /// The screen point in the hit view's bounds coordinates.
    public var localPoint: Point
}
