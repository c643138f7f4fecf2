import HitTestImport
import HitTestScene
import Testing

// Section 1 and 2.3: what tools print around a dump and in front of its lines is not
// data. Each wrapped dump must give exactly the scene of the bare fixture.

private func scene(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Scene? {
    imported(text, sourceLocation: sourceLocation)?.scene
}

/// The fixture without its final newline.
private func body(_ text: String) -> String { String(text.dropLast()) }

@Suite("Wrappers around dumps")
struct WrapperTests {
    @Test("lldb po: the command line and `(id) $2 = 0x... ` before the root")
    func lldb() throws {
        let bare = try #require(scene(Fixtures.f01))
        let wrapped =
            "(lldb) po [[self view] recursiveDescription]\n(id) $2 = 0x08bb4d50 " + Fixtures.f01
            + "(lldb) \n"
        #expect(scene(wrapped) == bare)
        let f02 = "(lldb) po [self.view recursiveDescription]\n(id) $2 = 0x1e05c2e0 " + Fixtures.f02
        #expect(scene(f02) == scene(Fixtures.f02))
    }

    @Test("Cycript: backticks around the dump")
    func cycript() throws {
        for f in [Fixtures.f05, Fixtures.f07, Fixtures.f08] {
            let wrapped =
                "cy# UIApp.keyWindow.recursiveDescription().toString()\n`" + body(f) + "`\ncy# \n"
            #expect(scene(wrapped) == scene(f))
        }
    }

    @Test("Frida: double quotes around the dump")
    func frida() throws {
        let wrapped =
            "[iPhone::App]-> ObjC.classes.UIWindow.keyWindow().recursiveDescription().toString()\n\""
            + body(Fixtures.f04) + "\"\n"
        #expect(scene(wrapped) == scene(Fixtures.f04))
    }

    @Test("NSLog: a message or a timestamp before the root")
    func nslog() throws {
        #expect(scene("Nav bar " + Fixtures.f03) == scene(Fixtures.f03))
        let stamped = "2013-08-17 21:04:53.358 App[60940:11303] Nav bar " + Fixtures.f03
        #expect(scene(stamped) == scene(Fixtures.f03))
    }

    @Test("source comments: `        // ` before every line, text lines included")
    func comments() throws {
        for f in [Fixtures.f01, Fixtures.f05, Fixtures.f09, Fixtures.f10] {
            let commented = body(f).split(separator: "\n", omittingEmptySubsequences: false)
                .map { "        // " + $0 }.joined(separator: "\n")
            #expect(scene(commented) == scene(f))
            let slashes = body(f).split(separator: "\n", omittingEmptySubsequences: false)
                .map { "/// " + $0 }.joined(separator: "\n")
            #expect(scene(slashes) == scene(f))
        }
    }

    @Test("pimped prefixes: view controller names, XX ( ... ), * OVERLAP!, ivar names")
    func prefixes() throws {
        let text = """
            'MyViewController:0x1' 1 child[ChildController:0x2 ] <UIView: 0x10; frame = (0 0; 100 100); layer = <CALayer: 0x9>>
               | * OVERLAP! <UIView: 0x11; frame = (0 0; 50 50); layer = <CALayer: 0x9>>
               | XX (<UIView: 0x12; frame = (0 0; 50 50); hidden = YES; layer = <CALayer: 0x9>>)
               |    | _myButton <UIButton: 0x13; frame = (0 0; 10 10); layer = <CALayer: 0x9>>
               | 'ChildController:0x2' <UIView: 0x14; frame = (50 50; 50 50); layer = <CALayer: 0x9>> (
            """
        let s = try #require(scene(text))
        #expect(
            s.ids == [
                "wrapper-window-1", "UIView-0x10", "UIView-0x11", "UIView-0x12", "UIButton-0x13",
                "UIView-0x14",
            ])
        #expect(s.view("UIView-0x12")?.isHidden == true)
        #expect(hitID(s, 5, 5) == "UIView-0x11")
        #expect(hitID(s, 60, 60) == "UIView-0x14")
    }

    @Test("the tools' lines around a dump add no warning")
    func noWarnings() throws {
        let wrapped = [
            (
                Fixtures.f01,
                "(lldb) po [[self view] recursiveDescription]\n(id) $2 = 0x08bb4d50 " + Fixtures.f01
                    + "(lldb) \n"
            ),
            (
                Fixtures.f05,
                "cy# UIApp.keyWindow.recursiveDescription().toString()\n`" + body(Fixtures.f05)
                    + "`\ncy# \n"
            ),
            (
                Fixtures.f04,
                "[iPhone::App]-> ObjC.classes.UIWindow.keyWindow()\n\"" + body(Fixtures.f04)
                    + "\"\n"
            ),
        ]
        for (bare, text) in wrapped {
            let r = try #require(imported(text))
            let plain = try #require(imported(bare))
            #expect(r.warnings.map(\.message) == plain.warnings.map(\.message))
        }
    }

    @Test("prose before the dump is ignored; prose after it is reported, not dropped silently")
    func prose() throws {
        let text =
            "Here is the dump:\n\n" + Fixtures.f06 + "\n\nThe button does not respond. Why?\n"
        #expect(scene(text) == scene(Fixtures.f06))
        let r = try #require(imported(text))
        let plain = try #require(imported(Fixtures.f06))
        #expect(r.warnings.count == plain.warnings.count + 1)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            r.warnings.last?.line == lines.firstIndex { $0.hasPrefix("The button") }.map { $0 + 1 })
        #expect(r.warnings.last?.message.contains("`The button does not respond. Why?`") == true)
    }
}
