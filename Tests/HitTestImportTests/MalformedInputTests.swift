import HitTestImport
import HitTestScene
import Testing

// Each kind of malformed input gives an ImportError naming the line where it is.

private let root = "<UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x2>>"

/// A dump with `line` as its third line, after the root and a good subview.
private func third(_ line: String) -> String {
    [
        root, "   | <UIView: 0x3; frame = (0 0; 10 10); layer = <CALayer: 0x4>>", line,
        "   | <UIView: 0x5; frame = (0 0; 10 10); layer = <CALayer: 0x6>>",
    ].joined(separator: "\n")
}

@Suite("Malformed dumps")
struct MalformedInputTests {
    @Test("a description without its closing >")
    func unterminatedDescription() {
        expectError(
            third("   | <UIView: 0x7; frame = (0 0; 10 10); layer = <CALayer: 0x8>"), line: 3,
            "`>` is missing")
        expectError(third("   | <UIView: 0x7; frame = (0 0; 10 10"), line: 3, "`)>` is missing")
        expectError(
            third("   | <UIView: 0x7; frame = (0 0; 10 10); transform = [1, 0, 0, 1, 0, 0>"),
            line: 3, "`]>` is missing")
        expectError(root.replacingOccurrences(of: ">>", with: ">"), line: 1, "is missing")
    }

    @Test("quoted text that never closes, or runs into the next view")
    func unterminatedQuote() {
        expectError(
            root
                + "\n   | <UILabel: 0x7; frame = (0 0; 10 10); text = 'abc; layer = <CALayer: 0x8>>\n\n",
            line: 2,
            "never closes")
        expectError(
            third("   | <UILabel: 0x7; frame = (0 0; 10 10); text = 'abc'")
                + "\n   | <UIView: 0x9; text = 'x'>",
            line: 3, "looks like the next view")
    }

    @Test("values of the wrong shape for the keys that matter")
    func badValues() {
        let cases: [(String, String)] = [
            ("frame = (0 0; abc 10)", "frame must look like (x y; w h)"),
            ("frame = (0 0; 10)", "frame must look like"),
            ("frame = 0 0 10 10", "frame must look like"),
            (
                "frame = (0 0; 10 10); transform = [1, 0, 0, 1, 0]",
                "transform must look like [a, b, c, d, tx, ty]"
            ),
            ("frame = (0 0; 10 10); transform = [1, 0, 0, 1, 0, 0, 0]", "transform must look like"),
            ("frame = (0 0; 10 10); alpha = half", "alpha must be a number"),
            ("frame = (0 0; 10 10); alpha = 0.5.5", "alpha must be a number"),
            ("frame = (0 0; 10 10); alpha = ", "alpha must be a number"),
            ("frame = (0 0; 10 10); hidden = MAYBE", "hidden must be YES or NO"),
            (
                "frame = (0 0; 10 10); userInteractionEnabled = 2",
                "userInteractionEnabled must be YES or NO"
            ),
            ("frame = (0 0; 10 10); clipsToBounds = ", "clipsToBounds must be YES or NO"),
            (
                "frame = (0 0; 10 10); layer = <CALayer: 0x8>; contentOffset: {0}",
                "contentOffset must look like {x, y}"
            ),
            (
                "frame = (0 0; 10 10); bounds = {{0, 0}, {10}}",
                "bounds must look like {{x, y}, {w, h}}"
            ),
            ("frame = (0 0; 10 10); hidden = YES; hidden = NO", "`hidden` appears twice"),
            ("frame = (0 0; 10 10); frame = (0 0; 10 10)", "`frame` appears twice"),
        ]
        for (fields, message) in cases {
            expectError(third("   | <UIView: 0x7; \(fields)>"), line: 3, message)
        }
    }

    @Test("an error in a field after a multi-line text names the line the field is on")
    func errorOnContinuationLine() {
        let text = third(
            "   | <UITextView: 0x7; frame = (0 0; 10 10); text = 'one\n\ntwo'; alpha = x; layer = <CALayer: 0x8>>"
        )
        expectError(text, line: 5, "alpha must be a number")
        let twice = third(
            "   | <UITextView: 0x7; frame = (0 0; 10 10); text = 'one\ntwo'; frame = (1 1; 1 1)>")
        expectError(twice, line: 4, "first on line 3")
    }

    @Test("an indented view before any root")
    func missingRoot() {
        expectError("   | <UIView: 0x7; frame = (0 0; 10 10)>\n" + root, line: 1, "no root view")
        // Text and indented lines without a description before the root are not views.
        #expect(imported("(lldb) po view\n   | CustomDebugDescription\n" + root)?.viewCount == 1)
    }

    @Test("text without any view")
    func noView() {
        expectError("", line: 1, "no view found")
        expectError(
            "(lldb) po view\nerror: use of undeclared identifier 'view'\n", line: 1, "no view found"
        )
        expectError("\n\n<UIViewController: 0x1; view = <UIView: 0x2>>\n", line: 3, "no view found")
        expectError("\n<CALayer: 0x1; frame = (0 0; 1 1)> (layer)\n", line: 2, "no view found")
    }

    @Test("dumps beyond Scene.Limits are errors on the line that crosses them")
    func limits() {
        var limits = Scene.Limits()
        limits.maxDepth = 3
        limits.maxWindows = 2
        limits.maxViews = 4
        let options = ImportOptions(limits: limits)
        func check(_ text: String, line: Int, _ fragment: String) {
            do {
                _ = try RecursiveDescriptionImporter.importDump(from: text, options: options)
                Issue.record("expected an error")
            } catch {
                #expect(error.line == line, "\(error)")
                #expect(error.message.contains(fragment), "\(error)")
            }
        }
        let view = "<UIView: 0x9; frame = (0 0; 1 1)>"
        check(
            [root, "| " + view, "|| " + view, "||| " + view].joined(separator: "\n"), line: 4,
            "deeper than 3")
        check([view, "| " + view, "|| " + view].joined(separator: "\n"), line: 3, "deeper than 3")
        check([root, root, root].joined(separator: "\n"), line: 3, "at most 2 windows")
        check(
            [root, "| " + view, "| " + view, "| " + view, "| " + view].joined(separator: "\n"),
            line: 5, "more than 4 views")
        // A wrapper window counts as a view.
        check(
            [view, "| " + view, "| " + view, "| " + view].joined(separator: "\n"), line: 4,
            "more than 4 views")
    }

    @Test("what the scene format itself refuses names the view's line")
    func invalidScene() {
        let longClass = String(repeating: "A", count: 1_100)
        expectError(third("   | <\(longClass): 0x7; frame = (0 0; 10 10)>"), line: 3, "maxIDLength")
        // The center x + w/2 overflows.
        expectError(
            third("   | <UIView: 0x7; frame = (1.7e308 0; 1.7e308 10)>"), line: 3, "overflows")
        // The right edge of a window overflows (its center does not).
        expectError("<UIWindow: 0x1; frame = (1e308 0; 1.7e308 10)>", line: 1, "overflows")
    }

    @Test("records that are not views are skipped before their values are read")
    func skippedValuesAreNotRead() {
        let r = imported(third("   | <UIViewController: 0x7; alpha = nonsense; hidden = MAYBE>"))
        #expect(r?.viewCount == 3)
    }
}
