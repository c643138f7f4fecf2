/// The engines that answer hit tests, by name: what `--engine` takes on the command line,
/// what a dispatcher, a benchmark or a parity check is built on.
///
/// Every engine gives the same answers (the same view, window and local point, bit for
/// bit, `rule-algorithm-hit-test`); they differ in cost. `HitTestBridge` builds any of
/// them from a scene (`Engine.makeHitTester(scene:)`) as a ``HitTestable``.
///
/// The fast store knows no `.reference`: its queries take `useIndexes` (`false` is
/// `.flat`, `true` is `.bvh`), so that this enumeration is the only one that names the
/// three engines.
public enum Engine: String, Sendable, CaseIterable {
    /// The reference recursive algorithm (`HitTestReference`), the oracle: a tree of view
    /// objects, walked as the rules are written.
    case reference
    /// The fast store's iterative walk, testing each child's box.
    case flat
    /// The fast store's walk taking the children of big containers (and the windows) from
    /// their bounding-volume indexes, topmost first.
    case bvh

    /// The names, comma-separated, for help texts: `reference, flat, bvh`.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
