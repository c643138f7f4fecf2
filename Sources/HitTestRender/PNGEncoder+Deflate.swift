import CHitTestZlib

// Compressed PNGs: each row filtered (PNG filter types 0-4, chosen per row), the rows
// deflated by the system zlib as they are made (no whole filtered copy of the image).

extension PNGEncoder {
    /// The PNG file of a `width` x `height` image whose pixels are `rgba`, row by row from
    /// the top, 4 bytes each, compressed: each row takes the filter (none, sub, up,
    /// average, Paeth) whose bytes have the smallest sum of magnitudes as signed values
    /// (libpng's heuristic), and the rows go through zlib's deflate at `level` (0-9).
    /// A hit map is mostly flat areas, so the file is a few percent of the stored form.
    /// Same preconditions as ``encodeStored(width:height:rgba:)``. `progress` hears the
    /// fraction of rows done every 64 rows.
    public static func encode(
        width: Int, height: Int, rgba: [UInt8], level: Int32 = 9,
        progress: ((Double) -> Void)? = nil
    ) -> [UInt8] {
        precondition(width > 0 && height > 0 && width < 1 << 31 && height < 1 << 31, "bad PNG size")
        precondition(rgba.count == width * height * 4, "rgba must hold 4 bytes a pixel")
        let deflater = Deflater(level: level)
        let rowBytes = width * 4
        var filtered = [UInt8](repeating: 0, count: rowBytes + 1)
        var best = [UInt8](repeating: 0, count: rowBytes + 1)
        rgba.withUnsafeBufferPointer { image in
            for y in 0..<height {
                let row = UnsafeBufferPointer(
                    rebasing: image[(y * rowBytes)..<((y + 1) * rowBytes)])
                let above =
                    y > 0
                    ? UnsafeBufferPointer(rebasing: image[((y - 1) * rowBytes)..<(y * rowBytes)])
                    : nil
                var bestScore = Int.max
                for type in UInt8(0)...4 {
                    let score = filter(row, above: above, type: type, into: &filtered)
                    if score < bestScore {
                        bestScore = score
                        swap(&best, &filtered)
                    }
                }
                deflater.write(best, finish: y == height - 1)
                if y % 64 == 63 { progress?(Double(y + 1) / Double(height)) }
            }
        }
        var out = signature
        appendChunk(&out, "IHDR", imageHeader(width: width, height: height))
        appendChunk(&out, "IDAT", deflater.output)
        appendChunk(&out, "IEND", [])
        return out
    }

    /// Writes the filter type byte and the filtered row into `out`; returns the sum of the
    /// filtered bytes' magnitudes as signed values.
    static func filter(
        _ row: UnsafeBufferPointer<UInt8>, above: UnsafeBufferPointer<UInt8>?, type: UInt8,
        into out: inout [UInt8]
    ) -> Int {
        out[0] = type
        var score = 0
        for i in 0..<row.count {
            let a = i >= 4 ? Int(row[i - 4]) : 0
            let b = above.map { Int($0[i]) } ?? 0
            let c = i >= 4 ? (above.map { Int($0[i - 4]) } ?? 0) : 0
            let predictor: Int
            switch type {
            case 0: predictor = 0
            case 1: predictor = a
            case 2: predictor = b
            case 3: predictor = (a + b) / 2
            default: predictor = paeth(a, b, c)
            }
            let v = UInt8(truncatingIfNeeded: Int(row[i]) - predictor)
            out[i + 1] = v
            score += v < 128 ? Int(v) : 256 - Int(v)
        }
        return score
    }

    /// The Paeth predictor of the PNG specification (section 9.4).
    @inline(__always)
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a)
        let pb = abs(p - b)
        let pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// One zlib deflate stream, fed piece by piece. The `z_stream` lives at a fixed heap
    /// address: zlib keeps a pointer to it and refuses a stream that moved.
    final class Deflater {
        private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        private(set) var output: [UInt8] = []
        private var buffer = [UInt8](repeating: 0, count: 1 << 16)
        private var open = true

        init(level: Int32) {
            stream.initialize(to: z_stream())
            let status = htZlib_deflateInit(stream, max(0, min(9, level)))
            precondition(status == Z_OK, "zlib deflateInit failed (\(status))")
        }

        deinit {
            if open { deflateEnd(stream) }
            stream.deinitialize(count: 1)
            stream.deallocate()
        }

        /// Deflates `bytes`; with `finish`, ends the stream and frees zlib's state.
        func write(_ bytes: [UInt8], finish: Bool) {
            precondition(open, "the deflate stream is finished")
            var input = bytes
            input.withUnsafeMutableBufferPointer { inBuf in
                stream.pointee.next_in = inBuf.baseAddress
                stream.pointee.avail_in = UInt32(inBuf.count)
                while true {
                    let (status, produced) = buffer.withUnsafeMutableBufferPointer { outBuf in
                        stream.pointee.next_out = outBuf.baseAddress
                        stream.pointee.avail_out = UInt32(outBuf.count)
                        let status = deflate(stream, finish ? Z_FINISH : Z_NO_FLUSH)
                        return (status, outBuf.count - Int(stream.pointee.avail_out))
                    }
                    precondition(
                        status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR,
                        "zlib deflate failed (\(status))")
                    output.append(contentsOf: buffer[..<produced])
                    if finish ? status == Z_STREAM_END : stream.pointee.avail_out != 0 { break }
                }
            }
            if finish {
                deflateEnd(stream)
                open = false
            }
        }
    }
}
