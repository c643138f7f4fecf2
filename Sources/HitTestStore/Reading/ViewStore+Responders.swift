import HitTestScene

extension ViewStore {
    /// A link of a responder chain in the store, by slot: a view by its slot, a view
    /// controller by its root view's slot.
    typealias _Responder = ResponderChainLink<Int32, Int32>

    /// The responder chain of a view (`rule-responder-next`), as `View.responderChain`
    /// gives it on the reference tree, each link by name: the view, its view controller
    /// (then the presenting ones), its superview, ..., the window, the application and its
    /// delegate. A presentation cycle is cut where a view controller would repeat. O(chain).
    /// The corresponding C function is `htView_GetResponderChain` (which gives the names).
    public func responderChain(of view: ViewHandle) -> [ResponderLink] {
        var out: [ResponderLink] = []
        forEachResponder(of: view) { x in
            out.append(x.map(view: { name($0) }, viewController: { controllerName(ofRoot: $0) }))
        }
        return out
    }

    /// Calls `body` with each link of the view's chain in order; a view controller met a
    /// second time (a presentation cycle) ends the chain. Inlined into its callers, so
    /// that `body` is not a call per link (a dispatch takes a chain per touch that begins).
    @inline(__always)
    func forEachResponder(of view: ViewHandle, _ body: (_Responder) -> Void) {
        var seen: Set<Int32> = []
        var r: _Responder? = .view(slot(view))
        while let x = r {
            if case .viewController(let root) = x, !seen.insert(root).inserted { break }
            body(x)
            r = next(x)
        }
    }

    func next(_ r: _Responder) -> _Responder? {
        switch r {
        case .view(let s):
            if controllerName(s) != nil { return .viewController(s) }
            return superviewOrApplication(s)
        case .viewController(let root):
            let presenter = storage.sideRecords[columns.sideRecordIndex(Int(root))].presentedBy
            if presenter >= 0, let presenterRoot = controllerRoot(presenter) {
                return .viewController(presenterRoot)
            }
            return superviewOrApplication(root)
        case .application:
            return applicationDelegateName.map { .applicationDelegate($0) }
        case .applicationDelegate:
            return nil
        }
    }

    private func superviewOrApplication(_ s: Int32) -> _Responder? {
        if columns.parent[Int(s)] >= 0 { return .view(columns.parent[Int(s)]) }
        return columns.flags[Int(s)] & _Flags.window != 0 ? .application(applicationClassName) : nil
    }

    /// The name of the view controller whose root view is at `root`.
    func controllerName(ofRoot root: Int32) -> String {
        storage.controllerNames.string(
            storage.sideRecords[columns.sideRecordIndex(Int(root))].viewController)
    }

    private func controllerName(_ s: Int32) -> String? {
        guard columns.flags[Int(s)] & _Flags.hasSideRecord != 0 else { return nil }
        let id = storage.sideRecords[columns.sideRecordIndex(Int(s))].viewController
        return id < 0 ? nil : storage.controllerNames.string(id)
    }

    /// The root view slot of the view controller named `id` in `controllerNames` (the
    /// first slot whose view has it), from a table rebuilt after changes.
    func controllerRoot(_ id: Int32) -> Int32? {
        if !storage.controllerRootsValid {
            storage.controllerRoots.deallocate()
            storage.controllerRoots = _Column(repeating: _Slot.none, count: storage.controllerNames.count)
            for s in 0..<columns.flags.count
            where columns.flags[s] & (_Flags.alive | _Flags.hasSideRecord) == _Flags.alive | _Flags.hasSideRecord {
                let c = storage.sideRecords[columns.sideRecordIndex(s)].viewController
                if c >= 0 && storage.controllerRoots[Int(c)] < 0 {
                    storage.controllerRoots[Int(c)] = Int32(s)
                }
            }
            storage.controllerRootsValid = true
        }
        guard id >= 0 && Int(id) < storage.controllerRoots.count else { return nil }
        let r = storage.controllerRoots[Int(id)]
        return r < 0 ? nil : r
    }
}
