import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Zooming (`rule-scroll-view-zoom`): the scroll view's built-in pinch scales its zooming
/// view, the content size follows the zooming view's frame, and the offset keeps the
/// content point under the pinch's centre under it; past a limit with `bouncesZoom` the
/// scale follows a rubber band and springs back when the pinch ends.
///
/// Apple's documentation followed: `viewForZooming(in:)`, "the view to scale when zooming
/// is about to occur", nil when "you don't want zooming to occur",
/// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate/viewforzooming(in:);
/// `zoomScale`, "the current scale factor applied to the scroll view's content",
/// https://developer.apple.com/documentation/uikit/uiscrollview/zoomscale; `minimumZoomScale`
/// and `maximumZoomScale`, how small and how large "the content can be scaled",
/// https://developer.apple.com/documentation/uikit/uiscrollview/minimumzoomscale,
/// https://developer.apple.com/documentation/uikit/uiscrollview/maximumzoomscale;
/// `bouncesZoom`, with which "the scroll view temporarily animates the content scaling just
/// past these limits before returning to them",
/// https://developer.apple.com/documentation/uikit/uiscrollview/bounceszoom; `isZooming`,
/// true "if user is making a zoom gesture",
/// https://developer.apple.com/documentation/uikit/uiscrollview/iszooming; `isZoomBouncing`,
/// true "if the scroll view is zooming back to a minimum or maximum zoom scaling value",
/// https://developer.apple.com/documentation/uikit/uiscrollview/iszoombouncing; the delegate's
/// `scrollViewWillBeginZooming(_:with:)`, `scrollViewDidZoom(_:)` and
/// `scrollViewDidEndZooming(_:with:atScale:)`, which "the scroll view also calls ... after
/// any 'bounce' animations",
/// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate/scrollviewdidendzooming(_:with:atscale:).
/// Apple gives neither the band past a limit nor the spring back: both are this project's.
extension Dispatcher {
    /// The scroll view's zooming view: the first view with its settings' `zoomingView` id,
    /// when zooming is enabled and that view is a subview of it now; nil otherwise.
    func zoomingView(of view: ViewHandle, _ s: SceneScrollView) -> ViewHandle? {
        guard s.zoomEnabled, let id = s.zoomingView, let z = world.view(withID: id),
            world.superview(of: z) == view
        else { return nil }
        return z
    }

    /// After a recognizer's action: when it is a scroll view's built-in pinch and the view
    /// has a zooming view, `began` starts a zoom (`scrollViewWillBeginZooming`) from the
    /// scale now, `began` and `changed` set the scale to the scale at the start times the
    /// pinch's, and `ended` or `cancelled` ends the zoom, springing back to the limit the
    /// scale is past.
    func applyZoom(_ ri: RecognizerID, at t: Double) {
        guard case .pinch = inFlight.recognizers.gesture[ri].kind else { return }
        let view = inFlight.recognizers.view[ri]
        guard let s = scrollSettings(of: view),
            let z = zoomingView(of: view, s),
            _ScrollViews.isID(
                inFlight.recognizers.gesture[ri].id, world.id(of: view), _ScrollViews.pinchSuffix)
        else { return }
        let state = inFlight.recognizers.states[ri]
        let screen = inFlight.recognizers.location[ri] ?? .zero
        switch state {
        case .began:
            if let k = zoomIndex(of: view) { endZoom(k, at: t) }
            let g = world.geometry(of: z)
            let zoom = _Zoom(
                view: view, id: world.id(of: view), zoomingView: z, pinch: ri,
                startScale: s.zoomScale, lastScale: s.zoomScale, origin: g.frame.origin,
                anchor: world.location(screen, in: z), centre: visible(screen, in: view))
            inFlight.scrolling.zooms.append(zoom)
            emit(
                .scrollEvent(time: t, scrollView: zoom.id, event: .scrollViewWillBeginZooming), view
            )
            fallthrough
        case .changed:
            guard let k = zoomIndex(of: view) else { return }
            inFlight.scrolling.zooms[k].centre = visible(screen, in: view)
            let raw = inFlight.scrolling.zooms[k].startScale * (report(of: ri).scale ?? 1)
            let scale = _ZoomBand.scale(
                raw, min: s.minimumZoomScale, max: s.maximumZoomScale, bounces: s.bouncesZoom)
            setZoom(k, scale: scale, at: t)
        case .ended, .cancelled:
            guard let k = zoomIndex(of: view) else { return }
            finishPinch(k, at: t)
        default:
            break
        }
    }

    /// The pinch of the `k`th zoom is over: within the limits the zoom ends now; past one
    /// (with `bouncesZoom`) the scale springs back to it (`_Zoom.bounce`), and ends there.
    private func finishPinch(_ k: Int, at t: Double) {
        let z = inFlight.scrolling.zooms[k]
        guard let s = scrollSettings(of: z.view), world.isLive(z.zoomingView) else {
            return endZoom(k, at: t)
        }
        let scale = s.zoomScale
        let limit = s.heldInZoomLimits(scale)
        let size = world.geometry(of: z.zoomingView).bounds.size
        let length = max(size.width, size.height)
        guard limit != scale, length > 0, length.isFinite else {
            if limit != scale { setZoom(k, scale: limit, at: t) }
            return endZoom(k, at: t)
        }
        inFlight.scrolling.zooms[k].pinch = nil
        inFlight.scrolling.zooms[k].bounce = _ZoomBounce(
            from: scale, limit: limit, centreFrom: z.centre, centreTo: z.centre,
            length: abs(scale - limit) * length, start: t, isBounce: true)
    }

    /// Forgets the `k`th zoom and logs `scrollViewDidEndZooming` at the scale now.
    private func endZoom(_ k: Int, at t: Double) {
        let z = inFlight.scrolling.zooms.remove(at: k)
        let scale = scrollSettings(of: z.view)?.zoomScale ?? z.lastScale
        emit(
            .scrollEvent(
                time: t, scrollView: z.id, event: .scrollViewDidEndZooming(atScale: scale)),
            z.view)
    }

    /// Sets the `k`th zoom's scale (`rule-scroll-view-zoom`): the zooming view's transform
    /// becomes a scale by `scale` with its frame's origin where it was when the zoom began,
    /// the content size its frame's size, and the offset puts the zoom's anchor under its
    /// centre, held in the content range. Logs `scrollViewDidZoom` when the scale changed,
    /// then the offset's change.
    private func setZoom(_ k: Int, scale: Double, at t: Double) {
        let z = inFlight.scrolling.zooms[k]
        guard world.isLive(z.zoomingView), let s = scrollSettings(of: z.view)
        else { return }
        let g = world.geometry(of: z.zoomingView)
        let size = g.bounds.size
        let content = Size(width: size.width * scale, height: size.height * scale)
        if scale != s.zoomScale || content != s.contentSize {
            let center = Point(
                x: z.origin.x + g.anchorPoint.x * size.width * scale,
                y: z.origin.y + g.anchorPoint.y * size.height * scale)
            world.setZoom(
                z.view, scale: scale, contentSize: content, zoomingView: z.zoomingView,
                transform: AffineTransform(scaleX: scale, y: scale), center: center)
            inFlight.scrolling.zooms[k].lastScale = scale
            if scale != s.zoomScale {
                emit(
                    .scrollEvent(
                        time: t, scrollView: z.id, event: .scrollViewDidZoom(scale: scale)),
                    z.view)
            }
        }
        let b = world.bounds(of: z.view)
        let o = Point(
            x: z.origin.x + scale * (z.anchor.x - g.bounds.origin.x) - z.centre.x,
            y: z.origin.y + scale * (z.anchor.y - g.bounds.origin.y) - z.centre.y)
        // The offset range of the new content size (`rule-scroll-view-content-inset`).
        let i = s.adjustedContentInset
        let held = Point(
            x: _RubberBand.clamp(
                o.x,
                _ScrollViewState.range(
                    content: content.width, size: b.width, leading: i.left, trailing: i.right)),
            y: _RubberBand.clamp(
                o.y,
                _ScrollViewState.range(
                    content: content.height, size: b.height, leading: i.top, trailing: i.bottom)))
        if held.x.isFinite && held.y.isFinite { setContentOffset(held, of: z.view, at: t) }
    }

    /// A screen point in the scroll view's visible coordinates: its bounds coordinates less
    /// the content offset, which a change of offset does not move.
    private func visible(_ p: Point, in view: ViewHandle) -> Point {
        let l = world.location(p, in: view)
        let o = world.bounds(of: view).origin
        return Point(x: l.x - o.x, y: l.y - o.y)
    }

    private func zoomIndex(of view: ViewHandle) -> Int? {
        inFlight.scrolling.zooms.firstIndex { $0.view == view }
    }

    /// Each frame, timer and flush, before anything looks at the world: every spring back
    /// sets the scale it has at `t` and ends at its limit; a zoom whose view or zooming view
    /// left the world, or whose pinch is no longer in flight, ends where it is. O(zooms);
    /// allocates nothing.
    func advanceZooms(to t: Double) {
        guard !inFlight.scrolling.zooms.isEmpty else { return }
        var k = 0
        while k < inFlight.scrolling.zooms.count {
            let z = inFlight.scrolling.zooms[k]
            guard world.isLive(z.zoomingView), scrollSettings(of: z.view) != nil
            else {
                endZoom(k, at: t)
                continue
            }
            if let r = z.pinch {
                let state = inFlight.recognizers.contains(r) ? inFlight.recognizers.states[r] : nil
                if inFlight.recognizers.contains(r), inFlight.recognizers.view[r] == z.view,
                    state == .began || state == .changed
                {
                    k += 1
                } else {
                    endZoom(k, at: t)
                }
                continue
            }
            guard let b = z.bounce else {
                endZoom(k, at: t)
                continue
            }
            // Compared with `end` itself, so that advancing to `end` always ends it.
            let over = t >= b.end
            let r = over ? 0 : b.remaining(at: t - b.start)
            inFlight.scrolling.zooms[k].centre = Point(
                x: b.centreTo.x + (b.centreFrom.x - b.centreTo.x) * r,
                y: b.centreTo.y + (b.centreFrom.y - b.centreTo.y) * r)
            setZoom(k, scale: over ? b.limit : b.limit + (b.from - b.limit) * r, at: t)
            if over {
                endZoom(k, at: t)
                continue
            }
            k += 1
        }
    }

    /// Whether a zoom's spring runs on the scroll view: a pinch's spring back or a host's
    /// animated zoom (a motion a touch stops, `rule-scroll-view-stopping-touch`).
    func hasZoomMotion(_ view: ViewHandle) -> Bool {
        inFlight.scrolling.zooms.contains { $0.view == view && $0.bounce != nil }
    }

    /// A touch `serial` began on the scroll view (`rule-scroll-view-stopping-touch`): its
    /// zoom's spring stops where it is (`scrollViewDidEndZooming` at the scale there), and
    /// when that scale is past a limit the view waits, parked, for the touch to lift
    /// (`springBackParkedZooms(at:)`).
    func stopZoomMotion(of view: ViewHandle, touch serial: TouchID, at t: Double) {
        guard let k = zoomIndex(of: view), inFlight.scrolling.zooms[k].bounce != nil else {
            return
        }
        endZoom(k, at: t)
        if zoomLimitPassed(of: view) != nil,
            !inFlight.scrolling.parkedZooms.contains(where: { $0.view == view })
        {
            inFlight.scrolling.parkedZooms.append((view, serial))
        }
    }

    /// The zoom limit the scroll view's scale is past, nil when it is within its limits or
    /// the view has no zooming view.
    private func zoomLimitPassed(of view: ViewHandle) -> Double? {
        guard let s = scrollSettings(of: view), zoomingView(of: view, s) != nil else {
            return nil
        }
        let limit = s.heldInZoomLimits(s.zoomScale)
        return limit == s.zoomScale ? nil : limit
    }

    /// Scroll views a touch stopped past a zoom limit spring back to it from rest, about
    /// the centre of their bounds, once that touch is up and no drag of their pan nor
    /// offset motion runs on them (a drag the touch began, and the flick after it, go
    /// first); one that left the world, lost its zooming view, came back within its
    /// limits or began another zoom is forgotten. Called at the end of each frame, after
    /// `springBackParked(at:)`, and after each advance of the motions (so that a flush
    /// starts the spring when the offset's motion ends). O(parked views); allocates
    /// nothing.
    func springBackParkedZooms(at t: Double) {
        guard !inFlight.scrolling.parkedZooms.isEmpty else { return }
        var k = 0
        while k < inFlight.scrolling.parkedZooms.count {
            let (view, serial) = inFlight.scrolling.parkedZooms[k]
            guard world.isLive(view), zoomIndex(of: view) == nil,
                let limit = zoomLimitPassed(of: view), let s = scrollSettings(of: view),
                let z = zoomingView(of: view, s)
            else {
                inFlight.scrolling.parkedZooms.remove(at: k)
                continue
            }
            if inFlight.records[serial]?.isDown == true || inFlight.scrolling.drags[view] != nil
                || hasMotion(view)
            {
                k += 1
                continue
            }
            inFlight.scrolling.parkedZooms.remove(at: k)
            let (q, centre) = centreAnchor(view, z, s)
            zoomProgrammatically(
                view, z, s, to: limit, anchor: q, from: centre, to: centre, true, at: t,
                isBounce: true)
        }
    }

    /// When the first zoom spring back ends; nil when none runs.
    var nextZoomEnd: Double? {
        var end: Double?
        for z in inFlight.scrolling.zooms {
            guard let b = z.bounce else { continue }
            end = min(end ?? b.end, b.end)
        }
        return end
    }

    /// Whether the scroll view's pinch is zooming it (UIKit's `isZooming`), by handle (the
    /// C API's `htDispatcher_IsZooming`).
    package func isZooming(_ view: ViewHandle) -> Bool {
        inFlight.scrolling.zooms.contains { $0.view == view && $0.pinch != nil }
    }

    /// Whether the scroll view `id`'s pinch is zooming its zooming view (UIKit's
    /// `isZooming`): from the pinch's `began` (`scrollViewWillBeginZooming`) until it ends.
    /// False for a view that is not a scroll view or has no zooming view.
    public func isZooming(_ scrollView: String) -> Bool {
        world.view(withID: scrollView).map { isZooming($0) } ?? false
    }

    /// Whether the scroll view `id` is springing back to a zoom limit after a pinch took it
    /// past (UIKit's `isZoomBouncing`).
    public func isZoomBouncing(_ scrollView: String) -> Bool {
        world.view(withID: scrollView).map { isZoomBouncing($0) } ?? false
    }

    /// `isZoomBouncing(_:)` by handle (the C API's `htDispatcher_IsZoomBouncing`).
    package func isZoomBouncing(_ view: ViewHandle) -> Bool {
        inFlight.scrolling.zooms.contains { $0.view == view && $0.bounce?.isBounce == true }
    }

    /// UIKit's `setZoomScale(_:animated:)` on the scroll view `id` (`rule-scroll-view-zoom`):
    /// the scale goes to `scale`, held in the zoom limits, about the zooming view's point at
    /// the centre of the scroll view's bounds, which stays there (held in the content
    /// range). At once, logging `scrollViewDidZoom`; or `animated`, on the dispatcher's
    /// clock from its last frame's time, as a zoom's spring (`_ZoomBounce`), between
    /// `scrollViewWillBeginZooming` and `scrollViewDidEndZooming`. It ends a zoom in
    /// progress there. False (nothing done) for a view that is not a scroll view with a
    /// zooming view, or a scale that is not a finite number > 0.
    @discardableResult
    public func setZoomScale(_ scale: Double, of scrollView: String, animated: Bool = false)
        -> Bool
    {
        world.view(withID: scrollView).map { setZoomScale(scale, of: $0, animated: animated) }
            ?? false
    }

    /// `setZoomScale(_:of:animated:)` by handle (the C API's `htDispatcher_SetZoomScale`).
    package func setZoomScale(_ scale: Double, of view: ViewHandle, animated: Bool) -> Bool {
        guard scale.isFinite, scale > 0, let s = scrollSettings(of: view),
            let z = zoomingView(of: view, s)
        else { return false }
        let target = s.heldInZoomLimits(scale)
        let (q, centre) = centreAnchor(view, z, s)
        zoomProgrammatically(view, z, s, to: target, anchor: q, from: centre, to: centre, animated)
        return true
    }

    /// The zooming view's point at the centre of the scroll view's bounds, and that centre
    /// in the view's visible coordinates: the point a zoom about the centre keeps there.
    private func centreAnchor(_ view: ViewHandle, _ z: ViewHandle, _ s: SceneScrollView)
        -> (anchor: Point, centre: Point)
    {
        let b = world.bounds(of: view)
        let g = world.geometry(of: z)
        let centre = Point(x: b.width / 2, y: b.height / 2)
        let o = g.frame.origin
        let q = Point(
            x: g.bounds.origin.x + (b.origin.x + centre.x - o.x) / s.zoomScale,
            y: g.bounds.origin.y + (b.origin.y + centre.y - o.y) / s.zoomScale)
        return (q, centre)
    }

    /// UIKit's `zoom(to:animated:)` on the scroll view `id` (`rule-scroll-view-zoom`):
    /// `rect`, in the zooming view's bounds coordinates, is fitted to the scroll view's
    /// bounds (the scale min(width / rect.width, height / rect.height), held in the zoom
    /// limits) with its centre brought to the view's centre (the offset held in the content
    /// range); at once or `animated` as `setZoomScale(_:of:animated:)`. False (nothing
    /// done) for a view that is not a scroll view with a zooming view, or a rect that is not
    /// finite with a size >= 0 (an empty rect zooms to the maximum).
    @discardableResult
    public func zoom(to rect: Rect, in scrollView: String, animated: Bool = false) -> Bool {
        world.view(withID: scrollView).map { zoom(to: rect, in: $0, animated: animated) }
            ?? false
    }

    /// `zoom(to:in:animated:)` by handle (the C API's `htDispatcher_ZoomToRect`).
    package func zoom(to rect: Rect, in view: ViewHandle, animated: Bool) -> Bool {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite,
            rect.width >= 0, rect.height >= 0,
            let s = scrollSettings(of: view), let z = zoomingView(of: view, s)
        else { return false }
        let b = world.bounds(of: view)
        let fit = min(b.width / rect.width, b.height / rect.height)
        let target = fit.isNaN ? s.maximumZoomScale : s.heldInZoomLimits(fit)
        let g = world.geometry(of: z)
        let o = g.frame.origin
        let q = Point(x: rect.midX, y: rect.midY)
        // Where the rect's centre is now, in the view's visible coordinates.
        let from = Point(
            x: o.x + s.zoomScale * (q.x - g.bounds.origin.x) - b.origin.x,
            y: o.y + s.zoomScale * (q.y - g.bounds.origin.y) - b.origin.y)
        let centre = Point(x: b.width / 2, y: b.height / 2)
        zoomProgrammatically(view, z, s, to: target, anchor: q, from: from, to: centre, animated)
        return true
    }

    /// A host's zoom to `target` that brings the zooming view's point `q` from `u0` to `u1`
    /// in the view's visible coordinates: at once, or animated on the dispatcher's clock.
    /// At `time`, or (nil) the last frame's or advance's time, 0 before the first; the
    /// spring is a spring back (`isZoomBouncing`) when `isBounce`.
    private func zoomProgrammatically(
        _ view: ViewHandle, _ z: ViewHandle, _ s: SceneScrollView, to target: Double,
        anchor q: Point, from u0: Point, to u1: Point, _ animated: Bool, at time: Double? = nil,
        isBounce: Bool = false
    ) {
        let last = inFlight.validator.lastTime
        let t = time ?? (last.isFinite ? last : 0)
        if let k = zoomIndex(of: view) { endZoom(k, at: t) }
        let g = world.geometry(of: z)
        var zoom = _Zoom(
            view: view, id: world.id(of: view), zoomingView: z, pinch: nil,
            startScale: s.zoomScale, lastScale: s.zoomScale, origin: g.frame.origin, anchor: q,
            centre: u1)
        let side = max(g.bounds.width, g.bounds.height)
        let length = max(abs(target - s.zoomScale) * side, hypot(u1.x - u0.x, u1.y - u0.y))
        guard animated, length.isFinite, length > 0 else {
            inFlight.scrolling.zooms.append(zoom)
            setZoom(inFlight.scrolling.zooms.count - 1, scale: target, at: t)
            inFlight.scrolling.zooms.removeLast()
            return
        }
        zoom.centre = u0
        zoom.bounce = _ZoomBounce(
            from: s.zoomScale, limit: target, centreFrom: u0, centreTo: u1, length: length,
            start: t, isBounce: isBounce)
        inFlight.scrolling.zooms.append(zoom)
        emit(.scrollEvent(time: t, scrollView: zoom.id, event: .scrollViewWillBeginZooming), view)
    }

    /// The zoom scale of the scroll view `id` now (UIKit's `zoomScale`): its settings'
    /// `zoomScale`, which zooming changes; nil for a view that is not a scroll view.
    public func zoomScale(of scrollView: String) -> Double? {
        world.view(withID: scrollView).flatMap { scrollSettings(of: $0)?.zoomScale }
    }
}

extension SceneScrollView {
    /// `scale` held in `[minimumZoomScale, maximumZoomScale]`: where a spring back ends,
    /// and where a host's zoom goes.
    func heldInZoomLimits(_ scale: Double) -> Double {
        min(max(scale, minimumZoomScale), maximumZoomScale)
    }
}

/// A zoom in progress: a pinch's, then its spring back; or a host's animated zoom.
struct _Zoom {
    var view: ViewHandle
    /// The scroll view's id when the zoom began, for the log.
    var id: String
    var zoomingView: ViewHandle
    /// The pinch while it runs; nil during a spring back or a host's zoom.
    var pinch: RecognizerID?
    /// `zoomScale` when the zoom began.
    var startScale: Double
    /// The scale the zoom last set (`startScale` until it sets one): what its end reports
    /// when the scroll view has left the world.
    var lastScale: Double
    /// The zooming view's frame origin when the zoom began, which it keeps.
    var origin: Point
    /// The point of the zooming view's bounds kept under `centre`: under the pinch's centre
    /// when it began, or the host's.
    var anchor: Point
    /// Where the anchor goes, in the scroll view's visible coordinates: the pinch's centre
    /// at its last action, or where a host's zoom has it now.
    var centre: Point
    /// The spring back to a limit after the pinch, or a host's animated zoom.
    var bounce: _ZoomBounce?
}

/// A zoom's motion on the dispatcher's clock (`rule-scroll-view-zoom`): the spring back of
/// a pinch left past a limit, or an animated `setZoomScale` or `zoom(to:)`. The scale goes
/// from `from` to `limit` and the anchor's place in the view from `centreFrom` to
/// `centreTo` as the bounce's critically damped spring (`_Spring`, ω = 10 a second) from
/// rest over `length` points (the larger of the zooming view's longer side times the
/// scale's change and the anchor's travel): the part left τ seconds in is
/// (1 + ωτ) e^(-ωτ). It ends exactly at its target once within half a point of it and
/// slower than 5 points a second.
struct _ZoomBounce {
    var from: Double
    var limit: Double
    var centreFrom: Point
    var centreTo: Point
    var length: Double
    var start: Double
    var spring: _Spring
    /// A spring back after a pinch (UIKit's `isZoomBouncing`), not an animated change.
    var isBounce: Bool

    init(
        from: Double, limit: Double, centreFrom: Point, centreTo: Point, length: Double,
        start: Double, isBounce: Bool
    ) {
        self.from = from
        self.limit = limit
        self.centreFrom = centreFrom
        self.centreTo = centreTo
        self.length = length
        self.start = start
        self.isBounce = isBounce
        spring = _Spring(edge: 0, x0: length, v0: 0)
    }

    var end: Double { start + spring.duration }

    /// The part of the way left `tau` seconds after the motion started, from 1 to 0.
    func remaining(at tau: Double) -> Double {
        tau >= spring.duration || length <= 0 ? 0 : spring.distance(max(0, tau)) / length
    }
}

/// The rubber band of a pinch past a zoom limit (`rule-scroll-view-zoom`): the scroll
/// band's curve (`_RubberBand`, c = 0.55) on the logarithm of the scale, with D = ln 2.
/// A pinch that would take the scale to m · 2^x past the maximum m shows it at
/// m · 2^(b(x ln 2) / ln 2): the scale never reaches twice the maximum (or half the
/// minimum), and grows at first at 0.55 of the pinch's rate. Apple publishes no curve;
/// this is the project's choice, the drag's band applied to the factor.
enum _ZoomBand {
    static let d = log(2.0)

    /// The scale a pinch that asks for `raw` shows, in `[lo, hi]` or, with `bounces`,
    /// banded past them.
    static func scale(_ raw: Double, min lo: Double, max hi: Double, bounces: Bool) -> Double {
        if raw > hi { return bounces ? hi * exp(band(log(raw / hi))) : hi }
        if raw < lo { return bounces ? lo / exp(band(log(lo / raw))) : lo }
        return raw
    }

    /// b(u) for `u` ≥ 0; D for an infinite u (a pinch to a point).
    static func band(_ u: Double) -> Double {
        u.isFinite ? _RubberBand.band(u, size: d) : d
    }
}
