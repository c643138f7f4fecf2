/// A colour with 8-bit red, green and blue channels.
public struct RGB: Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// `#rrggbb`, lower case.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = [UInt8(ascii: "#")]
        for v in [r, g, b] {
            out.append(digits[Int(v >> 4)])
            out.append(digits[Int(v & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Each channel multiplied by `f` (in `[0, 1]`): a darker shade of the same hue.
    public func scaled(by f: Double) -> RGB {
        func s(_ v: UInt8) -> UInt8 { UInt8(max(0, min(255, (Double(v) * f).rounded()))) }
        return RGB(s(r), s(g), s(b))
    }

    /// `self * (1 - t) + other * t`, channel by channel.
    public func mixed(with other: RGB, _ t: Double) -> RGB {
        func m(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(max(0, min(255, (Double(a) * (1 - t) + Double(b) * t).rounded())))
        }
        return RGB(m(r, other.r), m(g, other.g), m(b, other.b))
    }

    public static let white = RGB(255, 255, 255)
    public static let black = RGB(0, 0, 0)
}

/// The colours of hit maps.
///
/// A view's colour depends on its id alone (a 64-bit FNV-1a hash of the id's UTF-8 bytes,
/// never Swift's per-process seeded `Hasher`), so the same view has the same colour in
/// every picture, on every run and machine. The hash picks one of 24 hues 15 degrees
/// apart, one of 3 lightnesses and one of 2 saturations: 144 colours, all saturated
/// enough (at least 60 %) never to be mistaken for the grey hatching of "nothing". Two
/// ids can still get the same colour (among 10 views, about a 27 % chance that some
/// pair does); outlines and labels tell such views apart.
public enum Palette {
    public static let hueCount = 24
    static let lightnesses = [0.50, 0.63, 0.76]
    static let saturations = [0.60, 0.85]

    /// The colour of the view `id`.
    public static func color(for id: String) -> RGB {
        let h = hash(id)
        let hue = Double(h % UInt64(hueCount)) * (360 / Double(hueCount))
        let l = lightnesses[Int((h >> 16) % UInt64(lightnesses.count))]
        let s = saturations[Int((h >> 32) % UInt64(saturations.count))]
        return hsl(hue: hue, saturation: s, lightness: l)
    }

    /// The colour outlines and labels of the view `id` are drawn in: a dark shade of its
    /// fill colour, readable on white.
    public static func inkColor(for id: String) -> RGB { color(for: id).scaled(by: inkShade) }

    /// How dark an ink is against its fill.
    static let inkShade = 0.42

    /// How many different colours the palette has.
    public static let colorCount = 144

    /// The `attempt`-th other colour for the view `id` (attempt 0 is `color(for:)`), when
    /// a neighbour on the map already has its colour: the hue 7 steps (105 degrees) on
    /// and the next lightness each attempt, the other saturation after 24 attempts, so
    /// early attempts differ most (48 different colours in all).
    public static func alternative(for id: String, attempt: Int) -> RGB {
        let h = hash(id)
        let hueIndex = (Int(h % UInt64(hueCount)) + 7 * attempt) % hueCount
        let l = lightnesses[
            (Int((h >> 16) % UInt64(lightnesses.count)) + attempt) % lightnesses.count]
        let sIndex = Int((h >> 32) % UInt64(saturations.count))
        let s = saturations[
            (sIndex + attempt / (hueCount * lightnesses.count / 3)) % saturations.count]
        return hsl(hue: Double(hueIndex) * (360 / Double(hueCount)), saturation: s, lightness: l)
    }

    /// "Nothing is hit" is hatched: diagonal stripes of `hatchStripe` on `hatchBackground`.
    public static let hatchBackground = RGB(0xEE, 0xEE, 0xEE)
    public static let hatchStripe = RGB(0xB0, 0xB0, 0xB0)
    /// The stripes repeat every `hatchPeriod` pixels along x (and along y).
    public static let hatchPeriod = 8
    /// Pixels per period that are stripe.
    public static let hatchStripeWidth = 2

    /// The hatch colour of the output pixel `(x, y)` (non-negative): stripe where
    /// `(x + y) mod hatchPeriod < hatchStripeWidth` (lines running from the bottom left
    /// to the top right), background elsewhere.
    public static func hatchColor(x: Int, y: Int) -> RGB {
        (x + y) % hatchPeriod < hatchStripeWidth ? hatchStripe : hatchBackground
    }

    /// FNV-1a (64-bit) of the UTF-8 bytes, then SplitMix64's finalizer, so that ids that
    /// differ in one character differ in every bit range used above.
    public static func hash(_ id: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01b3
        }
        h = (h ^ (h >> 30)) &* 0xbf58_476d_1ce4_e5b9
        h = (h ^ (h >> 27)) &* 0x94d0_49bb_1331_11eb
        return h ^ (h >> 31)
    }

    /// HSL (hue in degrees, saturation and lightness in `[0, 1]`) to 8-bit RGB.
    static func hsl(hue: Double, saturation s: Double, lightness l: Double) -> RGB {
        let c = (1 - abs(2 * l - 1)) * s
        let hp = hue / 60
        let x = c * (1 - abs(hp.truncatingRemainder(dividingBy: 2) - 1))
        let (r1, g1, b1): (Double, Double, Double)
        switch Int(hp) {
        case 0: (r1, g1, b1) = (c, x, 0)
        case 1: (r1, g1, b1) = (x, c, 0)
        case 2: (r1, g1, b1) = (0, c, x)
        case 3: (r1, g1, b1) = (0, x, c)
        case 4: (r1, g1, b1) = (x, 0, c)
        default: (r1, g1, b1) = (c, 0, x)
        }
        let m = l - c / 2
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, ((v + m) * 255).rounded()))) }
        return RGB(byte(r1), byte(g1), byte(b1))
    }
}
