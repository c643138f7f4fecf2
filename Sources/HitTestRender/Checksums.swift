/// CRC-32 as PNG chunks and zlib's `crc32` compute it (ISO 3309, reflected polynomial
/// `0xEDB88320`, initial and final value `0xFFFFFFFF`).
public enum CRC32 {
    /// The CRC of `bytes`, continuing from `crc` (the CRC of what came before; 0 for
    /// none), as `zlib.crc32(bytes, crc)` does.
    public static func checksum(_ bytes: some Sequence<UInt8>, continuing crc: UInt32 = 0) -> UInt32
    {
        var c = crc ^ 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}

/// Adler-32, the checksum at the end of a zlib stream (RFC 1950).
public enum Adler32 {
    static let modulus: UInt32 = 65_521
    /// The most bytes that can be summed before `b` could overflow 32 bits.
    static let blockLength = 5552

    /// The checksum of `bytes`, continuing from `adler` (1 for none), as
    /// `zlib.adler32(bytes, adler)` does.
    public static func checksum(_ bytes: some Sequence<UInt8>, continuing adler: UInt32 = 1)
        -> UInt32
    {
        var a = adler & 0xFFFF
        var b = adler >> 16
        var pending = 0
        for byte in bytes {
            a &+= UInt32(byte)
            b &+= a
            pending += 1
            if pending == blockLength {
                a %= modulus
                b %= modulus
                pending = 0
            }
        }
        return (b % modulus) << 16 | (a % modulus)
    }
}
