import Foundation
import HitTestKit
import Testing

/// `explain` given a recursiveDescription dump: imported as `import recursive-description`
/// imports it, answered as on that scene, with a note for each view it talks about that
/// the import assumed something about (`rule-import-gestures`).
@Suite("hittest explain on a dump")
struct ExplainDumpTests {
    static let switchDump = SwitchReplayCommandTests.dump
    static let navbarDump = WalkthroughTests.docs.appendingPathComponent("navbar-dump.txt").path
    static let switchNote =
        "note: line 2 of the dump lists gesture recognizers on `UISwitch-0x11a70f9e0`, without "
        + "saying how many, the switch's own; the scene gives `UISwitch-0x11a70f9e0` only its "
        + "built-in tap `UISwitch-0x11a70f9e0.tapGestureRecognizer`, so a tap here toggles it "
        + "(`valueChanged`) as on a device, but a drag of its knob is not recognized "
        + "(rule-import-gestures)."

    @Test(
        "the iOS 26 switch: the tap lands on a private subview; the notes say the switch's tap takes it"
    )
    func switchText() throws {
        let r = try CLI.run(["explain", Self.switchDump, "--at", "35,55"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.hasPrefix(
                "(35, 55): hit `UIView-0x11a635710` in window `wrapper-window-1`, local point (25, 15)\n"
            ))
        let notes = r.stdout.split(separator: "\n").filter { $0.hasPrefix("note: ") }
        #expect(notes.count == 2, "\(r.stdout)")
        #expect(notes.first.map(String.init) == Self.switchNote)
        #expect(
            notes.last?.hasPrefix(
                "note: line 3 of the dump lists gesture recognizers on "
                    + "`UISwitchModernVisualElement-0x11a710060`, without saying how many, part of the "
                    + "switch `UISwitch-0x11a70f9e0`; ") == true)
        #expect(r.stdout.hasSuffix("(rule-import-gestures).\n"))
        // Standard error holds the import's warnings, as `import` prints them.
        let imported = try CLI.run(["import", "recursive-description", Self.switchDump])
        #expect(r.stderr == imported.stderr)
    }

    @Test("--json: the explanation of the imported scene with its importNotes")
    func switchJSON() throws {
        let r = try CLI.run([
            "explain", Self.switchDump, "--at", "35,55", "--expect", "UISwitch-0x11a70f9e0",
            "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try JSONReader.parse(Array(r.stdout.utf8)).asObject)
        #expect(o["hit"]?.asString == "UIView-0x11a635710")
        #expect(o["expect"]?.asObject?["rule"]?.asString == "rule-order-subviews")
        let notes = try #require(o["importNotes"]?.asArray).compactMap(\.asObject)
        #expect(
            notes.map { $0["view"]?.asString } == [
                "UISwitch-0x11a70f9e0", "UISwitchModernVisualElement-0x11a710060",
            ])
        #expect(notes.map { $0["line"]?.asNumber } == [2, 3])
        #expect(notes.allSatisfy { $0["kind"]?.asString == "builtInTap" })
        #expect(notes.allSatisfy { $0["recognizers"] == .null })
        #expect(notes.allSatisfy { $0["touchLandsInView"] == .bool(true) })
        #expect(notes.first?["message"]?.asString.map { "note: " + $0 } == Self.switchNote)
    }

    @Test("--events on the switch dump: the tap's story, then the notes on the views it began in")
    func switchStory() throws {
        let events = try CLI.temporaryFile(SwitchReplayCommandTests.taps, name: "events.json")
        let r = try CLI.run(["explain", Self.switchDump, "--events", events])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "at 0.08 s: `UISwitch-0x11a70f9e0.tapGestureRecognizer` recognized: it took the "
                    + "touch from the views."), "\(r.stdout)")
        #expect(lines.filter { $0.hasPrefix("note: ") }.count == 2)
        #expect(lines.dropLast().last == Self.switchNote)
        let j = try CLI.run(["explain", Self.switchDump, "--events", events, "--json"])
        let o = try #require(try JSONReader.parse(Array(j.stdout.utf8)).asObject)
        #expect(o["view"]?.asString == "UIView-0x11a635710")
        let notes = try #require(o["importNotes"]?.asArray).compactMap(\.asObject)
        #expect(notes.map { $0["kind"]?.asString } == ["builtInTap", "builtInTap"])
        // A scene file's story has no notes.
        let scene = try CLI.temporaryFile(
            try CLI.run(["import", "recursive-description", Self.switchDump, "--quiet"]).stdout)
        let plain = try CLI.run(["explain", scene, "--events", events, "--json"])
        #expect(plain.status == 0)
        #expect(!plain.stdout.contains("importNotes"))
    }

    @Test("a dump answers as the scene imported from it, then the notes; standard input too")
    func sameAsImported() throws {
        let args = ["--at", "27,40", "--expect", "UINavigationButton-0x1369e3b0"]
        let scene = try CLI.run(
            ["explain", WalkthroughTests.docs.appendingPathComponent("navbar.json").path] + args)
        let dump = try CLI.run(["explain", Self.navbarDump] + args)
        #expect(dump.status == 0, "\(dump.stderr)")
        let note =
            "note: line 1 of the dump lists gesture recognizers on `CustomNavigationBar-0x1369bad0`, "
            + "without saying how many; the scene has none; this touch does not land in "
            + "`CustomNavigationBar-0x1369bad0`, so on the device they do not see it either: they do "
            + "not change this answer (rule-import-gestures).\n"
        #expect(dump.stdout == scene.stdout + note)
        #expect(
            dump.stderr.hasPrefix(
                "\(Self.navbarDump):1: warning: CustomNavigationBar-0x1369bad0 has "))
        let text = try String(contentsOfFile: Self.navbarDump, encoding: .utf8)
        let stdin = try CLI.run(["explain", "-"] + args, stdin: text)
        #expect(stdin.stdout == dump.stdout)
        #expect(stdin.stderr.hasPrefix("<stdin>:1: warning: "))
    }

    @Test("a dump that cannot be imported exits 1 as import does, naming the line")
    func badDump() throws {
        let file = try CLI.temporaryFile(
            "   | <UIView: 0x1; frame = (0 0; 10 10); layer = <CALayer: 0x2>>\n", name: "dump.txt")
        let r = try CLI.run(["explain", file, "--at", "1,1"])
        let imported = try CLI.run(["import", "recursive-description", file])
        #expect(r.status == 1)
        #expect(imported.status == 1)
        #expect(r.stderr.contains("\(file):1: this view (UIView) is indented"), "\(r.stderr)")
        #expect(r.stderr == imported.stderr)
    }
}
