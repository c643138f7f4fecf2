import HitTestGeometry
import HitTestReference

/// Which fast path answers a query. Both give the reference's answers exactly.
public enum FastEngine: String, Sendable, CaseIterable {
    /// The iterative walk over the store, testing each child's box.
    case flat
    /// The same walk, taking the children of big containers from their bounding-volume
    /// index, topmost first.
    case bvh
}

/// What a store query found: the same view, window and local point as the reference.
public struct StoreHit: Hashable, Sendable {
    public var view: ViewHandle
    public var window: ViewHandle
    /// The screen point in the hit view's bounds coordinates, bit for bit the
    /// reference's.
    public var localPoint: Point
}

/// Work counts of queries, in the spirit of box2d's `b2TreeStats`: they make the cost of
/// a query observable in tests and in `hittest stats`.
public struct QueryStats: Hashable, Sendable {
    /// Views whose `hitTest` step ran (entered by the walk).
    public var viewsVisited = 0
    /// Child boxes tested against the point.
    public var boxTests = 0
    /// Index nodes visited.
    public var indexNodesVisited = 0
    /// Calls into custom code (reference views).
    public var customCalls = 0

    public init() {}

    public static func += (a: inout QueryStats, b: QueryStats) {
        a.viewsVisited += b.viewsVisited
        a.boxTests += b.boxTests
        a.indexNodesVisited += b.indexNodesVisited
        a.customCalls += b.customCalls
    }
}

/// Reusable memory for queries: after the first queries have grown it, a query allocates
/// nothing. One per thread; not thread-safe itself.
public final class QueryScratch {
    @usableFromInline
    struct Frame {
        var slot: Int32
        var point: Point
        /// Next child to consider (walking down the sibling list), -1 when done.
        var next: Int32
        /// For an indexed view: its candidates are `candidates[start..<end]`, topmost
        /// first; `cursor` is the next to try.
        var start: Int32
        var cursor: Int32
        var end: Int32
        var indexed: Bool
    }

    @usableFromInline var frames: [Frame] = []
    @usableFromInline var candidates: [Int32] = []
    @usableFromInline var indexStack: [Int32] = []
    @usableFromInline var chain: [Int32] = []
    @usableFromInline var pointInsideStack: [(slot: Int32, point: Point, next: Int32)] = []
    /// Counts of the queries made with this scratch since the last reset.
    public var stats = QueryStats()

    public init() {
        frames.reserveCapacity(64)
        candidates.reserveCapacity(64)
        indexStack.reserveCapacity(64)
        chain.reserveCapacity(64)
        pointInsideStack.reserveCapacity(16)
    }
}

extension ViewStore {
    /// `hitTestScreen(p)` of spec section 5, answered by a fast path: the same view, window
    /// and local point as `Screen.hitTest` on the same tree. Allocates nothing once
    /// `scratch` has grown to the tree's depth.
    public func hitTest(_ p: Point, engine: FastEngine = .bvh, scratch: QueryScratch) -> StoreHit? {
        let useIndex = engine == .bvh
        // A NaN point is compared with no box (custom code may still take it).
        let prune = !(p.x.isNaN || p.y.isNaN)
        let fx = Float(p.x)
        let fy = Float(p.y)
        for w in windowOrder {
            if prune && !box[Int(w)].contains(x: fx, y: fy) { continue }
            if let r = walk(window: w, p, fx, fy, prune, useIndex, scratch) { return r }
        }
        return nil
    }

    /// A convenience that makes its own scratch (and so allocates).
    public func hitTest(_ p: Point, engine: FastEngine = .bvh) -> StoreHit? {
        hitTest(p, engine: engine, scratch: QueryScratch())
    }

    @usableFromInline
    enum _Step {
        case hit(Int32, Point)
        case miss
        case entered
    }

    /// The reference algorithm on one window, iteratively: a stack of frames stands for
    /// the recursion, and a child is skipped only when its box shows that its `hitTest`
    /// would return nil. The first non-nil answer is final, as in the reference, so it is
    /// returned at once.
    func walk(
        window w: Int32, _ sp: Point, _ fx: Float, _ fy: Float, _ prune: Bool, _ useIndex: Bool,
        _ scratch: QueryScratch
    ) -> StoreHit? {
        scratch.frames.removeAll(keepingCapacity: true)
        scratch.candidates.removeAll(keepingCapacity: true)
        func finish(_ s: Int32, _ local: Point) -> StoreHit {
            StoreHit(view: handle(s), window: handle(w), localPoint: local)
        }
        switch enter(w, geometry(w).toChild(sp), sp, fx, fy, prune, useIndex, scratch) {
        case .hit(let s, let q): return finish(s, q)
        case .miss: return nil
        case .entered: break
        }
        while !scratch.frames.isEmpty {
            let top = scratch.frames.count - 1
            let frame = scratch.frames[top]
            // The next child whose box holds the point, topmost first.
            var child: Int32 = -1
            if frame.indexed {
                if frame.cursor < frame.end {
                    child = scratch.candidates[Int(frame.cursor)]
                    scratch.frames[top].cursor += 1
                }
            } else {
                var c = frame.next
                while c >= 0 {
                    scratch.stats.boxTests += 1
                    if !prune || box[Int(c)].contains(x: fx, y: fy) { break }
                    c = prevSibling[Int(c)]
                }
                child = c
                scratch.frames[top].next = c >= 0 ? prevSibling[Int(c)] : -1
            }
            if child >= 0 {
                switch enter(child, geometry(child).toChild(frame.point), sp, fx, fy, prune, useIndex, scratch) {
                case .hit(let s, let q): return finish(s, q)
                case .miss, .entered: continue
                }
            }
            // No child took it: the view itself, unless it passes touches through.
            scratch.frames.removeLast()
            if frame.indexed { scratch.candidates.removeSubrange(Int(frame.start)...) }
            if flags[Int(frame.slot)] & _Flags.passthrough == 0 { return finish(frame.slot, frame.point) }
        }
        return nil
    }

    /// The steps of `hitTest(v, p)` before its loop over subviews: custom code, the
    /// redirect, eligibility, `pointInside`, `boxOnly`. Pushes a frame when the loop over
    /// subviews is to run.
    func enter(
        _ s: Int32, _ p: Point, _ sp: Point, _ fx: Float, _ fy: Float, _ prune: Bool, _ useIndex: Bool,
        _ scratch: QueryScratch
    ) -> _Step {
        let i = Int(s)
        let f = flags[i]
        scratch.stats.viewsVisited += 1
        if f & _Flags.custom != 0 {
            scratch.stats.customCalls += 1
            let v = extras[Int(extra[i])].referenceView!
            guard let r = v.hitTest(p, with: nil), let rs = slotOfReferenceView[ObjectIdentifier(r)] else {
                return .miss
            }
            return .hit(rs, localPoint(rs, sp))
        }
        if f & _Flags.redirect != 0 {
            let t = extras[Int(extra[i])].redirect
            if isValid(t), let q = convertDown(p, from: s, to: t.slot, scratch) {
                if pointInside(t.slot, q, fx, fy, prune, scratch) { return .hit(t.slot, q) }
            }
        }
        if f & _Flags.ineligible != 0 { return .miss }
        if !pointInside(s, p, fx, fy, prune, scratch) { return .miss }
        if f & _Flags.boxOnly != 0 { return .hit(s, p) }
        if f & _Flags.indexed != 0 && useIndex && prune {
            let index = extras[Int(extra[i])].childIndex!
            let start = scratch.candidates.count
            scratch.stats.indexNodesVisited += index.query(
                x: fx, y: fy, boxes: box, stack: &scratch.indexStack, out: &scratch.candidates)
            // Topmost first: higher order labels first.
            sortByOrderDescending(&scratch.candidates, from: start)
            scratch.frames.append(
                .init(
                    slot: s, point: p, next: -1, start: Int32(start), cursor: Int32(start),
                    end: Int32(scratch.candidates.count), indexed: true))
        } else {
            scratch.frames.append(
                .init(slot: s, point: p, next: lastChild[i], start: 0, cursor: 0, end: 0, indexed: false))
        }
        return .entered
    }

    /// Insertion sort of `a[from...]` by order label, highest first (candidate lists are
    /// short; long ones fall back to the standard sort).
    func sortByOrderDescending(_ a: inout [Int32], from start: Int) {
        let n = a.count - start
        if n < 2 { return }
        if n > 32 {
            a[start...].sort { order[Int($0)] > order[Int($1)] }
            return
        }
        for i in (start + 1)..<a.count {
            let x = a[i]
            let key = order[Int(x)]
            var j = i - 1
            while j >= start && order[Int(a[j])] < key {
                a[j + 1] = a[j]
                j -= 1
            }
            a[j + 1] = x
        }
    }

    /// `pointInside(v, p)` of spec section 5, iteratively for `boundsOrSubviews` chains.
    /// The answer is an OR, so the first true found anywhere is the answer.
    func pointInside(
        _ s: Int32, _ p: Point, _ fx: Float, _ fy: Float, _ prune: Bool, _ scratch: QueryScratch
    ) -> Bool {
        switch pointInsideStep(s, p, scratch) {
        case .some(let answer): return answer
        case .none: break
        }
        // `s` is boundsOrSubviews: try its subviews from the top, depth first.
        let base = scratch.pointInsideStack.count
        defer { scratch.pointInsideStack.removeSubrange(base...) }
        scratch.pointInsideStack.append((s, p, lastChild[Int(s)]))
        while scratch.pointInsideStack.count > base {
            let top = scratch.pointInsideStack.count - 1
            let (v, q, next) = scratch.pointInsideStack[top]
            var c = next
            while c >= 0, prune, !pointInsideBox(c).contains(x: fx, y: fy) { c = prevSibling[Int(c)] }
            if c >= 0 {
                scratch.pointInsideStack[top].next = prevSibling[Int(c)]
                let cq = geometry(c).toChild(q)
                switch pointInsideStep(c, cq, scratch) {
                case .some(true): return true
                case .some(false): break
                case .none: scratch.pointInsideStack.append((c, cq, lastChild[Int(c)]))
                }
                continue
            }
            // No subview said yes: the view's own shape.
            scratch.pointInsideStack.removeLast()
            if shapeContains(v, q) { return true }
        }
        return false
    }

    /// `pointInside` of one view when it does not need its subviews' `pointInside`
    /// (nil when it is `boundsOrSubviews` and they must be asked).
    @inline(__always)
    func pointInsideStep(_ s: Int32, _ p: Point, _ scratch: QueryScratch) -> Bool? {
        let i = Int(s)
        let f = flags[i]
        if f & (_Flags.custom | _Flags.insideCustom) != 0 {
            scratch.stats.customCalls += 1
            return extras[Int(extra[i])].referenceView!.point(inside: p, with: nil)
        }
        if f & _Flags.pointInsideModes == 0 { return shapeContains(s, p) }
        if f & _Flags.pointInsideSubviews != 0 {
            var c = firstChild[i]
            while c >= 0 {
                if geometry(c).frame.contains(p) { return true }
                c = nextSibling[Int(c)]
            }
            return false
        }
        return nil
    }

    /// `shapeContains(v, p)`: the hit rect (bounds inset by the hit insets) as a rect or an
    /// ellipse, computed as `HitRules.shapeContains` computes it.
    @inline(__always)
    func shapeContains(_ s: Int32, _ p: Point) -> Bool {
        let r = hitRect(s)
        return flags[Int(s)] & _Flags.ellipse != 0 ? r.ellipseContains(p) : r.contains(p)
    }

    /// `p`, in `s`'s coordinates, converted down the chain of subviews into `t`, or nil
    /// when `t` is not below `s`.
    func convertDown(_ p: Point, from s: Int32, to t: Int32, _ scratch: QueryScratch) -> Point? {
        scratch.chain.removeAll(keepingCapacity: true)
        var c = t
        while c >= 0 && c != s {
            scratch.chain.append(c)
            c = parent[Int(c)]
        }
        guard c == s, !scratch.chain.isEmpty else { return nil }
        var q = p
        for x in scratch.chain.reversed() { q = geometry(x).toChild(q) }
        return q
    }

    /// The screen point in a view's coordinates: toChild at each level from its window
    /// down, as the reference computes a hit view's local point.
    func localPoint(_ s: Int32, _ sp: Point) -> Point {
        var path: [Int32] = []
        var c = s
        while c >= 0 {
            path.append(c)
            c = parent[Int(c)]
        }
        var q = sp
        for x in path.reversed() { q = geometry(x).toChild(q) }
        return q
    }
}
