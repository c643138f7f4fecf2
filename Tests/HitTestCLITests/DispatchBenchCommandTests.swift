import CHitTestAllocationCounter
import HitTestJSON
import Testing

@Suite("hittest bench-dispatch")
struct DispatchBenchCommandTests {
    @Test("bench-dispatch --json gives one row per size, and the tap fires in every round")
    func json() throws {
        let r = try CLI.run(["bench-dispatch", "--views", "200,300", "--frames", "3", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let top = try #require(JSONReader.parse(Array(r.stdout.utf8)).asObject)
        #expect(top.keys == ["frames", "results", "largestOverSmallest"])
        #expect(top["frames"]?.asNumber == 3)
        let rows = try #require(top["results"]?.asArray)
        #expect(rows.count == 2)
        let keys = [
            "views", "buildMs", "beganMs", "movedMs", "endedMs", "pointerMoveMs", "hitTestMs",
            "beganOverHitTest", "allocationsPerCall", "movedViews", "setCentersMs",
            "tapsRecognized",
        ]
        let calls = ["began", "moved", "ended", "pointerMove", "hitTest"]
        for (row, views) in zip(rows, [200, 300]) {
            let o = try #require(row.asObject)
            #expect(o.keys == keys)
            #expect(o["views"]?.asNumber == Double(views))
            #expect(o["tapsRecognized"]?.asNumber == 3, "the tap recognizer fired in every round")
            for k in calls { #expect((o["\(k)Ms"]?.asNumber ?? -1) >= 0, "\(k)Ms") }
            // Every view but the containers (one in 21) and the tapped one is moved.
            let moved = try #require(o["movedViews"]?.asNumber)
            #expect(moved > 0 && moved < Double(views))
            let allocations = try #require(o["allocationsPerCall"]?.asObject)
            #expect(allocations.keys == calls)
            // The binary counts its allocations, except in sanitizer builds (this test
            // process is built the same way).
            for k in calls {
                if ht_allocation_counter_available() != 0 {
                    #expect((allocations[k]?.asNumber ?? -1) >= 0, "\(k)")
                } else {
                    #expect(allocations[k] == .null, "\(k)")
                }
            }
        }
        let growth = try #require(top["largestOverSmallest"]?.asObject)
        #expect(growth.keys == ["from", "to"] + calls)
        #expect(growth["from"]?.asNumber == 200 && growth["to"]?.asNumber == 300)
        #expect(r.stderr.contains("200 views: building the store"))
    }

    @Test("bench-dispatch --layout list --json: drags scroll, the lift flicks, a row changes, every figure timed")
    func listJSON() throws {
        let r = try CLI.run([
            "bench-dispatch", "--layout", "list", "--views", "100,400", "--frames", "3", "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let top = try #require(JSONReader.parse(Array(r.stdout.utf8)).asObject)
        #expect(top["layout"]?.asString == "list")
        let rows = try #require(top["results"]?.asArray)
        #expect(rows.count == 2)
        for (row, n) in zip(rows, [100, 400]) {
            let o = try #require(row.asObject)
            #expect(o["rows"]?.asNumber == Double(n))
            #expect(o["scrolled"]?.asNumber == 3, "every round's drag moved the offset")
            for k in ["movedMs", "hitTestMs", "movingMs", "rowChangeMs", "hitAfterRowMs"] {
                #expect((o[k]?.asNumber ?? -1) > 0, "\(k)")
            }
        }
    }

    @Test("bench-dispatch --layout map --json: every round zooms, each frame and hit test timed")
    func mapJSON() throws {
        let r = try CLI.run([
            "bench-dispatch", "--layout", "map", "--views", "100,400", "--frames", "2", "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let top = try #require(JSONReader.parse(Array(r.stdout.utf8)).asObject)
        #expect(top["layout"]?.asString == "map")
        let rows = try #require(top["results"]?.asArray)
        #expect(rows.count == 2)
        for (row, n) in zip(rows, [100, 400]) {
            let o = try #require(row.asObject)
            #expect(o["tiles"]?.asNumber == Double(n))
            #expect(o["zooms"]?.asNumber == 2, "every round changed the scale")
            for k in ["zoomFrameMs", "hitTestMs"] { #expect((o[k]?.asNumber ?? -1) > 0, "\(k)") }
        }
        let bad = try CLI.run(["bench-dispatch", "--layout", "map", "--depth", "3"])
        #expect(bad.status != 0 && bad.stderr.contains("the map layout has none"))
    }

    @Test("bench-dispatch prints the table with the taps counted")
    func table() throws {
        let r = try CLI.run(["bench-dispatch", "--views", "500", "--frames", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first)
        for column in [
            "views", "began ms", "pointer ms", "hit test ms", "began/hit", "allocs/moved",
        ] {
            #expect(header.contains(column), "\(column)")
        }
        #expect(lines.contains { $0.hasPrefix("      500 ") && $0.hasSuffix(" 2/2") })
    }

    @Test("bench-dispatch refuses bad sizes and frame counts, naming the option")
    func badOptions() throws {
        for (args, text) in [
            (["--views", "1"], "--views: 1 is not in"),
            (["--views", "1000,many"], "--views: unknown value \"many\""),
            (["--frames", "0"], "--frames must be"),
        ] {
            let r = try CLI.run(["bench-dispatch"] + args)
            #expect(r.status == 2)
            #expect(r.stderr.contains(text), "\(args): \(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
    }
}
