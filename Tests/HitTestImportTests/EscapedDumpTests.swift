import HitTestImport
import HitTestScene
import Testing

// A dump printed as a string literal (lldb's `po` or `p` of a `String`, or of the `Any?`
// that `value(forKey: "recursiveDescription")` returns) imports as the plain dump does.

/// The dump as lldb's Swift formatter prints a `String`: `\n`, `\"` and `\\` escaped.
private func lldbLiteral(_ text: String) -> String {
    var out = ""
    for c in text.unicodeScalars {
        switch c {
        case "\n": out += "\\n"
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\t": out += "\\t"
        default: out.unicodeScalars.append(c)
        }
    }
    return out
}

/// The forms a dump takes when printed as a literal, each on the line after the command
/// that printed it. `debugDescription` is the Swift runtime's own escaping (`\'` included).
private func literalForms(_ dump: String) -> [(name: String, text: String)] {
    let command = "(lldb) po view.value(forKey: \"recursiveDescription\")"
    return [
        ("quoted", command + " as! String\n\"" + lldbLiteral(dump) + "\"\n"),
        ("debugDescription", command + " as! String\n" + dump.debugDescription + "\n"),
        ("Optional(\"...\")", command + "\nOptional(\"" + lldbLiteral(dump) + "\")\n"),
        ("Optional(...)", command + "\nOptional(" + lldbLiteral(dump) + ")\n"),
        ("p", "(lldb) p s\n(String) $R0 = \"" + lldbLiteral(dump) + "\"\n(lldb) \n"),
    ]
}

@Suite("Dumps printed as string literals")
struct EscapedDumpTests {
    @Test(
        "every fixture printed as a literal imports to the plain fixture's scene",
        arguments: Fixtures.all.map(\.name))
    func fixtures(name: String) throws {
        let dump = try #require(Fixtures.all.first { $0.name == name }).text
        let plain = try #require(imported(dump))
        #expect(plain.viewCount > 1)
        for form in literalForms(dump) {
            // One line holds the whole dump.
            #expect(form.text.split(separator: "\n").count <= 3, "\(form.name)")
            let r = try #require(imported(form.text), "\(form.name)")
            #expect(r.scene == plain.scene, "\(form.name)")
            #expect(r.views.map(\.id) == plain.views.map(\.id), "\(form.name)")
            #expect(r.views.map(\.depth) == plain.views.map(\.depth), "\(form.name)")
            #expect(r.wrapperWindowIDs == plain.wrapperWindowIDs, "\(form.name)")
            // Every view comes from line 2, the literal's line.
            #expect(r.views.allSatisfy { $0.line == 2 }, "\(form.name)")
            #expect(r.warnings.count == plain.warnings.count, "\(form.name): \(r.warnings)")
            // The lines no longer tell the views apart; each warning still names its view.
            #expect(r.warnings.map(\.viewID) == plain.warnings.map(\.viewID), "\(form.name)")
            #expect(r.warnings.map(\.recognizers) == plain.warnings.map(\.recognizers))
        }
    }

    @Test("frames survive the escapes: the switch of fixture 10, view by view")
    func frames() throws {
        let r = try #require(imported("\"" + lldbLiteral(Fixtures.f10) + "\""))
        let plain = try #require(imported(Fixtures.f10))
        #expect(r.viewCount == 10)
        for v in plain.views {
            #expect(r.scene.view(v.id)?.placement == plain.scene.view(v.id)?.placement, "\(v.id)")
        }
        #expect(hitID(r.scene, 35, 55) == "UIView-0x11a635710")
    }

    @Test("an error inside a literal names the file's line and the unescaped line")
    func errorLine() throws {
        let dump = Fixtures.f03.replacingOccurrences(
            of: "frame = (55 5; 224 58)", with: "frame = (55 5; 224)")
        let text = "(lldb) po s\n\"" + lldbLiteral(dump) + "\"\n"
        guard let e = importError(text) else { return }
        #expect(e.line == 2, "\(e)")
        #expect(e.message.contains("frame must look like"), "\(e)")
        #expect(e.message.contains("line 7 of the dump with its `\\n` escapes"), "\(e)")
    }

    @Test("escaped quotes still open and close quoted text: a `; key = ` inside it is text")
    func escapedQuotes() throws {
        let dump = """
            <UIWindow: 0x1; frame = (0 0; 100 100); layer = <UIWindowLayer: 0x2>>
               | <UILabel: 0x3; frame = (0 0; 50 50); text = 'a; alpha = 0.5'; layer = <CALayer: 0x4>>
               | <UIView: 0x5; frame = (50 50; 50 50); layer = <CALayer: 0x6>>
            """
        let plain = try #require(imported(dump))
        #expect(plain.scene.view("UILabel-0x3")?.alpha == 1)
        // The runtime's escaping prints each quote as \'.
        #expect(dump.debugDescription.contains("\\'a; alpha = 0.5\\'"))
        let r = try #require(imported(dump.debugDescription))
        #expect(r.scene == plain.scene)
    }
}
