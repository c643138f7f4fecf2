/// Writes a layout as SVG 1.1, in output-pixel coordinates.
///
/// The map is one `<g fill="..." data-hit="ID">` per view that owns cells (and one with
/// `data-hit=""` and the hatch pattern for "nothing"), each holding the `<rect>`s of
/// `HitMap.rectangles()`; then outlines as `<polygon>`s (`data-view="ID"`), labels,
/// point markers and the legend.
enum SVGWriter {
    static let white = RGB.white.hex
    static let black = RGB.black.hex
    /// The legend's left edge.
    static let rule = RGB(0x99, 0x99, 0x99).hex
    /// Around legend swatches.
    static let frame = RGB(0x44, 0x44, 0x44).hex

    static func write(_ layout: RenderLayout) -> [UInt8] {
        var out = SVGText()
        let s = layout.fontScale
        let map = layout.map
        out.line(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        out.line(
            #"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\#(layout.width)" "#
                + #"height="\#(layout.height)" viewBox="0 0 \#(layout.width) \#(layout.height)" "#
                + #"font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="\#(10 * s)">"#
        )
        out.line(
            "<title>Hit map: where a touch reaches, screen \(num(map.screen.width)) x "
                + "\(num(map.screen.height)) pt</title>")
        let period = Palette.hatchPeriod
        out.line(
            #"<defs><pattern id="nothing" width="\#(period)" height="\#(period)" patternUnits="userSpaceOnUse">"#
                + #"<rect width="\#(period)" height="\#(period)" fill="\#(Palette.hatchBackground.hex)"/>"#
                + #"<path d="M0,1.5 L1.5,0 M0,9.5 L9.5,0" stroke="\#(Palette.hatchStripe.hex)" "#
                + #"stroke-width="1.41"/></pattern></defs>"#)
        out.line(#"<rect width="\#(layout.width)" height="\#(layout.height)" fill="\#(white)"/>"#)

        // The map, grouped by hit.
        var groups: [Int32: [CellRect]] = [:]
        for (owner, cells) in map.rectangles() {
            groups[owner, default: []].append(map.pixelRect(of: cells))
        }
        out.line(#"<g id="hit-map" shape-rendering="crispEdges">"#)
        for owner in groups.keys.sorted() {
            if owner < 0 {
                out.line(#"<g fill="url(#nothing)" data-hit="">"#)
            } else {
                let id = layout.catalog.entries[Int(owner)].id
                out.line(
                    #"<g fill="\#(layout.colors.fills[Int(owner)].hex)" data-hit="\#(escape(id))">"#
                )
            }
            for r in groups[owner]! {
                out.line(
                    #"<rect x="\#(r.x)" y="\#(r.y)" width="\#(r.width)" height="\#(r.height)"/>"#)
            }
            out.line("</g>")
        }
        out.line("</g>")

        if layout.boundaries {
            let (vertical, horizontal) = map.boundaries()
            let segments =
                vertical.map { "M\(num(Double($0.x) + 0.5)),\($0.y0)V\($0.y1)" }
                + horizontal.map { "M\($0.x0),\(num(Double($0.y) + 0.5))H\($0.x1)" }
            let ink = RenderLayout.boundaryInk.hex
            let opacity = num(RenderLayout.boundaryWeight)
            out.line(
                #"<g id="hit-boundaries" fill="none" stroke="\#(ink)" stroke-opacity="\#(opacity)" "#
                    + #"stroke-width="1" shape-rendering="crispEdges">"#)
            var start = 0
            while start < segments.count {
                let end = min(segments.count, start + 400)
                out.line(#"<path d="\#(segments[start..<end].joined())"/>"#)
                start = end
            }
            out.line("</g>")
        }

        if !layout.outlines.isEmpty {
            out.line(#"<g id="outlines" fill="none" stroke-width="\#(s)">"#)
            for o in layout.outlines {
                let points = o.points.map { "\(num($0.x)),\(num($0.y))" }.joined(separator: " ")
                let dash = o.dashed ? #" stroke-dasharray="\#(4 * s) \#(3 * s)""# : ""
                out.line(
                    #"<polygon points="\#(points)" stroke="\#(o.ink.hex)"\#(dash) data-view="\#(escape(o.id))"/>"#
                )
            }
            out.line("</g>")
        }

        if !layout.markers.isEmpty {
            out.line(#"<g id="points">"#)
            for m in layout.markers {
                let c = #"cx="\#(num(m.centre.x))" cy="\#(num(m.centre.y))""#
                let hit = escape(m.hit ?? "")
                out.line(
                    #"<circle \#(c) r="\#(num(m.radius + 0.6 * Double(s)))" fill="none" stroke="\#(white)" "#
                        + #"stroke-width="\#(num(1.2 * Double(s)))"/>"#
                        + #"<circle \#(c) r="\#(num(m.radius - 0.8 * Double(s)))" fill="\#(white)" "#
                        + #"stroke="\#(black)" stroke-width="\#(num(1.6 * Double(s)))" data-hit="\#(hit)"/>"#
                )
            }
            out.line("</g>")
        }

        if !layout.labels.isEmpty {
            out.line(#"<g id="labels">"#)
            for label in layout.labels {
                let b = label.box
                out.line(
                    #"<rect x="\#(b.x)" y="\#(b.y)" width="\#(b.width)" height="\#(b.height)" "#
                        + #"fill="\#(white)" fill-opacity="0.82"/>"# + text(label.text, scale: s))
            }
            out.line("</g>")
        }

        if let legend = layout.legend {
            let p = legend.panel
            out.line(#"<g id="legend">"#)
            out.line(
                #"<rect x="\#(p.x)" y="\#(p.y)" width="\#(p.width)" height="\#(p.height)" fill="\#(white)"/>"#
                    + #"<rect x="\#(p.x)" y="0" width="1" height="\#(p.height)" fill="\#(rule)"/>"#)
            for swatch in legend.swatches {
                let r = swatch.rect
                let fill = swatch.color?.hex ?? "url(#nothing)"
                out.line(
                    #"<rect x="\#(num(Double(r.x) + 0.5))" y="\#(num(Double(r.y) + 0.5))" "#
                        + #"width="\#(r.width - 1)" height="\#(r.height - 1)" fill="\#(fill)" "#
                        + #"stroke="\#(frame)" stroke-width="1"/>"#)
            }
            for t in legend.texts where !t.text.isEmpty { out.line(text(t, scale: s)) }
            out.line("</g>")
        }
        out.line("</svg>")
        return out.bytes
    }

    /// A `<text>` whose glyph boxes start at the item's top-left, as the bitmap font's do.
    static func text(_ t: TextItem, scale s: Int) -> String {
        let baseline = t.y + BitmapFont.ascent * s
        return #"<text x="\#(t.x)" y="\#(baseline)" fill="\#(t.ink.hex)" xml:space="preserve">"#
            + escape(t.text) + "</text>"
    }

    /// Escapes the five XML special characters (for text and attribute values alike).
    static func escape(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // Control characters other than tab, newline and return are not allowed in
                // XML 1.0 at all; they become U+FFFD.
                if c.value < 0x20 && c != "\t" && c != "\n" && c != "\r" {
                    out.unicodeScalars.append("\u{FFFD}")
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out
    }

    /// A coordinate with at most 2 decimals, no trailing zeros, no exponent.
    static func num(_ v: Double) -> String {
        let hundredths = (v * 100).rounded()
        guard hundredths.isFinite, abs(hundredths) < 1e15 else { return "0" }
        let n = Int(hundredths)
        let sign = n < 0 ? "-" : ""
        let m = abs(n)
        let whole = "\(sign)\(m / 100)"
        switch m % 100 {
        case 0: return n == 0 ? "0" : whole
        case let f where f % 10 == 0: return "\(whole).\(f / 10)"
        case let f where f < 10: return "\(whole).0\(f)"
        case let f: return "\(whole).\(f)"
        }
    }
}

/// UTF-8 output, line by line.
struct SVGText {
    var bytes: [UInt8] = []

    mutating func line(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }
}
