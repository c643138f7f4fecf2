import CHitTestShim
import Glibc
import HitTestGeometry
import HitTestScene
import HitTestStore
import Foundation
import Testing

/// A host allocator that counts, per thread, what goes through the hooks, and passes
/// every call on to the default allocator (so that blocks made before it was set are
/// freed correctly). Tests run in parallel in one process: counting per thread lets a
/// test see exactly its own store's memory.
final class CountingAllocator: Sendable {
    struct Counts: Equatable {
        var liveBytes = 0
        var liveBlocks = 0
        var calls = 0
    }

    /// Behind an NSLock (a pthread mutex), which ThreadSanitizer sees; it does not see
    /// the standard library's `Mutex`.
    let lock = NSLock()
    nonisolated(unsafe) var counts: [UInt: Counts] = [:]
    nonisolated(unsafe) let base = htGetDefaultAllocator()

    /// Installed once for the whole test process (never removed: it wraps the default).
    static let shared: CountingAllocator = {
        let a = CountingAllocator()
        var hooks = htAllocator(
            allocate: { size, alignment, context in
                let me = Unmanaged<CountingAllocator>.fromOpaque(context!).takeUnretainedValue()
                me.update {
                    $0.liveBytes += size
                    $0.liveBlocks += 1
                    $0.calls += 1
                }
                return me.base.allocate!(size, alignment, me.base.context)
            },
            reallocate: { p, old, new, alignment, context in
                let me = Unmanaged<CountingAllocator>.fromOpaque(context!).takeUnretainedValue()
                me.update {
                    $0.liveBytes += new - old
                    $0.calls += 1
                }
                return me.base.reallocate!(p, old, new, alignment, me.base.context)
            },
            free: { p, size, context in
                let me = Unmanaged<CountingAllocator>.fromOpaque(context!).takeUnretainedValue()
                me.update {
                    $0.liveBytes -= size
                    $0.liveBlocks -= 1
                }
                me.base.free!(p, size, me.base.context)
            },
            context: Unmanaged.passRetained(a).toOpaque())
        precondition(htSetAllocator(&hooks) == HT_OK)
        return a
    }()

    func update(_ body: (inout Counts) -> Void) {
        let t = UInt(pthread_self())
        lock.withLock { body(&counts[t, default: Counts()]) }
    }

    /// This thread's counts.
    var here: Counts {
        let t = UInt(pthread_self())
        return lock.withLock { counts[t] ?? Counts() }
    }
}

@Suite("allocator hooks")
struct AllocatorHookTests {
    /// A store with every kind of buffer: ids, class names, side records with
    /// transforms, view controller names, a redirect, an indexed container.
    static func busyStore() -> (ViewStore, ViewHandle, [ViewHandle]) {
        let store = ViewStore(indexThreshold: 8)
        let w = store.addWindow(
            ViewDefinition(id: "window", frame: Rect(x: 0, y: 0, width: 400, height: 400)))
        var root = ViewDefinition(
            id: "root", frame: Rect(x: 0, y: 0, width: 400, height: 400), className: "RootView")
        root.viewController = "RootController"
        let r = store.addView(root, to: w)
        var cells: [ViewHandle] = []
        for i in 0..<40 {
            var d = ViewDefinition(
                id: "cell-\(i)",
                frame: Rect(x: Double(i % 8) * 50, y: Double(i / 8) * 50, width: 45, height: 45),
                className: i % 2 == 0 ? "UIButton" : "UILabel")
            if i % 5 == 0 { d.geometry.transform = AffineTransform(rotationAngle: 0.1) }
            if i % 7 == 0 { d.viewController = "Cell\(i)Controller" }
            cells.append(store.addView(d, to: r))
        }
        store.setRedirect(r, to: cells[3])
        return (store, r, cells)
    }

    @Test("a counting allocator sees every byte of a store, and none remain after it is gone")
    func countsEveryByte() {
        let counter = CountingAllocator.shared
        let before = counter.here
        do {
            let (store, root, cells) = Self.busyStore()
            _ = store.view(withID: "cell-7")  // builds the id map
            let stats = store.stats()
            let during = counter.here
            // Exactly the bytes the store reports for itself and its index.
            #expect(during.liveBytes - before.liveBytes == stats.storeBytes + stats.indexBytes)
            #expect(during.liveBlocks > before.liveBlocks)
            // Changes move memory around; all of it still comes back.
            store.removeView(cells[10])
            store.moveView(cells[11], to: store.windows[0])
            for i in 0..<30 {
                store.addView(
                    ViewDefinition(id: "late-\(i)", frame: Rect(x: 1, y: 1, width: 5, height: 5)),
                    to: root)
            }
            #expect(store.responderChain(of: cells[7]).contains(.viewController("Cell7Controller")))
        }
        let after = counter.here
        #expect(after.liveBytes == before.liveBytes)
        #expect(after.liveBlocks == before.liveBlocks)
        #expect(after.calls > before.calls)
    }

    @Test("queries allocate nothing once the scratch has grown")
    func queriesAllocateNothing() {
        let counter = CountingAllocator.shared
        let (store, _, _) = Self.busyStore()
        let scratch = QueryScratch()
        let points = (0..<400).map {
            Point(x: Double($0 % 20) * 21 - 5, y: Double($0 / 20) * 21 - 5)
        }
        for p in points { _ = store.hitTest(p, scratch: scratch) }  // warm up
        let before = counter.here
        var hits = 0
        for p in points {
            for useIndexes in [false, true] {
                if store.hitTest(p, useIndexes: useIndexes, scratch: scratch) != nil { hits += 1 }
            }
        }
        #expect(hits > 100)
        #expect(counter.here == before)
    }

    @Test("the shim's own counters move with the hooks and are 64-byte aligned")
    func shimCounters() {
        _ = CountingAllocator.shared
        let p = htShim_Allocate(100, 8)!
        #expect(UInt(bitPattern: p) % 64 == 0)
        let q = htShim_Reallocate(p, 100, 5000, 8)!
        #expect(UInt(bitPattern: q) % 64 == 0)
        let counted = CountingAllocator.shared.here
        htShim_Free(q, 5000)
        #expect(CountingAllocator.shared.here.liveBytes == counted.liveBytes - 5000)
        #expect(htGetAllocationTotal() >= 2)
    }
}

/// The default allocator starts blocks of 4 MiB or more (the columns of a store of about
/// a million views) on a 2 MiB boundary, advised for transparent huge pages; smaller
/// blocks keep the asked alignment only. (Whether the kernel then backs them with huge
/// pages is its choice; the alignment is what the allocator promises.) With the Jemalloc
/// trait the default is jemalloc's, which manages huge pages itself.
#if !Jemalloc
@Test("the default allocator aligns big blocks to 2 MiB for huge pages, and small ones as asked")
func defaultAllocatorHugeBlocks() throws {
    let base = htGetDefaultAllocator()
    let big = 5 << 20
    let p = try #require(base.allocate!(big, 64, base.context))
    #expect(UInt(bitPattern: p) % UInt(2 << 20) == 0, "\(p)")
    // Every byte usable.
    memset(p, 0xA5, big)
    let grown = try #require(base.reallocate!(p, big, 9 << 20, 64, base.context))
    #expect(UInt(bitPattern: grown) % UInt(2 << 20) == 0, "\(grown)")
    #expect(grown.load(fromByteOffset: big - 1, as: UInt8.self) == 0xA5)
    base.free!(grown, 9 << 20, base.context)
    let small = try #require(base.allocate!(1000, 64, base.context))
    #expect(UInt(bitPattern: small) % 64 == 0)
    base.free!(small, 1000, base.context)
}
#endif
