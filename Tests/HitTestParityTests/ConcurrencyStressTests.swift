import Dispatch
import Foundation
import HitTestGenerators
import HitTestGeometry
import HitTestParity
import HitTestReference
import HitTestScene
import HitTestStore
import Testing

/// The concurrency model under stress (run under ThreadSanitizer in CI): readers query a
/// `SharedStore` while a writer changes it, and every answer must equal the reference's
/// answer on the state that reader saw (the same number of changes applied).
@Suite("Concurrent readers and a writer")
struct ConcurrencyStressTests {
    struct Seen {
        var version: UInt64
        var point: Point
        var view: String?
        var window: String?
        var localX: UInt64
        var localY: UInt64
    }

    /// Collected by one reader thread only, handed over at the end.
    final class Log: @unchecked Sendable {
        var seen: [Seen] = []
    }

    @Test("readers on two threads agree with the reference on the state they read")
    func readersAgreeWithTheReferenceOnTheirSnapshot() throws {
        let base = UInt64.random(in: 0...UInt64.max)
        for round in 0..<3 {
            let seed = SplitMix64.derive(base, UInt64(round))
            try stress(seed: seed, changes: 60, readers: 2)
        }
    }

    func stress(seed: UInt64, changes: Int, readers: Int) throws {
        let scene = RandomScene.make(seed: seed)
        // The writer changes a world (the reference tree and the shared store) and records
        // each change; readers only ever touch the shared store.
        let world = ChangingWorld(scene: scene, thresholds: [4], storeFromScreen: false)
        let shared = SharedStore(world.checker.subjects[0].store)
        nonisolated(unsafe) let writerWorld = world
        let area = TouchArea(scene)
        let logs = (0..<readers).map { _ in Log() }
        let done = Atomic()
        var applied: [Change] = []
        let group = DispatchGroup()
        for (r, log) in logs.enumerated() {
            DispatchQueue.global().async(group: group) {
                var rng = SplitMix64(seed: SplitMix64.derive(seed, 100 + UInt64(r)))
                let scratch = QueryScratch()
                repeat {
                    let p = area.point(&rng)
                    let seen = shared.read { store, version -> Seen in
                        let h = store.hitTest(p, useIndexes: r % 2 == 0, scratch: scratch)
                        return Seen(
                            version: version, point: p, view: h.map { store.id(of: $0.view) },
                            window: h.map { store.id(of: $0.window) },
                            localX: h?.localPoint.x.bitPattern ?? 0,
                            localY: h?.localPoint.y.bitPattern ?? 0)
                    }
                    log.seen.append(seen)
                } while !done.isSet || log.seen.count < 50
            }
        }
        var rng = SplitMix64(seed: SplitMix64.derive(seed, 1))
        for _ in 0..<changes {
            let change = writerWorld.randomChange(&rng)
            shared.write { _ in _ = writerWorld.apply(change) }
            applied.append(change)
        }
        done.set()
        group.wait()

        // Replay the same changes on a fresh reference tree, checking every answer read
        // at each version against it.
        let seen = logs.flatMap(\.seen)
        var byVersion: [UInt64: [Seen]] = [:]
        for s in seen { byVersion[s.version, default: []].append(s) }
        // (A world edits its reference views through its stores' loop: it needs one.)
        let replay = ChangingWorld(scene: scene, thresholds: [0], storeFromScreen: false)
        var checked = 0
        for version in 0...UInt64(applied.count) {
            if version > 0 { replay.apply(applied[Int(version) - 1]) }
            for s in byVersion[version] ?? [] {
                let r = replay.screen.hitTest(s.point)
                let same =
                    r?.view.id == s.view && r?.window.id == s.window
                    && (r?.localPoint.x.bitPattern ?? 0) == s.localX
                    && (r?.localPoint.y.bitPattern ?? 0) == s.localY
                checked += 1
                #expect(
                    same,
                    """
                    seed \(seed): after \(version) changes, at (\(s.point.x), \(s.point.y)) a reader \
                    saw \(s.view ?? "nil"), the reference says \(r?.view.id ?? "nil"); changes: \
                    \(applied.prefix(Int(version)))
                    scene: \(scene.json())
                    """)
                if !same { return }
            }
        }
        #expect(checked == seen.count && checked >= 50 * readers)
        #expect(shared.version == UInt64(changes))
    }
}

/// A flag set once by one thread and read by others.
final class Atomic: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// Uniform points over the windows, a little beyond them.
struct TouchArea: Sendable {
    var minX = 0.0, minY = 0.0, width = 100.0, height = 100.0

    init(_ scene: Scene) {
        if let f = scene.windows.first?.geometry.frame, f.width.isFinite, f.height.isFinite {
            (minX, minY, width, height) = (f.minX - 20, f.minY - 20, f.width + 40, f.height + 40)
        }
    }

    func point(_ rng: inout SplitMix64) -> Point {
        Point(x: minX + rng.unit() * width, y: minY + rng.unit() * height)
    }
}
