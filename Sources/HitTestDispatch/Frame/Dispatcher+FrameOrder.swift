@_spi(Tables) import HitTestStore
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
            guard let k = inFlight.records.index(of: s) else { return false }
            let isDown = inFlight.records.values[k].isDown
            guard later.contains(s) else { return isDown }
            // Changed later in this frame: not begun yet, or not yet lifted.
            switch inFlight.records.values[k].touch.phase {
            case .began: return false
            case .ended, .cancelled: return true
            case .moved, .stationary: return isDown
            }
        }
    }

    /// For kinds that judge touches by their window's edges (`screenEdgePan`): the touch
    /// at place `k` of the touch table now and where it began, in its window's bounds
    /// coordinates, and those bounds. Nil for a touch that began on no window.
    func windowPlace(of k: Int) -> (location: Point, start: Point, bounds: Rect)? {
        guard let window = inFlight.records.values[k].windowHandle, world.isLive(window) else {
            return nil
        }
        return (
            world.location(inFlight.records.values[k].touch.location, in: window),
            world.location(inFlight.records.values[k].startLocation, in: window),
            world.bounds(of: window)
        )
    }
}
