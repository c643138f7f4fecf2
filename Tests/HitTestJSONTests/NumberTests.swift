import HitTestJSON
import Testing

@Suite("Numbers convert exactly and round-trip bit for bit")
struct NumberTests {
    /// Parses a number document, failing the test on error.
    func number(_ text: String) throws -> Double {
        try #require(try JSONReader.parse(text).asNumber)
    }

    @Test func exactConversions() throws {
        #expect(try number("0.1") == 0.1)
        #expect(try number("0.30000000000000004") == 0.30000000000000004)
        #expect(try number("1e23") == 1e23)
        #expect(try number("1e22") == 1e22)
        #expect(try number("1e-22") == 1e-22)
        #expect(try number("123456789012345678901234567890") == 1.2345678901234568e29)
        #expect(try number("1.7976931348623157e308") == .greatestFiniteMagnitude)
        #expect(try number("4.9406564584124654e-324") == .leastNonzeroMagnitude)
        #expect(try number("2.2250738585072012e-308") == .leastNormalMagnitude)
        #expect(try number("2.2250738585072011e-308") == Double.leastNormalMagnitude.nextDown)
        // Halfway cases round to even.
        #expect(try number("9007199254740993") == 9_007_199_254_740_992)
        #expect(try number("9007199254740995") == 9_007_199_254_740_996)
        #expect(try number("1.00000000000000011102230246251565404236316680908203125") == 1)
        #expect(
            try number("1.00000000000000011102230246251565404236316680908203126")
                == 1.0000000000000002)
        // Just below and just above half the smallest subnormal.
        #expect(try number("2.4703282292062327e-324") == 0)
        #expect(try number("2.4703282292062328e-324") == .leastNonzeroMagnitude)
        #expect(try number("0.000000000000000000000000000001") == 1e-30)
        #expect(try number("100000000000000000000000000000000e-32") == 1)
        #expect(try number("1E+2") == 100)
        #expect(try number("-0.0e-0") == 0)
    }

    @Test func signedZeroAndUnderflow() throws {
        #expect(try number("-0").sign == .minus)
        #expect(try number("-0.000e99").sign == .minus)
        #expect(try number("0").sign == .plus)
        #expect(try number("1e-400") == 0)
        #expect(try number("-1e-400").sign == .minus)
        #expect(try number("0e999999999999999999") == 0)
        #expect(try number("1e-99999999999999999999") == 0)
        #expect(try number("5e-324") == .leastNonzeroMagnitude)
    }

    @Test(arguments: [UInt64(1), 2, 3, 0xC0FF_EE])
    func randomDecimalTextMatchesStandardLibrary(seed: UInt64) throws {
        // Double(String) is correctly rounded; the reader must agree on every input.
        var rng = SplitMix64(seed: seed)
        for _ in 0..<5_000 {
            var text = Bool.random(using: &rng) ? "-" : ""
            let integerDigits = Int.random(in: 1...20, using: &rng)
            for k in 0..<integerDigits {
                text += String(
                    Int.random(in: (k == 0 && integerDigits > 1 ? 1 : 0)...9, using: &rng))
            }
            if Bool.random(using: &rng) {
                text += "."
                for _ in 0..<Int.random(in: 1...20, using: &rng) {
                    text += String(Int.random(in: 0...9, using: &rng))
                }
            }
            if Bool.random(using: &rng) {
                text += "e" + String(Int.random(in: -330...310, using: &rng))
            }
            let expected = try #require(Double(text))
            guard expected.isFinite else {
                #expect(parseError(text)?.message.contains("overflows") == true, "seed \(seed)")
                continue
            }
            let parsed = try number(text)
            #expect(parsed.bitPattern == expected.bitPattern, "seed \(seed): \(text)")
        }
    }

    @Test(arguments: [
        (150.0, "150"), (-3.0, "-3"), (0.0, "0"), (-0.0, "-0"), (0.1, "0.1"), (1.5, "1.5"),
        (999_999_999_999_999.0, "999999999999999"), (1e15, "1000000000000000"),
        (1e16, "1e16"), (1.2345678901234568e17, "1.2345678901234568e17"),
        (1e-5, "1e-5"), (0.0001, "0.0001"), (2.5e-5, "2.5e-5"), (-1e100, "-1e100"),
        (Double.leastNonzeroMagnitude, "5e-324"),
        (Double.greatestFiniteMagnitude, "1.7976931348623157e308"),
        (Double.nan, #""NaN""#), (Double.infinity, #""Infinity""#),
        (-Double.infinity, #""-Infinity""#),
    ])
    func formatNumber(value: Double, expected: String) {
        #expect(JSONWriter.formatNumber(value) == expected)
    }

    @Test func edgeValuesRoundTrip() throws {
        let values: [Double] = [
            .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNormalMagnitude.nextDown,
            0.1, 0.2, 0.3, 1e15, 1e15 - 1, 1e15 + 1, 1e16, Double("123456789012345678")!, -0.0, 0,
            9_007_199_254_740_992, 9_007_199_254_740_992.0.nextUp, 1e22, 1e23, 1e-7, 5e-5,
            .pi, -.ulpOfOne, 1 + .ulpOfOne, 2e-308, 1e308,
        ]
        for x in values {
            let text = JSONWriter.formatNumber(x)
            #expect(try number(text).bitPattern == x.bitPattern, "\(x) written as \(text)")
        }
    }

    @Test(arguments: [UInt64(42), 7, 2024])
    func randomBitPatternsRoundTrip(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var checked = 0
        while checked < 30_000 {
            let x = Double(bitPattern: rng.next())
            guard x.isFinite else { continue }
            checked += 1
            let text = JSONWriter.formatNumber(x)
            let back = try number(text)
            #expect(back.bitPattern == x.bitPattern, "seed \(seed): \(x) written as \(text)")
        }
    }

    @Test(arguments: [UInt64(5), 6])
    func randomIntegersAndShortDecimalsRoundTrip(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<20_000 {
            let x =
                Bool.random(using: &rng)
                ? Double(Int64.random(in: -(1 << 53)...(1 << 53), using: &rng))
                : Double(Int.random(in: -100_000...100_000, using: &rng)) / 100
            let text = JSONWriter.formatNumber(x)
            #expect(try number(text).bitPattern == x.bitPattern, "seed \(seed): \(text)")
        }
    }
}
