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

    @Test("a non-view line between records is reported, not dropped silently")
    func strayLine() throws {
        var lines = Self.lines
        lines.insert("opaque = NO; userInteractionEnabled = NO>> - (null)", at: 3)
        let r = try #require(imported(lines.joined(separator: "\n")))
        let warning = try #require(r.warnings.first { $0.message.contains("not a view line") })
        #expect(warning.line == 4)
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
