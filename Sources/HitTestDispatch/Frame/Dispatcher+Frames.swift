import HitTestGeometry
@_spi(Tables) import HitTestStore

/// The pipeline of a frame (`rule-touch-frame-steps`): timers, then for each frame (a) recognizers,
/// (b) the resolution of their wishes, (c) delivery to views.
extension Dispatcher {
    /// Handles one input frame. Timers due at or before the frame's time fire first, in
    /// time order.
    ///
    /// - Throws: `DispatchError` for a frame that breaks the input rules (a non-finite or
    ///   earlier time, a non-finite location, an id listed twice, a touch that moves,
    ///   ends or is cancelled without having begun, or begins again while down). A
    ///   refused frame changes nothing.
    public func feed(_ frame: InputFrame) throws(DispatchError) {
        if let problem = inFlight.validator.problem(in: frame) { throw problem }
        fireTimers(upTo: frame.time)
        inFlight.validator.accept(frame)
        let t = frame.time
        followWorld(at: t)
        // Scroll views in motion are where they are drawn at `t` before any hit test.
        advanceMotions(to: t)
        // Bind new touches, move the others; `serials` follows the frame's order. The
        // frame's lists are the dispatcher's scratch, so a frame in steady state (moved
        // touches, a pointer move) allocates nothing.
        var serials = _FrameScratch.take(&inFlight.scratch.serials)
        defer { swap(&serials, &inFlight.scratch.serials) }
        for input in frame.touches {
            if input.phase == .began {
                serials.append(beginTouch(input, at: t))
            } else {
                serials.append(updateTouch(input, at: t))
            }
        }
        // (a) Recognizers, in delivery order, each for its changed touches in frame order.
        var involved = _FrameScratch.take(&inFlight.scratch.involved)
        defer { swap(&involved, &inFlight.scratch.involved) }
        for s in serials {
            for id in inFlight.records.values[inFlight.records.index(of: s)!].recognizers
            where inFlight.recognizers.contains(id) && inFlight.recognizers.touches[id].contains(s)
                && !involved.contains(id)
            {
                involved.append(id)
            }
        }
        involved.insertionSort { inFlight.recognizers.rank[$0] < inFlight.recognizers.rank[$1] }
        var wishes = _FrameScratch.take(&inFlight.scratch.wishes)
        defer { swap(&wishes, &inFlight.scratch.wishes) }
        for k in involved.indices {
            let id = involved[k]
            var wish: _Wish?
            for s in serials where inFlight.recognizers.touches[id].contains(s) {
                guard let w = deliverToRecognizer(id, serial: s, at: t, frame: serials) else {
                    continue
                }
                wish = _Wish.stronger(wish, w)
            }
            if let wish { wishes.append((id, wish)) }
        }
        // (b) Resolution, actions, cancellation of the views' touches.
        resolve(wishes, at: t)
        // (c) The views.
        for s in serials { queueForView(s) }
        if let pointer = frame.pointer { movePointer(pointer, at: t) }
        springBackParked(at: t)
        springBackParkedZooms(at: t)
        settle(at: t)
        checkInternally()
    }

    /// Fires every timer due at or before `until` (all of them by default), in time
    /// order; time then stands at the last timer fired (or at `until` when finite), and
    /// later frames may not come before it.
    /// The world is looked at before each timer fired, as before each frame
    /// (`rule-live-world`); a flush that fires none looks at nothing.
    /// Scroll views in motion (`rule-scroll-view-deceleration`) move to where they are
    /// at each timer, then at the end of each motion that ends by `until`, then at
    /// `until`: with no `until` they run to their end, and time then stands at the end of
    /// the last one if that is later. A flush to a time and one without give the same log
    /// up to that time.
    public func flush(until: Double = .infinity) {
        guard !until.isNaN else { return }
        let fired = fireTimers(upTo: until)
        while let end = nextMotionEnd, end <= until {
            inFlight.validator.advance(to: end)
            advanceMotions(to: inFlight.validator.lastTime)
        }
        if until.isFinite {
            inFlight.validator.advance(to: until)
            advanceMotions(to: inFlight.validator.lastTime)
        }
        checkInternally(worldFollowed: fired)
    }

    /// Fires due timers one at a time, in (due, seq) order: each runs steps (b) and (c)
    /// for its recognizer. O(log pending timers) per timer. Returns whether any fired.
    @discardableResult
    func fireTimers(upTo limit: Double) -> Bool {
        var fired = false
        while inFlight.timers.next(upTo: limit) != nil {
            fired = true
            let tm = inFlight.timers.removeFirst()
            inFlight.validator.advance(to: tm.due)
            followWorld(at: tm.due)
            advanceMotions(to: tm.due)
            // The world may have taken the recognizer away.
            let id = tm.recognizer
            guard inFlight.recognizers.contains(id),
                tm.generation == inFlight.recognizers.timerGeneration[id]
            else { continue }
            var out = _KindOutput()
            let downCount = inFlight.recognizers.down[id].count
            let state = inFlight.recognizers.states[id]
            inFlight.recognizers.logic[id].timer(
                tag: tm.tag, time: tm.due, downCount: downCount, state: state, &out)
            schedule(out, for: tm.recognizer)
            if let w = out.wish {
                var wishes = _FrameScratch.take(&inFlight.scratch.wishes)
                wishes.append((tm.recognizer, w))
                resolve(wishes, at: tm.due)
                swap(&wishes, &inFlight.scratch.wishes)
            }
            settle(at: tm.due)
        }
        return fired
    }

    /// Adds a kind's timer (after dropping its pending ones when asked).
    func schedule(_ out: _KindOutput, for id: RecognizerID) {
        if out.cancelTimers {
            inFlight.recognizers.timerGeneration[id] += 1
            inFlight.timers.removeAll(of: id)
        }
        if let (due, tag) = out.timer {
            inFlight.timers.add(
                due: due, recognizer: id, tag: tag,
                generation: inFlight.recognizers.timerGeneration[id])
        }
    }

    /// After a frame or a timer: releases held messages that nothing holds any more,
    /// returns finished recognizers to `possible`, and forgets touches nobody needs.
    func settle(at t: Double) {
        endStranded(at: t)
        releaseHeld(at: t)
        for id in inFlight.recognizers.ranked where isFinished(id) {
            inFlight.recognizers.reset(id)
            inFlight.timers.removeAll(of: id)
        }
        retireIdle()
        inFlight.records.removeAll { !isNeeded($0) }
    }

    /// Whether a recognizer has finished (recognized, ended, cancelled or failed) with
    /// none of its touches down: it returns to `possible` (`settle`).
    func isFinished(_ id: RecognizerID) -> Bool {
        !inFlight.recognizers.states[id].isReceiving && inFlight.recognizers.down[id].isEmpty
    }

    /// Whether a touch record is still needed: its touch is down, it holds a message for
    /// its view, or a recognizer counts it. `settle` forgets the others.
    func isNeeded(_ rec: _TouchRecord) -> Bool {
        rec.isDown || !rec.held.isEmpty || isCounted(rec.serial)
    }

    /// A continuous recognizer whose attempt succeeded after its last touch lifted (it
    /// waited on a failure requirement that failed at the lift) began with nothing down:
    /// it ends at once, in the same step (`rule-recognizer-attempt`). Hover recognizers
    /// take no touches and are left alone.
    private func endStranded(at t: Double) {
        var stranded = _Wishes()
        for id in inFlight.recognizers.ranked
        where inFlight.recognizers.states[id].isInProgress
            && inFlight.recognizers.down[id].isEmpty
            && !inFlight.recognizers.gesture[id].kind.isHover
        {
            stranded.append((id, .end))
        }
        if !stranded.isEmpty { resolve(stranded, at: t) }
    }

    /// Whether a member still counts the touch among its touches.
    private func isCounted(_ serial: TouchID) -> Bool {
        for id in inFlight.recognizers.ranked
        where inFlight.recognizers.touches[id].contains(serial) {
            return true
        }
        return false
    }
}

extension _Wish {
    /// Of two wishes in one frame, the one that decides: a failure or cancellation over
    /// an end, an end or an attempt over a change.
    static func stronger(_ a: _Wish?, _ b: _Wish) -> _Wish {
        guard let a else { return b }
        return a.strength >= b.strength ? a : b
    }

    private var strength: Int {
        switch self {
        case .fail: 5
        case .cancel: 4
        case .end: 3
        case .recognize, .begin: 2
        case .change: 1
        }
    }
}

/// Lists a frame fills and empties: kept between frames with their capacity, so that a
/// frame in steady state allocates nothing; those of trivial values in the host's
/// allocator hooks. `take` hands a list out empty (and unshared, so appending to it does
/// not copy), and `swap` gives it back.
struct _FrameScratch: ~Copyable {
    var serials: [TouchID] = []
    /// The touches whose content delays `endContentDelays` looks at, in the order they
    /// began (it runs while a frame holds `serials`).
    var delayed = HostList<TouchID>()
    var involved = HostList<RecognizerID>()
    var wishes = _Wishes()
    var hoverWishes = _Wishes()
    var down: [(id: TouchID, location: Point, start: Point)] = []
    var responders = HostList<StoreResponder>()
    var idle = HostList<RecognizerID>()
    /// The arena's outcome lists (`_ArenaOutcome`).
    var actions = HostList<RecognizerID>()
    var takers = HostList<RecognizerID>()

    /// Hands `list` out empty (and unshared, so appending to it does not copy), leaving an
    /// empty one in its place; the caller gives it back with `swap`.
    @inline(__always)
    static func take<T>(_ list: inout [T]) -> [T] {
        var out: [T] = []
        swap(&out, &list)
        out.removeAll(keepingCapacity: true)
        return out
    }

    /// `take` for a list in the hooks.
    @inline(__always)
    static func take<T>(_ list: inout HostList<T>) -> HostList<T> {
        var out = HostList<T>()
        swap(&out, &list)
        out.removeAll()
        return out
    }
}

/// The wishes of a step, in delivery order, for the arena (`_DispatchState.resolve`).
typealias _Wishes = HostList<(recognizer: RecognizerID, wish: _Wish)>
