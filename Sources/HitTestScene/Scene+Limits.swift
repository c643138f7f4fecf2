extension Scene {
    /// The largest scenes the loader accepts. Each maximum is checked with a clear error;
    /// none is needed for memory safety (the JSON reader and every scene walk are
    /// iterative) except `maxDepth`, which bounds the recursion of the reference
    /// algorithm (the oracle is recursive on purpose, as UIKit is).
    public struct Limits: Hashable, Sendable {
        /// Views, windows included.
        public var maxViews: Int = 10_000_000
        /// Nesting of views; a window alone is depth 1.
        public var maxDepth: Int = 4_096
        /// Windows of the scene.
        public var maxWindows: Int = 1_024
        /// In UTF-8 bytes, for view, gesture, view controller and action names.
        public var maxIDLength: Int = 1_024
        /// The size of the JSON text.
        public var maxJSONBytes: Int = 1 << 30
        /// How many issues an error lists before it stops looking.
        public var maxIssues: Int = 100

        /// The default limits.
        public init() {}

        /// The limits `Scene.load` uses unless given others.
        public static let `default` = Limits()
    }
}
