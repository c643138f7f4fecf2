import HitTestRender
import Testing

/// Known values computed once with Python's zlib (`zlib.crc32`, `zlib.adler32`,
/// `zlib.compress(data, 0)`) and pasted here.
@Suite("PNG encoder and checksums")
struct PNGEncoderTests {
    /// `bytes((i * 7 + 3) % 251 for i in range(200000))`.
    static let big: [UInt8] = (0..<200_000).map { UInt8((($0 * 7) + 3) % 251) }

    @Test("CRC-32 matches zlib")
    func crc() {
        #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
        #expect(CRC32.checksum(Self.big) == 0x195D_BBA6)
        // Continuing from a prefix's CRC gives the CRC of the whole.
        #expect(
            CRC32.checksum(Self.big[1000...], continuing: CRC32.checksum(Self.big[..<1000]))
                == 0x195D_BBA6)
    }

    @Test("Adler-32 matches zlib, across its 5,552-byte sums")
    func adler() {
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Adler32.checksum([UInt8]()) == 1)
        #expect(Adler32.checksum(Self.big) == 0x1316_8AF4)
        #expect(
            Adler32.checksum([UInt8](repeating: 255, count: 100_000))
                == DecodedPNG.simpleAdler32([UInt8](repeating: 255, count: 100_000)))
    }

    @Test("a 2 x 2 PNG is byte for byte what Python's zlib and struct make")
    func tinyImage() throws {
        let rgba: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128]
        let png = PNGEncoder.encodeStored(width: 2, height: 2, rgba: rgba)
        let expected =
            "89504e470d0a1a0a0000000d494844520000000200000002080600000072b60d240000001d49444154"
            + "7801011200edff00ff0000ff00ff00ff000000ffffffffff80494909784bd9ce030000000049454e44ae426082"
        #expect(
            png.map {
                String($0, radix: 16).count == 1
                    ? "0" + String($0, radix: 16) : String($0, radix: 16)
            }.joined() == expected)
        let decoded = try DecodedPNG(png)
        #expect(decoded.width == 2 && decoded.height == 2 && decoded.rgba == rgba)
    }

    @Test("zlib streams of stored blocks: empty, one block, many blocks")
    func storedBlocks() throws {
        // Python: zlib.compress(b"", 0).
        #expect(
            PNGEncoder.zlibStored([]) == [
                0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01,
            ])
        // 200,000 bytes need 4 blocks of at most 65,535.
        let z = PNGEncoder.zlibStored(Self.big)
        #expect(z.count == 2 + 4 * 5 + Self.big.count + 4)
        #expect(Array(z[2..<7]) == [0x00, 0xFF, 0xFF, 0x00, 0x00])  // not final, LEN 65535
        #expect(Array(z.suffix(4)) == [0x13, 0x16, 0x8A, 0xF4])
        // A picture's PNG decodes with the test's own decoder (its own CRC and Adler).
        let width = 300
        let height = 250
        let rgba = (0..<(width * height * 4)).map {
            UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 997)
        }
        let image = try DecodedPNG(
            PNGEncoder.encodeStored(width: width, height: height, rgba: rgba))
        #expect(image.rgba == rgba)
        #expect(image.blockCount == (height * (width * 4 + 1) + 65_534) / 65_535)
    }

    @Test("compressed PNGs decode to the same pixels, with row filters, far below stored size")
    func compressed() throws {
        // Flat areas, a gradient (which sub and up filters flatten) and noise.
        let width = 320
        let height = 200
        var rgba: [UInt8] = []
        var state: UInt32 = 12_345
        for y in 0..<height {
            for x in 0..<width {
                if y < 80 {
                    rgba += x < 160 ? [200, 90, 60, 255] : [30, 120, 200, 255]
                } else if y < 160 {
                    rgba += [UInt8(x % 256), UInt8(y), UInt8((x + y) % 256), 255]
                } else {
                    state = state &* 1_103_515_245 &+ 12_345
                    rgba += [UInt8(truncatingIfNeeded: state >> 16), 0, 0, 255]
                }
            }
        }
        let png = PNGEncoder.encode(width: width, height: height, rgba: rgba)
        let image = try DecodedPNG(png)
        #expect(image.rgba == rgba)
        #expect(image.blockCount == 0)  // not stored blocks
        #expect(Set(image.filters).count > 1, "\(Set(image.filters))")
        // The flat and gradient rows cost little; the 40 noise rows (51 KB raw) most.
        #expect(png.count < 40 * width * 4 / 2 + 8_000, "\(png.count) bytes")
        #expect(
            png.count * 4 < PNGEncoder.encodeStored(width: width, height: height, rgba: rgba).count)
        // One pixel, and level 0 (stored inside deflate) decode too.
        let one = try DecodedPNG(PNGEncoder.encode(width: 1, height: 1, rgba: [1, 2, 3, 4]))
        #expect(one.rgba == [1, 2, 3, 4])
        let level0 = try DecodedPNG(
            PNGEncoder.encode(width: width, height: height, rgba: rgba, level: 0))
        #expect(level0.rgba == rgba)
    }
}
