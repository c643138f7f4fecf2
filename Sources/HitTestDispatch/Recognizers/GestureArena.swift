@_spi(Tables) import HitTestStore
/// Arbitration between recognizers (`rule-recognizer-states`, `rule-recognizer-attempt`,
/// `rule-recognizer-require-to-fail`, `rule-recognizer-simultaneity`), after Flutter's
/// gesture arena (`GestureArenaManager`: members, hold and release, every member accepted
/// or rejected exactly once): the arena decides each recognizer's state, the attempt it
/// holds while it waits on others to fail, and whom it waits on, the `states`, `held` and
/// `waitsOn` columns of the recognizer table (`_RecognizerTable`). Three verbs:
///
/// - `resolve` takes one step's wishes (a frame's, a timer's, the pointer's) in delivery
///   order and applies each;
/// - `attempt`: a recognizer asks to leave `possible` (`recognized` or `began`); it waits
///   (is held) while a recognizer it requires to fail may still recognize, fails on
///   `shouldBegin` and the control and scroll-view rules, or wins and fails those it
///   excludes and those that waited on it;
/// - `fail`: `possible -> failed`, which releases the attempts that waited on it.
///
/// Members are the recognizers touches have reached and that have not been retired; the
/// host lists them in rank order (`members`), and every loop here follows that order.
/// The arena knows recognizers only by `RecognizerID` and touches not at all: what it
/// needs to know of touches, delegates and the scene it asks its host (the dispatcher),
/// and it tells the host each state change as it happens, so that the log keeps the order
/// in which things happened.
///
/// The verbs belong to `_DispatchState`, which holds the table: each reads and writes a
/// column for a moment and holds no access to the table across a question to the host,
/// which reads the table too (the rule `_DispatchState` states).
extension _DispatchState {
    /// Whether the member holds an attempt that waits on others to fail.
    @inline(__always) func isWaiting(_ id: RecognizerID) -> Bool {
        recognizers.held[id] != nil
    }

    /// Whether a held attempt (of a member in `members`) waits on `id`: such a member may
    /// not leave the arena before that attempt is decided.
    func isAwaited(_ id: RecognizerID, among members: [RecognizerID]) -> Bool {
        members.contains { recognizers.held[$0] != nil && recognizers.waitsOn[$0].contains(id) }
    }

    /// Takes back an outcome's lists once the host has read them, for the next `resolve`
    /// to fill: a step in steady state allocates nothing.
    func recycle(_ o: consuming _ArenaOutcome) {
        swap(&o.actions, &scratch.actions)
        swap(&o.takers, &scratch.takers)
    }

    /// Applies one step's wishes in the order given (delivery order): a failure fails, an
    /// attempt attempts, and a change, end or cancellation moves a member in progress.
    /// Wishes that do not fit the member's state are ignored.
    func resolve(
        _ wishes: borrowing _Wishes, at t: Double,
        host: some _GestureArenaHost
    ) -> _ArenaOutcome {
        var o = _ArenaOutcome(
            time: t, actions: _FrameScratch.take(&scratch.actions),
            takers: _FrameScratch.take(&scratch.takers))
        for k in wishes.indices {
            let (id, wish) = wishes[k]
            let inProgress = recognizers.states[id].isInProgress
            switch wish {
            case .fail: fail(id, host, &o)
            case .cancel where inProgress: move(id, to: .cancelled, host, &o)
            case .change where inProgress: move(id, to: .changed, host, &o)
            case .end where inProgress: move(id, to: .ended, host, &o)
            case .recognize, .begin: attempt(id, wish, host, &o)
            default: break
            }
        }
        return o
    }

    // Why `fail` and `attempt`, which call each other, always end: each call returns at
    // once unless its member is `possible`, and each call that goes on either moves its
    // member out of `possible` (for good, until the member resets outside the arena) or
    // leaves it held without calling further; with finitely many members, at most one
    // nested call per member does any work.

    private func move(
        _ id: RecognizerID, to s: GestureState, _ host: some _GestureArenaHost,
        _ o: inout _ArenaOutcome
    ) {
        assert(
            recognizers.states[id].canMove(to: s),
            "recognizer \(id): \(recognizers.states[id]) -> \(s) is not a transition of UIKit's state machine"
        )
        recognizers.states[id] = s
        host.arena(moved: id, to: s, at: o.time)
        if s != .failed { o.actions.append(id) }
    }

    /// `possible -> failed`, then the attempts that waited on this member go on, in rank
    /// order.
    private func fail(
        _ id: RecognizerID, _ host: some _GestureArenaHost, _ o: inout _ArenaOutcome
    ) {
        guard recognizers.states[id] == .possible else { return }
        recognizers.held[id] = nil
        move(id, to: .failed, host, &o)
        for other in host.members {
            guard let wish = recognizers.held[other], recognizers.waitsOn[other].contains(id)
            else { continue }
            attempt(other, wish, host, &o)
        }
    }

    /// An attempt (`rule-recognizer-attempt`): failure requirements, then `shouldBegin`
    /// and the control and scroll-view rules, then exclusion.
    private func attempt(
        _ id: RecognizerID, _ wish: _Wish, _ host: some _GestureArenaHost, _ o: inout _ArenaOutcome
    ) {
        guard recognizers.states[id] == .possible else { return }
        // 1. Failure requirements: one that recognized makes this fail; one still possible
        // with touches makes it wait. One that took no touch since it last reset cannot
        // recognize in this event and counts as failed. Asked once per attempt: a held
        // attempt that resumes keeps its answers.
        if recognizers.held[id] == nil {
            let required = host.failureRequirements(of: id)
            recognizers.waitsOn[id] = required
        }
        var mustWait = false
        for other in recognizers.waitsOn[id] {
            switch recognizers.states[other] {
            case .recognized, .began, .changed, .ended:
                fail(id, host, &o)
                return
            case .possible where host.holdsTouches(other):
                mustWait = true
            default:
                break
            }
        }
        if mustWait {
            recognizers.held[id] = wish
            // A wait that closes a cycle of waiting attempts would never end: every
            // attempt in the cycle fails (`rule-recognizer-require-to-fail`). Their waits
            // are dropped first, so that no failure of the cycle resumes another of it.
            let cycle = waitingCycle(through: id, host)
            if !cycle.isEmpty {
                for m in cycle { recognizers.held[m] = nil }
                for m in cycle { fail(m, host, &o) }
            }
            return
        }
        recognizers.held[id] = nil
        // 2. shouldBegin, the control rule, the scroll view's refusal.
        guard host.mayBegin(id, at: o.time) else {
            fail(id, host, &o)
            return
        }
        // 3. Exclusion: a member in progress on a shared touch that does not allow both.
        for other in host.members where other != id && recognizers.states[other].isInProgress {
            if host.sharesTouches(id, other) && !host.allowsSimultaneous(id, other) {
                fail(id, host, &o)
                return
            }
        }
        move(id, to: wish == .recognize ? .recognized : .began, host, &o)
        o.takers.append(id)
        for other in host.members where other != id && recognizers.states[other] == .possible {
            let excluded = host.sharesTouches(other, id) && !host.allowsSimultaneous(id, other)
            let dependent =
                recognizers.held[other] != nil && recognizers.waitsOn[other].contains(id)
            if excluded || dependent { fail(other, host, &o) }
        }
    }
}

extension _DispatchState {
    /// The waiting attempts, in rank order, that wait on `id` (through other waiting
    /// attempts or directly) and on which `id` waits in turn, `id` among them; empty when
    /// `id`'s wait closes no cycle. A wait counts while its member is `possible`, held,
    /// and waits on a member still `possible` with touches. O(members x requirements).
    fileprivate func waitingCycle(through id: RecognizerID, _ host: some _GestureArenaHost)
        -> [RecognizerID]
    {
        func waits(_ a: RecognizerID, on b: RecognizerID) -> Bool {
            recognizers.held[a] != nil && recognizers.states[b] == .possible
                && recognizers.held[b] != nil
                && recognizers.waitsOn[a].contains(b) && host.holdsTouches(b)
        }
        // Members `id` reaches along waits, then those of them that reach `id`.
        var reached: Set<Int> = [id.index]
        var stack = [id]
        while let a = stack.popLast() {
            for b in recognizers.waitsOn[a] where !reached.contains(b.index) && waits(a, on: b) {
                reached.insert(b.index)
                stack.append(b)
            }
        }
        var reaching: Set<Int> = []
        var grew = true
        while grew {
            grew = false
            for a in host.members where reached.contains(a.index) && !reaching.contains(a.index) {
                if recognizers.waitsOn[a].contains(where: {
                    ($0 == id || reaching.contains($0.index)) && waits(a, on: $0)
                }) {
                    reaching.insert(a.index)
                    grew = true
                }
            }
        }
        guard reaching.contains(id.index) else { return [] }
        return host.members.filter { reaching.contains($0.index) }
    }
}

/// What one `resolve` produced, in order. Its lists are the frame's scratch
/// (`_DispatchState.recycle` gives them back).
struct _ArenaOutcome: ~Copyable {
    /// The time of the step, passed on to the host.
    var time: Double
    /// Members whose action fires: every change of state but to `failed`.
    var actions: HostList<RecognizerID>
    /// Members that recognized or began: they take their touches from the views.
    var takers: HostList<RecognizerID>
}

/// What the arena asks of, and tells, the one who runs it: the dispatcher, which knows
/// the touches, the delegates and the scene.
protocol _GestureArenaHost: AnyObject {
    /// Every member, in rank order (`rule-recognizer-delivery-order`).
    var members: [RecognizerID] { get }
    /// The members (each once, in rank order) an attempt of `id` waits for to fail; asked
    /// once when the attempt begins.
    func failureRequirements(of id: RecognizerID) -> [RecognizerID]
    /// Whether the member took a touch since it last reset (one that did not cannot
    /// recognize in this event).
    func holdsTouches(_ id: RecognizerID) -> Bool
    /// Whether the member, its failure requirements met, may leave `possible`
    /// (`shouldBegin`, the control rule, the scroll view's refusal of a drag).
    func mayBegin(_ id: RecognizerID, at t: Double) -> Bool
    /// Whether the two members took a touch in common.
    func sharesTouches(_ a: RecognizerID, _ b: RecognizerID) -> Bool
    /// Whether the two may recognize together (`rule-recognizer-simultaneity`).
    func allowsSimultaneous(_ a: RecognizerID, _ b: RecognizerID) -> Bool
    /// A member's state changed at `t`, failures included: told as it happens.
    func arena(moved id: RecognizerID, to state: GestureState, at t: Double)
}

extension GestureState {
    /// Whether a recognizer may go from this state to `next` in one step, as
    /// `UIGestureRecognizer.State` documents the machine
    /// (https://developer.apple.com/documentation/uikit/uigesturerecognizer/state): a
    /// discrete recognizer goes from possible to recognized or failed; a continuous one
    /// from possible to began or failed, from began or changed to changed, ended or
    /// cancelled. (Back to possible is the reset, outside the arena's moves.)
    func canMove(to next: GestureState) -> Bool {
        switch self {
        case .possible: next == .recognized || next == .began || next == .failed
        case .began, .changed: next == .changed || next == .ended || next == .cancelled
        case .recognized, .ended, .cancelled, .failed: false
        }
    }

    /// `began` or `changed`: a continuous recognizer's attempt succeeded and its touches
    /// have not lifted.
    var isInProgress: Bool { self == .began || self == .changed }

    /// Receives touch messages: possible, began or changed (`rule-recognizer-states`: a
    /// recognizer that has failed, been cancelled or ended receives nothing more for its
    /// touches).
    var isReceiving: Bool { self == .possible || isInProgress }
}
