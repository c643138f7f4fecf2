import Foundation
import Testing

/// `hittest replay` on the committed example of a button inside a scroll view
/// (docs/scroll-button.json): what an iOS developer expects from UIKit's documented
/// defaults (`delaysContentTouches`, `touchesShouldCancel(in:)` false for a control).
@Suite("hittest replay: a button in a scroll view")
struct ScrollReplayCommandTests {
    static let scene = ReplayCommandTests.doc("docs/scroll-button.json")
    static let events = ReplayCommandTests.doc("docs/scroll-button-events.json")

    @Test(
        "a tap highlights late and fires; a held drag on the button does not scroll; a drag on a cell does"
    )
    func story() throws {
        let r = try CLI.run(["replay", Self.scene, Self.events])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        // Touch 1, a quick tap: the button hears of it only at touch-up, and fires.
        #expect(lines.contains("[0.080] list: touchEndedDuringDelay touch 1"))
        #expect(lines.contains("[0.080] buyButton: highlighted on"))
        #expect(!lines.contains("[0.000] buyButton: highlighted on"))
        #expect(lines.filter { $0.hasPrefix("[0.080] action buy") }.count == 1)
        // Touch 2, held then dragged on the button: no scrolling, and it still fires.
        #expect(lines.contains("[1.150] buyButton: touchDown"))
        #expect(lines.contains("[1.300] list: touchesShouldCancelFalse touch 2"))
        #expect(lines.contains("[1.400] action buy"))
        #expect(!lines.contains { $0.hasPrefix("[1.") && $0.contains("contentOffset") })
        // Touch 3, a drag from a plain cell: scrolls, and the cell's touch is cancelled.
        #expect(lines.contains("[2.300] list: contentOffset (0, 50)"))
        #expect(lines.contains("[2.300] -[cell0 touchesCancelled:withEvent:] touch 3"))
        #expect(lines.contains("[2.400] list: contentOffset (0, 100)"))
        // Touch 4 hits the button where it has scrolled to.
        #expect(lines.contains("[3.080] action buy"))
        // Touch 5, a flick from the button: it scrolls and the button never hears of it.
        #expect(lines.contains("[4.050] list: scrollBeganDuringDelay touch 5"))
        #expect(!lines.contains { $0.hasPrefix("[4") && $0.contains("buyButton") })
    }

    @Test(
        "a flick keeps the list moving; a tap on it stops it and does not reach the button; the next tap does (docs/scroll-flick-events.json)"
    )
    func flickThenTaps() throws {
        let events = ReplayCommandTests.doc("docs/scroll-flick-events.json")
        let r = try CLI.run(["replay", Self.scene, events])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        // Dragged to 20, lifted at 1,000 points a second: 0.1 s on, 20 + 90.63.
        #expect(lines.contains("[0.020] list: contentOffset (0, 20)"))
        #expect(lines.contains { $0.hasPrefix("[0.130] list: contentOffset (0, 110.625") })
        #expect(lines.contains("[0.030] list: scrollViewWillBeginDecelerating"))
        #expect(lines.contains("[0.130] list: touchStoppedScrolling touch 2"))
        #expect(lines.contains("[0.130] list: scrollViewDidEndDecelerating"))
        // Stopped there: no later offset, and the button heard nothing of touch 2.
        let offsetTimes = lines.filter { $0.contains("contentOffset") }.map {
            Double($0.dropFirst().prefix(5)) ?? -1
        }
        #expect(offsetTimes.last == 0.13, "\(offsetTimes)")
        #expect(!lines.contains { $0.hasPrefix("[0.") && $0.contains("buyButton") })
        #expect(!lines.contains { $0.hasPrefix("[0.") && $0.contains("action buy") })
        // Touch 3, with the list at rest, is delivered as usual: the button fires.
        #expect(lines.contains("[1.080] action buy"))
        let j = try CLI.run(["replay", Self.scene, events, "--json"])
        #expect(
            j.stdout.contains(
                #"{"t": 0.13, "kind": "scrollView", "touch": 2, "scrollView": "list", "decision": "touchStoppedScrolling"}"#
            ))
    }

    @Test("--json is the same on every engine and records offsets and decisions")
    func jsonEveryEngine() throws {
        var outputs: [String] = []
        for engine in ["reference", "flat", "bvh"] {
            let r = try CLI.run(["replay", Self.scene, Self.events, "--json", "--engine", engine])
            #expect(r.status == 0, "\(r.stderr)")
            outputs.append(r.stdout)
        }
        #expect(outputs[0] == outputs[1] && outputs[1] == outputs[2])
        #expect(
            outputs[0].contains(
                #"{"t": 2.3, "kind": "scrollOffset", "scrollView": "list", "contentOffset": [0,50]}"#
            ))
        #expect(
            outputs[0].contains(
                #"{"t": 1.3, "kind": "scrollView", "touch": 2, "scrollView": "list", "decision": "touchesShouldCancelFalse"}"#
            ))
        #expect(
            outputs[0].contains(
                #"{"t": 0.08, "kind": "highlight", "control": "buyButton", "highlighted": true}"#))
    }

    @Test("the README's flick and stopping tap are lines the replay prints, in a row")
    func readmeFlick() throws {
        let readme = try String(
            contentsOfFile: ReplayCommandTests.doc("README.md"), encoding: .utf8)
        let marker = "The flick and the stopping tap:\n\n```\n"
        let start = try #require(readme.range(of: marker)).upperBound
        let end = try #require(readme.range(of: "```", range: start..<readme.endIndex)).lowerBound
        let shown = String(readme[start..<end])
        let r = try CLI.run(["replay", Self.scene, ReplayCommandTests.doc("docs/scroll-flick-events.json")])
        #expect(!shown.isEmpty && r.stdout.contains(shown), "\(r.stdout)")
    }

    @Test("the README's zoom prints what the README shows: the pinch's zoom, then the tap on the pin")
    func readmeZoom() throws {
        let readme = try String(
            contentsOfFile: ReplayCommandTests.doc("README.md"), encoding: .utf8)
        let r = try CLI.run([
            "replay", ReplayCommandTests.doc("docs/scroll-zoom.json"),
            ReplayCommandTests.doc("docs/scroll-zoom-events.json"),
        ])
        #expect(r.status == 0, "\(r.stderr)")
        for marker in [
            "spread to 40:\n\n```\n", "which it would miss unzoomed (it is the tiles' (142.5, 142.5)):\n\n```\n",
        ] {
            let start = try #require(readme.range(of: marker)).upperBound
            let end = try #require(readme.range(of: "```", range: start..<readme.endIndex)).lowerBound
            let shown = String(readme[start..<end])
            #expect(!shown.isEmpty && r.stdout.contains(shown), "\(r.stdout)")
        }
    }

    @Test("the README's scroll view example prints what the README shows")
    func readme() throws {
        let readme = try String(
            contentsOfFile: ReplayCommandTests.doc("README.md"), encoding: .utf8)
        let marker = "The first touches:\n\n```\n"
        let start = try #require(readme.range(of: marker)).upperBound
        let end = try #require(readme.range(of: "```", range: start..<readme.endIndex)).lowerBound
        let r = try CLI.run(["replay", Self.scene, Self.events])
        #expect(r.stdout.hasPrefix(String(readme[start..<end])))
    }
}

/// `hittest explain --events`: why a touch went to the scroll view and not the button.
@Suite("hittest explain --events")
struct TouchStoryCommandTests {
    static let scene = ScrollReplayCommandTests.scene
    static let events = ScrollReplayCommandTests.events

    @Test(
        "a flick from the button: the scroll view began within the delay, the button heard nothing")
    func flick() throws {
        let r = try CLI.run(["explain", Self.scene, "--events", Self.events, "--touch", "5"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("bound it to `buyButton`") == true)
        #expect(lines.contains { $0.contains("`list` began scrolling within the delay") })
        #expect(lines.last == "`buyButton` was sent nothing for this touch.")
    }

    @Test("a held drag on the button: touchesShouldCancel answered false, so it did not scroll")
    func heldDrag() throws {
        let r = try CLI.run(["explain", Self.scene, "--events", Self.events, "--touch", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("touchesShouldCancel(in: buyButton) answered false"))
        #expect(r.stdout.contains("sent touchUpInside"))
        #expect(!r.stdout.contains("at 2.3 s"))  // touch 3's drag is not part of it
        let j = try CLI.run([
            "explain", Self.scene, "--events", Self.events, "--touch", "3", "--json",
        ])
        #expect(j.status == 0)
        #expect(
            j.stdout.hasPrefix(
                #"{"touch":3,"t":2,"at":[100,150],"view":"cell0","window":"main","story":["#))
        #expect(j.stdout.contains("scrolled to contentOffset (0, 100)"))
    }

    @Test("usage: --at or --events (exit 2); an unknown touch id exits 1")
    func usage() throws {
        #expect(try CLI.run(["explain", Self.scene]).status == 2)
        #expect(
            try CLI.run(["explain", Self.scene, "--at", "1,1", "--events", Self.events]).status == 2
        )
        let r = try CLI.run(["explain", Self.scene, "--events", Self.events, "--touch", "9"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("no touch with id 9"))
    }
}
