import Foundation
import HitTestJSON
import Testing

@Suite("hittest replay")
struct ReplayCommandTests {
    static let scene = "docs/buttons.json"
    static let events = "docs/buttons-events.json"

    /// The repository root (the example files live in docs/).
    static func doc(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(name).path
    }

    @Test("replays docs/buttons.json: the button beats its ancestors, then C's tap wins")
    func textLog() throws {
        let r = try CLI.run(["replay", Self.doc(Self.scene), Self.doc(Self.events)])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 23)
        #expect(lines[3] == "[0.000] button: highlighted on")
        #expect(lines[7] == "[0.080] tapC: failed")
        #expect(lines[10] == "[0.080] button: highlighted off")
        #expect(lines[11] == "[0.080] button: touchUpInside")
        #expect(lines[12] == "[0.080] action buttonClicked")
        #expect(lines[19] == "[1.080] tapC: recognized")
        #expect(lines[22] == "[1.080] -[CView touchesCancelled:withEvent:] touch 2")
    }

    @Test("every --json entry has a kind; a delivery names a recognizer or a responder, not both")
    func jsonKinds() throws {
        var kinds: Set<String> = []
        var events: Set<String> = []
        for (scene, eventsFile) in [
            (Self.scene, Self.events),
            ("docs/scroll-button.json", "docs/scroll-button-events.json"),
        ] {
            let r = try CLI.run(["replay", Self.doc(scene), Self.doc(eventsFile), "--json"])
            #expect(r.status == 0, "\(r.stderr)")
            let entries = try #require(try JSONReader.parse(Array(r.stdout.utf8)).asArray)
            for entry in entries {
                let o = try #require(entry.asObject)
                let kind = try #require(o["kind"]?.asString, "\(entry)")
                kinds.insert(kind)
                #expect(o.keys.prefix(2) == ["t", "kind"], "\(entry)")
                if kind == "scrollEvent" {
                    let event = try #require(o["event"]?.asString, "\(entry)")
                    events.insert(event)
                    let pairs = ["velocity", "targetContentOffset"].map { o[$0]?.asArray?.count }
                    let paired = event == "scrollViewWillEndDragging"
                    #expect(pairs == (paired ? [2, 2] : [nil, nil]), "\(entry)")
                    let decelerate = o["willDecelerate"]?.asBool
                    #expect((decelerate != nil) == (event == "scrollViewDidEndDragging"))
                }
                guard kind == "delivery" else { continue }
                let gesture = o["gesture"]?.asString
                let responder = o["responder"]?.asString
                #expect((gesture == nil) != (responder == nil), "\(entry)")
                #expect((gesture == nil) == (o["view"] == nil), "\(entry)")
                #expect(o["to"] == nil, "\(entry)")
            }
        }
        // The two replays between them log every kind (touch 5 of the scroll example is a
        // flick: its motion logs scrollEvent).
        #expect(
            kinds == [
                "delivery", "state", "action", "control", "highlight", "scrollView", "scrollOffset",
                "scrollEvent",
            ])
        // The flick logs every delegate call, each with its own fields.
        #expect(
            events == [
                "scrollViewWillBeginDragging", "scrollViewWillEndDragging",
                "scrollViewDidEndDragging", "scrollViewWillBeginDecelerating",
                "scrollViewDidEndDecelerating",
            ])
    }

    @Test("--json prints rule-dispatch-log's array, the same on every engine")
    func jsonEveryEngine() throws {
        var outputs: [String] = []
        for engine in ["reference", "flat", "bvh"] {
            let r = try CLI.run([
                "replay", Self.doc(Self.scene), Self.doc(Self.events), "--json", "--engine", engine,
            ])
            #expect(r.status == 0, "\(r.stderr)")
            outputs.append(r.stdout)
        }
        #expect(outputs[0] == outputs[1] && outputs[1] == outputs[2])
        #expect(
            outputs[0].hasPrefix(
                "[\n {\"t\": 0, \"kind\": \"delivery\", \"touch\": 1, \"gesture\": \"tapC\", \"view\": \"CView\", \"message\": \"touchesBegan\"},\n"
            ))
        #expect(outputs[0].contains(#" {"t": 0.08, "kind": "action", "action": "buttonClicked"},"#))
        #expect(
            outputs[0].contains(
                #" {"t": 0, "kind": "control", "control": "button", "event": "touchDown"},"#))
        #expect(outputs[0].hasSuffix("\"touchesCancelled\"}\n]\n"))
    }

    @Test("a bad events file exits 1 naming the JSON path and field")
    func badEvents() throws {
        let path = try CLI.temporaryFile(
            #"""
            {"format": "hittest-events/1", "frames": [
              {"t": 0, "touches": [{"id": 1, "phase": "began", "at": [1, 2]}]},
              {"t": 0.1, "touches": [{"id": 2, "phase": "moved", "at": [1, 2]}]}]}
            """#, name: "events.json")
        let r = try CLI.run(["replay", Self.doc(Self.scene), path])
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr.contains(#"$.frames[1].touches[0], field "phase": touch 2 is moved"#))
        let unknown = try CLI.temporaryFile(
            #"{"format": "hittest-events/1", "frames": [{"t": 0, "touches": [], "x": 1}]}"#,
            name: "events.json")
        let u = try CLI.run(["replay", Self.doc(Self.scene), unknown])
        #expect(u.status == 1)
        #expect(u.stderr.contains(#"$.frames[0], field "x": unknown field"#))
    }

    @Test("events from standard input; both from standard input is a usage error")
    func standardInput() throws {
        let text = try String(contentsOfFile: Self.doc(Self.events), encoding: .utf8)
        let r = try CLI.run(["replay", Self.doc(Self.scene), "-"], stdin: text)
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("[0.000] CView,-[tapC touchesBegan:withEvent:] touch 1\n"))
        let both = try CLI.run(["replay", "-", "-"], stdin: text)
        #expect(both.status == 2)
    }
}
