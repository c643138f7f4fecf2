@_spi(Tables) import HitTestStore

/// A scroll view's touch states (`rule-scroll-view-delegate-calls`): UIKit's `isTracking`
/// and `isDragging`, read from its built-in pan.
///
/// Apple's documentation followed: `isTracking`, "whether the user has touched the
/// content to initiate scrolling ... true if the user has touched the content view but
/// might not have yet have started dragging it",
/// https://developer.apple.com/documentation/uikit/uiscrollview/istracking; `isDragging`,
/// "whether the user has begun scrolling the content ... might require some time or
/// distance of scrolling before it returns true",
/// https://developer.apple.com/documentation/uikit/uiscrollview/isdragging.
extension Dispatcher {
    /// The scroll view's built-in pan while it is in flight (a touch reached it and it
    /// has not been retired); nil otherwise. O(recognizers in flight).
    private func inFlightPan(of view: ViewHandle) -> RecognizerID? {
        for r in inFlight.recognizers.ranked where inFlight.recognizers.scrollView[r] == view {
            return r
        }
        return nil
    }

    /// Whether a touch the scroll view's pan took is down and the pan has neither failed
    /// nor been cancelled: from the touch's `began` (before any drag) to its lift.
    package func isTracking(_ view: ViewHandle) -> Bool {
        guard let r = inFlightPan(of: view) else { return false }
        let state = inFlight.recognizers.states[r]
        return !inFlight.recognizers.down[r].isEmpty && state != .failed && state != .cancelled
    }

    /// Whether the scroll view's pan has begun a drag that has not ended: its state is
    /// `began` or `changed`, from `scrollViewWillBeginDragging` to
    /// `scrollViewDidEndDragging`.
    package func isDragging(_ view: ViewHandle) -> Bool {
        guard let r = inFlightPan(of: view) else { return false }
        let state = inFlight.recognizers.states[r]
        return state == .began || state == .changed
    }

    /// Whether the user has touched the scroll view `id` (UIKit's `isTracking`): a touch
    /// its pan took is down, whether or not a drag has begun, until that touch lifts or
    /// the pan fails (the touch then belongs to something else). False for a view that
    /// is not a scroll view.
    public func isTracking(_ scrollView: String) -> Bool {
        world.view(withID: scrollView).map { isTracking($0) } ?? false
    }

    /// Whether the user is dragging the scroll view `id` (UIKit's `isDragging`): its pan
    /// has begun (after `hysteresis` points of movement) and its touches have not lifted.
    /// False for a view that is not a scroll view.
    public func isDragging(_ scrollView: String) -> Bool {
        world.view(withID: scrollView).map { isDragging($0) } ?? false
    }
}
