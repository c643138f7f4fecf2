import Foundation
import HitTestGeometry
import HitTestImport
import HitTestScene
import Testing

// Facts read by hand from each dump, and hit-tests at points computed by hand from the
// printed frames (the import contract's check table, plus points of our own).

@Suite("The ten fixture dumps")
struct FixtureTests {
    @Test(
        "every fixture imports into a valid scene that survives a JSON round trip",
        arguments: Fixtures.all.map(\.name))
    func importsAndRoundTrips(name: String) throws {
        let text = try #require(Fixtures.all.first { $0.name == name }).text
        let r = try #require(imported(text))
        try r.scene.validate()
        #expect(try Scene.load(json: Array(r.scene.json().utf8)) == r.scene)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // The only warnings: one for each view whose record lists gesture recognizers, on
        // its line (rule-import-gestures); nothing is skipped or left unplaced.
        // (A record runs to the next view's line at most: text may span lines.)
        let ends = r.views.dropFirst().map { $0.line - 1 } + [lines.count]
        let listing = zip(r.views, ends).filter { v, end in
            lines[(v.line - 1)..<end].contains { $0.contains("; gestureRecognizers = ") }
        }.map(\.0)
        #expect(r.warnings.map(\.line) == listing.map(\.line), "\(r.warnings)")
        #expect(r.warnings.map(\.viewID) == listing.map(\.id), "\(r.warnings)")
        #expect(r.warnings.allSatisfy { $0.recognizers != nil }, "\(r.warnings)")
        // A switch's say that the scene has its built-in tap; every other view's, none.
        #expect(
            r.warnings.allSatisfy {
                $0.message.contains("gesture recognizers (`<NSArray: 0x")
                    && ($0.message.contains("the scene has none")
                        || $0.message.contains("the scene gives the switch its built-in tap"))
            }, "\(r.warnings)")
        // Line by line: userInteractionEnabled is false exactly when NO is printed (whatever
        // the class), hidden exactly when YES is printed, alpha is 1 when none is printed.
        for v in r.views {
            let line = lines[v.line - 1]
            let view = try #require(r.scene.view(v.id))
            #expect(
                view.isUserInteractionEnabled == !line.contains("; userInteractionEnabled = NO"),
                "\(v.id)")
            #expect(view.isHidden == line.contains("; hidden = YES"), "\(v.id)")
            #expect((view.alpha != 1) == line.contains("; alpha = "), "\(v.id)")
            #expect(
                line.contains("<\(v.className): \(v.id.dropFirst(v.className.count + 1))"),
                "\(v.id)")
        }
    }

    @Test("the import contract's check table: views, depth and the reference's hits")
    func specTable() throws {
        let table: [(String, Int, Int, [(Double, Double, String)])] = [
            (
                Fixtures.f01, 44, 8,
                [
                    (30, 40, "UINavigationButton-0x89b1bf0"),
                    (150, 90, "_MFMailRecipientTextField-0x89b5fe0"),
                    (160, 300, "MFComposeBodyField-0x832f200"),
                ]
            ),
            (
                Fixtures.f02, 6, 5,
                [
                    (160, 240, "_UISizeTrackingView-0x1e05c030"),
                    (160, 10, "UINavigationTransitionView-0x1d57f6a0"),
                    (300, 470, "_UISizeTrackingView-0x1e05c030"),
                ]
            ),
            (
                Fixtures.f03, 10, 2,
                [
                    (20, 40, "wrapper-window-1"), (160, 30, "wrapper-window-1"),
                    (300, 60, "wrapper-window-1"),
                ]
            ),
            (
                Fixtures.f04, 36, 6,
                [
                    (275, 350, "UIButton-0x165ae270"), (120, 455, "UITabBarButton-0x16597190"),
                    (100, 310, "UIView-0x165a3e50"),
                ]
            ),
            (
                Fixtures.f05, 12, 3,
                [
                    (187, 190, "UIButton-0x1053163b0"), (150, 60, "UIView-0x1053205d0"),
                    (200, 400, "_UITextContainerView-0x105318060"),
                ]
            ),
            (
                Fixtures.f06, 7, 4,
                [
                    (187, 333, "UIButton-0x7f80f2d11820"), (50, 50, "UIView-0x7f80f2d11b40"),
                    (170, 330, "UIButton-0x7f80f2d11820"),
                ]
            ),
            (
                Fixtures.f07, 15, 7,
                [
                    (187, 549, "UIButton-0x106924a70"), (187, 470, "WALinkLabel-0x106924530"),
                    (187, 420, "UIView-0x104bc2870"),
                ]
            ),
            (
                Fixtures.f08, 82, 17,
                [
                    (187, 20, "UIDimmingView-0x107eac170"),
                    (30, 68, "_UIButtonBarButton-0x107de7110"),
                    (200, 280, "UITextField-0x10814f400"),
                ]
            ),
            (
                Fixtures.f09, 3, 1,
                [
                    (2, 2, "UIView-0x11cc1e820"), (50, 50, "UIView-0x11ca04440"),
                    (98, 2, "UIView-0x11cc1e820"),
                ]
            ),
            (
                Fixtures.f10, 10, 5,
                [
                    (35, 55, "UIView-0x11a635710"), (5, 5, "UIView-0x11a5421b0"),
                    (70, 55, "UIView-0x11a5421b0"),
                ]
            ),
        ]
        for (text, views, depth, hits) in table {
            let r = try #require(imported(text))
            #expect(r.viewCount == views)
            #expect(r.depth == depth)
            for (x, y, id) in hits {
                #expect(hitID(r.scene, x, y) == id, "(\(x), \(y))")
            }
        }
    }

    @Test(
        "01 (iOS 5, pimped): a wrapped layout container, XX-marked views, multi-line text, layers")
    func fixture01() throws {
        let r = try #require(imported(Fixtures.f01))
        let s = r.scene
        #expect(r.wrapperWindowIDs == ["wrapper-window-1"])
        #expect(s.screen == Size(width: 320, height: 480))
        let window = try #require(s.windows.first)
        #expect(s.windows.count == 1)
        #expect(window.placement == .frame(Rect(x: 0, y: 0, width: 320, height: 480)))
        let root = try #require(window.subviews.first)
        #expect(root.id == "UILayoutContainerView-0x8b97e70")
        #expect(root.className == "UILayoutContainerView")
        #expect(root.placement == .frame(Rect(x: 0, y: 0, width: 320, height: 480)))
        // The pimped prefix 'MFMailComposeController:0x89b0220' is ignored; baseClass is not the class.
        let compose = try #require(s.view("MFMailComposeView-0x89b4410"))
        #expect(compose.className == "MFMailComposeView")
        #expect(compose.clipsToBounds)
        // XX (...) around an alpha-0 view: alpha copied, the view is still imported.
        let hiddenRecipients = try #require(s.view("MFMailComposeRecipientView-0x89bc020"))
        #expect(hiddenRecipients.alpha == 0)
        #expect(hiddenRecipients.placement == .frame(Rect(x: 0, y: 44, width: 320, height: 44)))
        #expect(hiddenRecipients.subviews.count == 3)
        #expect(s.view("UITextLabel-0x89d2e70")?.isUserInteractionEnabled == false)
        // contentOffset {0, 0}: bounds origin zero.
        #expect(s.view("MFComposeScrollView-0x89b4780")?.boundsOrigin == .zero)
        // Text over three lines; the body field's two children are layers.
        let content = try #require(s.view("MFComposeTextContentView-0x89cf930"))
        #expect(content.placement == .frame(Rect(x: 0, y: 132, width: 320, height: 284)))
        #expect(content.subviews.map(\.id) == ["MFComposeBodyField-0x832f200"])
        #expect(content.subviews[0].subviews.isEmpty)
        #expect(r.views.first { $0.id == "MFComposeBodyField-0x832f200" }?.line == 35)
        // After the layers, a depth-6 record goes back to the scroll view.
        let scroll = try #require(s.view("MFComposeScrollView-0x89b4780"))
        #expect(
            scroll.subviews.map(\.id) == [
                "UIView-0x89b56d0", "MFComposeTextContentView-0x89cf930", "UIImageView-0x8dc6cc0",
                "UIImageView-0x8dc6d60",
            ])
        #expect(r.views.first { $0.id == "UIImageView-0x8dc6cc0" }?.line == 40)
        // The Send button: bar at y 20, button (265 7; 50 30). The subject field: wrapper at
        // y 64, subject view at 88, field (76 12; 236 25).
        #expect(hitID(s, 290, 40) == "UINavigationButton-0x89b2020")
        #expect(hitID(s, 200, 175) == "UITextField-0x89c0710")
        #expect(hitID(s, 320, 100) == nil)
    }

    @Test("02 (iOS 6): a remote view scaled by 0.5 gets center, size and transform")
    func fixture02() throws {
        let r = try #require(imported(Fixtures.f02))
        let remote = try #require(r.scene.view("_UIRemoteView-0x1e05c300"))
        #expect(
            remote.placement == .centerSize(Point(x: 160, y: 240), Size(width: 640, height: 960)))
        #expect(remote.transform == AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0, ty: 0))
        #expect(!remote.isUserInteractionEnabled)
        #expect(
            r.scene.view("UIViewControllerWrapperView-0x1e04f600")?.placement
                == .frame(Rect(x: 0, y: 20, width: 320, height: 460)))
        #expect(r.scene.windows[0].subviews[0].id == "UILayoutContainerView-0x1e04ffe0")
        #expect(hitID(r.scene, 319, 479) == "_UISizeTrackingView-0x1e05c030")
        #expect(hitID(r.scene, 320, 240) == nil)
    }

    @Test("03 (iOS 7): a translated navigation bar that takes no touch, wrapped")
    func fixture03() throws {
        let r = try #require(imported(Fixtures.f03))
        let s = r.scene
        #expect(s.screen == Size(width: 320, height: 64))
        let window = s.windows[0]
        #expect(window.id == "wrapper-window-1")
        #expect(window.className == "UIWindow")
        #expect(window.level == 0)
        #expect(window.placement == .frame(Rect(x: 0, y: 8, width: 320, height: 56)))
        let bar = window.subviews[0]
        #expect(bar.id == "CustomNavigationBar-0x1369bad0")
        #expect(bar.className == "CustomNavigationBar")
        #expect(bar.placement == .centerSize(Point(x: 160, y: 40), Size(width: 320, height: 56)))
        #expect(bar.transform == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: -12))
        #expect(!bar.isUserInteractionEnabled)
        #expect(bar.subviews.count == 4)
        #expect(s.view("_UINavigationBarBackIndicatorView-0x12a711a0")?.alpha == 0)
        // The tails " - (null)" and " - Back" are ignored.
        #expect(
            s.view("UIImageView-0x1369be10")?.placement
                == .frame(Rect(x: 0, y: 76, width: 320, height: 0.5)))
        #expect(hitID(s, 25, 40) == "wrapper-window-1")
        #expect(hitID(s, 160, 7) == nil)
        #expect(hitID(s, 160, 64) == nil)
    }

    @Test("04 (iOS 9, Frida): a window root, hidden guides, a text container wrapped in <<...>>")
    func fixture04() throws {
        let r = try #require(imported(Fixtures.f04))
        let s = r.scene
        #expect(r.wrapperWindowIDs.isEmpty)
        let window = s.windows[0]
        #expect(window.id == "UIWindow-0x1667e520")
        #expect(window.level == 0)
        #expect(window.placement == .frame(Rect(x: 0, y: 0, width: 320, height: 480)))
        #expect(s.view("_UILayoutGuide-0x165a0140")?.isHidden == true)
        #expect(s.view("UIView-0x165a3450")?.isHidden == true)
        let container = try #require(s.view("_UITextContainerView-0x165b7a30"))
        #expect(container.placement == .frame(Rect(x: 0, y: 0, width: 240, height: 33)))
        #expect(container.subviews.isEmpty)
        let textView = try #require(s.view("UITextView-0x16aed600"))
        #expect(
            textView.subviews.map(\.id) == [
                "_UITextContainerView-0x165b7a30", "UIImageView-0x165c2330",
                "UIImageView-0x165c2880",
            ])
        #expect(textView.clipsToBounds)
        #expect(s.view("UITabBar-0x16675a60")?.subviews.count == 6)
        #expect(hitID(s, 100, 350) == "UITextField-0x16679470")
        #expect(hitID(s, 100, 430) == "_UITextContainerView-0x165b7a30")
        #expect(hitID(s, 280, 455) == "UITabBarButton-0x16598b60")
    }

    @Test("05 (iOS 11, MonkeyDev): text over three lines, then the button")
    func fixture05() throws {
        let r = try #require(imported(Fixtures.f05))
        let s = r.scene
        #expect(s.windows[0].id == "UIWindow-0x105313b60")
        #expect(s.screen == Size(width: 375, height: 667))
        let textView = try #require(s.view("UITextView-0x105836000"))
        #expect(textView.placement == .frame(Rect(x: 26, y: 230, width: 343, height: 427)))
        #expect(textView.clipsToBounds)
        #expect(textView.subviews.count == 3)
        #expect(r.views.first { $0.id == "UIButton-0x1053163b0" }?.line == 14)
        #expect(s.view("UILabel-0x10531e7d0")?.isUserInteractionEnabled == false)
        #expect(s.view("_UILayoutGuide-0x1053213a0")?.isHidden == true)
        #expect(hitID(s, 100, 600) == "UITextView-0x105836000")
    }

    @Test("06 (iOS 11, Chisel): an alpha 0.5 overlay under a later transition view")
    func fixture06() throws {
        let r = try #require(imported(Fixtures.f06))
        let s = r.scene
        let overlay = try #require(s.view("UIView-0x7f80f2e10980"))
        #expect(overlay.alpha == 0.5)
        #expect(overlay.placement == .frame(Rect(x: 164.333, y: 324, width: 45.6667, height: 18)))
        #expect(
            s.windows[0].subviews.map(\.id) == [
                "UITransitionView-0x7f80f2e0ec70", "UIView-0x7f80f2e10980",
                "UITransitionView-0x7f80f2e16990",
            ])
        #expect(hitID(s, 413, 735) == "UIView-0x7f80f2d11b40")
        #expect(hitID(s, 414, 100) == nil)
    }

    @Test("07 (iOS 14, WhatsApp): a window by baseClass, a label without NO takes touches")
    func fixture07() throws {
        let r = try #require(imported(Fixtures.f07))
        let s = r.scene
        let window = s.windows[0]
        #expect(window.id == "WAWindow-0x104b04f30")
        #expect(window.className == "WAWindow")
        #expect(window.level == 0)
        #expect(r.wrapperWindowIDs.isEmpty)
        #expect(s.view("WALinkLabel-0x106924530")?.isUserInteractionEnabled == true)
        #expect(s.view("UILabel-0x106954e10")?.isUserInteractionEnabled == false)
        // The label's content layer is skipped.
        #expect(s.view("UILabel-0x106954e10")?.subviews.isEmpty == true)
        #expect(s.view("UIButton-0x106924a70")?.subviews.map(\.id) == ["UIButtonLabel-0x104b19cd0"])
        #expect(hitID(s, 100, 50) == "UIView-0x106923290")
        #expect(hitID(s, 100, 500) == "UIView-0x106904f20")
    }

    @Test("08 (iOS 15, Cycript): a sheet with a table scrolled to {0, -56}, depth 17")
    func fixture08() throws {
        let r = try #require(imported(Fixtures.f08))
        let s = r.scene
        #expect(s.windows[0].id == "wrapper-window-1")
        #expect(s.windows[0].subviews[0].id == "UITransitionView-0x11f9059e0")
        let table = try #require(s.view("UITableView-0x1081a0600"))
        #expect(table.boundsOrigin == Point(x: 0, y: -56))
        #expect(table.placement == .frame(Rect(x: 0, y: 0, width: 375, height: 627)))
        #expect(
            s.view("UIDimmingView-0x107eac170")?.placement
                == .frame(Rect(x: -375, y: -667, width: 1125, height: 2001)))
        #expect(s.view("_UIRoundedRectShadowView-0x107e51ab0")?.alpha == 0)
        #expect(s.view("AAUILabel-0x107e7a630")?.isUserInteractionEnabled == false)
        #expect(s.view("UITextView-0x108214800")?.isUserInteractionEnabled == false)
        let deepest = try #require(r.views.max { $0.depth < $1.depth })
        #expect(deepest.depth == 17)
        // The Next button: bar at screen y 40, stack (307 6; 60 44).
        #expect(hitID(s, 330, 68) == "_UIButtonBarButton-0x107d2b8b0")
        // Content y maps to screen y 40 + 56 + y: the privacy button (content 431.5..524.5)
        // is at screen y 527.5..620.5, x 16..359.
        #expect(hitID(s, 100, 600) == "OBPrivacyLinkButton-0x107d6a250")
        #expect(hitID(s, 150, 340) == "AAUIButton-0x107d9de50")
    }

    @Test("09 (iOS 17, Sentry): a cover rotated by pi/8 gets its 100 x 100 bounds back")
    func fixture09() throws {
        let r = try #require(imported(Fixtures.f09))
        let s = r.scene
        let cover = try #require(s.view("UIView-0x11ca04440"))
        guard case .centerSize(let c, let size) = cover.placement else {
            Issue.record("expected center and size, got \(cover.placement)")
            return
        }
        // Exactly the decimals, not 49.999900000000004: the scene writes them back as typed.
        #expect(c.x == 49.9999 && c.y == 49.9999)
        #expect(isClose(size.width, 99.9998) && isClose(size.height, 99.9998))
        #expect(s.json(pretty: false).contains(#""center":[49.9999,49.9999]"#))
        #expect(cover.transform.a == 0.92387953251128674)
        #expect(cover.transform.b == 0.38268343236508978)
        #expect(s.view("UILabel-0x11ca06500")?.isUserInteractionEnabled == false)
        #expect(hitID(s, 50, 1) == "UIView-0x11ca04440")
        #expect(hitID(s, 99, 50) == "UIView-0x11ca04440")
    }

    @Test("10 (iOS 26, Sentry): a switch with hidden and alpha-0 parts")
    func fixture10() throws {
        let r = try #require(imported(Fixtures.f10))
        let s = r.scene
        #expect(s.view("UIImageView-0x11a638c30")?.isHidden == true)
        #expect(s.view("UIImageView-0x11a636ee0")?.alpha == 0)
        #expect(
            s.view("UIImageView-0x11a639bf0")?.placement
                == .frame(Rect(x: 38.6667, y: 16, width: 0, height: 0)))
        #expect(
            s.view("UISwitch-0x11a70f9e0")?.placement
                == .frame(Rect(x: 10, y: 40, width: 51, height: 31)))
        #expect(hitID(s, 10, 40) == "UIView-0x11a635710")
        #expect(hitID(s, 61, 40) == "UIView-0x11a5421b0")
        // The switch and its visual element list recognizers: the switch's own, so the
        // switch gets its built-in tap (rule-import-gestures), and each line says so.
        #expect(r.warnings.map(\.line) == [2, 3])
        let warning = try #require(r.warnings.first)
        #expect(warning.message.hasPrefix("UISwitch-0x11a70f9e0 has gesture recognizers"))
        #expect(warning.message.contains("`<NSArray: 0x600002b53e70>` does not say how many"))
        #expect(warning.message.contains("the switch's own"))
        #expect(warning.message.contains("`UISwitch-0x11a70f9e0.tapGestureRecognizer`"))
        #expect(warning.message.contains("dragging the knob"))
        #expect(r.warnings[1].message.hasPrefix("UISwitchModernVisualElement-0x11a710060 has "))
        #expect(r.warnings[1].message.contains("part of UISwitch-0x11a70f9e0"))
        // The same as data: which view, how many (unsaid), and the switch that got the tap.
        #expect(
            r.warnings.map(\.viewID) == [
                "UISwitch-0x11a70f9e0", "UISwitchModernVisualElement-0x11a710060",
            ])
        let recreated = ListedRecognizers(count: nil, switchID: "UISwitch-0x11a70f9e0")
        #expect(r.warnings.map(\.recognizers) == [recreated, recreated])
        let gestures = try #require(s.view("UISwitch-0x11a70f9e0")).events.gestures
        let builtInTap = SceneGesture(
            id: "UISwitch-0x11a70f9e0.tapGestureRecognizer", kind: GestureKind.tap())
        #expect(gestures == [builtInTap])
        #expect(s.view("UISwitchModernVisualElement-0x11a710060")?.events.gestures.isEmpty == true)
    }

    @Test("a UISwitch gets its built-in tap only when its dump lists recognizers; other views none")
    func switchTapOnlyWhereListed() throws {
        // An older switch whose record lists none, nor its subviews: tracked as a control,
        // no recognizer.
        let plain = try #require(
            imported(
                """
                <UIView: 0x1; frame = (0 0; 100 100); layer = <CALayer: 0x2>>
                   | <UISwitch: 0x3; frame = (10 40; 51 31); layer = <CALayer: 0x4>>
                   |    | <UIView: 0x5; frame = (0 0; 51 31); layer = <CALayer: 0x6>>
                """))
        #expect(plain.warnings.isEmpty, "\(plain.warnings)")
        #expect(plain.scene.view("UISwitch-0x3")?.events.gestures.isEmpty == true)
        // Recognizers listed on a view inside the switch only (an iOS 7 switch's internal
        // view): the switch gets its tap. A view outside any switch keeps "none".
        let inner = try #require(
            imported(
                """
                <UIView: 0x1; frame = (0 0; 100 100); gestureRecognizers = <NSArray: 0x9>; layer = <CALayer: 0x2>>
                   | <UISwitch: 0x3; frame = (10 40; 51 31); layer = <CALayer: 0x4>>
                   |    | <_UISwitchInternalView: 0x5; frame = (0 0; 51 31); gestureRecognizers = <NSArray: 0x7>; layer = <CALayer: 0x6>>
                """))
        #expect(inner.warnings.map(\.line) == [1, 3])
        #expect(inner.warnings[0].message.contains("the scene has none"))
        #expect(inner.warnings[1].message.contains("part of UISwitch-0x3"))
        #expect(
            inner.warnings.map(\.recognizers) == [
                ListedRecognizers(count: nil),
                ListedRecognizers(count: nil, switchID: "UISwitch-0x3"),
            ])
        #expect(
            inner.scene.view("UISwitch-0x3")?.events.gestures.map(\.id) == [
                "UISwitch-0x3.tapGestureRecognizer"
            ])
        #expect(inner.scene.view("UIView-0x1")?.events.gestures.isEmpty == true)
    }

    /// The dumps as files, in the repository (`Tests/Fixtures/recursive-description/`).
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/recursive-description").path

    @Test("the embedded fixtures are the files of Tests/Fixtures byte for byte")
    func embeddedMatchFiles() throws {
        for (name, text) in Fixtures.all {
            let data = try #require(
                FileManager.default.contents(atPath: "\(FixtureTests.directory)/\(name).txt"),
                "\(FixtureTests.directory)/\(name).txt is missing")
            #expect(Array(data) == Array(text.utf8), "\(name)")
        }
    }
}
