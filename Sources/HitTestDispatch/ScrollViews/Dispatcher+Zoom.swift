import HitTestGeometry
import HitTestScene
import HitTestStore

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
        guard world.isLive(view), let s = scrollSettings(of: view),
            let z = zoomingView(of: view, s),
            inFlight.recognizers.gesture[ri].id.hasSuffix(_ScrollViews.pinchSuffix),
            inFlight.recognizers.gesture[ri].id == SceneScrollView.pinchID(of: world.id(of: view))
        else { return }
        let state = inFlight.recognizers.states[ri]
        let screen = inFlight.recognizers.location[ri] ?? .zero
        switch state {
        case .began:
            if let k = zoomIndex(of: view) { endZoom(k, at: t) }
            let g = world.geometry(of: z)
            let zoom = _Zoom(
                view: view, id: world.id(of: view), zoomingView: z, pinch: ri,
                startScale: s.zoomScale, origin: g.frame.origin,
                anchor: world.location(screen, in: z), centre: visible(screen, in: view))
            inFlight.scrolling.zooms.append(zoom)
            emit(.scrollEvent(time: t, scrollView: zoom.id, event: .scrollViewWillBeginZooming), view)
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
    /// (with `bouncesZoom`) the scale springs back to it (`_Zoom.spring`), and ends there.
    private func finishPinch(_ k: Int, at t: Double) {
        let z = inFlight.scrolling.zooms[k]
        guard let s = scrollSettings(of: z.view), world.isLive(z.zoomingView) else {
            return endZoom(k, at: t)
        }
        let scale = s.zoomScale
        let limit = min(max(scale, s.minimumZoomScale), s.maximumZoomScale)
        let size = world.geometry(of: z.zoomingView).bounds.size
        let length = max(size.width, size.height)
        guard limit != scale, length > 0, length.isFinite else {
            if limit != scale { setZoom(k, scale: limit, at: t) }
            return endZoom(k, at: t)
        }
        inFlight.scrolling.zooms[k].pinch = nil
        inFlight.scrolling.zooms[k].bounce = _ZoomBounce(
            limit: limit, length: length, start: t,
            spring: _Spring(edge: 0, x0: (scale - limit) * length, v0: 0))
    }

    /// Forgets the `k`th zoom and logs `scrollViewDidEndZooming` at the scale now.
    private func endZoom(_ k: Int, at t: Double) {
        let z = inFlight.scrolling.zooms.remove(at: k)
        let scale = scrollSettings(of: z.view)?.zoomScale ?? z.startScale
        emit(
            .scrollEvent(time: t, scrollView: z.id, event: .scrollViewDidEndZooming(atScale: scale)),
            z.view)
    }

    /// Sets the `k`th zoom's scale (`rule-scroll-view-zoom`): the zooming view's transform
    /// becomes a scale by `scale` with its frame's origin where it was when the zoom began,
    /// the content size its frame's size, and the offset puts the zoom's anchor under its
    /// centre, held in the content range. Logs `scrollViewDidZoom` when the scale changed,
    /// then the offset's change.
    private func setZoom(_ k: Int, scale: Double, at t: Double) {
        let z = inFlight.scrolling.zooms[k]
        guard world.isLive(z.view), world.isLive(z.zoomingView),
            let s = scrollSettings(of: z.view)
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
            if scale != s.zoomScale {
                emit(
                    .scrollEvent(time: t, scrollView: z.id, event: .scrollViewDidZoom(scale: scale)),
                    z.view)
            }
        }
        let b = world.bounds(of: z.view)
        let o = Point(
            x: z.origin.x + scale * (z.anchor.x - g.bounds.origin.x) - z.centre.x,
            y: z.origin.y + scale * (z.anchor.y - g.bounds.origin.y) - z.centre.y)
        let held = Point(
            x: min(max(o.x, 0), max(0, content.width - b.width)),
            y: min(max(o.y, 0), max(0, content.height - b.height)))
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
            guard world.isLive(z.view), world.isLive(z.zoomingView),
                scrollSettings(of: z.view) != nil
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
            setZoom(k, scale: over ? b.limit : b.scale(at: t - b.start), at: t)
            if over {
                endZoom(k, at: t)
                continue
            }
            k += 1
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
        guard let v = world.view(withID: scrollView) else { return false }
        return inFlight.scrolling.zooms.contains { $0.view == v && $0.bounce != nil }
    }

    /// The zoom scale of the scroll view `id` now (UIKit's `zoomScale`): its settings'
    /// `zoomScale`, which zooming changes; nil for a view that is not a scroll view.
    public func zoomScale(of scrollView: String) -> Double? {
        world.view(withID: scrollView).flatMap { scrollSettings(of: $0)?.zoomScale }
    }
}

/// A zoom in progress: the pinch's, then its spring back.
struct _Zoom {
    var view: ViewHandle
    /// The scroll view's id when the zoom began, for the log.
    var id: String
    var zoomingView: ViewHandle
    /// The pinch while it runs; nil during the spring back.
    var pinch: RecognizerID?
    /// `zoomScale` when the pinch began.
    var startScale: Double
    /// The zooming view's frame origin when the pinch began, which the zoom keeps.
    var origin: Point
    /// The point of the zooming view's bounds under the pinch's centre when it began.
    var anchor: Point
    /// The pinch's centre at its last action, in the scroll view's visible coordinates.
    var centre: Point
    /// The spring back to a limit after the pinch.
    var bounce: _ZoomBounce?
}

/// The spring back of a zoom left past a limit (`rule-scroll-view-zoom`): the bounce's
/// critically damped spring (`_Spring`, ω = 10 a second) on the zooming view's longer side
/// in points, (scale - limit) · length, from rest; it ends exactly at the limit once that
/// side is within half a point of its size there and slower than 5 points a second.
struct _ZoomBounce {
    var limit: Double
    /// The zooming view's longer bounds side (points at scale 1).
    var length: Double
    var start: Double
    var spring: _Spring

    var end: Double { start + spring.duration }

    /// The scale `tau` seconds after the spring started.
    func scale(at tau: Double) -> Double {
        tau >= spring.duration ? limit : limit + spring.distance(max(0, tau)) / length
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
