/// Draws a layout into a raster and encodes it as PNG.
enum PNGWriter {
    /// `progress` hears the fraction done: drawing is the first tenth, encoding the rest.
    /// `level` is zlib's (0-9): 9, the smallest file, for pictures; the interactive page
    /// takes a faster one.
    static func write(
        _ layout: RenderLayout, level: Int32 = 9, progress: ((Double) -> Void)? = nil
    ) -> [UInt8] {
        let canvas = draw(layout)
        progress?(0.1)
        return PNGEncoder.encode(
            width: canvas.width, height: canvas.height, rgba: canvas.pixels, level: level,
            progress: progress.map { report in { report(0.1 + 0.9 * $0) } })
    }

    static func draw(_ layout: RenderLayout) -> Canvas {
        var canvas = Canvas(width: layout.width, height: layout.height, fill: .white)
        let map = layout.map
        let s = layout.fontScale

        // The map: one pixel at a time, the colour of its cell's hit or the hatching,
        // darkened on the first pixel after a change of hit (left to right, top down).
        let fills = layout.colors.fills
        let k = map.cellSize
        for y in 0..<map.height {
            let rowBase = (y / k) * map.columns
            let rowAbove = y % k == 0 && y > 0 ? rowBase - map.columns : -1
            for x in 0..<map.width {
                let cell = rowBase + x / k
                let owner = map.cells[cell]
                var c = owner >= 0 ? fills[Int(owner)] : Palette.hatchColor(x: x, y: y)
                if layout.boundaries
                    && ((x % k == 0 && x > 0 && map.cells[cell - 1] != owner)
                        || (rowAbove >= 0 && map.cells[rowAbove + x / k] != owner))
                {
                    c = c.mixed(with: RenderLayout.boundaryInk, RenderLayout.boundaryWeight)
                }
                canvas.set(x: x, y: y, c)
            }
        }

        // Outlines: the deepest last, so a child's edge shows over its parent's. Points
        // are pixel centres: the line runs through the pixels that hold them.
        for outline in layout.outlines {
            let p = outline.points
            for i in p.indices {
                canvas.line(
                    from: p[i], to: p[(i + 1) % p.count], outline.ink, thickness: s,
                    dash: outline.dashed ? (4 * s, 3 * s) : nil)
            }
        }

        for marker in layout.markers {
            canvas.ring(at: marker.centre, radius: marker.radius, scale: Double(s))
        }

        for label in layout.labels {
            canvas.blendRect(label.box, .white, 0.82)
            canvas.text(label.text, scale: s)
        }

        if let legend = layout.legend {
            canvas.fillRect(legend.panel, .white)
            canvas.fillRect(
                CellRect(x: legend.panel.x, y: 0, width: 1, height: legend.panel.height),
                RGB(0x99, 0x99, 0x99))
            for swatch in legend.swatches {
                if let c = swatch.color {
                    canvas.fillRect(swatch.rect, c)
                } else {
                    canvas.hatchRect(swatch.rect)
                }
                canvas.frameRect(swatch.rect, RGB(0x44, 0x44, 0x44))
            }
            for text in legend.texts { canvas.text(text, scale: s) }
        }
        return canvas
    }
}

/// A PNG encoder for 8-bit RGBA images. ``encode(width:height:rgba:level:)`` (what the
/// renderer writes) filters each row and compresses with the system zlib;
/// ``encodeStored(width:height:rgba:)`` writes filter 0 and stored (uncompressed) deflate
/// blocks, about `4 * width * height` bytes, byte for byte predictable.
public enum PNGEncoder {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The most bytes a stored deflate block holds.
    public static let maxStoredBlock = 65_535

    /// The PNG file of a `width` x `height` image whose pixels are `rgba`, row by row from
    /// the top, 4 bytes each, uncompressed. `width` and `height` must be in
    /// `1 ... 2^31 - 1` and `rgba` exactly `4 * width * height` bytes.
    public static func encodeStored(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        precondition(width > 0 && height > 0 && width < 1 << 31 && height < 1 << 31, "bad PNG size")
        precondition(rgba.count == width * height * 4, "rgba must hold 4 bytes a pixel")
        let header = imageHeader(width: width, height: height)

        // The image data: each row is a filter-type byte (0, none) and the row's bytes,
        // written straight into the IDAT chunk's zlib stream (no intermediate copy).
        let rowBytes = width * 4
        let rawCount = height * (rowBytes + 1)
        var out = signature
        appendChunk(&out, "IHDR", header)
        out.reserveCapacity(out.count + zlibStoredCount(rawCount) + 24)
        appendUInt32(&out, UInt32(zlibStoredCount(rawCount)))
        let typeStart = out.count
        out += Array("IDAT".utf8)
        var stream = StoredStream(total: rawCount)
        stream.begin(&out)
        for y in 0..<height {
            stream.write([0], to: &out)
            stream.write(rgba[(y * rowBytes)..<((y + 1) * rowBytes)], to: &out)
        }
        stream.end(&out)
        appendUInt32(&out, CRC32.checksum(out[typeStart...]))
        appendChunk(&out, "IEND", [])
        return out
    }

    /// A zlib stream (RFC 1950) holding `data` in stored deflate blocks (RFC 1951,
    /// BTYPE 00) of at most 65,535 bytes: header `78 01`, the blocks, then Adler-32.
    public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var stream = StoredStream(total: data.count)
        stream.begin(&out)
        stream.write(data[...], to: &out)
        stream.end(&out)
        return out
    }

    /// The size of `zlibStored` of `count` bytes: header, one 5-byte block header per
    /// 65,535 bytes (at least one block), the bytes, Adler-32.
    static func zlibStoredCount(_ count: Int) -> Int {
        2 + max(1, (count + maxStoredBlock - 1) / maxStoredBlock) * 5 + count + 4
    }

    /// Writes a zlib stream of stored blocks piece by piece; `total` is known up front so
    /// that each block header can say whether it is the last.
    struct StoredStream {
        let total: Int
        private var written = 0
        private var leftInBlock = 0
        private var adler: UInt32 = 1

        init(total: Int) {
            self.total = total
        }

        func begin(_ out: inout [UInt8]) {
            out += [0x78, 0x01]  // deflate, 32 KiB window; no dictionary; check bits
        }

        mutating func write(_ piece: ArraySlice<UInt8>, to out: inout [UInt8]) {
            adler = Adler32.checksum(piece, continuing: adler)
            var start = piece.startIndex
            while start < piece.endIndex {
                if leftInBlock == 0 { openBlock(&out) }
                let end = min(piece.endIndex, start + leftInBlock)
                out.append(contentsOf: piece[start..<end])
                leftInBlock -= end - start
                written += end - start
                start = end
            }
        }

        mutating func end(_ out: inout [UInt8]) {
            precondition(written == total, "wrote \(written) bytes of \(total)")
            if total == 0 { openBlock(&out) }
            PNGEncoder.appendUInt32(&out, adler)
        }

        /// A block header: BFINAL on the last block, BTYPE 00, LEN and its complement.
        private mutating func openBlock(_ out: inout [UInt8]) {
            let length = min(maxStoredBlock, total - written)
            let final = written + length == total
            let len = UInt16(length)
            out += [
                final ? 1 : 0, UInt8(len & 0xFF), UInt8(len >> 8), UInt8(~len & 0xFF),
                UInt8(~len >> 8),
            ]
            leftInBlock = length
        }
    }

    /// IHDR's data: the size, 8 bits, RGBA, deflate, adaptive filtering, no interlace.
    static func imageHeader(width: Int, height: Int) -> [UInt8] {
        var header: [UInt8] = []
        appendUInt32(&header, UInt32(width))
        appendUInt32(&header, UInt32(height))
        header += [8, 6, 0, 0, 0]
        return header
    }

    static func appendUInt32(_ out: inout [UInt8], _ v: UInt32) {
        out += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    /// Length, type, data, and the CRC of type and data.
    static func appendChunk(_ out: inout [UInt8], _ type: String, _ data: [UInt8]) {
        precondition(data.count < 1 << 31, "a PNG chunk holds under 2 GiB")
        appendUInt32(&out, UInt32(data.count))
        let typeBytes = Array(type.utf8)
        out += typeBytes
        out += data
        appendUInt32(&out, CRC32.checksum(data, continuing: CRC32.checksum(typeBytes)))
    }
}
