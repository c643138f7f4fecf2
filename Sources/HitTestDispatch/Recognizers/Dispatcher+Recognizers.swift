import HitTestScene
@_spi(Tables) import HitTestStore

/// Meeting recognizers, ranking them, retiring them, and following the world between
/// frames: what the dispatcher does with its recognizer table (`_RecognizerTable`).
extension Dispatcher {
    /// The recognizers attached to a view, in order: a scroll view's built-in ones
    /// (`rule-scroll-view-recognizers`), then those its settings list. Returns whether
    /// the view is a scroll view.
    @discardableResult
    func forEachAttached(to view: ViewHandle, _ body: (SceneGesture, Int) -> Void) -> Bool {
        var slot = 0
        let scroll = scrollSettings(of: view)
        if let s = scroll {
            let ids = inFlight.scrolling.builtInIDs(of: view, viewID: world.id(of: view))
            let builtIn = _ScrollViews.builtInGestures(ids, s)
            body(builtIn.pan, slot)
            slot += 1
            if let pinch = builtIn.pinch {
                body(pinch, slot)
                slot += 1
            }
        }
        for g in world.gestures(of: view) {
            body(g, slot)
            slot += 1
        }
        return scroll != nil
    }

    /// The first recognizer with this id attached to the view now, in the order of
    /// `forEachAttached`; nil if none. Only an id with a built-in recognizer's suffix is
    /// looked for among a scroll view's built-in recognizers: the suffix is checked first,
    /// since it rules out most ids without asking the world anything.
    func attached(_ id: String, on view: ViewHandle) -> SceneGesture? {
        if id.hasSuffix(_ScrollViews.panSuffix) || id.hasSuffix(_ScrollViews.pinchSuffix),
            let s = scrollSettings(of: view),
            let g = _ScrollViews.builtInGesture(id, viewID: world.id(of: view), s)
        {
            return g
        }
        return world.gestures(of: view).first { $0.id == id }
    }

    /// Whether `view` has, now, the scroll view built-in recognizer `id`
    /// (`rule-scroll-view-recognizers`): its `panGestureRecognizer`, or its
    /// `pinchGestureRecognizer` when it zooms. A host finds these by name to answer for them,
    /// as a UIKit app reads `scrollView.panGestureRecognizer`.
    public func hasBuiltInRecognizer(_ id: String, on view: ViewHandle) -> Bool {
        guard id.hasSuffix(".panGestureRecognizer") || id.hasSuffix(".pinchGestureRecognizer"),
            let s = scrollSettings(of: view)
        else { return false }
        return _ScrollViews.builtInGesture(id, viewID: world.id(of: view), s) != nil
    }

    /// The view's scroll view settings when it is a scroll view (`rule-scroll-view-identity`);
    /// nil for a view that has left the world (a zoom or a deceleration outliving its
    /// scroll view ends without reading it).
    func scrollSettings(of view: ViewHandle) -> SceneScrollView? {
        guard world.isLive(view) else { return nil }
        if let s = world.scrollViewSettings(of: view) { return s }
        return classTraits(of: view).isScrollView ? SceneScrollView() : nil
    }

    /// The member for a recognizer attached to `view`, made now if no touch has reached it
    /// since it was last retired.
    func meet(_ g: SceneGesture, slot: Int, on view: ViewHandle, depth: Int) -> RecognizerID {
        if let id = inFlight.recognizers.member(GestureKey(view: view, name: g.id)) {
            return id
        }
        let viewID = world.id(of: view)
        let isPan =
            scrollSettings(of: view) != nil && _ScrollViews.isID(g.id, viewID, _ScrollViews.panSuffix)
        let id = inFlight.recognizers.add(
            gesture: g, view: view, viewID: viewID, depth: depth, slot: slot,
            scrollView: isPan ? view : nil)
        let place = inFlight.recognizers.place(of: id) { a, b in ranksBefore(a, b) }
        inFlight.recognizers.rank(id, at: place)
        return id
    }

    /// Delivery rank (`rule-recognizer-delivery-order`): deeper views first, then views in
    /// pre-order, then in the order attached.
    func ranksBefore(_ a: RecognizerID, _ b: RecognizerID) -> Bool {
        let da = inFlight.recognizers.depth[a]
        let db = inFlight.recognizers.depth[b]
        if da != db { return da > db }
        let va = inFlight.recognizers.view[a]
        let vb = inFlight.recognizers.view[b]
        if va != vb {
            guard world.isLive(va), world.isLive(vb) else { return va.index < vb.index }
            return world.precedes(va, vb)
        }
        return inFlight.recognizers.slot[a] < inFlight.recognizers.slot[b]
    }

    /// Whether a member carries nothing a later frame needs: `possible` with no touches,
    /// no held attempt, and no held attempt waiting on it. `retireIdle` retires these,
    /// and they are met afresh when a touch reaches them.
    func isIdle(_ id: RecognizerID) -> Bool {
        inFlight.recognizers.touches[id].isEmpty && inFlight.recognizers.states[id] == .possible
            && !inFlight.isWaiting(id)
            && !inFlight.isAwaited(id, among: inFlight.recognizers.ranked)
    }

    func retireIdle() {
        var idle = _FrameScratch.take(&inFlight.scratch.idle)
        defer { swap(&idle, &inFlight.scratch.idle) }
        for id in inFlight.recognizers.ranked where isIdle(id) { idle.append(id) }
        for k in idle.indices {
            let id = idle[k]
            inFlight.timers.removeAll(of: id)
            if let v = inFlight.recognizers.scrollView[id] { inFlight.scrolling.drags[v] = nil }
            inFlight.recognizers.remove(id)
        }
    }

    /// The world changed between frames (`rule-live-world`): members whose view left the
    /// world, or whose recognizer was removed from its view, disabled, or replaced by one
    /// of another kind, are cancelled when they are in progress and fail when still
    /// possible; the others take their view's settings as they are now. Touches bound to
    /// a view that left their window (or the world) are cancelled for it. Runs before each
    /// frame and timer.
    func followWorld(at t: Double) {
        if inFlight.recognizers.isEmpty && inFlight.records.isEmpty { return }
        var gone = _Wishes()
        for id in inFlight.recognizers.ranked {
            let view = inFlight.recognizers.view[id]
            let current =
                world.isLive(view) ? attached(inFlight.recognizers.gesture[id].id, on: view) : nil
            if let g = current, g.enabled, g.kind == inFlight.recognizers.gesture[id].kind {
                inFlight.recognizers.gesture[id] = g
                continue
            }
            // One with no touches has nothing to end: it is retired below.
            let state = inFlight.recognizers.states[id]
            if state.isInProgress {
                gone.append((id, .cancel))
            } else if state == .possible && !inFlight.recognizers.touches[id].isEmpty {
                gone.append((id, .fail))
            }
        }
        if !gone.isEmpty { resolve(gone, at: t) }
        let cancelled = cancelTouchesOfViewsThatLeftTheirWindow(at: t)
        if !gone.isEmpty || cancelled { settle(at: t) }
    }
}
