import HitTestScene

/// One part of a view's event settings at a time, read where it is kept: event dispatch
/// reads a few fields of a view's settings per touch message (its handling and `next` in
/// a responder chain, its recognizers, its scroll view or control settings), and copying
/// the whole `ViewEventSettings` value for each, with the references it holds, cost more
/// than the rest of the read. Each answer is nil (or empty) for a view without settings,
/// like `eventsIfAny(of:)`. O(1).
extension ViewStore {
    /// The index of the view's side values when it has event settings there.
    @inline(__always)
    func eventsIndex(_ view: ViewHandle) -> Int? {
        let i = Int(slot(view))
        guard columns.flags[i] & _Flags.hasSideRecord != 0 else { return nil }
        let r = storage.sideRecords[columns.sideRecordIndex(i)].values
        return r >= 0 ? Int(r) : nil
    }

    /// What the view's settings say of its links in a responder chain; nil for a view
    /// without settings (every field its default).
    package func chainSettingsIfAny(of view: ViewHandle) -> StoreChainSettings? {
        guard let r = eventsIndex(view) else { return nil }
        return StoreChainSettings(
            touches: sideValues[r].events.touches, next: sideValues[r].events.next,
            viewControllerTouches: sideValues[r].events.viewControllerTouches,
            viewControllerNext: sideValues[r].events.viewControllerNext)
    }

    /// The recognizers the view's settings attach to it, in order.
    package func gestureSettings(of view: ViewHandle) -> [SceneGesture] {
        guard let r = eventsIndex(view) else { return [] }
        return sideValues[r].events.gestures
    }

    /// The view's scroll view settings; nil when its settings have none.
    package func scrollViewSettingsIfAny(of view: ViewHandle) -> SceneScrollView? {
        guard let r = eventsIndex(view) else { return nil }
        return sideValues[r].events.scrollView
    }

    /// The view's control settings; nil when its settings have none.
    package func controlSettingsIfAny(of view: ViewHandle) -> SceneControl? {
        guard let r = eventsIndex(view) else { return nil }
        return sideValues[r].events.control
    }
}

/// The fields of a view's event settings that place its links in a responder chain
/// (`rule-responder-handling`, `rule-responder-next-override`).
package struct StoreChainSettings: Sendable {
    /// What the view does with touch messages; nil for the default (forward).
    package var touches: TouchHandling?
    /// The id of the view that follows the view instead of its default next responder.
    package var next: String?
    /// What the view controller whose root this view is does with touch messages.
    package var viewControllerTouches: TouchHandling?
    /// The id of the view that follows that view controller instead.
    package var viewControllerNext: String?

    package init(
        touches: TouchHandling?, next: String?, viewControllerTouches: TouchHandling?,
        viewControllerNext: String?
    ) {
        self.touches = touches
        self.next = next
        self.viewControllerTouches = viewControllerTouches
        self.viewControllerNext = viewControllerNext
    }
}
