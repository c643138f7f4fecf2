import HitTestScene

/// One row of a benchmark: one engine on one scene.
public struct BenchResult: Sendable {
    /// The scene's shape (`ui`, `wide`, ...) or file name.
    public var shape: String
    /// Views in the scene, windows included.
    public var views: Int
    public var engine: Engine
    /// Median time to build the engine's structure from the scene.
    public var buildMs: Double
    /// Median ns per query over uniform random points.
    public var nsPerQuery: Double
    /// Median ns per query over touch-drag streams (points a few pt apart).
    public var nsPerQueryDrag: Double
    /// Median ns per query over the same random points answered as one batch on one
    /// thread (`ViewStore.hitTest(_:into:useIndexes:scratch:)`); nil for the reference.
    public var nsPerQueryBatch: Double?
    /// The reference's ns per random query divided by this engine's, both measured in
    /// this run on this scene; nil when the reference was not run.
    public var speedupVsReference: Double?
    /// The random points in each of the reference's timed runs on this scene, which
    /// `speedupVsReference` rests on; nil when the reference was not run.
    public var referenceTimedPoints: Int?
    /// Heap bytes the built structure holds, per view (nil without an allocation counter).
    public var bytesPerView: Double?
    /// The store's own count of its bytes (columns, side table, names, indexes) per view;
    /// nil for the reference.
    public var storeBytesPerView: Double?
    /// Heap allocations per query during the timed runs (nil without a counter).
    public var allocationsPerQuery: Double?
    /// Points on which this engine's answer differed from another engine's (view, window
    /// or local point, bit for bit). Must be 0.
    public var mismatches: Int
    /// Points this engine's answers were checked on.
    public var checkedPoints: Int
    /// Points in each timed run (random, then drag).
    public var timedPoints: Int
    /// Threads that answered the timed runs.
    public var threads: Int

    public init(
        shape: String, views: Int, engine: Engine, buildMs: Double, nsPerQuery: Double,
        nsPerQueryDrag: Double, speedupVsReference: Double? = nil, bytesPerView: Double? = nil,
        storeBytesPerView: Double? = nil, allocationsPerQuery: Double? = nil, mismatches: Int,
        checkedPoints: Int, timedPoints: Int, threads: Int, referenceTimedPoints: Int? = nil
    ) {
        self.shape = shape
        self.views = views
        self.engine = engine
        self.buildMs = buildMs
        self.nsPerQuery = nsPerQuery
        self.nsPerQueryDrag = nsPerQueryDrag
        self.speedupVsReference = speedupVsReference
        self.bytesPerView = bytesPerView
        self.storeBytesPerView = storeBytesPerView
        self.allocationsPerQuery = allocationsPerQuery
        self.mismatches = mismatches
        self.checkedPoints = checkedPoints
        self.timedPoints = timedPoints
        self.threads = threads
        self.referenceTimedPoints = referenceTimedPoints
    }
}

/// A disagreement between engines, for the report.
public struct BenchMismatch: Sendable {
    public var shape: String
    public var x: Double
    public var y: Double
    /// Each engine's answer, as text.
    public var answers: [(engine: Engine, answer: String)]
}
