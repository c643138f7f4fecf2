@_spi(Tables) import HitTestStore

/// What a host that embeds the dispatcher in a frame loop needs besides `feed`: the
/// system cancellation of every touch, draining the log, and knowing when nothing is in
/// flight.
extension Dispatcher {
    /// The system cancellation a host triggers when the app loses focus: one frame at
    /// `time` in which every touch that is down is `cancelled` where it is, in the order
    /// the touches began. Recognizers that began are cancelled, those still possible
    /// fail, and views are sent `touchesCancelled`. Nothing happens when no touch is down.
    ///
    /// - Throws: `DispatchError` when `time` is not finite or comes before the last frame.
    ///
    /// The corresponding C function is `htDispatcher_CancelAllTouches`.
    public func cancelAllTouches(at time: Double) throws(DispatchError) {
        let touches = activeTouches.map {
            TouchInput(id: $0.id, phase: .cancelled, location: $0.location)
        }
        try feed(InputFrame(time: time, touches: touches))
    }

    /// Returns the log entries so far and empties the log: a host that reads the log
    /// after every frame keeps it from growing for the dispatcher's life. The log has two
    /// buffers that take turns, so a host that lets go of each returned array before the
    /// next call allocates nothing here.
    public func takeLog() -> [DispatchLogEntry] {
        inFlight.logViews.removeAll()
        if inFlight.logsToHooks {
            defer { inFlight.hookLog.removeAll() }
            return inFlight.hookLog.array
        }
        inFlight.spareLog.removeAll(keepingCapacity: true)
        swap(&inFlight.log, &inFlight.spareLog)
        return inFlight.spareLog
    }

    /// Moves the log and its views into the caller's lists (emptied first), leaving the
    /// dispatcher the caller's old lists: the C API's way of reading each call's events
    /// without allocating (a dispatcher made by `init(store:settings:scratch:)`).
    package func moveLog(
        into entries: inout HostList<DispatchLogEntry>, views: inout HostList<ViewHandle>
    ) {
        precondition(inFlight.logsToHooks, "moveLog: the log is the Swift API's")
        entries.removeAll()
        views.removeAll()
        swap(&entries, &inFlight.hookLog)
        swap(&views, &inFlight.logViews)
    }

    /// True when nothing is in flight at `time`: no touch is down or still held or
    /// counted by a recognizer, no recognizer timer is pending, no scroll view is moving
    /// after a flick (`rule-scroll-view-deceleration`), and a touch beginning at `time`
    /// could not continue a tap sequence (`multiTapInterval` has passed since the last
    /// touch ended). A dispatcher built afresh on the same world then behaves, from
    /// `time` on, exactly as this one.
    public func isIdle(at time: Double) -> Bool {
        if !inFlight.records.isEmpty { return false }
        if !inFlight.timers.isEmpty { return false }
        if !inFlight.scrolling.motions.isEmpty || !inFlight.scrolling.parked.isEmpty {
            return false
        }
        if !inFlight.scrolling.zooms.isEmpty || !inFlight.scrolling.parkedZooms.isEmpty {
            return false
        }
        if inFlight.recognizers.ranked.contains(where: {
            inFlight.recognizers.states[$0] != .possible
        }) {
            return false
        }
        if let last = inFlight.lastEnded, time <= last.time + settings.multiTapInterval {
            return false
        }
        return true
    }
}
