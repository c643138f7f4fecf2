import Testing

@testable import HitTestDispatch

/// The rubber band at the ends of the double range (`rule-scroll-view-bounce`): it takes
/// its limits instead of NaN, so that a drag on a view of infinite size, or an infinite
/// travel, never places content at NaN.
@Suite("Scroll views: the rubber band's limits")
struct RubberBandLimitTests {
    @Test("on a view of infinite size the band is c · x; an infinite travel gives D; never NaN")
    func limits() {
        let c = _RubberBand.c
        #expect(_RubberBand.band(100, size: .infinity) == 100 * c)
        #expect(_RubberBand.band(.infinity, size: 844) == 844)
        #expect(_RubberBand.band(.infinity, size: .infinity) == .infinity)
        #expect(_RubberBand.band(0, size: .infinity) == 0)
        #expect(_RubberBand.band(100, size: 0) == 0)
        #expect(_RubberBand.travel(55, size: .infinity) == 55 / c)
        #expect(_RubberBand.slope(at: -10, range: 0...100, size: .infinity) == c)
        for d in [0, 1, 844, 1e300, .infinity] as [Double] {
            for x in [0, 1, 1e300, .infinity] as [Double] {
                #expect(!_RubberBand.band(x, size: d).isNaN, "band(\(x), size: \(d))")
                let o = _RubberBand.offset(-x, range: 0...100, size: d)
                #expect(!o.isNaN, "offset(\(-x)) on \(d)")
                #expect(!_RubberBand.target(o, range: 0...100, size: d).isNaN, "target(\(o)) on \(d)")
            }
        }
    }
}
