import HitTestDispatch
import HitTestGenerators
import HitTestGeometry
import HitTestReference
import HitTestScene

/// Random scroll views and drags for dispatch parity checks (DispatchRules.md, "Scroll
/// views"). Kept apart from `decorate` so that the C API's parity checks, whose scenes
/// have no scroll views, keep their inputs.
extension DispatchInputs {
    /// Makes some views scroll views, in place: random settings of every `"scrollView"`
    /// field (a zooming view among the view's subviews when it zooms), and a content size
    /// around the view's own. Recursive, as `decorate` is: the
    /// generated scenes are shallow.
    public static func decorateScrollViews(_ scene: inout Scene, _ rng: inout SplitMix64) {
        for w in scene.windows.indices { decorateScrollViews(&scene.windows[w], &rng) }
    }

    private static func decorateScrollViews(_ v: inout SceneView, _ rng: inout SplitMix64) {
        if rng.below(2) == 0 { v.events.scrollView = randomScrollView(v, &rng) }
        for i in v.subviews.indices { decorateScrollViews(&v.subviews[i], &rng) }
    }

    private static func randomScrollView(_ v: SceneView, _ rng: inout SplitMix64)
        -> SceneScrollView
    {
        var s = SceneScrollView()
        let b = v.geometry.bounds.size
        func grow(_ x: Double, _ rng: inout SplitMix64) -> Double {
            let base = x.isFinite && x >= 0 ? min(x, 1e6) : 100
            return [0, base, base * 2, base * 3 + 17][rng.below(4)]
        }
        s.contentSize = Size(width: grow(b.width, &rng), height: grow(b.height, &rng))
        s.scrollEnabled = rng.below(8) != 0
        s.delaysContentTouches = rng.below(4) != 0
        s.canCancelContentTouches = rng.below(4) != 0
        s.touchesShouldCancel = [nil, nil, true, false][rng.below(4)]
        s.touchesShouldBegin = rng.below(6) != 0
        s.bounces = rng.below(2) == 0
        s.alwaysBounceHorizontal = rng.below(5) == 0
        s.alwaysBounceVertical = rng.below(5) == 0
        s.directionalLockEnabled = rng.below(3) == 0
        if rng.below(3) == 0 {
            s.minimumZoomScale = 0.5
            s.maximumZoomScale = 2
        }
        s.decelerationRate = [
            SceneScrollView.normalDecelerationRate, SceneScrollView.normalDecelerationRate,
            SceneScrollView.fastDecelerationRate, 0.9,
        ][rng.below(4)]
        s.pagingEnabled = rng.below(4) == 0
        if rng.below(4) == 0 {
            // Bar-like insets, and one as deep as the view (content can rest below it).
            func inset(_ rng: inout SplitMix64, _ size: Double) -> Double {
                [0, 20, 64, size.isFinite && size >= 0 ? min(size, 1e6) : 100][rng.below(4)]
            }
            s.contentInset = EdgeInsets(
                top: inset(&rng, b.height), left: inset(&rng, b.width),
                bottom: inset(&rng, b.height), right: inset(&rng, b.width))
        }
        // Zooming: a subview to zoom in most zooming views, and a scale to start from.
        if s.zoomEnabled, !v.subviews.isEmpty, rng.below(4) != 0 {
            s.zoomingView = v.subviews[rng.below(v.subviews.count)].id
            s.zoomScale = [1, 1, 0.5, 2, 1.5][rng.below(5)]
            s.bouncesZoom = rng.below(3) != 0
        }
        return s
    }

    /// Touch streams with long drags: each finger begins at a view's centre, may rest past
    /// the content delay, then moves several times in one rough direction (sometimes
    /// diagonally), and lifts; a tap now and then, and a second finger sometimes. A quarter
    /// of the gestures (half in a scene with a zooming view) are pinches instead: two
    /// fingers down together on either side of a view's centre that spread or close with
    /// their centroid still (so that a scroll view's pinch, not its pan, takes them), and
    /// lift together; most are on a zooming view, when the scene has one.
    public static func drags(_ scene: Scene, _ rng: inout SplitMix64) -> [InputFrame] {
        let screen = Screen(scene: scene)
        var targets: [Point] = []
        // The scroll views that zoom a subview, by id.
        var zoomingIDs: Set<String> = []
        var scenes: [SceneView] = scene.windows
        while let sv = scenes.popLast() {
            if let s = sv.scrollView, s.zoomEnabled, let z = s.zoomingView,
                sv.subviews.contains(where: { $0.id == z })
            {
                zoomingIDs.insert(sv.id)
            }
            scenes.append(contentsOf: sv.subviews)
        }
        var zooming: [Point] = []
        var stack: [View] = screen.windows
        while let v = stack.popLast() {
            let b = v.bounds
            let p = v.convert(Point(x: b.midX, y: b.midY), to: nil)
            if p.x.isFinite && p.y.isFinite {
                targets.append(p)
                if zoomingIDs.contains(v.id) { zooming.append(p) }
            }
            stack.append(contentsOf: v.subviews)
        }
        if targets.isEmpty { targets = [Point(x: 10, y: 10)] }
        var frames: [InputFrame] = []
        var t = 0.0
        var id = 1
        for _ in 0..<(1 + rng.below(5)) {
            t += [0.4, 1, 2][rng.below(3)]
            var p = targets[rng.below(targets.count)]
            if rng.below(zooming.isEmpty ? 4 : 2) == 0 {
                if !zooming.isEmpty && rng.below(4) != 0 { p = zooming[rng.below(zooming.count)] }
                var apart = Double([5, 10, 20][rng.below(3)])
                // Both fingers, `apart` points either side of p, at t.
                func both(_ phase: TouchPhase) -> InputFrame {
                    InputFrame(
                        time: t,
                        touches: [
                            TouchInput(
                                id: id, phase: phase, location: Point(x: p.x - apart, y: p.y)),
                            TouchInput(
                                id: id + 1, phase: phase, location: Point(x: p.x + apart, y: p.y)),
                        ])
                }
                frames.append(both(.began))
                let grow = [0.5, 0.8, 1.5, 2, 3][rng.below(5)]
                for step in 0...rng.below(4) {
                    t += [0.02, 0.05, 0.1][rng.below(3)]
                    apart *= step == 0 ? grow : [0.9, 1, 1.2][rng.below(3)]
                    frames.append(both(.moved))
                }
                t += 0.05
                frames.append(both(.ended))
                id += 2
                continue
            }
            frames.append(
                InputFrame(time: t, touches: [TouchInput(id: id, phase: .began, location: p)]))
            t += [0, 0.05, 0.1, 0.2, 0.3][rng.below(5)]
            let dx = Double(rng.int(-40...40))
            let dy = Double(rng.int(-40...40))
            var second: (id: Int, at: Point)?
            for step in 0..<rng.below(6) {
                t += [0.02, 0.05, 0.1][rng.below(3)]
                p = Point(
                    x: p.x + dx + Double(rng.int(-5...5)), y: p.y + dy + Double(rng.int(-5...5)))
                var inputs = [TouchInput(id: id, phase: .moved, location: p)]
                if step == 1 && second == nil && rng.below(4) == 0 {
                    let q = Point(x: p.x + 60, y: p.y + 60)
                    second = (id + 1, q)
                    inputs.append(TouchInput(id: id + 1, phase: .began, location: q))
                } else if let s = second {
                    let q = Point(x: s.at.x - dx, y: s.at.y - dy)
                    second = (s.id, q)
                    inputs.append(TouchInput(id: s.id, phase: .moved, location: q))
                }
                frames.append(InputFrame(time: t, touches: inputs))
            }
            t += 0.05
            var ends = [
                TouchInput(id: id, phase: rng.below(10) == 0 ? .cancelled : .ended, location: p)
            ]
            if let s = second { ends.append(TouchInput(id: s.id, phase: .ended, location: s.at)) }
            frames.append(InputFrame(time: t, touches: ends))
            id += 2
        }
        return frames
    }
}
