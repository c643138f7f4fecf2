import HitTestGeometry
import HitTestReference
import HitTestScene
import HitTestStore

/// An engine that follows a scroll view's content offset
/// (`rule-scroll-view-content-offset`): the dispatcher moves the scroll view's bounds
/// origin as a drag scrolls it, so that the hit tests of later touches see the scrolled
/// content. Both built-in engines conform; a host engine that does not sees the offset
/// changes only in the log.
public protocol ScrollableHitTesting: HitTestable {
    /// Sets the bounds origin of the view (its content offset); its size and everything
    /// else stay. An unknown id changes nothing.
    func setBoundsOrigin(_ origin: Point, of viewID: String)
}

extension ReferenceEngine: ScrollableHitTesting {
    /// Moves the reference view's bounds origin (the tree is shared by reference).
    public func setBoundsOrigin(_ origin: Point, of viewID: String) {
        guard let v = view(withID: viewID) else { return }
        v.bounds = Rect(x: origin.x, y: origin.y, width: v.bounds.width, height: v.bounds.height)
    }
}

extension StoreEngine: ScrollableHitTesting {
    /// Moves the store's bounds origin through `ViewStore.setBounds`, which refits the
    /// indexes incrementally (the store is shared by reference).
    public func setBoundsOrigin(_ origin: Point, of viewID: String) {
        guard let h = store.view(withID: viewID) else { return }
        let b = store.geometry(of: h).bounds
        store.setBounds(h, Rect(x: origin.x, y: origin.y, width: b.width, height: b.height))
    }
}
