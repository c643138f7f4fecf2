@_spi(Tables) import HitTestStore
import HitTestScene
import Testing

@testable import HitTestDispatch

/// The arena on its own (the verbs of `GestureArena.swift` on a recognizer table), with a
/// host whose answers a test sets: the rules of `rule-recognizer-attempt`,
/// `rule-recognizer-require-to-fail` and `rule-recognizer-simultaneity` without touches,
/// views or timers.
@Suite("Gesture arena")
struct GestureArenaTests {
    /// A host with members 0..<n: which touches each holds, whom each requires to fail,
    /// who may begin, which pairs may recognize together. Records what it is told.
    final class Host: _GestureArenaHost {
        var touches: [Set<Int>]
        var requires: [Int: [Int]] = [:]
        var refusesToBegin: Set<Int> = []
        var together: Set<Set<Int>> = []
        /// Every state change told, in order, as (member, state).
        var moves: [(Int, GestureState)] = []
        /// How often each member's failure requirements were asked.
        var asked: [Int: Int] = [:]

        init(touches: [Set<Int>]) { self.touches = touches }

        var members: [RecognizerID] { touches.indices.map(RecognizerID.init) }

        func failureRequirements(of id: RecognizerID) -> [RecognizerID] {
            asked[id.index, default: 0] += 1
            return (requires[id.index] ?? []).map(RecognizerID.init)
        }
        func holdsTouches(_ id: RecognizerID) -> Bool { !touches[id.index].isEmpty }
        func mayBegin(_ id: RecognizerID, at t: Double) -> Bool {
            !refusesToBegin.contains(id.index)
        }
        func sharesTouches(_ a: RecognizerID, _ b: RecognizerID) -> Bool {
            !touches[a.index].isDisjoint(with: touches[b.index])
        }
        func allowsSimultaneous(_ a: RecognizerID, _ b: RecognizerID) -> Bool {
            together.contains([a.index, b.index])
        }
        func arena(moved id: RecognizerID, to state: GestureState, at t: Double) {
            moves.append((id.index, state))
        }

        func movesText() -> [String] { moves.map { "\($0.0) \($0.1.rawValue)" } }
    }

    /// A dispatch state whose recognizer table holds members 0..<n, in that rank order
    /// (taps on views of their own): what the arena's verbs work on.
    static func arena(count n: Int) -> _DispatchState {
        let state = _DispatchState(logsToHooks: false)
        for k in 0..<n {
            let id = state.recognizers.add(
                gesture: SceneGesture(id: "g\(k)", kind: .tap()),
                view: ViewHandle(index: UInt32(k), generation: 1), viewID: "v\(k)", depth: 0,
                slot: 0, scrollView: nil)
            state.recognizers.rank(id, at: k)
        }
        return state
    }

    static func wishes(_ w: [(Int, _Wish)]) -> _Wishes {
        var out = _Wishes()
        for (k, wish) in w { out.append((RecognizerID(k), wish)) }
        return out
    }

    /// Each member's state, in id order.
    static func states(_ arena: _DispatchState) -> [GestureState] {
        arena.recognizers.states.values.array
    }

    @Test("an attempt wins and fails the members it excludes; actions skip failures")
    func attemptExcludes() {
        let host = Host(touches: [[1], [1], [2]])
        let arena = Self.arena(count: 3)
        let o = arena.resolve(Self.wishes([(0, .recognize)]), at: 0, host: host)
        #expect(host.movesText() == ["0 recognized", "1 failed"])
        #expect(Self.states(arena) == [.recognized, .failed, .possible])
        let (actions, takers) = (o.actions.array, o.takers.array)
        #expect(actions == [RecognizerID(0)])
        #expect(takers == [RecognizerID(0)])
    }

    @Test("a member allowed to recognize together with the winner stays possible")
    func simultaneous() {
        let host = Host(touches: [[1], [1]])
        host.together = [[0, 1]]
        let arena = Self.arena(count: 2)
        _ = arena.resolve(Self.wishes([(0, .begin), (1, .begin)]), at: 0, host: host)
        #expect(host.movesText() == ["0 began", "1 began"])
        // Without the pair, the winner fails the other at once; its later wish is ignored.
        let alone = Host(touches: [[1], [1]])
        let a2 = Self.arena(count: 2)
        _ = a2.resolve(Self.wishes([(0, .begin)]), at: 0, host: alone)
        _ = a2.resolve(Self.wishes([(1, .begin)]), at: 0, host: alone)
        #expect(alone.movesText() == ["0 began", "1 failed"])
        #expect(Self.states(a2) == [.began, .failed])
        // A member in progress excludes a later attempt on a shared touch.
        let late = Host(touches: [[1], [1], [2]])
        let a3 = Self.arena(count: 3)
        _ = a3.resolve(Self.wishes([(2, .begin)]), at: 0, host: late)
        late.touches[2] = [1]
        _ = a3.resolve(Self.wishes([(0, .recognize)]), at: 0, host: late)
        #expect(late.movesText() == ["2 began", "0 failed"])
    }

    /// Two members with these touches, member 0 requiring member 1 to fail, after 0's
    /// attempt to recognize.
    static func zeroWaitsOnOne(touches: [Set<Int>]) -> (Host, _DispatchState) {
        let host = Host(touches: touches)
        host.requires = [0: [1]]
        let arena = Self.arena(count: 2)
        _ = arena.resolve(Self.wishes([(0, .recognize)]), at: 0, host: host)
        return (host, arena)
    }

    @Test("a held attempt waits for its requirement, then resumes when it fails")
    func holdAndRelease() {
        let (host, arena) = Self.zeroWaitsOnOne(touches: [[1], [1]])
        #expect(host.moves.isEmpty)
        #expect(arena.isWaiting(RecognizerID(0)))
        // A later step that does not decide the requirement leaves it held, unasked.
        _ = arena.resolve(Self.wishes([(1, .change)]), at: 0.1, host: host)
        #expect(arena.isWaiting(RecognizerID(0)))
        let o = arena.resolve(Self.wishes([(1, .fail)]), at: 0.2, host: host)
        #expect(host.movesText() == ["1 failed", "0 recognized"])
        #expect(!arena.isWaiting(RecognizerID(0)))
        let actions = o.actions.array
        #expect(actions == [RecognizerID(0)])
        #expect(host.asked == [0: 1])
    }

    @Test("a held attempt fails when its requirement recognizes")
    func requirementRecognizes() {
        let (host, arena) = Self.zeroWaitsOnOne(touches: [[1], [2]])
        _ = arena.resolve(Self.wishes([(1, .recognize)]), at: 0.1, host: host)
        #expect(host.movesText() == ["1 recognized", "0 failed"])
        // A requirement that holds no touch counts as failed: no wait.
        let idle = Host(touches: [[1], []])
        idle.requires = [0: [1]]
        let a2 = Self.arena(count: 2)
        _ = a2.resolve(Self.wishes([(0, .recognize)]), at: 0, host: idle)
        #expect(idle.movesText() == ["0 recognized"])
    }

    @Test("shouldBegin and the control rule: a refused attempt fails")
    func refused() {
        let host = Host(touches: [[1]])
        host.refusesToBegin = [0]
        let arena = Self.arena(count: 1)
        let o = arena.resolve(Self.wishes([(0, .begin)]), at: 0, host: host)
        #expect(host.movesText() == ["0 failed"])
        let nothing = o.actions.isEmpty && o.takers.isEmpty
        #expect(nothing)
    }

    @Test("changes, ends and cancellations move only members in progress")
    func inProgress() {
        let host = Host(touches: [[1], [2]])
        let arena = Self.arena(count: 2)
        _ = arena.resolve(
            Self.wishes([(0, .begin), (0, .change), (1, .change), (1, .end), (0, .end)]), at: 0,
            host: host)
        #expect(host.movesText() == ["0 began", "0 changed", "0 ended"])
        arena.recognizers.reset(RecognizerID(0))
        #expect(Self.states(arena) == [.possible, .possible])
    }

    @Test("a chain of waits unwinds in one step, every member moving exactly once")
    func chainUnwinds() {
        // Member k requires member k + 1; each holds its own touch. When the last fails,
        // the one before recognizes, which fails the one before it, and so on.
        let n = 50
        let host = Host(touches: (0..<n).map { [$0] })
        for k in 0..<(n - 1) { host.requires[k] = [k + 1] }
        let arena = Self.arena(count: n)
        _ = arena.resolve(Self.wishes((0..<(n - 1)).map { ($0, .recognize) }), at: 0, host: host)
        #expect(host.moves.isEmpty)
        _ = arena.resolve(Self.wishes([(n - 1, .fail)]), at: 1, host: host)
        #expect(host.moves.count == n)
        #expect(Set(host.moves.map(\.0)).count == n)
        for (k, state) in host.moves {
            #expect(state == ((n - 1 - k) % 2 == 0 ? .failed : .recognized), "member \(k)")
        }
    }
}
