import HitTestBridge
import HitTestGeometry
import HitTestReference
import HitTestScene
import HitTestStore

/// What a fast engine answered differently from the reference (nil answers are misses).
public struct Mismatch: Sendable, CustomStringConvertible {
    /// The point asked.
    public var point: Point
    /// The reference's answer.
    public var reference: SceneHit?
    /// The store's answer.
    public var store: SceneHit?
    /// The store's walk: `.flat` or `.bvh`.
    public var engine: Engine
    /// The store's `indexThreshold`.
    public var indexThreshold: Int
    /// How the store was made: `scene`, `screen` (from the reference tree) or `changed`
    /// (built and then changed step by step with its own API).
    public var storeSource: String

    /// The point with its coordinates exact (`SceneHit.exact(_:)`).
    public var pointDescription: String {
        "(\(SceneHit.exact(point.x)), \(SceneHit.exact(point.y)))"
    }

    /// The point, both answers and the store's engine, threshold and source, one a line.
    public var description: String {
        """
        point: \(pointDescription)
        reference: \(SceneHit.describe(reference))
        store (engine \(engine.rawValue), indexThreshold \(indexThreshold), built from \(storeSource)): \(SceneHit.describe(store))
        """
    }
}

/// A reference tree and the stores to compare with it, with every engine.
public final class ParityChecker {
    /// A store to check, with the label that says how it was made.
    public struct Subject {
        /// The store; its changes are seen by the next check.
        public let store: ViewStore
        /// How it was made (`Mismatch.storeSource`).
        public var label: String
        /// The store walked without and with indexes (`.flat`, `.bvh`).
        let engines: [StoreEngine]

        /// A subject for `store`, checked with both walks.
        public init(store: ViewStore, label: String) {
            self.store = store
            self.label = label
            engines = [false, true].map { StoreEngine(store: store, useIndexes: $0) }
        }
    }

    /// The reference tree every answer is checked against.
    public let screen: Screen
    /// The stores checked.
    public var subjects: [Subject]
    private let reference: ReferenceEngine
    /// Points checked (each against every store and engine).
    public private(set) var pointsChecked = 0
    /// Store queries made.
    public private(set) var queries = 0

    /// The index thresholds stores are built with: none, small containers, the default.
    public static let thresholds = [0, 4, ViewStore.defaultIndexThreshold]

    /// Checks `subjects` against `screen`.
    public init(screen: Screen, subjects: [Subject]) {
        self.screen = screen
        self.subjects = subjects
        reference = ReferenceEngine(screen: screen)
    }

    /// The reference tree of the scene with the plan's custom code, and stores for every
    /// threshold: from the scene (when there is no custom code) and from the tree.
    public convenience init(scene: Scene, custom: CustomPlan = CustomPlan()) {
        let screen = Screen(scene: scene)
        custom.install(on: screen)
        var subjects: [Subject] = []
        for t in ParityChecker.thresholds {
            if custom.isEmpty {
                subjects.append(
                    Subject(store: ViewStore(scene: scene, indexThreshold: t), label: "scene"))
            }
            subjects.append(
                Subject(store: ViewStore(screen: screen, indexThreshold: t), label: "screen"))
        }
        self.init(screen: screen, subjects: subjects)
    }

    /// The first disagreement at this point, if any: every subject with every fast engine
    /// against the reference, through the one role (`HitTestable`).
    public func check(_ p: Point) -> Mismatch? {
        pointsChecked += 1
        let expected = reference.hitTest(p)
        for s in subjects {
            for engine in s.engines {
                queries += 1
                let got = engine.hitTest(p)
                if got != expected {
                    return Mismatch(
                        point: p, reference: expected, store: got, engine: engine.engine,
                        indexThreshold: s.store.indexThreshold, storeSource: s.label)
                }
            }
        }
        return nil
    }

    /// The first disagreement over the points, if any.
    public func check(_ points: [Point]) -> Mismatch? {
        for p in points {
            if let m = check(p) { return m }
        }
        return nil
    }

    /// True when the scene (with its custom code) disagrees at `p`: a fresh check, what
    /// the shrinker asks.
    public static func fails(_ scene: Scene, _ custom: CustomPlan, at p: Point) -> Bool {
        ParityChecker(scene: scene, custom: custom.restricted(to: scene)).check(p) != nil
    }
}
