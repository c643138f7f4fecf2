import Foundation
import HitTestKit
import Testing

/// The iOS 26 `UISwitch` of the public fixtures, imported and replayed: a tap on the switch
/// lands on one of its private subviews, and the switch's built-in tap, which the importer
/// recreates from the recognizers the dump lists, toggles it as on a device
/// (`rule-import-gestures`, `rule-control-switch-tap`).
@Suite("hittest import, then replay: the iOS 26 switch")
struct SwitchReplayCommandTests {
    static let dump = ReplayCommandTests.doc(
        "Tests/Fixtures/recursive-description/10-ios26-sentry-uiswitch.txt")
    static let switchID = "UISwitch-0x11a70f9e0"

    /// Two taps in the middle of the switch (screen (35, 55)), a second apart.
    static let taps = """
        {"format": "hittest-events/1",
         "frames": [
           {"t": 0.00, "touches": [{"id": 1, "phase": "began", "at": [35, 55]}]},
           {"t": 0.08, "touches": [{"id": 1, "phase": "ended", "at": [35, 55]}]},
           {"t": 1.00, "touches": [{"id": 2, "phase": "began", "at": [35, 55]}]},
           {"t": 1.08, "touches": [{"id": 2, "phase": "ended", "at": [35, 55]}]}
         ]}
        """

    @Test("a replayed tap on the imported switch toggles it: valueChanged, on, then off again")
    func tapToggles() throws {
        let imported = try CLI.run(["import", "recursive-description", Self.dump])
        #expect(imported.status == 0, "\(imported.stderr)")
        let tap = Self.switchID + ".tapGestureRecognizer"
        #expect(imported.stdout.contains("\"id\": \"\(tap)\""))
        // The switch's line and its visual element's each say what was recreated.
        let warnings = imported.stderr.split(separator: "\n")
        #expect(warnings.count == 2, "\(imported.stderr)")
        #expect(warnings.allSatisfy { $0.contains("built-in tap `\(tap)`") }, "\(imported.stderr)")
        let scene = try CLI.temporaryFile(imported.stdout)
        let events = try CLI.temporaryFile(Self.taps, name: "events.json")

        // The touch lands on a private subview, not on the switch.
        let q = try CLI.run(["query", scene, "--at", "35,55"])
        #expect(q.stdout.contains("UIView-0x11a635710"), "\(q.stdout)")

        let r = try CLI.run(["replay", scene, events, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let entries = try #require(try JSONReader.parse(Array(r.stdout.utf8)).asArray)
            .compactMap(\.asObject)
        let events1 = entries.filter {
            $0["kind"]?.asString == "control" && $0["control"]?.asString == Self.switchID
        }.map { "\($0["t"]?.asNumber ?? -1) \($0["event"]?.asString ?? "")" }
        #expect(
            events1 == [
                "0.08 valueChanged", "0.08 primaryActionTriggered",
                "1.08 valueChanged", "1.08 primaryActionTriggered",
            ], "\(r.stdout)")
        #expect(
            entries.contains {
                $0["kind"]?.asString == "state" && $0["gesture"]?.asString == tap
                    && $0["state"]?.asString == "recognized"
            }, "\(r.stdout)")

        // The value, as a host reads it: off, on after the first tap, off after the second,
        // on every engine.
        let loaded = try Scene.load(json: Array(imported.stdout.utf8))
        let file = try EventsFile.load(json: Array(Self.taps.utf8))
        for engine in Engine.allCases {
            let d = Dispatcher(scene: loaded, engine: engine)
            #expect(d.controlState(of: Self.switchID)?.value == 0)
            var values: [Double?] = []
            for frame in file.frames {
                try d.feed(frame)
                if frame.touches.first?.phase == .ended {
                    values.append(d.controlState(of: Self.switchID)?.value)
                }
            }
            #expect(values == [1, 0], "\(engine)")
        }
    }
}
