import HitTestGeometry
@_spi(Tables) import HitTestStore

/// Everything a dispatcher keeps between calls about what is in flight: the touch table,
/// the recognizer table (the recognizers met and their arena entries), the timer queue,
/// the frame validator, the log and its views, the host's handlers, the touch sets of the
/// messages being delivered, the pointer, the scroll views' drags and delays, the
/// controls' tracking and highlights, and the lists a frame fills. `Dispatcher` holds one
/// in a `let` beside its world and settings; nothing else holds it. Its tables are
/// `HostList`s and `HostMap`s, in the host's allocator hooks and freed with it, so that
/// a host's frames, once the tables have grown, allocate nothing.
///
/// Its fields are the only ones of the dispatcher read without Swift's dynamic exclusivity
/// check (`@exclusivity(unchecked)`), which cost about a third of a touch's frame. That
/// is sound because of how the dispatcher runs, and every change must keep it so:
/// - one thread at a time calls the dispatcher (it is not `Sendable`, and the C API
///   documents it), so no two accesses overlap in time across threads;
/// - no method holds an access to a field (an `inout`, a `modify`, a `for` over its
///   storage that writes it) across a call that reaches the same field again: a list
///   being filled is taken out of `scratch` (`take`) and given back (`give`), and the
///   touch and recognizer tables are read and written an entry at a time (a record by
///   its place, a recognizer's column entry by its id; the arena's verbs are methods of
///   this state for that reason, not of the table);
/// - the host's handlers, called while a frame runs, may read the world but may not call
///   back into the dispatcher (documented on `Dispatcher` and in the C headers), so no
///   access can be re-entered from outside.
final class _DispatchState {
    /// The recognizers touches or the pointer have reached and that are not retired, with
    /// who has recognized, failed or waits on whom.
    @exclusivity(unchecked) var recognizers = _RecognizerTable()
    /// Touches, in the order they began: those down, and ended ones still referenced.
    @exclusivity(unchecked) var records = _TouchTable()
    /// The serial of the next touch that begins.
    @exclusivity(unchecked) var nextSerial = 0
    /// The last touch that ended (not cancelled): for tap counts.
    @exclusivity(unchecked) var lastEnded:
        (time: Double, location: Point, duration: Double, tapCount: Int)?
    /// Pending timers, fired in (due, seq) order.
    @exclusivity(unchecked) var timers = _TimerQueue()
    /// The input rules a frame must keep (time only moves forward, touches begin once).
    @exclusivity(unchecked) var validator = _FrameValidator()
    /// Everything that happened, in order, for the Swift API (`Dispatcher.log`); empty when
    /// `logsToHooks`.
    @exclusivity(unchecked) var log: [DispatchLogEntry] = []
    /// The log's other buffer (`takeLog()`).
    @exclusivity(unchecked) var spareLog: [DispatchLogEntry] = []
    /// Everything that happened, in order, in the host's allocator hooks, when
    /// `logsToHooks`: the C API's, which moves each call's entries out (`moveLog`).
    @exclusivity(unchecked) var hookLog = HostList<DispatchLogEntry>()
    /// For each entry of the log, the view it is about (the recognizer's view for a
    /// recognizer's entries; null for a responder that is not a view): how hosts that name
    /// views by handle (the C API) tell views with the same id apart.
    @exclusivity(unchecked) var logViews = HostList<ViewHandle>()
    /// Where the log goes: `hookLog` (the C API's dispatchers) or `log`.
    let logsToHooks: Bool

    init(logsToHooks: Bool) { self.logsToHooks = logsToHooks }

    /// The number of entries in the log.
    var logCount: Int { logsToHooks ? hookLog.count : log.count }
    /// The host's closures and handler objects, and what they ask to hear.
    @exclusivity(unchecked) var handlers = _Handlers()
    /// While messages are being delivered: the touches of each call, by view and message
    /// (`rule-responder-touch-sets`).
    @exclusivity(unchecked) var calls: [_CallKey: [TouchID]] = [:]
    /// Where the pointer is, when there is one (`rule-recognizer-hover`).
    @exclusivity(unchecked) var pointer: Point?
    /// The drags of scroll views and the content touches they delay.
    @exclusivity(unchecked) var scrolling = _ScrollViews()
    /// Controls' highlights and tracked touches.
    @exclusivity(unchecked) var controls = _ControlStates()
    /// What each class makes a view (`Dispatcher.classTraits(of:)`), by the world's class
    /// number, filled as classes are met.
    @exclusivity(unchecked) var classTraits: [_ClassTraits?] = []
    /// The lists a frame fills, kept with their capacity.
    @exclusivity(unchecked) var scratch = _FrameScratch()
}
