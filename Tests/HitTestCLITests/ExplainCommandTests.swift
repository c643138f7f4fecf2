import Foundation
import Testing

@Suite("hittest explain")
struct ExplainCommandTests {
    @Test("explain lists each view asked and answers --expect in a sentence")
    func explainDemo() throws {
        let r = try CLI.run(["explain", "--at", "60,140", "--expect", "ViewThree"])
        #expect(r.status == 0)
        #expect(
            r.stdout.hasPrefix("(60, 140): hit `ViewTwo` in window `main`, local point (20, 20)\n"))
        #expect(
            r.stdout.contains("            ViewTwo: hit: the deepest view that takes the point\n"))
        #expect(
            r.stdout.contains(
                "              ViewThree: outside: local point (-30, -30) is outside its hit rect (0, 0, 100, 100)\n"
            ))
        #expect(
            r.stdout.hasSuffix(
                "The point is 30 pt outside `ViewThree` (local point (-30, -30), hit rect (0, 0, 100, 100)): enlarge its hit area, for example with hitInsets of -30 on that side.\n"
            ))
    }

    @Test("--json gives the same as data")
    func explainJSON() throws {
        let r = try CLI.run([
            "explain", CLI.fixture("windows.json"), "--at", "11,11", "--expect", "badge", "--json",
        ])
        #expect(r.status == 0)
        #expect(
            r.stdout.contains(
                #""expect":{"view":"badge","gotTouch":false,"decidedBy":"badge","decision":"outside","#
            ))
        #expect(r.stdout.contains(#""shape":"ellipse""#))
    }

    @Test("an unknown --expect id exits 1")
    func unknown() throws {
        let r = try CLI.run(["explain", "--at", "1,1", "--expect", "nobody"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\"nobody\""))
    }
}

/// The README's walkthrough, kept true: the commands give what the README shows.
@Suite("README walkthrough")
struct WalkthroughTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs")

    @Test("import, explain and render on the navigation bar dump")
    func walkthrough() throws {
        let imported = try CLI.run([
            "import", "recursive-description", Self.docs.appendingPathComponent("navbar-dump.txt").path,
        ])
        #expect(imported.status == 0)
        let committed = try String(
            contentsOf: Self.docs.appendingPathComponent("navbar.json"), encoding: .utf8)
        #expect(imported.stdout == committed)
        let explained = try CLI.run([
            "explain", Self.docs.appendingPathComponent("navbar.json").path, "--at", "27,40",
            "--expect", "UINavigationButton-0x1369e3b0",
        ])
        #expect(
            explained.stdout.hasSuffix(
                "`CustomNavigationBar-0x1369bad0`, which contains `UINavigationButton-0x1369e3b0`, has "
                    + "userInteractionEnabled = false, so it and its subviews get no touches: set "
                    + "userInteractionEnabled = true.\n"))
    }
}
