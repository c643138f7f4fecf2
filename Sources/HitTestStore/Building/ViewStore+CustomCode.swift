import HitTestScene

// Trees whose views may run custom code (`rule-override-custom-code`). The store never
// sees the tree's types: a module that knows the tree (`ViewStore(screen:)` in
// HitTestBridge) adds its views one by one with the object that stands for each, and a
// query asks a custom view's `CustomHitTestCode` instead of reading its fields.

extension ViewStore {
    /// How a view of a tree built with `addTreeView` takes part in custom code.
    package enum CustomCodeRole: Sendable {
        /// Plain: the store answers from its fields.
        case none
        /// Runs custom code: its `CustomHitTestCode` answers `hitTest` and `pointInside`.
        case runs
        /// Below a view that runs custom code: owned by that code, never walked, kept so
        /// that answers map to handles; its own object answers `pointInside` when asked.
        case inside
    }

    /// Adds a view of a tree being built: a window when `parent` is `_Slot.none`, else a subview
    /// placed below `parent`'s existing subviews (add subviews from the top down).
    /// `object` stands for the view: custom code's answers are mapped to slots by its
    /// identity. Finish with `finishTreeBuild(redirects:)`.
    package func addTreeView(
        _ def: ViewDefinition, under parent: Int32, object: any CustomHitTestCode,
        role: CustomCodeRole
    ) -> Int32 {
        let s = allocate(def, isWindow: parent < 0)
        if parent < 0 {
            storage.windowSlots.append(s)
        } else {
            link(s, under: parent, above: _Slot.none, label: false)
        }
        if role != .none {
            columns.flags[Int(s)] |= role == .runs ? _Flags.custom : _Flags.insideCustom
            if role == .runs { storage.customCodeCount += 1 }
            sideValues[ensureSideValues(s)].customCode = object
        }
        slotOfCustomCode[ObjectIdentifier(object)] = s
        return s
    }

    /// Sets the redirects of a tree added with `addTreeView` (each target by the object
    /// that stands for it; a target that is not in the store is ignored), then computes
    /// order labels, boxes, indexes and the window order, as a scene build does.
    package func finishTreeBuild(redirects: [(slot: Int32, target: any CustomHitTestCode)]) {
        for (s, t) in redirects {
            if let ts = slotOfCustomCode[ObjectIdentifier(t)] { setRedirectSlot(s, ts) }
        }
        finishBuild()
    }
}
