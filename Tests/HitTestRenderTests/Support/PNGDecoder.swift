import CHitTestZlib

/// A decoder for the PNGs the renderer writes (8-bit RGBA; stored deflate blocks read
/// here, compressed ones inflated by zlib; filters 0-4 undone here), written apart from
/// the encoder: its own CRC-32, Adler-32 and unfiltering, so an encoder bug cannot hide
/// behind a shared helper. Anything else is an error.
struct DecodedPNG {
    var width: Int
    var height: Int
    /// Row by row, 4 bytes a pixel.
    var rgba: [UInt8]
    /// How many stored blocks the zlib stream had (0 when it was compressed).
    var blockCount: Int
    /// The filter type of each row.
    var filters: [UInt8] = []

    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * width + x) * 4
        return Array(rgba[i..<(i + 4)])
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(_ bytes: [UInt8]) throws {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
            throw Failure(description: "no PNG signature")
        }
        var at = 8
        var header: [UInt8]?
        var idat: [UInt8] = []
        var sawEnd = false
        var first = true
        while at < bytes.count {
            guard at + 12 <= bytes.count else {
                throw Failure(description: "truncated chunk at \(at)")
            }
            let length = Int(Self.uint32(bytes, at))
            guard at + 12 + length <= bytes.count else {
                throw Failure(description: "chunk runs past the end")
            }
            let typeAndData = Array(bytes[(at + 4)..<(at + 8 + length)])
            let type = String(decoding: typeAndData[0..<4], as: UTF8.self)
            let data = Array(typeAndData[4...])
            let crc = Self.uint32(bytes, at + 8 + length)
            guard crc == Self.crc32(typeAndData) else {
                throw Failure(description: "bad CRC on \(type)")
            }
            if first && type != "IHDR" { throw Failure(description: "IHDR must come first") }
            first = false
            switch type {
            case "IHDR": header = data
            case "IDAT": idat += data
            case "IEND": sawEnd = true
            default: throw Failure(description: "unexpected chunk \(type)")
            }
            at += 12 + length
        }
        guard sawEnd, let header, header.count == 13 else {
            throw Failure(description: "missing IHDR or IEND")
        }
        width = Int(Self.uint32(header, 0))
        height = Int(Self.uint32(header, 4))
        guard Array(header[8...]) == [8, 6, 0, 0, 0] else {
            throw Failure(description: "not 8-bit RGBA: \(header)")
        }

        // zlib: CMF/FLG, stored blocks, Adler-32.
        guard idat.count >= 6, idat[0] == 0x78, (Int(idat[0]) * 256 + Int(idat[1])) % 31 == 0,
            idat[1] & 0x20 == 0
        else { throw Failure(description: "bad zlib header") }
        let rowBytes = width * 4
        var raw: [UInt8] = []
        var p = 2
        blockCount = 0
        var compressed = false
        while true {
            guard p + 5 <= idat.count else { throw Failure(description: "truncated block header") }
            let flags = idat[p]
            guard flags & 0b110 == 0 else {
                compressed = true
                break
            }
            let len = Int(idat[p + 1]) | Int(idat[p + 2]) << 8
            let nlen = Int(idat[p + 3]) | Int(idat[p + 4]) << 8
            guard len ^ 0xFFFF == nlen else { throw Failure(description: "LEN and NLEN disagree") }
            guard p + 5 + len <= idat.count else {
                throw Failure(description: "block runs past the end")
            }
            raw += idat[(p + 5)..<(p + 5 + len)]
            p += 5 + len
            blockCount += 1
            if flags & 1 == 1 { break }
        }
        if compressed {
            // Not all stored: zlib inflates the whole stream.
            raw = try Self.inflate(idat, expected: height * (rowBytes + 1))
            p = idat.count - 4
            blockCount = 0
        }
        guard p + 4 == idat.count else { throw Failure(description: "bytes after the last block") }
        guard Self.uint32(idat, p) == Self.simpleAdler32(raw) else {
            throw Failure(description: "bad Adler-32")
        }

        guard raw.count == height * (rowBytes + 1) else {
            throw Failure(description: "wrong data size")
        }
        rgba = []
        rgba.reserveCapacity(width * height * 4)
        for y in 0..<height {
            let start = y * (rowBytes + 1)
            let type = raw[start]
            guard type <= 4 else { throw Failure(description: "row \(y) has filter \(type)") }
            filters.append(type)
            for i in 0..<rowBytes {
                let a = i >= 4 ? Int(rgba[rgba.count - 4]) : 0
                let b = y > 0 ? Int(rgba[(y - 1) * rowBytes + i]) : 0
                let c = y > 0 && i >= 4 ? Int(rgba[(y - 1) * rowBytes + i - 4]) : 0
                let x = Int(raw[start + 1 + i])
                let predictor: Int
                switch type {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) >> 1
                default:
                    // The PNG specification's Paeth predictor, written out again here.
                    let estimate = a + b - c
                    let (da, db, dc) = (abs(estimate - a), abs(estimate - b), abs(estimate - c))
                    predictor = da <= db && da <= dc ? a : (db <= dc ? b : c)
                }
                rgba.append(UInt8((x + predictor) & 0xFF))
            }
        }
    }

    /// The raw bytes of a compressed zlib stream, inflated by zlib (which checks the
    /// Adler-32 too; the caller checks it again with its own).
    static func inflate(_ stream: [UInt8], expected: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: max(expected, 1))
        var length = uLongf(out.count)
        let status = stream.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                uncompress(output.baseAddress, &length, input.baseAddress, uLong(input.count))
            }
        }
        guard status == Z_OK else { throw Failure(description: "zlib uncompress: \(status)") }
        return Array(out[..<Int(length)])
    }

    static func uint32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    /// CRC-32 with the table built from the polynomial's bits (x^32 + x^26 + x^23 + ...),
    /// not shared with the encoder.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return ~c
    }

    static let crcTable: [UInt32] = {
        let exponents = [0, 1, 2, 4, 5, 7, 8, 10, 11, 12, 16, 22, 23, 26]
        // Reflected: the coefficient of x^k is bit 31 - k.
        let polynomial = exponents.reduce(UInt32(0)) { $0 | 1 << UInt32(31 - $1) }
        return (0..<256).map { n in
            var c = UInt32(n)
            for _ in 0..<8 { c = (c >> 1) ^ (c & 1 == 1 ? polynomial : 0) }
            return c
        }
    }()

    /// Adler-32 with a modulo after every byte.
    static func simpleAdler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for x in bytes {
            a = (a + UInt32(x)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
