@testable import HitTestBench
import HitTestJSON
import HitTestScene
import Testing

/// The bench table and its notes say what is true of each scene, not of the first one.
@Suite struct BenchReportTests {
    /// Two scenes as a big run gives them: on `ui` the reference is timed on every point,
    /// on `wide` on a few dozen (its budget), and checked on fewer points than the others.
    func rows() -> [BenchResult] {
        func row(_ shape: String, _ engine: Engine, ns: Double, timed: Int, checked: Int) -> BenchResult {
            BenchResult(
                shape: shape, views: 100_000, engine: engine, buildMs: 1, nsPerQuery: ns,
                nsPerQueryDrag: ns, mismatches: 0, checkedPoints: checked, timedPoints: timed,
                threads: 1)
        }
        var rows = [
            row("ui", .reference, ns: 20_000, timed: 10_000, checked: 20_000),
            row("ui", .bvh, ns: 400, timed: 10_000, checked: 20_000),
            row("wide", .reference, ns: 12_000_000, timed: 43, checked: 892),
            row("wide", .bvh, ns: 400, timed: 10_000, checked: 20_000),
        ]
        for i in rows.indices {
            let reference = rows[i / 2 * 2]
            rows[i].speedupVsReference = reference.nsPerQuery / rows[i].nsPerQuery
            rows[i].referenceTimedPoints = reference.timedPoints
        }
        return rows
    }

    @Test func aSpeedupOnFewReferencePointsCarriesTheirCount() {
        let r = rows()
        #expect(BenchReport.speedup(r[1]) == "50.0x")
        #expect(BenchReport.speedup(r[3]) == "30000x (43 pts)")
        var alone = r[3]
        alone.speedupVsReference = nil
        #expect(BenchReport.speedup(alone) == "-")
    }

    @Test func everyRowPrintsItsOwnTimedAndCheckedPoints() throws {
        let lines = BenchReport.table(rows()).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        let header = lines[0].split(separator: " ", omittingEmptySubsequences: true)
        #expect(header.suffix(3) == ["timed", "checked", "mismatches"])
        func cells(_ line: String) -> [Substring] { line.split(separator: " ") }
        #expect(cells(lines[1]).suffix(3) == ["10000", "20000", "0"])
        #expect(cells(lines[3]).suffix(3) == ["43", "892", "0"])
        #expect(lines[4].contains("30000x (43 pts)"))
        #expect(!lines[2].contains("pts"))
    }

    @Test func theNotesNameOnlyTheScenesWhoseReferenceRanOnFewPoints() {
        let notes = BenchReport.notes(rows())
        #expect(notes.count == 2)
        #expect(notes[1].hasPrefix("wide at 100000 views: the reference was timed on 43 points and checked on 892"))
        #expect(!notes.joined().contains("ui at"))
        #expect(BenchReport.notes(rows().filter { $0.engine == .bvh }).isEmpty)
    }

    @Test func theJSONCarriesTheReferencePointsOfEachRow() throws {
        let json = try JSONReader.parse(Array(BenchReport.json(rows()).utf8))
        let results = try #require(json.asObject?["results"]?.asArray)
        let counts = results.map { $0.asObject?["referenceTimedPoints"]?.asNumber }
        #expect(counts == [10_000, 10_000, 43, 43])
        let timed = results.map { $0.asObject?["timedPoints"]?.asNumber }
        #expect(timed == [10_000, 10_000, 43, 10_000])
    }
}
