import HitTestDispatch
import HitTestGenerators
import HitTestGeometry
import HitTestParity
import HitTestScene
import Testing

/// The dispatch parity test extended to scroll views: generated scenes (every hit-testing
/// feature, random recognizers and controls, and random scroll views with every
/// `"scrollView"` field) replayed with random touches and with long drags, on the
/// reference and both fast engines, must give the same log; and the drags must actually
/// scroll, so that the hit tests after a scroll are compared too.
@Suite("Dispatch parity with scroll views")
struct ScrollViewParityTests {
    @Test("scroll views: replays on reference, flat and bvh give the same log (seed printed)")
    func parity() throws {
        var scrolled = 0
        var hitAfterScroll = 0
        var zoomed = 0
        let replayed = try replayGeneratedCases(rounds: 200) { i, rng in
            var s = RandomScene.make(&rng, options: SceneOptions(size: 10 + rng.below(50)))
            DispatchInputs.decorate(&s, &rng)
            DispatchInputs.decorateScrollViews(&s, &rng)
            let frames =
                i % 3 != 0 ? DispatchInputs.drags(s, &rng) : DispatchInputs.touches(s, &rng)
            return (s, frames)
        } agreed: { log in
            if log.contains(where: {
                if case .scrollEvent(_, _, .scrollViewDidZoom) = $0 { return true }
                return false
            }) {
                zoomed += 1
            }
            guard let first = log.firstIndex(where: { $0.offsetOf != nil }) else { return }
            scrolled += 1
            if log[first...].contains(where: {
                if case .delivery(_, _, .responder, .touchesBegan) = $0 { return true }
                return false
            }) {
                hitAfterScroll += 1
            }
        }
        guard let base = replayed else { return }
        // The generator must exercise scrolling and touches after it.
        #expect(scrolled > 15, "base seed \(base)")
        #expect(hitAfterScroll > 3, "base seed \(base)")
        // Pinches reach a zooming view's built-in pinch in a few replays (other recognizers
        // often take them); `zooming()` below aims at zooming views.
        print("scroll view parity: \(zoomed) of 200 replays zoomed")
    }

    @Test("zooming scroll views: pinches, drags and taps on reference, flat and bvh give the same log (seed printed)")
    func zooming() throws {
        var zoomed = 0
        var hitAfterZoom = 0
        let replayed = try replayGeneratedCases(rounds: 150) { _, rng in
            let s = Self.zoomingScene(&rng)
            return (s, Self.zoomingFrames(&rng))
        } agreed: { log in
            guard let first = log.firstIndex(where: {
                if case .scrollEvent(_, _, .scrollViewDidZoom) = $0 { return true }
                return false
            }) else { return }
            zoomed += 1
            if log[first...].contains(where: {
                if case .delivery(_, _, .responder, .touchesBegan) = $0 { return true }
                return false
            }) {
                hitAfterZoom += 1
            }
        }
        guard let base = replayed else { return }
        #expect(zoomed > 20, "base seed \(base)")
        #expect(hitAfterZoom > 10, "base seed \(base)")
    }

    /// A window holding a zooming scroll view `map` at a random place, zooming `tiles`
    /// (sometimes rotated or scaled by the scene, sometimes with a bounds origin), which
    /// holds a random grid of views; random zoom limits, start scale and `bouncesZoom`.
    static func zoomingScene(_ rng: inout SplitMix64) -> Scene {
        func r(_ range: ClosedRange<Int>) -> Double { Double(rng.int(range)) }
        let w = r(150...390)
        let h = r(150...600)
        let tw = r(100...500)
        let th = r(100...800)
        var cells: [String] = []
        for i in 0..<(1 + rng.below(8)) {
            let touches = rng.below(2) == 0 ? #", "touches": "handle""# : ""
            cells.append(
                #"{"id": "c\#(i)", "frame": [\#(r(0...Int(tw))), \#(r(0...Int(th))), \#(r(5...80)), \#(r(5...80))]\#(touches)}"#
            )
        }
        let transform = [
            "", "", #", "transform": [2, 0, 0, 2, 0, 0]"#, #", "transform": [0, 1, -1, 0, 0, 0]"#,
        ][rng.below(4)]
        let origin = rng.below(4) == 0 ? #", "boundsOrigin": [10, 20]"# : ""
        let hi = [2, 3, 4][rng.below(3)]
        let lo = [0.5, 1][rng.below(2)]
        let scale = [1, 1, lo, Double(hi)][rng.below(4)]
        let json = #"""
            {"format": "hittest-scene/1", "windows": [{"id": "main", "frame": [0, 0, 390, 844], "subviews": [
              {"id": "map", "class": "UIScrollView", "frame": [\#(r(0...100)), \#(r(0...200)), \#(w), \#(h)],
               "scrollView": {"contentSize": [\#(tw), \#(th)], "minimumZoomScale": \#(lo),
                 "maximumZoomScale": \#(hi), "zoomingView": "tiles", "zoomScale": \#(scale),
                 "bouncesZoom": \#(rng.below(3) != 0), "delaysContentTouches": \#(rng.below(2) == 0)},
               "subviews": [{"id": "tiles", "frame": [0, 0, \#(tw), \#(th)]\#(transform)\#(origin),
                 "subviews": [\#(cells.joined(separator: ", "))]}]}]}]}
            """#
        return try! Scene.load(json: json)
    }

    /// Pinches (two fingers spreading or closing around a point, sometimes drifting), drags
    /// and taps at random points over the scroll view's usual place.
    static func zoomingFrames(_ rng: inout SplitMix64) -> [InputFrame] {
        var frames: [InputFrame] = []
        var t = 0.0
        var id = 1
        func point(_ rng: inout SplitMix64) -> Point {
            Point(x: Double(rng.int(0...390)), y: Double(rng.int(0...700)))
        }
        for _ in 0..<(2 + rng.below(5)) {
            t += [0.4, 1, 2][rng.below(3)]
            let c = point(&rng)
            switch rng.below(4) {
            case 0, 1:
                var half = Double([5, 10, 30][rng.below(3)])
                var centre = c
                let drift = rng.below(3) == 0 ? Double(rng.int(-8...8)) : 0
                func pair(_ phase: TouchPhase) -> [TouchInput] {
                    [
                        TouchInput(id: id, phase: phase, location: Point(x: centre.x - half, y: centre.y)),
                        TouchInput(id: id + 1, phase: phase, location: Point(x: centre.x + half, y: centre.y)),
                    ]
                }
                frames.append(InputFrame(time: t, touches: pair(.began)))
                for _ in 0...rng.below(5) {
                    t += [0.02, 0.05, 0.1][rng.below(3)]
                    half *= [0.5, 0.8, 1.25, 1.5, 2][rng.below(5)]
                    centre = Point(x: centre.x + drift, y: centre.y + drift)
                    frames.append(InputFrame(time: t, touches: pair(.moved)))
                }
                t += 0.05
                frames.append(InputFrame(time: t, touches: pair(rng.below(8) == 0 ? .cancelled : .ended)))
            case 2:
                let d = Point(x: Double(rng.int(-60...60)), y: Double(rng.int(-60...60)))
                frames.append(InputFrame(time: t, touches: [TouchInput(id: id, phase: .began, location: c)]))
                t += 0.05
                let e = Point(x: c.x + d.x, y: c.y + d.y)
                frames.append(InputFrame(time: t, touches: [TouchInput(id: id, phase: .moved, location: e)]))
                t += 0.05
                frames.append(InputFrame(time: t, touches: [TouchInput(id: id, phase: .ended, location: e)]))
            default:
                frames.append(InputFrame(time: t, touches: [TouchInput(id: id, phase: .began, location: c)]))
                t += 0.08
                frames.append(InputFrame(time: t, touches: [TouchInput(id: id, phase: .ended, location: c)]))
            }
            id += 2
        }
        return frames
    }
}
