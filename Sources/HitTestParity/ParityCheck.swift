import HitTestBridge
import HitTestGeometry
import HitTestReference
import HitTestScene
import HitTestStore

/// One engine's answer to one point, as ids and a local point.
public struct Answer: Sendable, CustomStringConvertible {
    public var view: String?
    public var window: String?
    public var local: Point?

    public static let none = Answer(view: nil, window: nil, local: nil)

    public init(view: String?, window: String?, local: Point?) {
        self.view = view
        self.window = window
        self.local = local
    }

    /// Same view, same window, and the local points bit for bit equal.
    public func isIdentical(to o: Answer) -> Bool {
        guard view == o.view, window == o.window else { return false }
        switch (local, o.local) {
        case (nil, nil): return true
        case (let a?, let b?): return a.isIdentical(to: b)
        default: return false
        }
    }

    public var description: String {
        guard let view else { return "nothing" }
        let l = local.map { "\(Answer.exact($0.x)), \(Answer.exact($0.y))" } ?? "nil"
        return "view \(view) in window \(window ?? "nil"), local (\(l))"
    }

    /// A double with full precision and its bits: `-0.0 [0x8000000000000000]`.
    public static func exact(_ x: Double) -> String {
        "\(x) [0x\(String(x.bitPattern, radix: 16))]"
    }
}

/// What a fast engine answered differently from the reference.
public struct Mismatch: Sendable, CustomStringConvertible {
    public var point: Point
    public var reference: Answer
    public var store: Answer
    public var engine: FastEngine
    public var indexThreshold: Int
    /// How the store was made: `scene`, `screen` (from the reference tree) or `changed`
    /// (built and then changed step by step with its own API).
    public var storeSource: String

    public var pointDescription: String { "(\(Answer.exact(point.x)), \(Answer.exact(point.y)))" }

    public var description: String {
        """
        point: \(pointDescription)
        reference: \(reference)
        store (engine \(engine.rawValue), indexThreshold \(indexThreshold), built from \(storeSource)): \(store)
        """
    }
}

/// A reference tree and the stores to compare with it, with every engine.
public final class ParityChecker {
    public struct Subject {
        public var store: ViewStore
        public var label: String
        public init(store: ViewStore, label: String) {
            self.store = store
            self.label = label
        }
    }

    public let screen: Screen
    public var subjects: [Subject]
    public let scratch = QueryScratch()
    /// Points checked (each against every store and engine).
    public private(set) var pointsChecked = 0
    /// Store queries made.
    public private(set) var queries = 0

    public static let thresholds = [0, 4, ViewStore.defaultIndexThreshold]

    public init(screen: Screen, subjects: [Subject]) {
        self.screen = screen
        self.subjects = subjects
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

    public static func referenceAnswer(_ screen: Screen, _ p: Point) -> Answer {
        guard let r = screen.hitTest(p) else { return .none }
        return Answer(view: r.view.id, window: r.window.id, local: r.localPoint)
    }

    public static func storeAnswer(
        _ store: ViewStore, _ p: Point, _ engine: FastEngine, _ scratch: QueryScratch
    ) -> Answer {
        guard let r = store.hitTest(p, engine: engine, scratch: scratch) else { return .none }
        return Answer(
            view: store.id(of: r.view), window: store.id(of: r.window), local: r.localPoint)
    }

    /// The first disagreement at this point, if any.
    public func check(_ p: Point) -> Mismatch? {
        pointsChecked += 1
        let expected = ParityChecker.referenceAnswer(screen, p)
        for s in subjects {
            for engine in FastEngine.allCases {
                queries += 1
                let got = ParityChecker.storeAnswer(s.store, p, engine, scratch)
                if !got.isIdentical(to: expected) {
                    return Mismatch(
                        point: p, reference: expected, store: got, engine: engine,
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
