import HitTestGeometry
import HitTestImport
import HitTestScene
import Testing

// The import rules (`rule-import-records` to `rule-import-mapping`), one small dump each.

private let window = "<UIWindow: 0x1; frame = (0 0; 200 400); layer = <UIWindowLayer: 0x2>>"

@Suite("Mapping a dump onto a scene")
struct MappingRuleTests {
    @Test("ids are Class-0xaddr as printed; a repeated pair gets ~2, ~3 in dump order")
    func ids() throws {
        let r = try #require(
            imported(
                """
                <UIView: 0xa; frame = (0 0; 100 100); layer = <CALayer: 0x1>>
                   | <UIView: 0xa; frame = (0 0; 10 10); layer = <CALayer: 0x2>>
                   |    | <UIView: 0xa; frame = (0 0; 5 5); layer = <CALayer: 0x3>>
                   | <MyApp.Box<Swift.Int>: 0xBEEF; frame = (0 0; 10 10); layer = <CALayer: 0x4>>
                """))
        #expect(
            r.scene.ids == [
                "wrapper-window-1", "UIView-0xa", "UIView-0xa~2", "UIView-0xa~3",
                "MyApp.Box<Swift.Int>-0xBEEF",
            ])
        #expect(r.views.map(\.line) == [1, 2, 3, 4])
        #expect(r.views.map(\.depth) == [0, 1, 2, 1])
        #expect(r.scene.view("MyApp.Box<Swift.Int>-0xBEEF")?.className == "MyApp.Box<Swift.Int>")
        #expect(r.line(ofViewID: "wrapper-window-1") == 1)
        #expect(r.line(ofViewID: "UIView-0xa~3") == 3)
        #expect(r.line(ofViewID: "nothing") == nil)
    }

    @Test("windows: by class, by baseClass, by UIWindowLayer; other roots are wrapped")
    func windows() throws {
        let r = try #require(
            imported(
                """
                <UIWindow: 0x1; frame = (0 0; 100 50); layer = <CALayer: 0x9>>
                <MyWindow: 0x2; baseClass = UIWindow; frame = (0 0; 100 50); layer = <CALayer: 0x9>>
                <UITextEffectsWindow: 0x3; frame = (0 0; 100 50); layer = <UIWindowLayer: 0x9>>
                <UIView: 0x4; frame = (50 100; 30 30); layer = <CALayer: 0x9>>
                   | <UIButton: 0x5; frame = (0 0; 10 10); layer = <CALayer: 0x9>>
                <UINavigationBar: 0x6; baseClass = UIView; frame = (0 0; 10 10); layer = <CALayer: 0x9>>
                """))
        let s = r.scene
        #expect(
            s.windows.map(\.id) == [
                "UIWindow-0x1", "MyWindow-0x2", "UITextEffectsWindow-0x3", "wrapper-window-1",
                "wrapper-window-2",
            ])
        #expect(s.windows.allSatisfy { $0.level == 0 })
        #expect(
            s.windows.map(\.className) == [
                "UIWindow", "MyWindow", "UITextEffectsWindow", "UIWindow", "UIWindow",
            ])
        #expect(r.wrapperWindowIDs == ["wrapper-window-1", "wrapper-window-2"])
        // The wrapper has the root's printed frame; the root sits at (0, 0) in it.
        #expect(s.windows[3].placement == .frame(Rect(x: 50, y: 100, width: 30, height: 30)))
        #expect(
            s.windows[3].subviews[0].placement == .frame(Rect(x: 0, y: 0, width: 30, height: 30)))
        // The screen reaches the largest right and bottom edges.
        #expect(s.screen == Size(width: 100, height: 130))
        // The last window is on top: (5, 5) is in all but the wrapped view at (50, 100).
        #expect(hitID(s, 5, 5) == "UINavigationBar-0x6")
        #expect(hitID(s, 55, 105) == "UIButton-0x5")
        #expect(hitID(s, 75, 105) == "UIView-0x4")
        #expect(hitID(s, 75, 40) == "UITextEffectsWindow-0x3")
        // The screen size can be given instead.
        let fixed = try #require(
            imported(window, options: ImportOptions(screen: Size(width: 390, height: 844))))
        #expect(fixed.scene.screen == Size(width: 390, height: 844))
    }

    @Test("userInteractionEnabled is false exactly when NO is printed, whatever the class")
    func interaction() throws {
        let r = try #require(
            imported(
                window + """

                       | <UILabel: 0x10; frame = (0 0; 10 10); text = 'a'; layer = <_UILabelLayer: 0x9>>
                       | <UIImageView: 0x11; frame = (0 0; 10 10); layer = <CALayer: 0x9>>
                       | <UIView: 0x12; frame = (0 0; 10 10); userInteractionEnabled = NO; layer = <CALayer: 0x9>>
                       | <UILabel: 0x13; frame = (0 0; 10 10); userInteractionEnabled = NO; layer = <CALayer: 0x9>>
                       | <UIView: 0x14; frame = (0 0; 10 10); userInteractionEnabled = YES; layer = <CALayer: 0x9>>
                    """))
        let s = r.scene
        #expect(s.view("UILabel-0x10")?.isUserInteractionEnabled == true)
        #expect(s.view("UIImageView-0x11")?.isUserInteractionEnabled == true)
        #expect(s.view("UIView-0x12")?.isUserInteractionEnabled == false)
        #expect(s.view("UILabel-0x13")?.isUserInteractionEnabled == false)
        #expect(s.view("UIView-0x14")?.isUserInteractionEnabled == true)
        // The JSON keeps the meaning: a label that takes touches loads as one.
        let loaded = try Scene.load(json: Array(s.json().utf8))
        #expect(loaded.view("UILabel-0x10")?.isUserInteractionEnabled == true)
        #expect(hitID(s, 5, 5) == "UIView-0x14")
    }

    @Test("hidden, alpha (clamped to [0, 1]) and clipsToBounds are copied")
    func flags() throws {
        let r = try #require(
            imported(
                window + """

                       | <UIView: 0x10; frame = (0 0; 10 10); hidden = YES; layer = <CALayer: 0x9>>
                       | <UIView: 0x11; frame = (0 0; 10 10); alpha = 0.2; layer = <CALayer: 0x9>>
                       | <UIView: 0x12; frame = (0 0; 10 10); alpha = 2; layer = <CALayer: 0x9>>
                       | <UIView: 0x13; frame = (0 0; 10 10); alpha = -0.5; layer = <CALayer: 0x9>>
                       | <UIView: 0x14; frame = (0 0; 10 10); alpha = nan; layer = <CALayer: 0x9>>
                       | <UIView: 0x15; frame = (0 0; 10 10); clipsToBounds = YES; hidden = NO; layer = <CALayer: 0x9>>
                    """))
        let s = r.scene
        #expect(s.view("UIView-0x10")?.isHidden == true)
        #expect(s.view("UIView-0x11")?.alpha == 0.2)
        #expect(s.view("UIView-0x12")?.alpha == 1)
        #expect(s.view("UIView-0x13")?.alpha == 0)
        // NaN alpha: never below 0.01, so it takes touches, as the reference does with NaN.
        #expect(s.view("UIView-0x14")?.alpha == 1)
        #expect(s.view("UIView-0x15")?.clipsToBounds == true)
        #expect(s.view("UIView-0x15")?.isHidden == false)
        #expect(r.warnings.map(\.line) == [4, 5, 6])
    }

    @Test("contentOffset becomes the bounds origin and shifts the subviews")
    func contentOffset() throws {
        let r = try #require(
            imported(
                window + """

                       | <UIScrollView: 0x10; frame = (0 100; 200 100); layer = <CALayer: 0x9>; contentOffset: {0, 300}; contentSize: {200, 1000}; adjustedContentInset: {0, 0, 0, 0}>
                       |    | <UIButton: 0x11; frame = (0 320; 50 20); layer = <CALayer: 0x9>>
                    """))
        let s = r.scene
        let scroll = try #require(s.view("UIScrollView-0x10"))
        #expect(scroll.boundsOrigin == Point(x: 0, y: 300))
        #expect(scroll.placement == .frame(Rect(x: 0, y: 100, width: 200, height: 100)))
        // Content y 320 is drawn at screen y 100 + 320 - 300 = 120.
        #expect(hitID(s, 10, 125) == "UIButton-0x11")
        #expect(hitID(s, 10, 115) == "UIScrollView-0x10")
    }

    @Test("a printed bounds gives the bounds origin and size")
    func bounds() throws {
        let r = try #require(
            imported(
                window + """

                       | <UIView: 0x10; frame = (10 10; 100 200); bounds = {{0, 30}, {100, 200}}; layer = <CALayer: 0x9>>
                       | <UIView: 0x11; frame = (0 0; 40 20); transform = [2, 0, 0, 2, 5, 0]; bounds = {{0, 0}, {20, 10}}; layer = <CALayer: 0x9>>
                    """))
        let s = r.scene
        let a = try #require(s.view("UIView-0x10"))
        #expect(a.placement == .centerSize(Point(x: 60, y: 110), Size(width: 100, height: 200)))
        #expect(a.boundsOrigin == Point(x: 0, y: 30))
        let b = try #require(s.view("UIView-0x11"))
        #expect(b.placement == .centerSize(Point(x: 15, y: 10), Size(width: 20, height: 10)))
        #expect(b.transform == AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 0))
    }

    @Test("transforms: the bounds size is solved from the printed box (rule-import-transformed)")
    func transforms() throws {
        let r = try #require(
            imported(
                window + """

                       | <UIView: 0x10; frame = (10 20; 50 100); transform = [0, 1, -1, 0, 0, 0]; layer = <CALayer: 0x9>>
                       | <UIView: 0x11; frame = (0 0; 30 20); transform = [-1, 0, 0, 2, 4, -6]; layer = <CALayer: 0x9>>
                       | <UIView: 0x12; frame = (100 100; 0 0); transform = [0, 0, 0, 0, 0, 0]; layer = <CALayer: 0x9>>
                       | <UIView: 0x13; frame = (100 100; 50 20); transform = [1, -0, 0, 1, -0, 0]; layer = <CALayer: 0x9>>
                    """))
        let s = r.scene
        // A quarter turn of 100 x 50 prints a 50 x 100 box.
        let turned = try #require(s.view("UIView-0x10"))
        #expect(turned.placement == .centerSize(Point(x: 35, y: 70), Size(width: 100, height: 50)))
        #expect(hitID(s, 12, 22) == "UIView-0x10")
        #expect(hitID(s, 9, 22) == "UIWindow-0x1")
        // A flip with a scale and a translation: |a| w = 30, |d| h = 20.
        let flipped = try #require(s.view("UIView-0x11"))
        #expect(flipped.placement == .centerSize(Point(x: 11, y: 16), Size(width: 30, height: 10)))
        // Singular: no size.
        #expect(s.view("UIView-0x12")?.placement == .centerSize(Point(x: 100, y: 100), .zero))
        // A printed identity (with -0) is no transform: the frame is kept.
        #expect(
            s.view("UIView-0x13")?.placement == .frame(Rect(x: 100, y: 100, width: 50, height: 20)))
        #expect(s.view("UIView-0x13")?.transform == .identity)
        #expect(r.warnings.isEmpty)
    }

    @Test(
        "transforms the box cannot decide: 45 degrees gives a square, inconsistent boxes clamp, both warn"
    )
    func ambiguousTransforms() throws {
        let h = 0.70710678118654757
        let r = try #require(
            imported(
                window + """

                       | <UIView: 0x10; frame = (0 0; 141.421 141.421); transform = [\(h), \(h), -\(h), \(h), 0, 0]; layer = <CALayer: 0x9>>
                       | <UIView: 0x11; frame = (0 0; 10 5); transform = [1, 1, 0, 1, 0, 0]; layer = <CALayer: 0x9>>
                       | <UIView: 0x12; frame = (0 0; 10 10); transform = [1, nan, 0, 1, 0, 0]; layer = <CALayer: 0x9>>
                    """))
        let s = r.scene
        guard case .centerSize(let c, let size) = s.view("UIView-0x10")?.placement else {
            Issue.record("expected center and size")
            return
        }
        #expect(isClose(c.x, 70.7105) && isClose(c.y, 70.7105))
        #expect(isClose(size.width, 100) && size.width == size.height)
        #expect(
            s.view("UIView-0x11")?.placement
                == .centerSize(Point(x: 5, y: 2.5), Size(width: 10, height: 0)))
        #expect(
            s.view("UIView-0x12")?.transform
                == AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        #expect(s.view("UIView-0x12")?.placement == .centerSize(Point(x: 5, y: 5), .zero))
        #expect(r.warnings.map(\.line) == [2, 3, 4])
        #expect(r.warnings[0].message.contains("45 degrees"))
        #expect(r.warnings[2].message.contains("non-finite"))
        // Each is about its view, those made while placing views as those made reading them.
        #expect(r.warnings.map(\.viewID) == ["UIView-0x10", "UIView-0x11", "UIView-0x12"])
        #expect(r.warnings.allSatisfy { $0.recognizers == nil })
    }

    @Test("non-finite frame values become 0 and negative sizes 0, with warnings")
    func repairedFrames() throws {
        let r = try #require(
            imported(
                window + """

                       | <UIView: 0x10; frame = (nan 5; inf 10); layer = <CALayer: 0x9>>
                       | <UIView: 0x11; frame = (1 2; -3 4); contentOffset: {nan, 7}; layer = <CALayer: 0x9>>
                    """))
        let s = r.scene
        #expect(s.view("UIView-0x10")?.placement == .frame(Rect(x: 0, y: 5, width: 0, height: 10)))
        #expect(s.view("UIView-0x11")?.placement == .frame(Rect(x: 1, y: 2, width: 0, height: 4)))
        #expect(s.view("UIView-0x11")?.boundsOrigin == Point(x: 0, y: 7))
        #expect(r.warnings.map(\.line) == [2, 3, 3])
        #expect(r.warnings.map(\.viewID) == ["UIView-0x10", "UIView-0x11", "UIView-0x11"])
        // Warnings beyond the maximum are counted.
        let few = try #require(
            imported(
                window + "\n   | <UIView: 0x10; frame = (nan 5; inf 10); alpha = 9>",
                options: ImportOptions(maxWarnings: 1)))
        #expect(few.warnings.count == 1)
        #expect(few.omittedWarnings == 1)
    }

    @Test(
        "layers, records without a frame and lines without a description are skipped with their subtrees"
    )
    func skippedRecords() throws {
        let r = try #require(
            imported(
                window + """

                       | <UIView: 0x10; frame = (0 0; 10 10); layer = <CALayer: 0x9>>
                       |    | <_UILabelContentLayer: 0x20> (layer)
                       |    |    | <UIView: 0x21; frame = (0 0; 10 10); layer = <CALayer: 0x9>>
                       |    | <MyViewController: 0x22; view = <UIView: 0x23>; alpha = not-a-number>
                       |    |    | <UIView: 0x24; frame = (0 0; 10 10); layer = <CALayer: 0x9>>
                       |    | CustomDebugDescription
                       |    |    | <UIView: 0x25; frame = (0 0; 10 10); layer = <CALayer: 0x9>>
                       |    | <UIView: 0x26; frame = (0 0; 10 10); layer = <CALayer: 0x9>>
                       | <UIView: 0x27; frame = (0 0; 10 10); layer = <CALayer: 0x9>>
                    """))
        #expect(r.scene.ids == ["UIWindow-0x1", "UIView-0x10", "UIView-0x26", "UIView-0x27"])
        #expect(r.views.map(\.line) == [1, 2, 9, 10])
    }

    @Test("depth counts bars whatever the spacing; a jump attaches to the nearest shallower view")
    func barStyles() throws {
        let r = try #require(
            imported(
                """
                <UIWindow: 0x1; frame = (0 0; 100 100); layer = <UIWindowLayer: 0x9>>
                | <UIView: 0x2; frame = (0 0; 10 10)>
                || <UIView: 0x3; frame = (0 0; 10 10)>
                  |  |  | <UIView: 0x4; frame = (0 0; 10 10)>
                   |    |    |    |    | <UIView: 0x5; frame = (0 0; 10 10)>
                |||<UIView: 0x6; frame = (0 0; 10 10)>
                   | <UIView: 0x7; frame = (0 0; 10 10)>
                """))
        #expect(r.views.map(\.depth) == [0, 1, 2, 3, 4, 3, 1])
        let s = r.scene
        #expect(s.view("UIView-0x4")?.subviews.map(\.id) == ["UIView-0x5"])
        #expect(s.view("UIView-0x3")?.subviews.map(\.id) == ["UIView-0x4", "UIView-0x6"])
        #expect(s.windows[0].subviews.map(\.id) == ["UIView-0x2", "UIView-0x7"])
    }

    @Test("with no bar anywhere, the indentation width gives the depth")
    func indentationWidth() throws {
        let r = try #require(
            imported(
                """
                <UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x9>>
                    <UIView: 0x2; frame = (0 0; 320 480); layer = <CALayer: 0x9>>
                        <UIButton: 0x3; frame = (10 10; 50 50); layer = <CALayer: 0x9>>
                      <UIView: 0x4; frame = (0 0; 5 5); layer = <CALayer: 0x9>>
                    <UILabel: 0x5; frame = (0 0; 5 5); layer = <CALayer: 0x9>>
                \t<UILabel: 0x6; frame = (0 0; 5 5); layer = <CALayer: 0x9>>
                """))
        let s = r.scene
        #expect(s.windows.count == 1)
        #expect(s.windows[0].subviews.map(\.id) == ["UIView-0x2", "UILabel-0x5"])
        #expect(s.view("UIView-0x2")?.subviews.map(\.id) == ["UIButton-0x3", "UIView-0x4"])
        // A tab is 8 columns: deeper than the 4 spaces before it.
        #expect(s.view("UILabel-0x5")?.subviews.map(\.id) == ["UILabel-0x6"])
        #expect(hitID(s, 20, 20) == "UIButton-0x3")
    }

    @Test(
        "fields: nested values with '; ', key: value fields, unknown keys, quoted text with ; > ' and newlines"
    )
    func fields() throws {
        let r = try #require(
            imported(
                window + """

                       | <UITableViewCell: 0x10; frame = (0 10; 100 20); text = 'a; b > c <d> it's'; hidden = YES; configuration = <UIBackgroundConfiguration: 0x5; Base Style = List; backgroundColor = <UIDynamicSystemColor: 0x6; name = x>>; animations = { opacity=<CABasicAnimation: 0x7>; }; layer = <CALayer: 0x9>; wibble: ]]; dataSource: <Foo: 0x8>>
                       | <UILabel: 0x11; frame = (0 30; 100 20); text = 'first line
                    alpha = 0; frame = (9 9; 9 9)
                    '; clipsToBounds = YES; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x9>>
                       | <UILabel: 0x12; frame = (0 50; 100 20); text = 'Learn how to hide your fe...'; layer = <CALayer: 0x9>>
                       | <<_UITextContainerView: 0x13; frame = (0 70; 100 20); layer = <CALayer: 0x9>> minSize = {0, 0}, textContainer = <NSTextContainer: 0x14 size = (240.000000,inf); widthTracksTextView = YES>; lineBreakMode = 0>
                       | <UIStackView: 0x15; frame = (0 90; 100 20); layer = <CALayer: 0x9>> axis=vert distribution=fill alignment=fill
                    """))
        let s = r.scene
        let cell = try #require(s.view("UITableViewCell-0x10"))
        #expect(cell.isHidden)
        #expect(cell.alpha == 1)
        #expect(cell.placement == .frame(Rect(x: 0, y: 10, width: 100, height: 20)))
        let label = try #require(s.view("UILabel-0x11"))
        #expect(label.placement == .frame(Rect(x: 0, y: 30, width: 100, height: 20)))
        #expect(label.alpha == 1)
        #expect(label.clipsToBounds)
        #expect(!label.isUserInteractionEnabled)
        #expect(r.views.map(\.line) == [1, 2, 3, 6, 7, 8])
        #expect(
            s.view("_UITextContainerView-0x13")?.placement
                == .frame(Rect(x: 0, y: 70, width: 100, height: 20)))
        #expect(s.view("UIStackView-0x15") != nil)
        #expect(r.warnings.isEmpty)
    }

    @Test("CRLF and CR line ends read as LF")
    func lineEnds() throws {
        let lf =
            "<UIWindow: 0x1; frame = (0 0; 10 10); layer = <UIWindowLayer: 0x9>>\n   | <UIView: 0x2; frame = (1 1; 2 2)>\n"
        let a = try #require(imported(lf))
        let b = try #require(imported(lf.replacingOccurrences(of: "\n", with: "\r\n")))
        let c = try #require(imported(lf.replacingOccurrences(of: "\n", with: "\r")))
        #expect(a.scene == b.scene)
        #expect(a.scene == c.scene)
        #expect(a.viewCount == 2)
    }

    @Test(
        "a deep dump imports without recursion; beyond Scene.Limits.maxDepth it is an error on the line"
    )
    func deep() throws {
        func dump(_ depth: Int) -> String {
            var lines = [window]
            for d in 1..<depth {
                lines.append(
                    String(repeating: "|", count: d) + " <UIView: 0x\(d); frame = (0 0; 1 1)>")
            }
            return lines.joined(separator: "\n")
        }
        let ok = try #require(imported(dump(4_096)))
        #expect(ok.depth == 4_095)
        #expect(ok.scene.depth == 4_096)
        expectError(dump(4_098), line: 4_097, "deeper than 4096")
        // Many siblings.
        let wide = ([window] + (1...50_000).map { "   | <UIView: 0x\($0); frame = (0 0; 1 1)>" })
            .joined(separator: "\n")
        #expect(imported(wide)?.viewCount == 50_001)
    }
}
