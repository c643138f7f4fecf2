import HitTestGeometry
@_spi(Tables) import HitTestStore

/// The host's `setContentOffset(_:animated:)` (`rule-scroll-view-set-content-offset`).
///
/// Apple's documentation followed: `setContentOffset(_:animated:)`, with `animated` "true
/// to animate the transition at a constant velocity to the new offset, false to make the
/// transition immediate",
/// https://developer.apple.com/documentation/uikit/uiscrollview/setcontentoffset(_:animated:);
/// `scrollViewDidEndScrollingAnimation(_:)`, which "the scroll view calls ... at the end
/// of its implementations of the setContentOffset(_:animated:) and
/// scrollRectToVisible(_:animated:) methods, but only if animations are requested",
/// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate/scrollviewdidendscrollinganimation(_:).
/// Apple gives no duration: `scrollAnimationDuration` is the project's choice.
extension Dispatcher {
    /// How long a `setContentOffset(animated:)` animation runs, whatever the distance:
    /// 0.3 s, the project's choice, a short animation's usual length (Apple publishes no
    /// duration; the curve, a constant velocity, is Apple's).
    public static let scrollAnimationDuration = 0.3

    /// The time a host's call happens at: where the dispatcher's clock stands (the last
    /// frame, timer or flush), 0 before any.
    private var hostCallTime: Double {
        let t = inFlight.validator.lastTime
        return t.isFinite ? t : 0
    }

    /// UIKit's `setContentOffset(_:animated:)` on the scroll view `id`, at the time the
    /// dispatcher's clock stands at (its last frame, timer or flush; 0 before any). Any
    /// motion of the view stops first (logging its end). Not animated, the offset (its
    /// bounds origin) is set at once and logged as a `scrollOffset` entry. Animated, the
    /// content moves at a constant velocity from where it is to `offset` in
    /// `scrollAnimationDuration` seconds on the dispatcher's clock, each frame, timer and
    /// flush logging the offset it has then, and the log says
    /// `scrollViewDidEndScrollingAnimation` when it ends; an offset equal to the current
    /// one animates nothing and logs nothing. The offset is not held in the view's range,
    /// as UIKit does not hold it. The corresponding C function is
    /// `htDispatcher_SetContentOffset`.
    ///
    /// - Returns: false, changing nothing, when `id` names no scroll view or `offset` is
    ///   not finite.
    @discardableResult
    public func setContentOffset(_ offset: Point, of scrollView: String, animated: Bool) -> Bool
    {
        guard let v = world.view(withID: scrollView) else { return false }
        return scroll(v, to: offset, animated: animated)
    }

    /// `setContentOffset(_:of:animated:)` by handle; false, changing nothing, for a view
    /// that is not a live scroll view or an offset that is not finite.
    @discardableResult
    package func scroll(_ view: ViewHandle, to offset: Point, animated: Bool) -> Bool {
        guard offset.x.isFinite, offset.y.isFinite, let s = scrollState(of: view) else {
            return false
        }
        let t = hostCallTime
        stopMotion(of: view, at: t)
        if animated {
            let d = Self.scrollAnimationDuration
            var m = _Deceleration(
                view: view, id: s.id, startTime: t,
                x: _DecelerationAxis(animating: s.offset.x, to: offset.x, duration: d),
                y: _DecelerationAxis(animating: s.offset.y, to: offset.y, duration: d),
                lastSet: s.offset)
            m.isAnimation = true
            if !m.isOver(at: t) { inFlight.scrolling.motions.append(m) }
        } else {
            setContentOffset(offset, of: view, at: t)
        }
        checkInternally(worldFollowed: false)
        return true
    }

    /// Whether the scroll view runs a `setContentOffset(animated:)` animation, by handle
    /// (the C API's `htDispatcher_IsScrollAnimating`).
    package func isScrollAnimating(_ view: ViewHandle) -> Bool {
        inFlight.scrolling.motions.contains { $0.view == view && $0.isAnimation }
    }

    /// Whether the scroll view `id` is animating to an offset a host set with
    /// `setContentOffset(_:of:animated:)` (`rule-scroll-view-set-content-offset`): from the
    /// call until the content reaches it, or a touch, a drag or the host's own offset stops
    /// it. `isDecelerating(_:)` stays false meanwhile, as UIKit's `isDecelerating` is about
    /// the motion after a flick. False for a view that is not a scroll view.
    public func isScrollAnimating(_ scrollView: String) -> Bool {
        world.view(withID: scrollView).map(isScrollAnimating) ?? false
    }
}
