import HitTestGeometry
import HitTestReference
import Testing

// `rule-eligibility-hidden`, `rule-eligibility-interaction`, `rule-eligibility-alpha`: hidden, userInteractionEnabled, alpha (stored as a Float), class defaults.

@Suite("Eligibility")
struct EligibilityTests {
    /// main > P (100, 100, 100, 100) > K (25, 25, 50, 50). K covers screen [125, 175).
    static func makeTree() -> (Screen, p: View, k: View) {
        let (screen, main) = makeScreen()
        let p = makeView("P", 100, 100, 100, 100)
        let k = makeView("K", 25, 25, 50, 50)
        add(k, to: p)
        add(p, to: main)
        return (screen, p, k)
    }

    @Test("the plain tree hits K")
    func baseline() {
        let (screen, _, _) = Self.makeTree()
        #expect(hitID(screen, 150, 150) == "K")
        #expect(hitID(screen, 110, 110) == "P")
    }

    @Test("a hidden view is skipped with its subtree, without asking pointInside")
    func hidden() {
        let (screen, p, _) = Self.makeTree()
        p.isHidden = true
        let q = query(screen, 150, 150)
        #expect(q.hit == "main")
        #expect(
            q.trace == [
                enter("main"), inside("main", true), enter("P"), ret("P", nil), ret("main", "main"),
            ])
    }

    @Test("a hidden leaf lets its parent take the touch")
    func hiddenLeaf() {
        let (screen, _, k) = Self.makeTree()
        k.isHidden = true
        #expect(hitID(screen, 150, 150) == "P")
    }

    @Test("userInteractionEnabled = false skips the view and its subtree")
    func interactionDisabled() {
        let (screen, p, k) = Self.makeTree()
        k.isUserInteractionEnabled = false
        #expect(hitID(screen, 150, 150) == "P")
        k.isUserInteractionEnabled = true
        p.isUserInteractionEnabled = false
        let q = query(screen, 150, 150)
        #expect(q.hit == "main")
        #expect(
            q.trace == [
                enter("main"), inside("main", true), enter("P"), ret("P", nil), ret("main", "main"),
            ])
    }

    @Test("UILabel and UIImageView default to no interaction; other classes to interaction")
    func classDefaults() {
        #expect(!makeView("l", 0, 0, 1, 1, className: "UILabel").isUserInteractionEnabled)
        #expect(!makeView("i", 0, 0, 1, 1, className: "UIImageView").isUserInteractionEnabled)
        #expect(makeView("b", 0, 0, 1, 1, className: "UIButton").isUserInteractionEnabled)
        #expect(makeView("v", 0, 0, 1, 1).isUserInteractionEnabled)
        #expect(makeView("v", 0, 0, 1, 1).className == "UIView")
        #expect(makeView("x", 0, 0, 1, 1, className: "uilabel").isUserInteractionEnabled)
    }

    @Test(
        "a label over a button lets the touch through to the button",
        arguments: ["UILabel", "UIImageView"])
    func labelOverButton(_ className: String) {
        let (screen, main) = makeScreen()
        let button = makeView("button", 100, 100, 100, 40, className: "UIButton")
        let label = makeView("label", 100, 100, 100, 40, className: className)
        add(button, label, to: main)
        #expect(hitID(screen, 150, 120) == "button")
        label.isUserInteractionEnabled = true
        #expect(hitID(screen, 150, 120) == "label")
    }

    @Test("a button inside an image view is not hittable unless interaction is enabled")
    func buttonInImageView() {
        let (screen, main) = makeScreen()
        let image = makeView("image", 0, 0, 200, 200, className: "UIImageView")
        add(makeView("button", 50, 50, 50, 50, className: "UIButton"), to: image)
        add(image, to: main)
        #expect(hitID(screen, 60, 60) == "main")
        image.isUserInteractionEnabled = true
        #expect(hitID(screen, 60, 60) == "button")
        #expect(hitID(screen, 10, 10) == "image")
    }

    @Test("alpha is stored as a Float: 0.01 reads back as 0.009999999776482582")
    func alphaStorage() {
        let v = makeView("v", 0, 0, 1, 1)
        v.alpha = 0.01
        #expect(v.alpha == 0.009999999776482582)
        #expect(v.alpha < 0.01)
        #expect(!v.isHitTestEligible)
        v.alpha = 0.5
        #expect(v.alpha == 0.5)
        #expect(v.isHitTestEligible)
    }

    @Test(
        "alpha below 0.01 (after Float rounding) is not hittable; the next Float up is",
        arguments: [
            (0.01, false),
            (Double(Float(0.01).nextUp), true),
            (0.0, false),
            (0.005, false),
            (0.0100000001, false),  // rounds to the same Float as 0.01
            (0.02, true),
            (1.0, true),
        ])
    func alphaThreshold(_ alpha: Double, _ hittable: Bool) {
        let (screen, _, k) = Self.makeTree()
        k.alpha = alpha
        #expect(hitID(screen, 150, 150) == (hittable ? "K" : "P"), "alpha \(alpha)")
        #expect(k.isHitTestEligible == hittable)
    }

    @Test("an invisible view's trace: entered and left, pointInside never asked")
    func alphaZeroTrace() {
        let (screen, _, k) = Self.makeTree()
        k.alpha = 0
        let q = query(screen, 150, 150)
        let expected: [TraceEntry] =
            [enter("main"), inside("main", true), enter("P"), inside("P", true)]
            + [enter("K"), ret("K", nil), ret("P", "P"), ret("main", "P")]
        #expect(q.trace == expected)
    }

    @Test("an ancestor's alpha does not multiply: 0.05 inside 0.05 is still hittable")
    func alphaNotMultiplied() {
        let (screen, p, k) = Self.makeTree()
        p.alpha = 0.05
        k.alpha = 0.05
        #expect(hitID(screen, 150, 150) == "K")
        #expect(hitID(screen, 110, 110) == "P")
    }

    @Test("an ancestor's alpha below the threshold skips the subtree")
    func alphaOfAncestor() {
        let (screen, p, _) = Self.makeTree()
        p.alpha = 0.001
        #expect(hitID(screen, 150, 150) == "main")
    }

    @Test("clipsToBounds does not change hit-testing")
    func clipsToBounds() {
        let (screen, main) = makeScreen()
        let p = makeView("P", 100, 100, 100, 100)
        p.clipsToBounds = true
        p.hitRules.pointInside = .boundsOrSubviews
        add(makeView("K", 80, 80, 60, 60), to: p)
        add(p, to: main)
        #expect(hitID(screen, 230, 230) == "K")
    }
}
