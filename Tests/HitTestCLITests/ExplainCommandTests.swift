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
                "The point is 30 pt outside `ViewThree` (local point (-30, -30), hit rect (0, 0, 100, 100)). "
                    + "To take touches that far out, override `point(inside:with:)` in `ViewThree` to test "
                    + "`bounds.insetBy(dx: -30, dy: -30)` (hitInsets of -30), or touch inside it. "
                    + "(rule-override-hit-insets)\n"
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
                #""expect":{"view":"badge","gotTouch":false,"decidedBy":"badge","rule":"rule-override-hit-shape","decision":"outside","#
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
            "import", "recursive-description",
            Self.docs.appendingPathComponent("navbar-dump.txt").path,
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
                    + "`isUserInteractionEnabled = false`, so it and its subviews get no touches: set "
                    + "`isUserInteractionEnabled = true` on `CustomNavigationBar-0x1369bad0`. "
                    + "(rule-eligibility-interaction)\n"))
    }
}

/// The iOS developer's flow without arithmetic: points as lldb prints them, and a view
/// asked about by its id alone.
@Suite("explain and query without arithmetic")
struct AimTests {
    static let navbar = WalkthroughTests.docs.appendingPathComponent("navbar.json").path
    /// Worked out from docs/navbar.json: the window's frame is (0, 8, 320, 56); the bar's
    /// center (160, 40), size 320 x 56 and translation (0, -12) put its bounds at the
    /// window's (0, 0), so the button's frame (5, 18, 44, 30) is (5, 26; 44 x 30) on screen,
    /// all of it inside the bar and the window: its center is (27, 41).
    static let aimLine =
        "aiming at (27, 41), the center of `UINavigationButton-0x1369e3b0` (on screen (5, 26; 44 x 30))"

    @Test("--at takes X,Y, [X, Y], {X, Y} and (X, Y), with the same answer")
    func pointForms() throws {
        let plain = try CLI.run(["query", "--at", "60,140", "--json"])
        #expect(plain.status == 0)
        for form in ["{60, 140}", "(60, 140)", " {60,140} ", "(60 , 140)", "[60, 140]"] {
            let r = try CLI.run(["query", "--at", form, "--json"])
            #expect(r.status == 0, "\(form): \(r.stderr)")
            #expect(r.stdout == plain.stdout, "\(form)")
        }
        for bad in ["{60, 140", "(60, 140}", "[60, 140)", "{60}"] {
            let r = try CLI.run(["query", "--at", bad])
            #expect(r.status == 2, "\(bad)")
        }
    }

    @Test("explain --expect ID without --at aims at the view's visible center and says where")
    func aimsAtTheVisibleCentre() throws {
        let r = try CLI.run(["explain", Self.navbar, "--expect", "UINavigationButton-0x1369e3b0"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == Self.aimLine)
        #expect(lines.dropFirst().first?.hasPrefix("(27, 41): hit `wrapper-window-1`") == true)
        #expect(
            r.stdout.hasSuffix(
                "so it and its subviews get no touches: set `isUserInteractionEnabled = true` on "
                    + "`CustomNavigationBar-0x1369bad0`. (rule-eligibility-interaction)\n"))
        // With --json the aim goes to standard error, and standard output stays JSON.
        let j = try CLI.run([
            "explain", Self.navbar, "--expect", "UINavigationButton-0x1369e3b0", "--json",
        ])
        #expect(j.status == 0)
        #expect(j.stderr == Self.aimLine + "\n")
        #expect(j.stdout.hasPrefix("{"))
    }

    @Test("a view partly or wholly outside its ancestors: the visible part's center, or its own")
    func partlyVisible() throws {
        // The background's frame (0, -8, 320, 76) in the bar is (0, 0; 320 x 76) on screen;
        // the bar and the window keep (0, 8; 320 x 56) of it.
        let r = try CLI.run([
            "explain", Self.navbar, "--expect", "_UINavigationBarBackground-0x1369bd40",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.hasPrefix(
                "aiming at (160, 36), the center of the part of `_UINavigationBarBackground-0x1369bd40` "
                    + "inside its ancestors (on screen (0, 8; 320 x 56) of (0, 0; 320 x 76))\n"))
        // Its hairline (0, 76, 320, 0.5) lies below the bar's bounds: nothing of it is inside.
        let h = try CLI.run(["explain", Self.navbar, "--expect", "UIImageView-0x1369be10"])
        #expect(h.status == 0, "\(h.stderr)")
        #expect(
            h.stdout.hasPrefix(
                "aiming at (160, 76.25), the center of `UIImageView-0x1369be10` (on screen (0, 76; 320 x 0.5)), "
                    + "none of which is inside its ancestors\n"))
    }

    @Test("explain --expect with an unknown id and no --at exits 1 with suggestions")
    func unknownAim() throws {
        let r = try CLI.run(["explain", Self.navbar, "--expect", "UINavigationButton"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("UINavigationButton-0x1369e3b0"))
        let none = try CLI.run(["explain", Self.navbar])
        #expect(none.status == 2)
        #expect(none.stderr.contains("--expect ID"))
    }
}

@Suite("hittest query --rect")
struct QueryRectTests {
    @Test("a view's screen rect, its part inside its ancestors and that part's center")
    func rect() throws {
        // Worked out as in AimTests: the background (0, -8, 320, 76) of the bar is
        // (0, 0; 320 x 76) on screen, and the bar and window keep (0, 8; 320 x 56) of it.
        let r = try CLI.run([
            "query", AimTests.navbar, "--rect", "_UINavigationBarBackground-0x1369bd40",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout == """
                _UINavigationBarBackground-0x1369bd40: on screen (0, 0; 320 x 76)
                inside its ancestors: (0, 8; 320 x 56)
                center of that part: (160, 36)

                """)
        let j = try CLI.run([
            "query", AimTests.navbar, "--rect", "UIImageView-0x1369be10", "--json",
        ])
        #expect(j.status == 0, "\(j.stderr)")
        #expect(
            j.stdout
                == #"{"view":"UIImageView-0x1369be10","screenRect":[0,76,320,0.5],"visibleRect":null,"center":[160,76.25]}"#
                + "\n")
        let unknown = try CLI.run(["query", AimTests.navbar, "--rect", "nobody"])
        #expect(unknown.status == 1)
        let both = try CLI.run(["query", AimTests.navbar, "--rect", "nobody", "--at", "1,1"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("exactly one of"))
    }
}
