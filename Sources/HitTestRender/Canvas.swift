import HitTestGeometry

/// An RGBA raster (8 bits a channel, opaque), with the few drawing operations hit maps
/// need. Every operation clips to the canvas.
struct Canvas {
    let width: Int
    let height: Int
    /// Row by row from the top, 4 bytes a pixel.
    var pixels: [UInt8]

    init(width: Int, height: Int, fill: RGB) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 255, count: width * height * 4)
        fillRect(CellRect(x: 0, y: 0, width: width, height: height), fill)
    }

    func color(x: Int, y: Int) -> RGB {
        let i = (y * width + x) * 4
        return RGB(pixels[i], pixels[i + 1], pixels[i + 2])
    }

    mutating func set(x: Int, y: Int, _ c: RGB) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let i = (y * width + x) * 4
        pixels[i] = c.r
        pixels[i + 1] = c.g
        pixels[i + 2] = c.b
        pixels[i + 3] = 255
    }

    /// The part of `r` inside the canvas, as ranges.
    private func clipped(_ r: CellRect) -> (Range<Int>, Range<Int>)? {
        let x0 = max(0, r.x)
        let y0 = max(0, r.y)
        let x1 = min(width, r.x + r.width)
        let y1 = min(height, r.y + r.height)
        guard x0 < x1, y0 < y1 else { return nil }
        return (x0..<x1, y0..<y1)
    }

    mutating func fillRect(_ r: CellRect, _ c: RGB) {
        guard let (xs, ys) = clipped(r) else { return }
        for y in ys { for x in xs { set(x: x, y: y, c) } }
    }

    /// Mixes `c` into `r` with weight `t`.
    mutating func blendRect(_ r: CellRect, _ c: RGB, _ t: Double) {
        guard let (xs, ys) = clipped(r) else { return }
        for y in ys { for x in xs { set(x: x, y: y, color(x: x, y: y).mixed(with: c, t)) } }
    }

    /// The hatching of "nothing" over `r`, aligned to the canvas (as in the map).
    mutating func hatchRect(_ r: CellRect) {
        guard let (xs, ys) = clipped(r) else { return }
        for y in ys { for x in xs { set(x: x, y: y, Palette.hatchColor(x: x, y: y)) } }
    }

    /// A 1-pixel frame just inside `r`.
    mutating func frameRect(_ r: CellRect, _ c: RGB) {
        fillRect(CellRect(x: r.x, y: r.y, width: r.width, height: 1), c)
        fillRect(CellRect(x: r.x, y: r.y + r.height - 1, width: r.width, height: 1), c)
        fillRect(CellRect(x: r.x, y: r.y, width: 1, height: r.height), c)
        fillRect(CellRect(x: r.x + r.width - 1, y: r.y, width: 1, height: r.height), c)
    }

    /// A line from `a` to `b` (pixel-space coordinates: pixel `(i, j)` spans
    /// `[i, i + 1) x [j, j + 1)`), `thickness` pixels wide, clipped to the canvas first
    /// (so a far-away end point costs nothing). With `dash`, `on` pixels drawn then `off`
    /// skipped, along the line.
    mutating func line(
        from a: Point, to b: Point, _ c: RGB, thickness: Int = 1, dash: (on: Int, off: Int)? = nil
    ) {
        guard let (p, q) = clip(a, b) else { return }
        let x0 = Int(p.x.rounded(.down))
        let y0 = Int(p.y.rounded(.down))
        let x1 = Int(q.x.rounded(.down))
        let y1 = Int(q.y.rounded(.down))
        // Bresenham over all octants.
        let dx = abs(x1 - x0)
        let dy = -abs(y1 - y0)
        let stepX = x0 < x1 ? 1 : -1
        let stepY = y0 < y1 ? 1 : -1
        var err = dx + dy
        var x = x0
        var y = y0
        var n = 0
        let lo = -(thickness - 1) / 2
        while true {
            if dash.map({ n % ($0.on + $0.off) < $0.on }) ?? true {
                for oy in lo..<(lo + thickness) {
                    for ox in lo..<(lo + thickness) { set(x: x + ox, y: y + oy, c) }
                }
            }
            if x == x1 && y == y1 { break }
            let e2 = 2 * err
            if e2 >= dy {
                err += dy
                x += stepX
            }
            if e2 <= dx {
                err += dx
                y += stepY
            }
            n += 1
        }
    }

    /// Liang-Barsky clipping of the segment to `[0, width - 0.001] x [0, height - 0.001]`.
    private func clip(_ a: Point, _ b: Point) -> (Point, Point)? {
        let maxX = Double(width) - 0.001
        let maxY = Double(height) - 0.001
        let dx = b.x - a.x
        let dy = b.y - a.y
        var t0 = 0.0
        var t1 = 1.0
        for (p, q) in [(-dx, a.x), (dx, maxX - a.x), (-dy, a.y), (dy, maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let r = q / p
            if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
            if t0 > t1 { return nil }
        }
        return (
            Point(x: a.x + t0 * dx, y: a.y + t0 * dy), Point(x: a.x + t1 * dx, y: a.y + t1 * dy)
        )
    }

    /// A target ring at `c` of radius `r`: white inside, a black ring, a white halo.
    mutating func ring(at c: Point, radius r: Double, scale s: Double) {
        let reach = Int((r + 1.5 * s).rounded(.up))
        let cx = Int(c.x.rounded(.down))
        let cy = Int(c.y.rounded(.down))
        for y in (cy - reach)...(cy + reach) {
            for x in (cx - reach)...(cx + reach) {
                let dx = Double(x) + 0.5 - c.x
                let dy = Double(y) + 0.5 - c.y
                let d = (dx * dx + dy * dy).squareRoot()
                if d <= r - 1.6 * s {
                    set(x: x, y: y, .white)
                } else if d <= r {
                    set(x: x, y: y, .black)
                } else if d <= r + 1.2 * s {
                    set(x: x, y: y, .white)
                }
            }
        }
    }

    /// `item` in the bitmap font at `scale`.
    mutating func text(_ item: TextItem, scale s: Int) {
        var x = item.x
        for scalar in item.text.unicodeScalars {
            for (row, bits) in BitmapFont.rows(of: scalar).enumerated() {
                for col in 0..<BitmapFont.glyphWidth where bits & (0x10 >> UInt8(col)) != 0 {
                    fillRect(
                        CellRect(x: x + col * s, y: item.y + row * s, width: s, height: s), item.ink
                    )
                }
            }
            x += BitmapFont.advance * s
        }
    }
}
