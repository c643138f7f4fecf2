import HitTestGeometry
import HitTestImport
import HitTestReference
import HitTestScene
import Testing

/// Dumps as people paste them (cut off, commented, hard-wrapped) import
/// as the tree they show, and what cannot be used is reported, never dropped silently.
@Suite("Pasted dumps")
struct PastedDumpTests {
    static let dump = Fixtures.f03
    static var lines: [String] { dump.split(separator: "\n").map(String.init) }

    @Test("a cut-off last record: the records before it, and a warning naming its line")
    func cutOff() throws {
        let last = Self.lines.last!
        let cut = (Self.lines.dropLast() + [String(last.prefix(60))]).joined(separator: "\n")
        let r = try #require(imported(cut))
        let whole = try #require(imported(Self.dump))
        #expect(r.scene.ids == Array(whole.scene.ids.dropLast()))
        let warning = try #require(r.warnings.first { $0.message.contains("cut off") })
        #expect(warning.line == Self.lines.count)
        #expect(warning.message.contains("_UINavigationBarBackIndicatorView 0x12a711a0"))
        #expect(warning.message.contains("--strict"))
        // A stray line before the cut-off record is reported too.
        let stray = (Self.lines.dropLast() + ["stray text", String(last.prefix(60))])
            .joined(separator: "\n")
        let withStray = try #require(imported(stray))
        let n = Self.lines.count
        #expect(
            withStray.warnings.contains {
                $0.line == n && $0.message.contains("`stray text` is not a view line")
            }, "\(withStray.warnings)")
        #expect(withStray.warnings.contains { $0.line == n + 1 && $0.message.contains("cut off") })
        // --strict refuses, naming the line.
        do {
            _ = try RecursiveDescriptionImporter.importDump(
                from: cut, options: ImportOptions(strict: true))
            Issue.record("a strict import of a cut-off dump succeeded")
        } catch {
            #expect(error.line == Self.lines.count)
            #expect(error.message.contains("`>` is missing"), "\(error)")
        }
    }

    @Test(
        "a comment prefix on every line (// or #) imports as the same tree",
        arguments: ["// ", "# ", "## ", "\t// "])
    func commentPrefix(_ prefix: String) throws {
        let commented = Self.lines.map { prefix + $0 }.joined(separator: "\n")
        let r = try #require(imported(commented))
        let whole = try #require(imported(Self.dump))
        #expect(r.scene == whole.scene)
    }

    @Test("a line hard-wrapped inside a description is joined, with a warning naming it")
    func hardWrapped() throws {
        var lines = Self.lines
        // Wrap the UIView line (line 6) after "frame = (55 5;", as a mail program would.
        let i = 5
        let split = lines[i].range(of: "frame = (55 5; ")!
        let first = String(lines[i][..<split.upperBound].dropLast())
        let second = String(lines[i][split.upperBound...])
        lines[i] = first
        lines.insert(second, at: i + 1)
        let r = try #require(imported(lines.joined(separator: "\n")))
        let whole = try #require(imported(Self.dump))
        #expect(r.scene == whole.scene)
        let warning = try #require(r.warnings.first { $0.message.contains("hard-wrapped") })
        #expect(warning.line == i + 2)
        #expect(warning.message.contains("joined to line \(i + 1)"))
    }

    /// The warnings of `text` that are not about gesture recognizers (`dump` lists some).
    static func otherWarnings(_ r: ImportResult) -> [ImportWarning] {
        r.warnings.filter { !$0.message.contains("gesture recognizer") }
    }

    /// The error a `--strict` import of `text` throws, recording an issue when it imports.
    static func strictError(
        _ text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> ImportError? {
        do {
            _ = try RecursiveDescriptionImporter.importDump(
                from: text, options: ImportOptions(strict: true))
            Issue.record("a strict import succeeded", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    @Test("a non-view line between records is reported naming its text; --strict refuses it")
    func strayLine() throws {
        var lines = Self.lines
        let stray = "opaque = NO; userInteractionEnabled = NO>> - (null)"
        lines.insert(stray, at: 3)
        let text = lines.joined(separator: "\n")
        let r = try #require(imported(text))
        let whole = try #require(imported(Self.dump))
        #expect(r.scene == whole.scene)
        let warnings = Self.otherWarnings(r)
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.line == 4)
        #expect(warning.message.contains("`\(stray)` is not a view line"), "\(warning)")
        let error = try #require(Self.strictError(text))
        #expect(error.line == 4)
        #expect(error.message.contains(stray), "\(error)")
    }

    @Test("an indented line without a description is reported with the views it takes along")
    func indentedLineWithoutDescription() throws {
        var lines = Self.lines
        // The UIView of line 6 (three subviews, lines 7 to 9) lost its description.
        lines[5] = "   | (the view was here)"
        let text = lines.joined(separator: "\n")
        let r = try #require(imported(text))
        #expect(r.viewCount == 6)
        let warnings = Self.otherWarnings(r)
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.line == 6)
        #expect(warning.message.contains("`(the view was here)` is indented like a view"))
        #expect(warning.message.contains("the 3 records nested under it (to line 9) are skipped"))
        #expect(Self.strictError(text)?.line == 6)
        // --strict names the first such text, whichever pass found it.
        #expect(Self.strictError(text + "\nThe back button does not respond.")?.line == 6)
    }

    @Test("a record without a frame is reported with the views it takes along")
    func recordWithoutFrame() throws {
        var lines = Self.lines
        lines[3] = "   | <MyViewController: 0x99; view = <UIView: 0x98>>"
        let text = lines.joined(separator: "\n")
        let r = try #require(imported(text))
        #expect(r.viewCount == 8)
        let warning = try #require(Self.otherWarnings(r).first)
        #expect(Self.otherWarnings(r).count == 1)
        #expect(warning.line == 4)
        #expect(warning.message.contains("MyViewController 0x99 has no `frame`"), "\(warning)")
        #expect(warning.message.contains("the 1 record nested under it (to line 5) is skipped"))
        #expect(Self.strictError(text)?.line == 4)
    }

    @Test("a layer with a view nested under it is reported; layers alone are not")
    func viewUnderLayer() throws {
        let text = """
            <UIWindow: 0x1; frame = (0 0; 100 100); layer = <UIWindowLayer: 0x2>>
               | <CALayer: 0x3> (layer)
               |    | <CALayer: 0x4> (layer)
               |    | <UIView: 0x5; frame = (0 0; 10 10); layer = <CALayer: 0x6>>
               | <CALayer: 0x7> (layer)
            """
        let r = try #require(imported(text))
        #expect(r.viewCount == 1)
        #expect(r.warnings.map(\.line) == [2])
        #expect(r.warnings.first?.message.contains("CALayer 0x3 is a layer") == true)
        #expect(
            r.warnings.first?.message.contains("the 1 record nested under it (to line 4)") == true)
    }

    @Test("text after the last view is reported; a debugger's prompt or closing quote is not")
    func textAfterTheDump() throws {
        let text = Self.dump + "(lldb) \n`\nThe back button does not respond.\n\n"
        let r = try #require(imported(text))
        let warnings = Self.otherWarnings(r)
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.line == Self.lines.count + 3)
        #expect(
            warnings.first?.message.contains(
                "`The back button does not respond.` after the last view")
                == true)
        #expect(Self.strictError(text)?.line == Self.lines.count + 3)
        // Text before the first view is the tool's: not reported.
        let before = try #require(imported("Here is the dump:\n" + Self.dump))
        #expect(Self.otherWarnings(before).isEmpty)
    }

    @Test("a second description after a record's `>` is reported: one view a line")
    func twoRecordsOnALine() throws {
        let text =
            "<UIWindow: 0x1; frame = (0 0; 100 100)> <UIView: 0x2; frame = (0 0; 10 10)>\n"
            + "   | <UIView: 0x3; frame = (0 0; 10 10)>\n"
        let r = try #require(imported(text))
        #expect(r.viewCount == 2)
        #expect(r.warnings.map(\.line) == [1])
        #expect(
            r.warnings.first?.message.contains("holds another description (UIView 0x2)") == true)
        #expect(Self.strictError(text)?.line == 1)
    }

    @Test("alpha = nan imports as 1 and the view takes touches, as the reference treats NaN")
    func nanAlpha() throws {
        let text = """
            <UIWindow: 0x1; frame = (0 0; 100 100); layer = <UIWindowLayer: 0x2>>
               | <UIView: 0x3; frame = (10 10; 50 50); alpha = nan; layer = <CALayer: 0x4>>
            """
        let r = try #require(imported(text))
        #expect(r.scene.view("UIView-0x3")?.alpha == 1)
        #expect(hitID(r.scene, 20, 20) == "UIView-0x3")
        #expect(r.warnings.contains { $0.line == 2 && $0.message.contains("alpha is nan") })
        // The reference with a NaN alpha set directly: the same answer.
        let screen = Screen(scene: r.scene)
        screen.view(withID: "UIView-0x3")?.alpha = .nan
        #expect(screen.hitTest(Point(x: 20, y: 20))?.view.id == "UIView-0x3")
    }
}
