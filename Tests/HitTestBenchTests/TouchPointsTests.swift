import HitTestBench
import HitTestGenerators
import HitTestGeometry
import Testing

@Suite struct TouchPointsTests {
    let scene = SceneShape.ui.scene(views: 500, seed: 3)

    @Test func randomPointsAreSeededAndInsideTheWindows() {
        let a = TouchPoints.random(in: scene, count: 1000, seed: 7)
        let b = TouchPoints.random(in: scene, count: 1000, seed: 7)
        let c = TouchPoints.random(in: scene, count: 1000, seed: 8)
        #expect(a == b)
        #expect(a != c)
        let area = TouchPoints.area(of: scene)
        #expect(a.allSatisfy { area.contains($0) })
    }

    @Test func dragStreamsMoveAFewPointsPerSample() {
        let points = TouchPoints.drags(in: scene, count: 600, seed: 1, step: 4)
        let area = TouchPoints.area(of: scene)
        #expect(points.count == 600)
        #expect(points.allSatisfy { area.contains($0) })
        var jumps = 0
        for i in 1..<points.count {
            let dx = abs(points[i].x - points[i - 1].x)
            let dy = abs(points[i].y - points[i - 1].y)
            if i % TouchPoints.dragStreamLength == 0 {
                jumps += 1  // A new stream may start anywhere.
            } else {
                #expect(dx <= 4 && dy <= 4, "sample \(i) moved by (\(dx), \(dy))")
            }
        }
        #expect(jumps == 600 / TouchPoints.dragStreamLength - 1)
    }

    @Test func samplesAreSpreadBlocksInOrder() {
        let points = (0..<100).map { Point(x: Double($0), y: 0) }
        #expect(TouchPoints.sample(points, count: 200, block: 10) == points)
        let s = TouchPoints.sample(points, count: 20, block: 5)
        #expect(s.map(\.x) == [0, 1, 2, 3, 4, 25, 26, 27, 28, 29, 50, 51, 52, 53, 54, 75, 76, 77, 78, 79])
        let odd = TouchPoints.sample(points, count: 7, block: 1)
        #expect(odd.count == 7)
        #expect(odd.map(\.x) == odd.map(\.x).sorted())
        #expect(Set(odd.map(\.x)).count == 7)
    }
}
