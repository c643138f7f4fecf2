import HitTestBridge
import HitTestDispatch
import HitTestGeometry
import HitTestJSON
import HitTestScene

/// Why one touch of a replay went where it went: the view the hit test bound it to, the
/// recognizers and scroll views that decided about it, and what its view was sent, in
/// sentences. It answers "why did the scroll view get this touch and not the button"
/// (`hittest explain SCENE --events EVENTS --touch N`).
public struct TouchStory: Hashable, Sendable {
    /// The touch's id in the events file.
    public var touch: Int
    /// When it began, in seconds.
    public var began: Double
    /// Where it began, in screen points.
    public var location: Point
    /// The view the hit test bound it to; nil when no window took it.
    public var view: String?
    /// The window of that view; nil with `view`.
    public var window: String?
    /// The story, one sentence a line, in the order things happened.
    public var lines: [String]

    /// The story as a JSON object: `{"touch", "t", "at", "view", "window", "story"}`.
    public var json: JSONValue {
        var o = JSONObject()
        o.append("touch", .number(Double(touch)))
        o.append("t", .number(began))
        o.append("at", .array([.number(location.x), .number(location.y)]))
        o.append("view", view.map { .string($0) } ?? .null)
        o.append("window", window.map { .string($0) } ?? .null)
        o.append("story", .array(lines.map { .string($0) }))
        return .object(o)
    }
}

extension Dispatcher {
    /// Replays `events` on a new dispatcher over `scene` and tells the story of the first
    /// touch with id `touch`: from its `began` to the first frame, after it ended, in which
    /// a touch begins (timers that fire before then are part of its story).
    /// nil when no touch with that id begins.
    ///
    /// - Throws: `ReplayError` for a frame the dispatcher refuses (never for a loaded file).
    public static func story(
        of touch: Int, scene: Scene, events: EventsFile, engine: Engine = .bvh
    ) throws(ReplayError) -> TouchStory? {
        let d = Dispatcher(scene: scene, engine: engine)
        var bound: Touch?
        var range: Range<Int>?
        var start = 0
        var ended = false
        for (i, frame) in events.frames.enumerated() {
            let begins = frame.touches.contains { $0.id == touch && $0.phase == .began }
            // The story ends before the next touch that begins after this one has ended.
            let anyBegins = frame.touches.contains { $0.phase == .began }
            if bound != nil && range == nil && (begins || (ended && anyBegins)) {
                range = start..<d.log.count
            }
            let before = d.log.count
            do { try d.feed(frame) } catch { throw ReplayError(frameIndex: i, error: error) }
            if begins && bound == nil {
                bound = d.activeTouches.first { $0.id == touch }
                start = before
            } else if bound != nil,
                frame.touches.contains(where: {
                    $0.id == touch && ($0.phase == .ended || $0.phase == .cancelled)
                })
            {
                ended = true
            }
        }
        d.flush(until: events.until ?? .infinity)
        guard let t = bound else { return nil }
        let slice = Array(d.log[(range ?? start..<d.log.count)])
        return TouchStory(
            touch: touch, began: t.beganAt, location: t.location, view: t.view, window: t.window,
            lines: _StoryTeller(touch: t, settings: d.settings).tell(slice))
    }
}

/// Turns log entries about one touch into sentences.
private struct _StoryTeller {
    let touch: Touch
    let settings: DispatchSettings

    func tell(_ log: [DispatchLogEntry]) -> [String] {
        let id = touch.id
        let at = "(\(n(touch.location.x)), \(n(touch.location.y)))"
        guard let view = touch.view else {
            return ["touch \(id) began at \(at) at \(n(touch.beganAt)) s: no window took it."]
        }
        var out = [
            "touch \(id) began at \(at) at \(n(touch.beganAt)) s: the hit test bound it to `\(view)` in window `\(touch.window ?? "")` for its whole life."
        ]
        if !touch.gestureRecognizers.isEmpty {
            out.append(
                "recognizers that saw it: "
                    + touch.gestureRecognizers.map { "`\($0)`" }.joined(separator: ", ") + ".")
        }
        let mine = Set(touch.gestureRecognizers)
        var scrollViews: Set<String> = []
        var sent: [String] = []
        for e in log {
            switch e {
            case .scrollView(let t, id, let sv, let decision):
                scrollViews.insert(sv)
                out.append("at \(n(t)) s: " + sentence(decision, sv, view))
            case .scrollOffset(let t, let sv, let p) where scrollViews.contains(sv):
                out.append(
                    "at \(n(t)) s: `\(sv)` scrolled to contentOffset (\(n(p.x)), \(n(p.y))).")
            case .state(let t, let g, let s) where mine.contains(g):
                switch s {
                case .recognized, .began:
                    out.append(
                        "at \(n(t)) s: `\(g)` \(s.rawValue): it took the touch from the views.")
                case .failed:
                    out.append("at \(n(t)) s: `\(g)` failed.")
                default: break
                }
            case .delivery(let t, id, .responder(view), let m):
                sent.append("\(m.rawValue) at \(n(t)) s")
            case .control(let t, view, let event):
                out.append("at \(n(t)) s: `\(view)` sent \(event.rawValue).")
            default:
                break
            }
        }
        if sent.isEmpty {
            out.append("`\(view)` was sent nothing for this touch.")
        } else {
            out.append("`\(view)` was sent: " + sent.joined(separator: ", ") + ".")
        }
        return out
    }

    private func sentence(_ d: ScrollViewDecision, _ sv: String, _ view: String) -> String {
        let delay = n(settings.contentTouchDelay)
        switch d {
        case .contentTouchDelayed:
            return
                "`\(sv)` delays content touches: `\(view)` is not sent touchesBegan for up to \(delay) s, while the scroll view waits to see whether the touch scrolls (rule-scroll-view-delays-content-touches)."
        case .delayElapsed:
            return
                "\(delay) s passed without scrolling: `\(view)` is sent the held touchesBegan now."
        case .touchEndedDuringDelay:
            return
                "the touch ended within the delay: `\(view)` is sent touchesBegan and touchesEnded together (a button highlights only now)."
        case .scrollBeganDuringDelay:
            return
                "`\(sv)` began scrolling within the delay: `\(view)` never hears of the touch; the scroll view has it (rule-scroll-view-delays-content-touches). Set delaysContentTouches false to send touches at once."
        case .touchesShouldBeginFalse:
            return
                "`\(sv)`'s touchesShouldBegin(_:with:in:) answered false: `\(view)` is sent nothing (rule-scroll-view-touches-should-begin)."
        case .touchesShouldCancelTrue:
            return
                "the drag started after `\(view)` got the touch; `\(sv)`'s touchesShouldCancel(in: \(view)) answered true (UIKit's default for a view that is not a UIControl): `\(view)` is cancelled and the scroll view scrolls (rule-scroll-view-cancels-content-touches)."
        case .touchesShouldCancelFalse:
            return
                "the drag started after `\(view)` got the touch; `\(sv)`'s touchesShouldCancel(in: \(view)) answered false (UIKit's default for a UIControl): the scroll view does not scroll and `\(view)` keeps the touch (rule-scroll-view-cancels-content-touches). Answer true (scene: \"touchesShouldCancel\": true) to let such drags scroll."
        case .cannotCancelContentTouches:
            return
                "the drag started after `\(view)` got the touch and `\(sv)` has canCancelContentTouches false: it does not scroll (rule-scroll-view-cancels-content-touches)."
        case .cannotScrollInDirection:
            return
                "the drag runs along an axis `\(sv)` cannot scroll: its pan fails, and an enclosing scroll view may take the drag (rule-scroll-view-direction)."
        case .touchStoppedScrolling:
            return
                "`\(sv)` was still moving after a flick: the touch stops it where it is, and the content under the finger is sent nothing for this touch (rule-scroll-view-stopping-touch). The next touch is delivered as usual."
        }
    }

    private func n(_ x: Double) -> String { JSONWriter.formatNumber(x) }
}
