import Foundation
import HitTestBench
import HitTestJSON
import HitTestKit

/// `hittest bench-dispatch --layout list`: a finger dragging a full-screen scroll view of N
/// rows, as a list or a feed scrolls. What a drag frame costs, and the hit test right
/// after it, should not grow with the rows: UIKit applies the content offset as it
/// descends, and so does the store (a scroll view's content keeps its boxes in its
/// content coordinates).
struct ListDispatchBench {
    let store: ViewStore
    let dispatcher: Dispatcher
    let scrollView: ViewHandle
    let scratch = QueryScratch()
    let buildMs: Double
    let rows: Int
    /// Rounds so far (timed or not): the time base and the drag's direction.
    var round = 0

    /// The scroll view, its width and height (a phone's screen) and a row's size.
    static let screen = Size(width: 390, height: 844)
    static let rowHeight = 44.0
    /// Drag frames a round, and how far each moves the finger (points).
    static let dragFrames = 8
    static let dragStep = 12.0
    /// Frames of the motion after the lift, timed a round.
    static let movingFrames = 4

    /// A window with one full-screen scroll view (`UIScrollView`, its settings' content
    /// size that of the rows) and `rows` rows of 390 x 44 points under it, added from
    /// flat arrays in one call, as a C host adds them; the content offset starts in the
    /// middle of the content, so that drags up and down stay inside it.
    init(rows n: Int) throws {
        let t0 = DispatchBench.nanoseconds()
        let store = ViewStore()
        let screen = ListDispatchBench.screen
        let window = store.addWindow(
            ViewDefinition(
                id: "window", frame: Rect(origin: .zero, size: screen), className: "UIWindow"))
        var list = ViewDefinition(
            id: "list", frame: Rect(origin: .zero, size: screen), className: "UIScrollView")
        var settings = SceneScrollView()
        let contentHeight = Double(n) * ListDispatchBench.rowHeight
        settings.contentSize = Size(width: screen.width, height: contentHeight)
        list.events.scrollView = settings
        list.geometry.bounds.origin = Point(
            x: 0, y: max(0, (contentHeight - screen.height) / 2).rounded())
        let scrollView = store.addView(list, to: window)
        let frames = (0..<n).map {
            Rect(
                x: 0, y: Double($0) * ListDispatchBench.rowHeight, width: screen.width,
                height: ListDispatchBench.rowHeight)
        }
        do {
            _ = try store.addViews(
                ViewArrays(parents: [Int32](repeating: -1, count: n), frames: frames),
                to: scrollView)
        } catch {
            throw CLIError("bench-dispatch: \(error)")
        }
        buildMs = Double(DispatchBench.nanoseconds() - t0) / 1e6
        self.store = store
        self.scrollView = scrollView
        self.rows = n
        dispatcher = Dispatcher(store: store)
    }

    /// One round: a touch begins in the middle of the screen, drags `dragFrames` frames
    /// (up on even rounds, down on odd ones) and ends; each drag frame is timed, then a
    /// plain hit test at the finger. Returns those timings and whether the content offset
    /// moved.
    mutating func oneRound() throws -> (
        moved: [(ns: Double, allocations: Double?)], hitTests: [(ns: Double, allocations: Double?)],
        scrolled: Bool, rowChange: (ns: Double, allocations: Double?)?,
        hitAfterRow: (ns: Double, allocations: Double?)?, moving: [Double]
    ) {
        let t = Double(round)
        let direction = round & 1 == 0 ? -1.0 : 1.0
        round += 1
        var p = Point(x: 195, y: 422)
        let before = store.geometry(of: scrollView).bounds.origin
        let d = dispatcher
        var moved: [(ns: Double, allocations: Double?)] = []
        var hits: [(ns: Double, allocations: Double?)] = []
        var rowChange: (ns: Double, allocations: Double?)?
        var hitAfterRow: (ns: Double, allocations: Double?)?
        var moving: [Double] = []
        do {
            try d.feed(
                InputFrame(time: t, touches: [TouchInput(id: 1, phase: .began, location: p)]))
            _ = d.takeLog()
            for k in 1...ListDispatchBench.dragFrames {
                p.y += direction * ListDispatchBench.dragStep
                let frame = InputFrame(
                    time: t + 0.016 * Double(k),
                    touches: [TouchInput(id: 1, phase: .moved, location: p)])
                moved.append(try DispatchBench.timed { try d.feed(frame) })
                _ = d.takeLog()
                var hit: StoreHit?
                let (s, q, at) = (store, scratch, p)
                hits.append(DispatchBench.timed { hit = s.hitTest(at, scratch: q) })
                if hit == nil {
                    throw CLIError("bench-dispatch: the hit test at \(p) found no row")
                }
            }
            let lift = t + 0.016 * Double(ListDispatchBench.dragFrames + 1)
            try d.feed(
                InputFrame(time: lift, touches: [TouchInput(id: 1, phase: .ended, location: p)]))
            _ = d.takeLog()
            // The lift one frame after the last move flicks the list: frames of its motion
            // (`flush(until:)`, as a host's display link advances time), each timed while
            // the list still moves. The next round's touch stops it.
            for k in 1...ListDispatchBench.movingFrames where d.isDecelerating("list") {
                let until = lift + 0.016 * Double(k)
                moving.append(DispatchBench.timed { d.flush(until: until) }.ns)
                _ = d.takeLog()
            }
            // The row under the finger grows or shrinks by a point (a cell that animates
            // its height), then a hit test at the finger: a change inside the content,
            // which the list's content index takes in place.
            // (None when the flick left the list's end under the finger.)
            let (s, q, at) = (store, scratch, p)
            if let row = s.hitTest(at, scratch: q)?.view, row != scrollView {
                var f = s.geometry(of: row).frame
                f.size.height += direction
                rowChange = DispatchBench.timed { s.setFrame(row, f) }
                hitAfterRow = DispatchBench.timed { _ = s.hitTest(at, scratch: q) }
            }
        } catch let e as CLIError {
            throw e
        } catch {
            throw CLIError("bench-dispatch: the dispatcher refused a frame: \(error)")
        }
        let after = store.geometry(of: scrollView).bounds.origin
        return (moved, hits, after != before, rowChange, hitAfterRow, moving)
    }
}

/// The figures of one list size: medians in ms, allocations per call (nil when not
/// counted).
struct ListDispatchBenchRow {
    var rows: Int
    var buildMs: Double
    var moved: Double
    var hitTest: Double
    /// A row's frame change inside the content, and the hit test after it.
    var rowChange: Double
    var hitAfterRow: Double
    /// A frame of the motion after the lift (nil when no round flicked the list).
    var moving: Double?
    var allocations: (moved: Double, hitTest: Double)?
    /// Rounds whose drag moved the content offset.
    var scrolled: Int
    var rounds: Int
}

extension DispatchBenchCommand {
    /// The list layout: for each size, `frames` rounds of a drag (after `warmup`
    /// untimed ones), the median drag frame and hit test after it.
    func runList(_ sizes: [Int], progress: (String) -> Void) throws -> [ListDispatchBenchRow] {
        var out: [ListDispatchBenchRow] = []
        for n in sizes {
            progress("\(n) rows: building the store")
            var bench = try ListDispatchBench(rows: n)
            progress(
                "\(n) rows: built in \(String(format: "%.1f", bench.buildMs)) ms; \(frames) rounds")
            for _ in 0..<Self.warmupRounds { _ = try bench.oneRound() }
            var moved: [Double] = []
            var hits: [Double] = []
            var rowChanges: [Double] = []
            var hitsAfterRow: [Double] = []
            var moving: [Double] = []
            var allocations = (moved: 0.0, hitTest: 0.0)
            var counted = true
            var scrolled = 0
            for _ in 0..<frames {
                let r = try bench.oneRound()
                if r.scrolled { scrolled += 1 }
                if let c = r.rowChange, let h = r.hitAfterRow {
                    rowChanges.append(c.ns)
                    hitsAfterRow.append(h.ns)
                }
                moving += r.moving
                for m in r.moved {
                    moved.append(m.ns)
                    if let a = m.allocations { allocations.moved += a } else { counted = false }
                }
                for h in r.hitTests {
                    hits.append(h.ns)
                    if let a = h.allocations { allocations.hitTest += a } else { counted = false }
                }
            }
            let calls = Double(frames * ListDispatchBench.dragFrames)
            out.append(
                ListDispatchBenchRow(
                    rows: n, buildMs: bench.buildMs, moved: DispatchBench.median(moved) / 1e6,
                    hitTest: DispatchBench.median(hits) / 1e6,
                    rowChange: rowChanges.isEmpty ? .nan : DispatchBench.median(rowChanges) / 1e6,
                    hitAfterRow: hitsAfterRow.isEmpty
                        ? .nan : DispatchBench.median(hitsAfterRow) / 1e6,
                    moving: moving.isEmpty ? nil : DispatchBench.median(moving) / 1e6,
                    allocations: counted
                        ? (allocations.moved / calls, allocations.hitTest / calls) : nil,
                    scrolled: scrolled, rounds: frames))
        }
        return out
    }

    func printListTable(_ rows: [ListDispatchBenchRow]) {
        func pad(_ s: String, _ w: Int) -> String {
            String(repeating: " ", count: max(0, w - s.count)) + s
        }
        let header = [
            "rows", "moved ms", "hit test ms", "moving ms", "row ms", "hit after row ms",
            "allocs/moved",
            "allocs/hit", "scrolled",
        ]
        let widths = header.map { max(9, $0.count) }
        Output.line(zip(header, widths).map { pad($0, $1) }.joined(separator: "  "))
        for r in rows {
            let a = r.allocations
            let cells = [
                "\(r.rows)", Self.ms(r.moved), Self.ms(r.hitTest),
                r.moving.map { Self.ms($0) } ?? "n/a", Self.ms(r.rowChange),
                Self.ms(r.hitAfterRow),
                a.map { String(format: "%.1f", $0.moved) } ?? "n/a",
                a.map { String(format: "%.1f", $0.hitTest) } ?? "n/a",
                "\(r.scrolled)/\(r.rounds)",
            ]
            Output.line(zip(cells, widths).map { pad($0, $1) }.joined(separator: "  "))
        }
        if let first = rows.first, let last = rows.last, rows.count > 1 {
            var movingRatio = ""
            if let a = first.moving, let b = last.moving { movingRatio = ", moving \(Self.ratio(b / a))x" }
            Output.line(
                "\(Self.sizeLabel(last.rows))/\(Self.sizeLabel(first.rows)): moved \(Self.ratio(last.moved / first.moved))x, hitTest \(Self.ratio(last.hitTest / first.hitTest))x, row \(Self.ratio(last.rowChange / first.rowChange))x, hit after row \(Self.ratio(last.hitAfterRow / first.hitAfterRow))x\(movingRatio)"
            )
        }
        Output.line(
            "Medians of \(frames) rounds of \(ListDispatchBench.dragFrames) drag frames (\(Int(ListDispatchBench.dragStep)) pt each) on one full-screen scroll view; a hit test at the finger after each; allocations per call. The lift flicks the list: up to \(ListDispatchBench.movingFrames) frames of its motion (moving ms). After each round the row under the finger changes its height by a point (row ms), then a hit test at the finger."
        )
    }

    func listJSONValue(_ rows: [ListDispatchBenchRow]) -> JSONValue {
        func n(_ x: Double) -> JSONValue { .number(x) }
        let results: [JSONValue] = rows.map { r in
            var o = JSONObject()
            o.append("rows", n(Double(r.rows)))
            o.append("buildMs", n(r.buildMs))
            o.append("movedMs", n(r.moved))
            o.append("hitTestMs", n(r.hitTest))
            o.append("movingMs", r.moving.map(n) ?? .null)
            o.append("rowChangeMs", n(r.rowChange))
            o.append("hitAfterRowMs", n(r.hitAfterRow))
            var a = JSONObject()
            a.append("moved", r.allocations.map { n($0.moved) } ?? .null)
            a.append("hitTest", r.allocations.map { n($0.hitTest) } ?? .null)
            o.append("allocationsPerCall", .object(a))
            o.append("scrolled", n(Double(r.scrolled)))
            o.append("rounds", n(Double(r.rounds)))
            return .object(o)
        }
        var top = JSONObject()
        top.append("layout", .string("list"))
        top.append("frames", n(Double(frames)))
        top.append("dragFrames", n(Double(ListDispatchBench.dragFrames)))
        top.append("results", .array(results))
        return .object(top)
    }
}
