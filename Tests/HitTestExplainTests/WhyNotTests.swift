import Foundation
import HitTestExplain
import HitTestGeometry
import HitTestReference
import HitTestScene
import Testing

/// One "why doesn't my button respond" situation: a window `main` (390 x 844) holding
/// `views`, a tap, and what the advice must say.
struct WhyNot: CustomTestStringConvertible, Sendable {
    /// The rule of HitTestingRules.md the advice must cite.
    var rule: String
    /// The subviews of `main`, as scene JSON (an array's members).
    var views: String
    /// More windows after `main`, as scene JSON.
    var windows: String = ""
    var tap: Point
    /// The view that should have got the touch.
    var expect = "button"
    /// The view whose rule decided.
    var decidedBy: String
    /// Text the advice must hold: what to change, and on which view.
    var says: [String]
    /// Applied to the screen built from the scene (for custom code, which scenes cannot hold).
    var setUp: (@Sendable (Screen) -> Void)? = nil

    var testDescription: String { rule }

    /// The screen of the situation, set up.
    func screen() throws -> Screen {
        let json = """
            {"format": "hittest-scene/1", "windows": [
              {"id": "main", "frame": [0, 0, 390, 844], "subviews": [\(views)]}\(windows.isEmpty ? "" : ", " + windows)]}
            """
        let screen = Screen(scene: try Scene.load(json: json))
        setUp?(screen)
        return screen
    }

    func verdict() throws -> ExpectVerdict {
        try #require(Explainer(screen: try screen()).explain(tap, expect: expect)?.verdict)
    }
}

/// The situations, one per rule of the HitTestingRules article that can keep a touch from
/// a view.
let whyNotSituations: [WhyNot] = [
    WhyNot(
        rule: "rule-algorithm-hit-test",
        views: """
            {"id": "card", "frame": [0, 100, 200, 100], "clipsToBounds": true, "subviews": [
              {"id": "button", "class": "UIButton", "frame": [150, 20, 80, 40]}]}
            """,
        tap: Point(x: 215, y: 140), decidedBy: "card",
        says: [
            "`button` sticks out of its superview `card` by 15 pt",
            "override `point(inside:with:)` in `card` to say yes where its subviews are",
        ]),
    WhyNot(
        rule: "rule-geometry-clips-to-bounds",
        views: """
            {"id": "card", "frame": [0, 100, 200, 100], "subviews": [
              {"id": "button", "class": "UIButton", "frame": [150, 20, 80, 40]}]}
            """,
        tap: Point(x: 215, y: 140), decidedBy: "card",
        says: [
            "`clipsToBounds` is false on `card`, so that part is drawn",
            "override `point(inside:with:)` in `card`",
        ]),
    WhyNot(
        rule: "rule-eligibility-hidden",
        views: """
            {"id": "container", "frame": [0, 100, 200, 100], "hidden": true, "subviews": [
              {"id": "button", "class": "UIButton", "frame": [10, 10, 80, 40]}]}
            """,
        tap: Point(x: 50, y: 130), decidedBy: "container",
        says: ["set `isHidden = false` on `container`"]),
    WhyNot(
        rule: "rule-eligibility-interaction",
        views: """
            {"id": "photo", "class": "UIImageView", "frame": [0, 100, 200, 100], "subviews": [
              {"id": "button", "class": "UIButton", "frame": [10, 10, 80, 40]}]}
            """,
        tap: Point(x: 50, y: 130), decidedBy: "photo",
        says: [
            "`isUserInteractionEnabled = false` (the default for UIImageView)",
            "set `isUserInteractionEnabled = true` on `photo`",
        ]),
    WhyNot(
        rule: "rule-eligibility-alpha",
        views:
            #"{"id": "button", "class": "UIButton", "frame": [10, 100, 80, 40], "alpha": 0.005}"#,
        tap: Point(x: 50, y: 120), decidedBy: "button",
        says: ["set `alpha` to at least 0.011 on `button`"]),
    WhyNot(
        rule: "rule-order-subviews",
        views: """
            {"id": "button", "class": "UIButton", "frame": [10, 100, 80, 40]},
            {"id": "cover", "frame": [0, 90, 200, 60]}
            """,
        tap: Point(x: 50, y: 120), decidedBy: "cover",
        says: [
            "set `isUserInteractionEnabled = false` on `cover`",
            "`main.bringSubviewToFront(button)`",
        ]),
    WhyNot(
        rule: "rule-order-windows",
        views: #"{"id": "button", "class": "UIButton", "frame": [10, 100, 80, 40]}"#,
        windows: #"{"id": "banner", "level": 1, "frame": [0, 0, 390, 200]}"#,
        tap: Point(x: 50, y: 120), decidedBy: "banner",
        says: [
            "lower `banner`'s `windowLevel`",
            "override `hitTest(_:with:)` in `banner` to return nil for itself",
        ]),
    WhyNot(
        rule: "rule-geometry-containment",
        views: #"{"id": "button", "class": "UIButton", "frame": [10, 100, 80, 40]}"#,
        tap: Point(x: 90, y: 120), decidedBy: "button",
        says: ["on `button`'s right or bottom edge", "`CGRect.contains(_:)`"]),
    WhyNot(
        rule: "rule-geometry-to-child",
        views: """
            {"id": "button", "class": "UIButton", "frame": [10, 100, 80, 40], "transform": [1, 0, 0, 1, 0, 200]}
            """,
        tap: Point(x: 50, y: 120), decidedBy: "button",
        says: [
            "`button`'s `transform` moves its hit area",
            "override `point(inside:with:)` in `button`",
        ]),
    WhyNot(
        rule: "rule-geometry-singular",
        views: """
            {"id": "button", "class": "UIButton", "frame": [10, 100, 80, 40], "transform": [0, 0, 0, 0, 0, 0]}
            """,
        tap: Point(x: 50, y: 120), decidedBy: "button",
        says: ["give `button` an invertible `transform`"]),
    WhyNot(
        rule: "rule-geometry-scroll-offset",
        views: """
            {"id": "list", "class": "UITableView", "frame": [0, 100, 390, 600], "boundsOrigin": [0, 100],
             "subviews": [{"id": "button", "class": "UIButton", "frame": [250, 20, 100, 40]}]}
            """,
        tap: Point(x: 300, y: 40), decidedBy: "list",
        says: [
            "`button` is scrolled off `list`",
            "`list`'s contentOffset is (0, 100)",
            "Scroll `list` towards the top: set contentOffset.y to 20 or less",
        ]),
    WhyNot(
        rule: "rule-override-hit-insets",
        views: """
            {"id": "button", "class": "UIButton", "frame": [10, 100, 80, 40], "hitInsets": [5, 5, 5, 5]}
            """,
        tap: Point(x: 12, y: 120), decidedBy: "button",
        says: ["its `point(inside:with:)` shrinks by insets [5, 5, 5, 5]", "in `button`"]),
    WhyNot(
        rule: "rule-override-hit-shape",
        views: """
            {"id": "button", "class": "UIButton", "frame": [10, 100, 80, 40], "hitShape": "ellipse"}
            """,
        tap: Point(x: 12, y: 102), decidedBy: "button",
        says: [
            "outside the ellipse inscribed in it",
            "`button` overrides `point(inside:with:)` with a round shape",
        ]),
    WhyNot(
        rule: "rule-override-point-inside",
        views: """
            {"id": "button", "class": "UIButton", "frame": [10, 100, 200, 40], "pointInside": "subviews",
             "subviews": [{"id": "icon", "class": "UIImageView", "frame": [0, 0, 40, 40]}]}
            """,
        tap: Point(x: 150, y: 120), decidedBy: "button",
        says: [
            "`button` overrides `point(inside:with:)` to say yes only inside its subviews' frames"
        ]),
    WhyNot(
        rule: "rule-override-passthrough",
        views: """
            {"id": "button", "class": "UIButton", "frame": [10, 100, 80, 40], "hitTestRule": "passthrough"}
            """,
        tap: Point(x: 50, y: 120), decidedBy: "button",
        says: ["`button` overrides `hitTest(_:with:)` to return nil for itself"]),
    WhyNot(
        rule: "rule-override-box-only",
        views: """
            {"id": "cell", "frame": [0, 100, 390, 80], "hitTestRule": "boxOnly", "subviews": [
              {"id": "button", "class": "UIButton", "frame": [250, 20, 100, 40]}]}
            """,
        tap: Point(x: 300, y: 140), decidedBy: "cell",
        says: [
            "`cell` overrides `hitTest(_:with:)` to return itself",
            "remove that override from `cell`",
        ]),
    WhyNot(
        rule: "rule-override-redirect",
        views: """
            {"id": "bar", "frame": [0, 100, 390, 50], "redirectTo": "tip", "subviews": [
              {"id": "button", "class": "UIButton", "frame": [10, 5, 80, 40]},
              {"id": "tip", "frame": [0, 30, 120, 40]}]}
            """,
        tap: Point(x: 50, y: 135), decidedBy: "bar",
        says: [
            "`bar` overrides `hitTest(_:with:)` to hand every touch inside `tip`",
            "move `tip` off `button`",
        ]),
    WhyNot(
        rule: "rule-override-custom-code",
        views: #"{"id": "button", "class": "UIButton", "frame": [10, 100, 80, 40]}"#,
        tap: Point(x: 50, y: 120), decidedBy: "button",
        says: ["Custom code in `button`", "returned nil"],
        setUp: { $0.view(withID: "button")?.pointInsideHandler = { _, _, _ in false } }),
    WhyNot(
        rule: "rule-windows-entry",
        views: "",
        windows: """
            {"id": "sheet", "level": 1, "frame": [0, 600, 390, 244], "subviews": [
              {"id": "button", "class": "UIButton", "frame": [10, 10, 80, 40]}]}
            """,
        tap: Point(x: 50, y: 500), decidedBy: "sheet",
        says: ["outside `sheet`, which contains `button`, and outside `button` too"]),
]

/// Rules with no "why doesn't my button respond" situation of their own, and why.
let rulesWithoutSituation: [String: String] = [
    "rule-algorithm-trace": "the trace's format, not a reason",
    "rule-geometry-view":
        "the placement properties; a view moved by them is rule-geometry-to-child",
    "rule-geometry-frame": "the frame used by pointInside subviews: rule-override-point-inside",
    "rule-geometry-local-point": "the local point of an answer, not a reason",
    "rule-windows-result": "a window that answers nil lets the touch go on; another rule stops it",
    "rule-scene-format": "the file format",
    "rule-query-output": "the JSON output",
]

@Suite("explain: why doesn't my button respond")
struct WhyNotTests {
    @Test(
        "the advice names what to change on which view, in UIKit's terms, citing the rule",
        arguments: whyNotSituations)
    func advice(_ s: WhyNot) throws {
        let v = try s.verdict()
        #expect(!v.gotTouch)
        #expect(v.rule == s.rule, "\(v.message)")
        #expect(v.decidedBy == s.decidedBy, "\(v.message)")
        #expect(v.message.hasSuffix("(\(s.rule))"), "\(v.message)")
        for text in s.says { #expect(v.message.contains(text), "\(v.message)") }
        // The scene file's words alone are not advice.
        for old in [
            "give it pointInside", "enlarge the UIScrollView", "set hidden = false",
            "hitTestRule passthrough for a container",
        ] {
            #expect(!v.message.contains(old), "\(v.message)")
        }
    }

    @Test("every rule of HitTestingRules has a situation or says why not")
    func everyRule() throws {
        let article = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/HitTestKit/HitTestKit.docc/HitTestingRules.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        let rules = text.split(separator: "\n").compactMap { line -> String? in
            line.hasPrefix("### rule-") ? String(line.dropFirst(4)) : nil
        }
        #expect(rules.count > 20)
        let covered = Set(whyNotSituations.map(\.rule))
        for rule in rules {
            #expect(covered.contains(rule) != (rulesWithoutSituation[rule] != nil), "\(rule)")
        }
        // No situation or exemption names a rule the article does not have.
        #expect(covered.union(rulesWithoutSituation.keys).subtracting(rules).isEmpty)
    }

    @Test("a button partly scrolled off: the point on the hidden part says so, and which way")
    func partlyScrolledOff() throws {
        let s = WhyNot(
            rule: "rule-geometry-scroll-offset",
            views: """
                {"id": "list", "class": "UIScrollView", "frame": [0, 100, 390, 600], "boundsOrigin": [0, 100],
                 "subviews": [{"id": "button", "class": "UIButton", "frame": [250, 680, 100, 40]}]}
                """,
            tap: Point(x: 300, y: 710), decidedBy: "list", says: [])
        let v = try s.verdict()
        #expect(v.rule == "rule-geometry-scroll-offset")
        #expect(v.message.contains("`button` is partly scrolled off `list`"), "\(v.message)")
        #expect(
            v.message.contains("towards the bottom: set contentOffset.y to 120 or more"),
            "\(v.message)")
    }
}
