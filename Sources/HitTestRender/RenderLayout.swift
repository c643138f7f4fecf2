import HitTestGeometry
import HitTestScene
import HitTestStore

/// A line of text whose first glyph's box has its top-left corner at `(x, y)` output
/// pixels. Glyphs are `BitmapFont` cells at the layout's font scale.
struct TextItem {
    var text: String
    var x: Int
    var y: Int
    var ink: RGB
}

/// A view's outline: its four screen corners in output pixels, as pixel-centre
/// coordinates: the pixel-space corner `(x, y)` becomes `(x + 0.5, y + 0.5)`, so that a
/// 1-pixel stroke covers the pixels that start at the view's edges, as the hit
/// boundaries do. A corner on the map's far edge or less than a pixel beyond it (a
/// window's edge on the screen's edge), or less than a pixel before its near edge, moves
/// onto the last pixel inside, so the stroke shows.
struct Outline {
    var id: String
    var points: [Point]
    /// True when the view is hit nowhere on the map.
    var dashed: Bool
    var ink: RGB
}

/// A text on a light box.
struct Label {
    var box: CellRect
    var text: TextItem
}

/// One of the `--points`: a ring at its position and a label (its hit, or a number).
struct Marker {
    var centre: Point
    var radius: Double
    var hit: String?
    /// The point in screen points, as given.
    var point: Point
}

/// A legend row's colour square.
struct Swatch {
    var rect: CellRect
    /// nil: the "nothing" hatching.
    var color: RGB?
}

/// The legend panel to the right of the map.
struct Legend {
    var panel: CellRect
    var swatches: [Swatch] = []
    var texts: [TextItem] = []
}

/// Where everything of a picture goes, in output pixels; both writers draw from it, so
/// SVG and PNG pictures agree. The map occupies `(0, 0, map.width, map.height)`.
struct RenderLayout {
    let map: HitMap
    let catalog: ViewCatalog
    /// Each view's fill, no two neighbours alike.
    let colors: MapColors
    /// Every font pixel is `fontScale` x `fontScale` output pixels.
    let fontScale: Int
    var width: Int
    var height: Int
    var outlines: [Outline] = []
    var labels: [Label] = []
    var markers: [Marker] = []
    var legend: Legend?
    /// Views labelled by a number on the map (their id did not fit), by catalog number;
    /// the legend says which number is which view.
    var viewNumbers: [Int: Int] = [:]
    /// Points labelled by a number (`P1`, `P2`, ...; their hit did not fit beside them),
    /// with the legend's line for each.
    var pointNotes: [String] = []
    /// Draw the hit boundaries (`RenderOptions.boundaries`).
    let boundaries: Bool
    /// What hit boundaries are mixed with, and how much.
    static let boundaryInk = RGB.black
    static let boundaryWeight = 0.4

    /// Labels (of views and of points, each) stop at this many, so a huge scene's
    /// picture is not buried under text; the legend still names every owner.
    static let maxLabels = 400
    /// Views whose label is not in their own area are tried near their outline, up to
    /// this many (each try scans the map under a few candidate boxes).
    static let maxLabelAttempts = 1_600
    /// Legend rows stop at this many views, or at what fits in `maxLegendColumns`
    /// columns; a last row says how many were left out.
    static let maxLegendEntries = 300
    static let maxLegendColumns = 3
    /// Ids longer than this are cut (with `...`) in labels and the legend.
    static let maxTextLength = 40

    init(
        catalog: ViewCatalog, map: HitMap, points: [Point], hits: [String?],
        options: RenderOptions
    ) {
        self.catalog = catalog
        self.map = map
        colors = MapColors(map: map, catalog: catalog)
        let s =
            options.fontScale
            ?? max(1, min(4, Int((Double(min(map.width, map.height)) / 390).rounded())))
        fontScale = s
        boundaries = options.boundaries
        width = map.width
        height = map.height
        if options.outlines { makeOutlines() }
        var placer = LabelPlacer(bounds: CellRect(x: 0, y: 0, width: map.width, height: map.height))
        makeMarkers(points: points, hits: hits, withLabels: options.labels, placer: &placer)
        if options.labels { makeViewLabels(placer: &placer) }
        if options.legend { makeLegend(withPoints: !points.isEmpty) }
    }

    /// Output pixels per screen point, along x and y.
    var scaleX: Double { Double(map.width) / map.screen.width }
    var scaleY: Double { Double(map.height) / map.screen.height }

    func textWidth(_ text: String) -> Int { BitmapFont.width(of: text, scale: fontScale) }

    /// The box a label of `text` needs: the text's glyph cells with 2 font pixels of
    /// margin left, right and above, 1 below the descenders.
    func labelSize(_ text: String) -> (width: Int, height: Int) {
        (textWidth(text) + 4 * fontScale, (BitmapFont.cellHeight + 3) * fontScale)
    }

    static func shortened(_ id: String) -> String {
        let scalars = Array(id.unicodeScalars)
        guard scalars.count > maxTextLength else { return id }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[0..<(maxTextLength - 3)])
        return String(out) + "..."
    }

    // MARK: Outlines

    private mutating func makeOutlines() {
        for (n, entry) in catalog.entries.enumerated() {
            let points = entry.corners.map(pixelCentre)
            guard points.allSatisfy(\.isFinite) else { continue }
            outlines.append(
                Outline(
                    id: entry.id, points: points, dashed: map.ownedCells[n] == 0,
                    ink: colors.ink(n)))
        }
    }

    /// A screen point as pixel-centre coordinates (see `Outline`).
    func pixelCentre(_ p: Point) -> Point {
        func snap(_ v: Double, _ extent: Int) -> Double {
            let q = v + 0.5
            let last = Double(extent) - 0.5
            if q > last && q <= last + 1 { return last }
            if q < 0.5 && q >= -0.5 { return 0.5 }
            return q
        }
        return Point(x: snap(p.x * scaleX, map.width), y: snap(p.y * scaleY, map.height))
    }

    // MARK: Points

    private mutating func makeMarkers(
        points: [Point], hits: [String?], withLabels: Bool, placer: inout LabelPlacer
    ) {
        let s = Double(fontScale)
        let radius = 4.5 * s
        for (p, hit) in zip(points, hits) {
            let c = Point(x: p.x * scaleX, y: p.y * scaleY)
            guard c.isFinite else { continue }
            markers.append(Marker(centre: c, radius: radius, hit: hit, point: p))
            let r = Int(radius.rounded(.up)) + 1
            placer.occupy(CellRect(x: Int(c.x) - r, y: Int(c.y) - r, width: 2 * r, height: 2 * r))
        }
        guard withLabels else { return }
        // Every point gets a label: its hit beside it where that fits (the first
        // `maxLabels`), else a number (`P1`, ...) beside it, placed even over other labels
        // when nothing is free, with the hit in the legend.
        for (i, marker) in markers.enumerated() {
            let text = marker.hit.map(Self.shortened) ?? "nothing"
            let ink = marker.hit.flatMap(catalog.index(of:)).map { colors.ink(Int($0)) } ?? .black
            if i < Self.maxLabels,
                let box = placer.place(
                    width: labelSize(text).width, height: labelSize(text).height,
                    candidates: candidates(around: marker, size: labelSize(text)),
                    accept: { hidesLittle($0, except: -2) })
            {
                labels.append(label(text, in: box, ink: ink))
                continue
            }
            let number = "P\(pointNotes.count + 1)"
            let size = labelSize(number)
            let around = candidates(around: marker, size: size)
            let box =
                placer.place(width: size.width, height: size.height, candidates: around)
                ?? placer.force(width: size.width, height: size.height, candidates: around)
            labels.append(label(number, in: box, ink: ink))
            let p = marker.point
            pointNotes.append(
                "\(number) (\(Self.number(p.x)), \(Self.number(p.y))): \(text)")
        }
    }

    /// Top-left corners for a box of `size` beside `marker`: right, left, below, above.
    private func candidates(around marker: Marker, size: (width: Int, height: Int)) -> [(Int, Int)]
    {
        let (w, h) = size
        let cx = Int(marker.centre.x.rounded())
        let cy = Int(marker.centre.y.rounded())
        let gap = Int(marker.radius.rounded(.up)) + 2 * fontScale
        return [
            (cx + gap, cy - h / 2), (cx - gap - w, cy - h / 2), (cx - w / 2, cy + gap),
            (cx - w / 2, cy - gap - h),
        ]
    }

    /// A coordinate in the legend: up to 2 decimals, no useless zeros.
    static func number(_ x: Double) -> String {
        let r = (x * 100).rounded() / 100
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }

    private func label(_ text: String, in box: CellRect, ink: RGB) -> Label {
        Label(
            box: box,
            text: TextItem(text: text, x: box.x + 2 * fontScale, y: box.y + 2 * fontScale, ink: ink)
        )
    }

    // MARK: View labels

    private mutating func makeViewLabels(placer: inout LabelPlacer) {
        let texts = catalog.entries.map { Self.shortened($0.id) }
        let sizes = texts.map(labelSize)
        let k = Double(map.cellSize)
        // Where each view's label fits best in the area the view owns: how many times the
        // label fits (up to 3), then the larger area.
        let best = map.bestRectangles { o, r in
            let w = Double(r.width) * k / Double(sizes[Int(o)].width)
            let h = Double(r.height) * k / Double(sizes[Int(o)].height)
            return min(w, h, 3) + Double(r.width) * Double(r.height) * 1e-12
        }
        var placedCount = 0
        var done = [Bool](repeating: false, count: texts.count)
        // First, labels in their view's own area, where they fit: centred, else above or
        // below the centre, else in a corner (a point's label may be in the way).
        for (n, text) in texts.enumerated() where placedCount < Self.maxLabels {
            guard let cells = best[Int32(n)] else { continue }
            let area = map.pixelRect(of: cells)
            let (w, h) = sizes[n]
            guard w <= area.width && h <= area.height else { continue }
            let x = area.x + (area.width - w) / 2
            let y = area.y + (area.height - h) / 2
            let m = min(2 * fontScale, (area.width - w) / 2, (area.height - h) / 2)
            let (left, right) = (area.x + m, area.x + area.width - m - w)
            let (top, bottom) = (area.y + m, area.y + area.height - m - h)
            let candidates = [
                (x, y), (x, max(top, y - h - fontScale)), (x, min(bottom, y + h + fontScale)),
                (left, top), (right, top), (left, bottom), (right, bottom),
            ]
            if let box = placer.place(width: w, height: h, candidates: candidates) {
                labels.append(
                    label(text, in: box, ink: colors.ink(n)))
                done[n] = true
                placedCount += 1
            }
        }
        // Then the others near their outline, views that own some of the map first:
        // inside the corners of the outline's box when the label fits it, else around it.
        // The larger owners first; on huge scenes only the first `maxLabelAttempts` try.
        let rest = texts.indices.filter { !done[$0] }
        let owners = rest.filter { map.ownedCells[$0] > 0 }.sorted {
            map.ownedCells[$0] > map.ownedCells[$1]
        }
        let ordered = (owners + rest.filter { map.ownedCells[$0] == 0 }).prefix(
            Self.maxLabelAttempts)
        for n in ordered where placedCount < Self.maxLabels {
            let px = catalog.entries[n].corners.map { Point(x: $0.x * scaleX, y: $0.y * scaleY) }
            guard px.allSatisfy(\.isFinite), let bbox = Rect.boundingBox(of: px) else { continue }
            guard bbox.maxX > 0, bbox.maxY > 0, bbox.minX < Double(map.width),
                bbox.minY < Double(map.height)
            else { continue }
            let (w, h) = sizes[n]
            let s = fontScale
            let x0 = Int(max(0, bbox.minX).rounded())
            let y0 = Int(max(0, bbox.minY).rounded())
            let x1 = Int(min(Double(map.width), bbox.maxX).rounded())
            let y1 = Int(min(Double(map.height), bbox.maxY).rounded())
            var inside: [(Int, Int)] = []
            for step in 0..<4 where y0 + 2 * s + (step + 1) * h <= y1 {
                inside.append((x0 + 2 * s, y0 + 2 * s + step * h))
                inside.append((x1 - 2 * s - w, y0 + 2 * s + step * h))
            }
            inside += [(x0 + 2 * s, y1 - 2 * s - h), (x1 - 2 * s - w, y1 - 2 * s - h)]
            let outside = [(x0, y1 + s), (x0, y0 - h - s), (x1 + s, y0), (x0 - w - s, y0)]
            let fits = w + 4 * s <= x1 - x0 && h + 4 * s <= y1 - y0
            let candidates = fits ? inside + outside : outside + inside
            if let box = placer.place(
                width: w, height: h, candidates: candidates,
                accept: { hidesLittle($0, except: Int32(n)) })
            {
                labels.append(
                    label(texts[n], in: box, ink: colors.ink(n)))
                done[n] = true
                placedCount += 1
            }
        }
        // Last, views that own some of the map but got no label (small ones: tab buttons,
        // icons) get a number, in their own area where it fits, else beside their
        // outline; the legend says which view each number is.
        var next = 1
        for n in texts.indices where !done[n] && map.ownedCells[n] > 0 && next <= Self.maxLabels {
            let text = "\(next)"
            let (w, h) = labelSize(text)
            var candidates: [(Int, Int)] = []
            if let cells = best[Int32(n)] {
                let area = map.pixelRect(of: cells)
                candidates.append((area.x + (area.width - w) / 2, area.y + (area.height - h) / 2))
            }
            let px = catalog.entries[n].corners.map { Point(x: $0.x * scaleX, y: $0.y * scaleY) }
            if px.allSatisfy(\.isFinite), let b = Rect.boundingBox(of: px) {
                let s = fontScale
                let (x0, y0) = (Int(b.minX.rounded()), Int(b.minY.rounded()))
                let (x1, y1) = (Int(b.maxX.rounded()), Int(b.maxY.rounded()))
                candidates += [
                    (x1 + s, y0), (x0 - w - s, y0), (x0, y1 + s), (x0, y0 - h - s),
                    (x1 + s, y1 - h),
                    (x0 - w - s, y1 - h),
                ]
            }
            if let box = placer.place(
                width: w, height: h, candidates: candidates,
                accept: { hidesLittle($0, except: Int32(n)) })
            {
                labels.append(label(text, in: box, ink: colors.ink(n)))
                viewNumbers[n] = next
                next += 1
            }
        }
    }

    /// False when `box` would hide more than a twentieth of the area some view other than
    /// `own` owns on the map (-2 for none), so labels never bury small views.
    func hidesLittle(_ box: CellRect, except own: Int32) -> Bool {
        let k = map.cellSize
        let c0 = max(0, box.x / k)
        let c1 = min(map.columns - 1, (box.x + box.width - 1) / k)
        let r0 = max(0, box.y / k)
        let r1 = min(map.rows - 1, (box.y + box.height - 1) / k)
        guard c0 <= c1, r0 <= r1 else { return true }
        // Views that own 20 times the box or more cannot lose a twentieth to it.
        let boxCells = (c1 - c0 + 1) * (r1 - r0 + 1)
        var hidden: [(owner: Int32, count: Int)] = []
        // Neighbouring cells mostly have one owner: the last one's entry is kept at hand.
        var last: (owner: Int32, index: Int) = (.min, -1)
        for r in r0...r1 {
            for c in c0...c1 {
                let o = map.cells[r * map.columns + c]
                var i = last.index
                if o != last.owner {
                    guard o >= 0, o != own, map.ownedCells[Int(o)] < 20 * boxCells else { continue }
                    if let known = hidden.firstIndex(where: { $0.owner == o }) {
                        i = known
                    } else {
                        hidden.append((o, 0))
                        i = hidden.count - 1
                    }
                    last = (o, i)
                }
                hidden[i].count += 1
                // One view losing more than a twentieth answers already.
                if hidden[i].count * 20 > map.ownedCells[Int(o)] { return false }
            }
        }
        return true
    }

    // MARK: Legend

    private mutating func makeLegend(withPoints: Bool) {
        let s = fontScale
        let pad = 6 * s
        let lineHeight = 12 * s
        let swatchSide = BitmapFont.ascent * s
        let textOffset = swatchSide + 5 * s
        let total = max(1, map.columns * map.rows)
        let headerRows = 2
        let rowsPerColumn = max(8, (map.height - 2 * pad) / lineHeight - headerRows)
        // A blank row and the notes, under the entries.
        var footer = [""]
        if outlines.contains(where: \.dashed) { footer.append("dashed outline: never hit") }
        if withPoints { footer.append("ring: a point, label: its hit") }
        if !viewNumbers.isEmpty { footer.append("N: a view labelled by its number") }
        footer += pointNotes
        // Rows besides the views': the footer, "nothing", "... and N smaller".
        let otherRows = footer.count + 2
        // The views that own cells, in scene order; when more than fit in
        // `maxLegendColumns` columns (or `maxLegendEntries`), the largest owners.
        var owners = catalog.entries.indices.filter { map.ownedCells[$0] > 0 }
        let room = min(Self.maxLegendEntries, rowsPerColumn * Self.maxLegendColumns - otherRows)
        var left = 0
        if owners.count > room {
            left = owners.count - room
            let kept = Set(owners.sorted { map.ownedCells[$0] > map.ownedCells[$1] }.prefix(room))
            owners = owners.filter(kept.contains)
        }
        // A row's swatch: none, a view's colour (`.some(colour)`), or hatching (`.some(nil)`).
        var rows: [(swatch: RGB??, text: String)] = []
        // Two ids can hash to one colour: the legend says so.
        var firstWithColor: [RGB: String] = [:]
        for n in owners {
            let id = catalog.entries[n].id
            let color = colors.fills[n]
            var text = Self.shortened(id) + "  " + Self.percent(map.ownedCells[n], of: total)
            if let number = viewNumbers[n] { text = "\(number): " + text }
            if let other = firstWithColor[color] {
                text += "  (colour of \(Self.shortened(other)))"
            } else {
                firstWithColor[color] = id
            }
            rows.append((.some(color), text))
        }
        if left > 0 { rows.append((nil, "... and \(left) smaller")) }
        if map.nothingCells > 0 {
            rows.append((.some(nil), "nothing  " + Self.percent(map.nothingCells, of: total)))
        }
        for note in footer { rows.append((nil, note)) }
        if rows.last?.text == "" { rows.removeLast() }

        let title = "where a touch goes"
        let columnWidth =
            rows.map { ($0.swatch == nil ? 0 : textOffset) + textWidth($0.text) }.reduce(
                textWidth(title), max) + pad
        let columnCount = max(1, (rows.count + rowsPerColumn - 1) / rowsPerColumn)
        let panelWidth = 2 * pad + columnCount * columnWidth
        let panelHeight = 2 * pad + (headerRows + min(rows.count, rowsPerColumn)) * lineHeight
        var legend = Legend(panel: CellRect(x: map.width, y: 0, width: panelWidth, height: 0))
        let glyphDrop = 2 * s
        let ink = RGB(0x22, 0x22, 0x22)
        legend.texts.append(TextItem(text: title, x: map.width + pad, y: pad + glyphDrop, ink: ink))
        for (i, row) in rows.enumerated() {
            let x = map.width + pad + (i / rowsPerColumn) * columnWidth
            let top = pad + (headerRows + i % rowsPerColumn) * lineHeight
            var textX = x
            if let color = row.swatch {
                legend.swatches.append(
                    Swatch(
                        rect: CellRect(
                            x: x, y: top + glyphDrop, width: swatchSide, height: swatchSide),
                        color: color))
                textX += textOffset
            }
            legend.texts.append(TextItem(text: row.text, x: textX, y: top + glyphDrop, ink: ink))
        }
        width = map.width + panelWidth
        height = max(map.height, panelHeight)
        legend.panel.height = height
        self.legend = legend
    }

    /// `part / whole` as a percentage with one decimal, `<0.1%` for a sliver.
    static func percent(_ part: Int, of whole: Int) -> String {
        let tenths = Int((Double(part) * 1000 / Double(whole)).rounded())
        if tenths == 0 && part > 0 { return "<0.1%" }
        return "\(tenths / 10).\(tenths % 10)%"
    }
}

/// Places boxes where they overlap no box placed before and stay inside `bounds`.
struct LabelPlacer {
    let bounds: CellRect
    private(set) var taken: [CellRect] = []

    init(bounds: CellRect) {
        self.bounds = bounds
    }

    mutating func occupy(_ r: CellRect) { taken.append(r) }

    /// The first candidate top-left corner where a `width` x `height` box fits and that
    /// `accept` accepts, now taken.
    mutating func place(
        width: Int, height: Int, candidates: [(Int, Int)],
        accept: (CellRect) -> Bool = { _ in true }
    ) -> CellRect? {
        for (x, y) in candidates {
            let r = CellRect(x: x, y: y, width: width, height: height)
            guard r.x >= bounds.x, r.y >= bounds.y, r.x + r.width <= bounds.x + bounds.width,
                r.y + r.height <= bounds.y + bounds.height
            else { continue }
            if taken.contains(where: { Self.overlap($0, r) }) || !accept(r) { continue }
            taken.append(r)
            return r
        }
        return nil
    }

    /// The first candidate that lies inside `bounds` (else `bounds`' top-left corner),
    /// taken whatever it overlaps: for a label that must be drawn.
    mutating func force(width: Int, height: Int, candidates: [(Int, Int)]) -> CellRect {
        let inside = candidates.first { (x, y) in
            x >= bounds.x && y >= bounds.y && x + width <= bounds.x + bounds.width
                && y + height <= bounds.y + bounds.height
        }
        let (x, y) = inside ?? (bounds.x, bounds.y)
        let r = CellRect(x: x, y: y, width: width, height: height)
        taken.append(r)
        return r
    }

    static func overlap(_ a: CellRect, _ b: CellRect) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }
}
