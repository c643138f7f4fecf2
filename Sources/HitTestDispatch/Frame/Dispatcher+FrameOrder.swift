import HitTestGeometry

/// `rule-recognizer-same-frame-touches`: several fingers that land (or lift) in one input
/// frame reach a recognizer as if they had landed one after another in the frame's order,
/// at the frame's time. So a kind sees, for each touch change, the touches down *as of
/// that change* (earlier changes of the frame applied, later ones not yet), and a
/// two-finger tap, swipe, long press, pinch or rotation decides the same whether its
/// fingers come down together or frame by frame.
extension Dispatcher {
    /// The recognizer's touches down when `serial`'s change of this frame happens, in the
    /// order taken. `frame` lists the frame's touches in frame order; outside a frame (or
    /// for a frame of one touch) it is the recognizer's touches down now.
    func touchesDown(of id: RecognizerID, asOf serial: TouchID, inFrame frame: [TouchID])
        -> [TouchID]
    {
        guard frame.count > 1, let position = frame.firstIndex(of: serial) else {
            return inFlight.recognizers.down[id]
        }
        let later = frame[(position + 1)...]
        return inFlight.recognizers.touches[id].filter { s in
            guard let rec = inFlight.records[s] else { return false }
            guard later.contains(s) else { return rec.isDown }
            // Changed later in this frame: not begun yet, or not yet lifted.
            switch rec.touch.phase {
            case .began: return false
            case .ended, .cancelled: return true
            case .moved, .stationary: return rec.isDown
            }
        }
    }

    /// For kinds that judge touches by their window's edges (`screenEdgePan`): the touch
    /// now and where it began, in its window's bounds coordinates, and those bounds. Nil
    /// for a touch that began on no window.
    func windowPlace(of rec: _TouchRecord) -> (location: Point, start: Point, bounds: Rect)? {
        guard let window = rec.windowHandle, world.isLive(window) else { return nil }
        return (
            world.location(rec.touch.location, in: window),
            world.location(rec.startLocation, in: window), world.bounds(of: window)
        )
    }
}
