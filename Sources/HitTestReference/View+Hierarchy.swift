extension View {
    /// Adds `view` on top of the other subviews, removing it from its old superview first
    /// (UIKit's `addSubview:`). Traps when `view` is this view, one of its ancestors, or a
    /// window (windows belong to a `Screen`).
    public func addSubview(_ view: View) {
        insertSubview(view, at: nil)
    }

    /// Inserts `view` at `index` of `subviews` (0 is the bottom), after removing it from
    /// its old superview. `index` must be in `0...subviews.count` once `view` is removed.
    public func insertSubview(_ view: View, at index: Int) {
        insertSubview(view, at: Optional(index))
    }

    /// Inserts `view` just above `sibling`, which must be a subview of this view.
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        precondition(
            sibling.superview === self,
            "insertSubview(_:aboveSubview:): \(sibling) is not a subview of \(self)")
        guard view !== sibling else { return }
        prepareToAdopt(view)
        let i = subviews.firstIndex { $0 === sibling }!
        adopt(view, at: i + 1)
    }

    /// Inserts `view` just below `sibling`, which must be a subview of this view.
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        precondition(
            sibling.superview === self,
            "insertSubview(_:belowSubview:): \(sibling) is not a subview of \(self)")
        guard view !== sibling else { return }
        prepareToAdopt(view)
        let i = subviews.firstIndex { $0 === sibling }!
        adopt(view, at: i)
    }

    /// Detaches the view from its superview. Does nothing for a view without one
    /// (windows are removed with `Screen.removeWindow`).
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Moves a subview to the top.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self, let i = subviews.firstIndex(where: { $0 === view }) else {
            return
        }
        subviews.remove(at: i)
        subviews.append(view)
    }

    /// Moves a subview to the bottom.
    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self, let i = subviews.firstIndex(where: { $0 === view }) else {
            return
        }
        subviews.remove(at: i)
        subviews.insert(view, at: 0)
    }

    /// Swaps two subviews by index; both must be valid indexes.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        subviews.swapAt(index1, index2)
    }

    /// True when `view` is this view or one of its descendants (UIKit's
    /// `isDescendantOfView:`, asked the other way round).
    public func isAncestor(of view: View) -> Bool {
        var cursor: View? = view
        while let c = cursor {
            if c === self { return true }
            cursor = c.superview
        }
        return false
    }

    /// The window the view is in (the view itself for a window), or nil when detached.
    public var window: Window? {
        var cursor: View? = self
        while let c = cursor {
            if let w = c as? Window { return w }
            cursor = c.superview
        }
        return nil
    }

    /// The view and its ancestors, from the view up to the root.
    public var ancestorsAndSelf: [View] {
        var out: [View] = []
        var cursor: View? = self
        while let c = cursor {
            out.append(c)
            cursor = c.superview
        }
        return out
    }

    private func insertSubview(_ view: View, at index: Int?) {
        prepareToAdopt(view)
        let i = index ?? subviews.count
        precondition(
            i >= 0 && i <= subviews.count,
            "insertSubview(_:at:): index \(i) is outside 0...\(subviews.count)")
        adopt(view, at: i)
    }

    private func prepareToAdopt(_ view: View) {
        precondition(!(view is Window), "a window cannot be a subview; add it to a Screen")
        precondition(!view.isAncestor(of: self), "cannot add \(view) inside itself")
        view.removeFromSuperview()
    }

    private func adopt(_ view: View, at index: Int) {
        subviews.insert(view, at: index)
        view.superview = self
    }
}
