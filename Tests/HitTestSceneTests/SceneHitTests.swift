import HitTestGeometry
import HitTestScene
import Testing

/// The one answer type: equality and hashing by bits, descriptions exact.
@Suite("SceneHit")
struct SceneHitTests {
    func hit(_ x: Double, _ y: Double, view: String = "v") -> SceneHit {
        SceneHit(view: view, window: "w", localPoint: Point(x: x, y: y))
    }

    @Test("equal means the same ids and the local point's bits")
    func equalityIsBitwise() {
        #expect(hit(1, 2) == hit(1, 2))
        #expect(hit(1, 2) != hit(1, 2, view: "u"))
        #expect(SceneHit(view: "v", window: "x", localPoint: Point(x: 1, y: 2)) != hit(1, 2))
        // `==` on doubles says 0 == -0 and NaN != NaN; answers compare bits.
        #expect(hit(0, 1) != hit(-0.0, 1))
        #expect(hit(.nan, 1) == hit(.nan, 1))
        #expect(hit(1, 1) != hit(1.0.nextUp, 1))
        #expect(Set([hit(0, 1), hit(-0.0, 1), hit(.nan, 1), hit(.nan, 1)]).count == 3)
    }

    @Test("descriptions print every bit of the local point, and nothing for a miss")
    func descriptionIsExact() {
        #expect(SceneHit.exact(-0.0) == "-0.0 [0x8000000000000000]")
        #expect(
            hit(0.5, -0.0).description
                == "view v in window w, local (0.5 [0x3fe0000000000000], -0.0 [0x8000000000000000])"
        )
        #expect(hit(1, 1).description != hit(1.0.nextUp, 1).description)
        #expect(SceneHit.describe(nil) == "nothing")
        #expect(SceneHit.describe(hit(0.5, -0.0)) == hit(0.5, -0.0).description)
    }
}
