import HitTestGeometry

/// A valid scene as flat arrays, one entry a view in document order (pre-order: a window,
/// then its subviews from the bottom up, each followed by its own): what
/// ``SceneStreamReader`` reads a scene file into, with no tree and no `SceneView` for a
/// plain view. A store builds from it directly (`ViewStore(columns:)`); `scene()` makes
/// the `Scene` value for callers that need one, from the same arrays.
///
/// A plain view is an id, a class, a layout frame and two flags. Every other view (each
/// window, and each view with any other field: a center and size, a transform, an alpha,
/// a hit rule, a redirect, event settings, a view controller...) also has its fields as a
/// `SceneView` without subviews in `rich`, in document order.
package struct SceneColumns: Sendable {
    package var screen = Scene.defaultScreen
    package var application = SceneApplication()
    /// The superview of each view: -1 for a window and for a window's direct subviews;
    /// otherwise the superview's index counted from its window's first subview (the index
    /// of the window plus one), so that a window's subviews read as the `parents` of
    /// flat arrays added under the window.
    package var parents: [Int32] = []
    /// The untransformed layout rect (plain views; a rich view's is in `rich`).
    package var frames: [Rect] = []
    /// Per view: bit 0 hidden, bit 1 user interaction disabled (the flat path's bits,
    /// `ViewStore.bulkHidden` and `ViewStore.bulkInteractionDisabled`).
    package var flags: [UInt8] = []
    /// Per view: its class, an index in `classNames`.
    package var classes: [UInt16] = []
    /// The distinct class names, in order of first use.
    package var classNames: [String] = []
    /// The ids' UTF-8 bytes; view i's id is `idStart[i] ..< idStart[i] + idLength[i]`.
    package var idBytes: [UInt8] = []
    package var idStart: [UInt32] = []
    package var idLength: [UInt32] = []
    /// The index of each window, ascending.
    package var windows: [Int32] = []
    /// The views that have more than the plain fields, ascending, and their fields.
    package var richViews: [Int32] = []
    package var rich: [SceneView] = []
    /// Views whose `redirectTo` names a descendant: (view, target), both view indexes.
    package var redirects: [(view: Int32, target: Int32)] = []

    /// The number of views, windows included.
    package var count: Int { parents.count }

    /// View i's id as a string.
    package func id(_ i: Int) -> String {
        let s = Int(idStart[i])
        return idBytes.withUnsafeBufferPointer {
            String(
                decoding: UnsafeBufferPointer(rebasing: $0[s..<s + Int(idLength[i])]), as: UTF8.self
            )
        }
    }

    /// The superview's index of view i (-1 for a window), given the index of its window.
    @inline(__always)
    package func absoluteParent(_ i: Int, window: Int) -> Int {
        let p = Int(parents[i])
        if i == window { return -1 }
        return p < 0 ? window : window + 1 + p
    }

    /// The scene these arrays hold, equal to what `Scene.load` gives for the same text.
    /// O(n), iterative.
    package func scene() -> Scene {
        var scene = Scene(screen: screen, application: application)
        scene.windows.reserveCapacity(windows.count)
        // The views still open, innermost last, with their subviews so far.
        var open: [(index: Int, view: SceneView)] = []
        var nextRich = 0
        var window = -1
        var nextWindow = 0
        func close(downTo p: Int, into scene: inout Scene) {
            while let last = open.last, last.index != p {
                open.removeLast()
                if open.isEmpty {
                    scene.windows.append(last.view)
                } else {
                    open[open.count - 1].view.subviews.append(last.view)
                }
            }
        }
        for i in 0..<count {
            if nextWindow < windows.count && Int(windows[nextWindow]) == i {
                window = i
                nextWindow += 1
            }
            let p = absoluteParent(i, window: window)
            close(downTo: p, into: &scene)
            var v: SceneView
            if nextRich < richViews.count && Int(richViews[nextRich]) == i {
                v = rich[nextRich]
                nextRich += 1
            } else {
                let className = classNames[Int(classes[i])]
                v = SceneView(id: id(i), className: className, placement: .frame(frames[i]))
                v.isHidden = flags[i] & 1 != 0
                v.isUserInteractionEnabled = flags[i] & 2 == 0
            }
            open.append((i, v))
        }
        close(downTo: -1, into: &scene)
        return scene
    }
}
