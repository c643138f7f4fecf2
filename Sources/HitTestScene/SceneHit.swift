import HitTestGeometry

/// What a hit test found, by scene ids: the one answer type every engine gives
/// (``HitTestable/hitTest(_:)``), which parity checks, the benchmark and the command line
/// compare and print. A point no window takes has no `SceneHit` (nil).
///
/// Equality is exact: the same ids and the local points' bits equal (NaN equals NaN, -0
/// differs from +0, `Point.isIdentical(to:)`), which is what "the same answer" means
/// between engines (`rule-geometry-local-point`).
public struct SceneHit: Hashable, Sendable, CustomStringConvertible {
    /// The id of the hit view: the touch's view for its whole life.
    public var view: String
    /// The id of the window whose hit test returned the view (`rule-windows-result`).
    public var window: String
    /// The screen point in the hit view's bounds coordinates (`rule-geometry-local-point`).
    public var localPoint: Point

    /// A hit on `view` in `window`, at `localPoint` in the view's bounds coordinates.
    public init(view: String, window: String, localPoint: Point) {
        self.view = view
        self.window = window
        self.localPoint = localPoint
    }

    /// Same ids, and the local points bit for bit equal.
    public static func == (a: SceneHit, b: SceneHit) -> Bool {
        a.view == b.view && a.window == b.window && a.localPoint.isIdentical(to: b.localPoint)
    }

    /// Hashes the ids and the local point's bits, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(view)
        hasher.combine(window)
        hasher.combine(localPoint.x.bitPattern)
        hasher.combine(localPoint.y.bitPattern)
    }

    /// `view V in window W, local (x [bits], y [bits])`, exact (``exact(_:)``).
    public var description: String {
        "view \(view) in window \(window), local (\(SceneHit.exact(localPoint.x)), \(SceneHit.exact(localPoint.y)))"
    }

    /// The description of an answer that may be a miss: `nothing` for nil.
    public static func describe(_ hit: SceneHit?) -> String {
        hit?.description ?? "nothing"
    }

    /// A double with full precision and its bits: `-0.0 [0x8000000000000000]`, so that two
    /// answers that differ only in a sign or a last bit print differently.
    public static func exact(_ x: Double) -> String {
        "\(x) [0x\(String(x.bitPattern, radix: 16))]"
    }
}
