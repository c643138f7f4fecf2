import HitTestJSON

/// The benchmark's output: a table for people, JSON for tools.
public enum BenchReport {
    /// Below this many points in the reference's timed run, a speedup is printed with that
    /// count beside it: the reference is timed on as many points as fit its time budget,
    /// which on a big flat scene can be a few dozen.
    public static let minimumReferencePoints = 1000

    /// A speedup as the table prints it: `"44.8x"`, or `"29770x (43 pts)"` when the
    /// reference was timed on fewer than `minimumReferencePoints` points; `"-"` without one.
    public static func speedup(_ r: BenchResult) -> String {
        guard let s = r.speedupVsReference, s.isFinite else { return "-" }
        if let n = r.referenceTimedPoints, n < minimumReferencePoints {
            return format(s) + "x (\(n) pts)"
        }
        return format(s) + "x"
    }

    /// A fixed-width table, one row per engine and scene, with a header. Each row carries
    /// its own counts: `timed` is the random points in each timed run of that engine on
    /// that scene, `checked` the points its answers were compared with the other engines'.
    public static func table(_ rows: [BenchResult]) -> String {
        let header = [
            "shape", "views", "engine", "build ms", "ns/query", "ns/query drag", "ns/query batch", "vs reference",
            "bytes/view", "allocs/query", "timed", "checked", "mismatches",
        ]
        var cells: [[String]] = [header]
        for r in rows {
            cells.append([
                r.shape, String(r.views), r.engine.rawValue, format(r.buildMs),
                format(r.nsPerQuery), format(r.nsPerQueryDrag), r.nsPerQueryBatch.map { format($0) } ?? "-",
                speedup(r),
                (r.bytesPerView ?? r.storeBytesPerView).map { format($0) } ?? "-",
                r.allocationsPerQuery.map { formatSmall($0) } ?? "-",
                String(r.timedPoints), String(r.checkedPoints), String(r.mismatches),
            ])
        }
        var widths = [Int](repeating: 0, count: header.count)
        for row in cells {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        return cells.map { row in
            row.enumerated().map { i, cell in
                // Text left, numbers right.
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return i < 3 && i != 1 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// `{"results": [{"shape", "views", "engine", "buildMs", "nsPerQuery",
    /// "nsPerQueryDrag", "nsPerQueryBatch" (null for the reference), "speedupVsReference", "bytesPerView", "allocationsPerQuery",
    /// "mismatches", ...}]}`; unknown values are null. Extra members after those say how
    /// the figures were obtained.
    public static func json(_ rows: [BenchResult]) -> String {
        func number(_ x: Double?) -> JSONValue {
            guard let x, x.isFinite else { return .null }
            return .number(x)
        }
        let results: [JSONValue] = rows.map { r in
            .object(
                JSONObject([
                    JSONMember(key: "shape", value: .string(r.shape)),
                    JSONMember(key: "views", value: .number(Double(r.views))),
                    JSONMember(key: "engine", value: .string(r.engine.rawValue)),
                    JSONMember(key: "buildMs", value: number(r.buildMs)),
                    JSONMember(key: "nsPerQuery", value: number(r.nsPerQuery)),
                    JSONMember(key: "nsPerQueryDrag", value: number(r.nsPerQueryDrag)),
                    JSONMember(key: "nsPerQueryBatch", value: r.nsPerQueryBatch.map(number) ?? .null),
                    JSONMember(key: "speedupVsReference", value: number(r.speedupVsReference)),
                    JSONMember(key: "bytesPerView", value: number(r.bytesPerView ?? r.storeBytesPerView)),
                    JSONMember(key: "allocationsPerQuery", value: number(r.allocationsPerQuery)),
                    JSONMember(key: "mismatches", value: .number(Double(r.mismatches))),
                    JSONMember(key: "storeBytesPerView", value: number(r.storeBytesPerView)),
                    JSONMember(key: "checkedPoints", value: .number(Double(r.checkedPoints))),
                    JSONMember(key: "timedPoints", value: .number(Double(r.timedPoints))),
                    JSONMember(key: "threads", value: .number(Double(r.threads))),
                    JSONMember(
                        key: "referenceTimedPoints",
                        value: r.referenceTimedPoints.map { .number(Double($0)) } ?? .null),
                ]))
        }
        return JSONWriter.write(
            .object(JSONObject([JSONMember(key: "results", value: .array(results))])), pretty: true)
    }

    /// The lines under the table: what `timed` and `checked` count, and, for each scene
    /// whose reference was timed on fewer than `minimumReferencePoints` points, that its
    /// speedups rest on that many. Empty when no row has a reference to speak of.
    public static func notes(_ rows: [BenchResult]) -> [String] {
        var out: [String] = []
        if rows.contains(where: { $0.engine == .reference }) {
            out.append(
                "timed: random points in each timed run; checked: points compared with the other "
                    + "engines. The reference answers as many points as fit its time budget, the fast "
                    + "engines every point.")
        }
        for r in rows where r.engine == .reference && r.timedPoints < minimumReferencePoints {
            out.append(
                "\(r.shape) at \(r.views) views: the reference was timed on \(r.timedPoints) points "
                    + "and checked on \(r.checkedPoints), so its speedups are rough (\(r.timedPoints) pts).")
        }
        return out
    }

    /// A number with 3 significant digits at most below 100, whole above.
    static func format(_ x: Double) -> String {
        guard x.isFinite else { return "-" }
        if abs(x) >= 100 { return String(Int(x.rounded())) }
        if abs(x) >= 10 { return String((x * 10).rounded() / 10) }
        return String((x * 100).rounded() / 100)
    }

    /// Allocation counts: exact 0 as "0", tiny shares with more digits.
    static func formatSmall(_ x: Double) -> String {
        if x == 0 { return "0" }
        if x < 0.01 { return scientific(x) }
        return format(x)
    }

    private static func scientific(_ x: Double) -> String {
        // 2 significant digits in scientific form, without Foundation.
        var e = 0
        var m = x
        while m < 1 {
            m *= 10
            e -= 1
        }
        return String((m * 10).rounded() / 10) + "e" + String(e)
    }
}
