@_spi(Tables) import HitTestStore

extension Dispatcher {
    /// When `InternalChecks.enabled` (the `InternalChecks` trait, or
    /// `HITTEST_INTERNAL_CHECKS=1` in a debug build): runs `invariantViolations()` and traps
    /// with the first violation. Called at the end of every call that moves the dispatcher
    /// on (a frame, a pointer move, a time advance, a cancellation), so a broken invariant
    /// stops the call that broke it rather than a later frame. In a release build without
    /// the trait it compiles to nothing.
    /// `worldFollowed` is false after a call that did not look at the world (a `flush`
    /// that fired no timer): see `invariantViolations(worldFollowed:)`.
    @inline(__always)
    func checkInternally(_ caller: StaticString = #function, worldFollowed: Bool = true) {
        if InternalChecks.enabled,
            let problem = invariantViolations(worldFollowed: worldFollowed).first
        {
            fatalError("InternalChecks: Dispatcher, after \(caller): \(problem)")
        }
    }

    /// Checks what the dispatcher keeps between calls and returns what is wrong (empty
    /// when all is well). Between calls:
    /// - touch records are in the order the touches began, and each is still needed: down,
    ///   holding a message for its view, or counted by a recognizer;
    /// - a record whose view is sent nothing more holds no message for it, and, when the
    ///   call looked at the world (`worldFollowed`), a touch down bound to a view that has
    ///   left its window or the world has been cancelled for it. The world is looked at
    ///   before each frame and each timer fired (`rule-live-world`: a change takes effect
    ///   at the next frame); a `flush` that fires no timer is neither, sends nothing, and
    ///   leaves the host's changes for the next frame or timer;
    /// - the recognizer table is consistent (`_RecognizerTable.violations()`): its columns
    ///   have one length, and only a `possible` member holds an attempt;
    /// - each member's touches name records, those down name records that are down and
    ///   list the member, and a member that is idle (`possible`, no touches, holding and
    ///   awaited by nothing) has been retired;
    /// - a finished member (`recognized`, `ended`, `cancelled`, `failed`) still has a
    ///   touch down: it returns to `possible` once they lift;
    /// - every pending timer names a member of its generation, in heap order;
    /// - controls track and scroll views delay only touches that have records, and every
    ///   drag belongs to a member that is a scroll view's pan;
    /// - the log and its views have one length.
    /// O(records x members + timers); for tests and debugging.
    package func invariantViolations(worldFollowed: Bool = true) -> [String] {
        var out: [String] = []
        var previous: TouchID?
        for k in inFlight.records.values.indices {
            let rec = inFlight.records.values[k]
            let s = rec.serial
            if let p = previous, !(p < s) {
                out.append("touch \(s): after touch \(p) in the table")
            }
            previous = s
            if !isNeeded(rec) {
                out.append("touch \(s): ended, holds nothing and no recognizer counts it, but kept")
            }
            if rec.viewDone && !rec.held.isEmpty {
                out.append(
                    "touch \(s): its view is sent nothing more, yet \(rec.held.count) messages are held"
                )
            }
            if worldFollowed, rec.isDown, viewLeftItsWindow(rec) {
                out.append(
                    "touch \(s): bound to a view that left its window, not cancelled for it")
            }
        }
        out += inFlight.recognizers.violations()
        // The checks below read the columns by id: only when they have one length.
        guard inFlight.recognizers.columnsHaveOneLength else { return out }
        for id in inFlight.recognizers.ranked {
            let touches = inFlight.recognizers.touches[id]
            for s in touches where inFlight.records[s] == nil {
                out.append("recognizer \(id): counts touch \(s), which has no record")
            }
            for s in inFlight.recognizers.down[id] {
                if !touches.contains(s) {
                    out.append("recognizer \(id): touch \(s) down, not taken")
                }
                guard let rec = inFlight.records[s] else { continue }
                if !rec.isDown { out.append("recognizer \(id): touch \(s) down, its record ended") }
                if !rec.recognizers.contains(id) {
                    out.append("recognizer \(id): touch \(s) down, its record does not list it")
                }
            }
            if isIdle(id) { out.append("recognizer \(id): idle but not retired") }
            if isFinished(id) {
                out.append(
                    "recognizer \(id): \(inFlight.recognizers.states[id]) with nothing down, not reset"
                )
            }
        }
        for tm in inFlight.timers.heap.array {
            if !inFlight.recognizers.contains(tm.recognizer) {
                out.append("timer \(tm.seq): names recognizer \(tm.recognizer), not a member")
            } else if tm.generation != inFlight.recognizers.timerGeneration[tm.recognizer] {
                out.append(
                    "timer \(tm.seq): of generation \(tm.generation), its recognizer's is \(inFlight.recognizers.timerGeneration[tm.recognizer])"
                )
            }
        }
        out += inFlight.timers.violations()
        for k in inFlight.controls.tracking.indices
        where inFlight.records[inFlight.controls.tracking.key(at: k)] == nil {
            out.append("control tracking: touch \(inFlight.controls.tracking.key(at: k)) has no record")
        }
        for k in inFlight.scrolling.delays.indices
        where inFlight.records[inFlight.scrolling.delays.key(at: k)] == nil {
            out.append("scroll view delay: touch \(inFlight.scrolling.delays.key(at: k)) has no record")
        }
        for k in inFlight.scrolling.drags.indices {
            let v = inFlight.scrolling.drags.key(at: k)
            if !inFlight.recognizers.ranked.contains(where: { inFlight.recognizers.scrollView[$0] == v }) {
                out.append("scroll view drag: no member is the pan of view \(v)")
            }
        }
        // Motions (rule-scroll-view-deceleration): one a view, and none left running past
        // the time the dispatcher has reached (each call ends those that are over).
        for k in inFlight.scrolling.motions.indices {
            let m = inFlight.scrolling.motions[k]
            if (0..<k).contains(where: { inFlight.scrolling.motions[$0].view == m.view }) {
                out.append("scroll view motion: view \(m.view) moves twice")
            }
            if m.endTime <= inFlight.validator.lastTime {
                out.append(
                    "scroll view motion: view \(m.view) ended at \(m.endTime), still kept at \(inFlight.validator.lastTime)"
                )
            }
        }
        if inFlight.logCount != inFlight.logViews.count {
            out.append("log: \(inFlight.logCount) entries, \(inFlight.logViews.count) views")
        }
        return out
    }
}
