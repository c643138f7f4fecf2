import HitTestGeometry
import HitTestScene

/// The app-like shapes (`ui`, `transformed`, `mixed`): a window of sections, each a grid
/// of 8 x 8 panels; each panel a navigation bar, a content view of 6 x 4 cards and two
/// overlays. Built level by level with loops (children before their parent), so nothing
/// recurses and the nesting stays as shallow as the layout, whatever the size.
///
/// The view count is driven by a budget: panels are added until the request is met, and
/// the last panel may hold fewer cards, so the scene has the requested number of views
/// to within one card (or at least one panel of one card).
struct AppLayout {
    enum Style {
        /// Plain UIKit-like views, every child inside its parent.
        case plain
        /// As `plain`, with rotations and scales on some panels and cards.
        case transformed
        /// As `plain`, with every eligibility rule and every declarative override.
        case mixed
    }

    static let gap = 16.0
    static let panelWidth = 540.0
    static let navHeight = 44.0
    static let contentHeight = 860.0
    static let panelHeight = navHeight + contentHeight
    static let panelsPerRow = 8
    static let panelsPerSection = 64
    static let cardColumns = 4
    static let cardRows = 6
    static let cardsPerPanel = cardColumns * cardRows
    static let cardGap = 8.0
    static let cardWidth = (panelWidth - Double(cardColumns + 1) * cardGap) / Double(cardColumns)
    static let cardHeight = (contentHeight - Double(cardRows + 1) * cardGap) / Double(cardRows)
    static let sectionWidth = Double(panelsPerRow) * (panelWidth + gap) + gap
    static let sectionHeight = Double(panelsPerSection / panelsPerRow) * (panelHeight + gap) + gap

    /// Alphas around the 0.01 threshold (compared as `Double(Float(alpha)) < 0.01`).
    static let trickyAlphas: [Double] = [
        0, 0.009, 0.01, Double(Float(0.01).nextUp), 0.0100001, 0.011, 0.5,
    ]

    let style: Style
    var rng: SplitMix64
    /// Views made so far, the window included.
    private(set) var count = 0

    init(style: Style, seed: UInt64) {
        self.style = style
        self.rng = SplitMix64(seed: seed)
    }

    /// Views in one card (card, content, stack, image, title, subtitle, two buttons, and
    /// in `mixed` a badge that sticks out).
    var cardCost: Int { style == .mixed ? 9 : 8 }
    /// Views in one panel besides its cards (panel, nav bar and 3 items, content, two
    /// overlays; `mixed` adds an overlay container and a tip that sticks out of the bar).
    var panelCost: Int { style == .mixed ? 10 : 8 }

    mutating func scene(views: Int) -> Scene {
        let target = max(views, 2)
        let fullSection = 1 + Self.panelsPerSection * (panelCost + Self.cardsPerPanel * cardCost)
        let estimatedSections = max(1, (target + fullSection - 1) / fullSection)
        let sectionColumns = max(1, Int(Double(estimatedSections).squareRoot().rounded(.up)))

        count = 1  // the window
        var sections: [SceneView] = []
        var panelIndex = 0
        var extent = Size(width: 0, height: 0)
        repeat {
            count += 1  // the section
            var panels: [SceneView] = []
            while panels.count < Self.panelsPerSection {
                let cards = min(Self.cardsPerPanel, (target - count - panelCost) / cardCost)
                if cards < 1 && panelIndex > 0 { break }
                let slot = panels.count
                let origin = Point(
                    x: Self.gap + Double(slot % Self.panelsPerRow) * (Self.panelWidth + Self.gap),
                    y: Self.gap + Double(slot / Self.panelsPerRow) * (Self.panelHeight + Self.gap))
                panels.append(panel(index: panelIndex, origin: origin, cards: max(cards, 1)))
                panelIndex += 1
            }
            let columns = min(panels.count, Self.panelsPerRow)
            let rows = (panels.count + Self.panelsPerRow - 1) / Self.panelsPerRow
            let size = Size(
                width: Double(columns) * (Self.panelWidth + Self.gap) + Self.gap,
                height: Double(rows) * (Self.panelHeight + Self.gap) + Self.gap)
            let index = sections.count
            let origin = Point(
                x: Self.gap + Double(index % sectionColumns) * (Self.sectionWidth + Self.gap),
                y: Self.gap + Double(index / sectionColumns) * (Self.sectionHeight + Self.gap))
            var section = SceneView(
                id: "s\(index)", className: "SectionView",
                placement: .frame(Rect(origin: origin, size: size)))
            section.subviews = panels
            sections.append(section)
            extent.width = max(extent.width, origin.x + size.width + Self.gap)
            extent.height = max(extent.height, origin.y + size.height + Self.gap)
        } while target - count >= 1 + panelCost + cardCost

        var window = SceneView.window(
            id: "main", placement: .frame(Rect(origin: .zero, size: extent)))
        window.subviews = sections
        return Scene(screen: extent, windows: [window])
    }

    // MARK: - Views

    private mutating func make(_ id: String, _ className: String, _ r: Rect) -> SceneView {
        count += 1
        return SceneView(id: id, className: className, placement: .frame(r))
    }

    private mutating func chance(_ p: Double) -> Bool { rng.unit() < p }

    private mutating func pick<T>(_ values: [T]) -> T {
        values[Int(rng.next() % UInt64(values.count))]
    }

    private mutating func panel(index: Int, origin: Point, cards: Int) -> SceneView {
        let pid = "p\(index)"
        var panel = make(
            pid, "PanelView",
            Rect(origin: origin, size: Size(width: Self.panelWidth, height: Self.panelHeight)))
        if style == .transformed { panel.transform = panelTransform() }

        var nav = make(pid + ".nav", "UINavigationBar", Rect(x: 0, y: 0, width: 540, height: 44))
        nav.subviews.reserveCapacity(4)
        for (i, x) in [8.0, 234, 460].enumerated() {
            nav.subviews.append(
                make(pid + ".n\(i)", "UIButton", Rect(x: x, y: 4, width: 72, height: 36)))
        }
        if style == .mixed { addNavTip(&nav, pid: pid) }

        var content = make(
            pid + ".v", "UIView", Rect(x: 0, y: Self.navHeight, width: 540, height: 860))
        content.subviews.reserveCapacity(cards)
        for c in 0..<cards {
            let x = Self.cardGap + Double(c % Self.cardColumns) * (Self.cardWidth + Self.cardGap)
            let y = Self.cardGap + Double(c / Self.cardColumns) * (Self.cardHeight + Self.cardGap)
            content.subviews.append(card(id: pid + ".c\(c)", origin: Point(x: x, y: y)))
        }

        var fab = make(pid + ".fab", "UIButton", Rect(x: 468, y: 832, width: 56, height: 56))
        // Multiples of 1/64, exact in floats (see `SceneShape.wide`).
        let w = SceneShape.sixtyFourths(rng.uniform(160, 480))
        let h = SceneShape.sixtyFourths(rng.uniform(80, 300))
        let frame = Rect(
            x: SceneShape.sixtyFourths(rng.uniform(0, Self.panelWidth - w)),
            y: SceneShape.sixtyFourths(rng.uniform(Self.navHeight, Self.panelHeight - h)), width: w,
            height: h)
        var popover = make(pid + ".pop", "PopoverView", frame)

        if style == .mixed {
            fab.hitRules.hitShape = .ellipse
            fab.hitRules.hitInsets = EdgeInsets(all: -8)
            if chance(0.3) { popover.isHidden = true }
            if chance(0.3) { popover.alpha = pick(Self.trickyAlphas) }
            // A full-panel overlay container that lets touches through to the content.
            var overlay = make(
                pid + ".ov", "OverlayView",
                Rect(x: 0, y: 0, width: Self.panelWidth, height: Self.panelHeight))
            overlay.hitRules.hitTestRule = .passthrough
            overlay.subviews = [popover, fab]
            panel.subviews = [nav, content, overlay]
        } else {
            panel.subviews = [nav, content, popover, fab]
        }
        return panel
    }

    /// A tip that hangs below the navigation bar; the bar redirects touches to it (the
    /// enlarged back button of many apps), and sometimes also answers for it.
    private mutating func addNavTip(_ nav: inout SceneView, pid: String) {
        let tipID = pid + ".tip"
        var tip = make(tipID, "UIButton", Rect(x: 8, y: 36, width: 120, height: 36))
        if chance(0.2) { tip.hitRules.hitShape = .ellipse }
        nav.subviews.append(tip)
        switch rng.next() % 3 {
        case 0: nav.redirectTo = tipID
        case 1: nav.hitRules.pointInside = .boundsOrSubviews
        default: break
        }
    }

    private mutating func card(id: String, origin: Point) -> SceneView {
        let size = Size(width: Self.cardWidth, height: Self.cardHeight)
        var card = make(id, "CardView", Rect(origin: origin, size: size))
        var content = make(
            id + ".v", "UIView", Rect(x: 4, y: 4, width: size.width - 8, height: size.height - 8))
        let sw = size.width - 16
        var stack = make(
            id + ".s", "UIStackView", Rect(x: 4, y: 4, width: sw, height: size.height - 16))
        var image = make(id + ".img", "UIImageView", Rect(x: 0, y: 0, width: sw, height: 48))
        let title = make(id + ".t", "UILabel", Rect(x: 0, y: 52, width: sw, height: 16))
        let subtitle = make(id + ".st", "UILabel", Rect(x: 0, y: 70, width: sw, height: 14))
        let bw = (sw - 5) / 2
        var b0 = make(id + ".b0", "UIButton", Rect(x: 0, y: 88, width: bw, height: 30))
        var b1 = make(id + ".b1", "UIButton", Rect(x: bw + 5, y: 88, width: bw, height: 30))

        switch style {
        case .plain:
            break
        case .transformed:
            card.transform = cardTransform()
        case .mixed:
            if chance(0.5) { b0.hitRules.hitInsets = EdgeInsets(all: -10) }
            if chance(0.3) {
                b1.hitRules.hitInsets = EdgeInsets(top: -6, left: -4, bottom: -6, right: -4)
            }
            if chance(0.2) { b1.hitRules.hitShape = .ellipse }
            if chance(0.05) { b0.isHidden = true }
            if chance(0.05) { b1.isUserInteractionEnabled = false }
            if chance(0.2) {
                // A tappable round avatar.
                image.isUserInteractionEnabled = true
                image.hitRules.hitShape = .ellipse
            }
            if chance(0.3) { stack.hitRules.pointInside = .subviews }
            if chance(0.05) { content.isUserInteractionEnabled = false }
        }
        stack.subviews = [image, title, subtitle, b0, b1]
        content.subviews = [stack]
        card.subviews = [content]
        if style == .mixed { mixCard(&card, id: id) }
        return card
    }

    /// The rules a card can carry in `mixed`: a badge that sticks out of its top-left
    /// corner (hittable there only with `boundsOrSubviews` or a redirect), hidden, alpha
    /// around 0.01, boxOnly.
    private mutating func mixCard(_ card: inout SceneView, id: String) {
        let badgeID = id + ".badge"
        var badge = make(badgeID, "BadgeView", Rect(x: -6, y: -6, width: 22, height: 22))
        if chance(0.3) { badge.hitRules.hitShape = .ellipse }
        card.subviews.append(badge)
        switch rng.next() % 10 {
        case 0, 1, 2, 3: card.hitRules.pointInside = .boundsOrSubviews
        case 4: card.redirectTo = badgeID
        case 5: card.hitRules.hitTestRule = .boxOnly
        case 6: card.hitRules.pointInside = .subviews
        default: break
        }
        if chance(0.04) { card.isHidden = true }
        if chance(0.1) { card.alpha = pick(Self.trickyAlphas) }
        if chance(0.03) { card.hitRules.hitTestRule = .passthrough }
    }

    // MARK: - Transforms

    /// Exact quarter turns (no 6e-17 terms) scaled so the turned panel keeps to its slot,
    /// small tilts, and uniform scales.
    private mutating func panelTransform() -> AffineTransform {
        let fit = Self.panelWidth / Self.panelHeight
        switch rng.next() % 8 {
        case 0: return AffineTransform(a: 0, b: fit, c: -fit, d: 0, tx: 0, ty: 0)
        case 1: return AffineTransform(a: 0, b: -fit, c: fit, d: 0, tx: 0, ty: 0)
        case 2: return AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
        case 3:
            return AffineTransform(rotationAngle: rng.uniform(-0.06, 0.06)).scaledBy(
                x: 0.9, y: 0.9)
        case 4:
            let s = pick([0.5, 0.75, 0.9])
            return AffineTransform(scaleX: s, y: s)
        default: return .identity
        }
    }

    /// Quarter and half turns, arbitrary tilts, scales, and a few mirrored cards.
    private mutating func cardTransform() -> AffineTransform {
        switch rng.next() % 10 {
        case 0: return AffineTransform(a: 0, b: 0.9, c: -0.9, d: 0, tx: 0, ty: 0)
        case 1: return AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
        case 2: return AffineTransform(rotationAngle: rng.uniform(-0.3, 0.3))
        case 3:
            let s = rng.uniform(0.8, 1.05)
            return AffineTransform(scaleX: s, y: s)
        case 4:
            return AffineTransform(rotationAngle: rng.uniform(-.pi, .pi)).scaledBy(x: 0.7, y: 0.7)
        case 5: return AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        default: return .identity
        }
    }
}
