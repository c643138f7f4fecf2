import HitTestExplain
import HitTestGeometry
import HitTestImport
import HitTestJSON
import Testing

/// A dump whose records say what the import has to assume: recognizers on the window
/// (count unsaid) and on a container (two, printed), an alpha out of range on the button
/// inside it, recognizers on a label that a view added after it covers.
let assumingDump = """
    <UIWindow: 0x1; frame = (0 0; 320 480); gestureRecognizers = <NSArray: 0x2>; layer = <UIWindowLayer: 0x3>>
       | <UIView: 0x10; frame = (0 0; 320 200); gestureRecognizers = <__NSArrayM: 0x11>(<UITapGestureRecognizer: 0x12; state = Possible; view = <UIView 0x10>>, <UIPanGestureRecognizer: 0x13; state = Possible; view = <UIView 0x10>>); layer = <CALayer: 0x14>>
       |    | <UIButton: 0x20; frame = (10 10; 100 44); alpha = 1.5; layer = <CALayer: 0x21>>
       | <UILabel: 0x30; frame = (0 300; 320 100); gestureRecognizers = <NSArray: 0x31>; layer = <CALayer: 0x32>>
       | <UIView: 0x40; frame = (0 300; 320 100); layer = <CALayer: 0x41>>
    """

@Suite("explain on an imported dump: what the import assumed")
struct ImportNoteTests {
    let explainer: Explainer

    init() throws {
        explainer = Explainer(
            imported: try RecursiveDescriptionImporter.importDump(from: assumingDump))
    }

    @Test("the views the touch lands in: their recognizers may take it; the hit view's repair")
    func landsIn() throws {
        let x = try #require(explainer.explain(Point(x: 20, y: 20)))
        #expect(x.hit?.view == "UIButton-0x20")
        let notes = try #require(x.importNotes)
        #expect(notes.map(\.view) == ["UIWindow-0x1", "UIView-0x10", "UIButton-0x20"])
        #expect(notes.map(\.kind) == [.recognizers, .recognizers, .assumption])
        #expect(notes.map(\.recognizerCount) == [nil, 2, nil])
        #expect(notes.map(\.line) == [1, 2, 3])
        #expect(notes.allSatisfy { $0.touchLandsInView })
        #expect(
            notes[1].message
                == "line 2 of the dump lists 2 gesture recognizers on `UIView-0x10`; the scene has "
                + "none, so a recognizer on the device may take this touch: UIKit delivers a touch to "
                + "the recognizers of the view it lands on and of every view above it, and one that "
                + "recognizes its gesture cancels the touch in `UIButton-0x20` (rule-import-gestures)."
        )
        #expect(
            notes[0].message.contains(
                "lists gesture recognizers on `UIWindow-0x1`, without saying how many"))
        #expect(
            notes[2].message.contains("`UIButton-0x20`: alpha 1.5 is outside [0, 1]; clamped to 1.")
        )
        // The text ends with the notes; the JSON carries them.
        #expect(x.lines.suffix(3) == notes.map { "note: " + $0.message })
        let json = JSONWriter.write(x.json)
        #expect(
            json.contains(
                #""importNotes":[{"view":"UIWindow-0x1","line":1,"kind":"recognizers","recognizers":null,"touchLandsInView":true,"#
            ), "\(json)")
    }

    @Test("a covered view with recognizers: the touch does not land in it, so they change nothing")
    func covered() throws {
        let x = try #require(explainer.explain(Point(x: 20, y: 320), expect: "UILabel-0x30"))
        #expect(x.verdict?.rule == "rule-order-subviews")
        let notes = try #require(x.importNotes)
        // The window (the touch lands in it), then the expected label; the covering view,
        // which the verdict names, has nothing to say.
        #expect(notes.map(\.view) == ["UIWindow-0x1", "UILabel-0x30"])
        #expect(notes.map(\.touchLandsInView) == [true, false])
        #expect(
            notes[1].message
                == "line 4 of the dump lists gesture recognizers on `UILabel-0x30`, without saying how "
                + "many; the scene has none; this touch does not land in `UILabel-0x30`, so on the "
                + "device they do not see it either: they do not change this answer (rule-import-gestures)."
        )
    }

    @Test(
        "a scene that is not imported has no notes; an imported one with nothing to say, an empty list"
    )
    func noNotes() throws {
        let plain = Explainer(
            scene: try RecursiveDescriptionImporter.importScene(from: assumingDump))
        let x = try #require(plain.explain(Point(x: 20, y: 20)))
        #expect(x.importNotes == nil)
        #expect(!JSONWriter.write(x.json).contains("importNotes"))
        let bare = try #require(explainer.explain(Point(x: 300, y: 250)))
        #expect(bare.hit?.view == "UIWindow-0x1")
        #expect(bare.importNotes?.map(\.view) == ["UIWindow-0x1"])
        let nothing = try #require(explainer.explain(Point(x: 500, y: 500)))
        #expect(nothing.hit == nil)
        #expect(nothing.importNotes == [])
        #expect(JSONWriter.write(nothing.json).hasSuffix(#""importNotes":[]}"#))
    }

    @Test("a dump printed as a string literal, every view on one line: the same notes")
    func escaped() throws {
        let literal = "\"" + assumingDump.split(separator: "\n").joined(separator: "\\n") + "\""
        let imported = try RecursiveDescriptionImporter.importDump(from: literal)
        #expect(imported.views.allSatisfy { $0.line == 1 })
        let x = try #require(Explainer(imported: imported).explain(Point(x: 20, y: 20)))
        let plain = try #require(explainer.explain(Point(x: 20, y: 20)))
        #expect(x.importNotes?.map(\.view) == plain.importNotes?.map(\.view))
        #expect(x.importNotes?.map(\.kind) == plain.importNotes?.map(\.kind))
    }
}
