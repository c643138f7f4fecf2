import HitTestGeometry
import HitTestScene

/// What `hittest stats` prints about a store: sizes, shape and memory.
public struct StoreStats: Sendable {
    /// Live views, windows included.
    public var views = 0
    /// Live windows.
    public var windows = 0
    /// The deepest nesting; a window alone is depth 1.
    public var depth = 0
    /// Views with a child index, and the index's shape.
    public var indexedViews = 0
    /// Nodes of all child indexes together.
    public var indexNodes = 0
    /// The height of the tallest child index.
    public var indexHeight = 0
    /// Entries per index node, on average over the nodes.
    public var indexFanOut = 0.0
    /// Bytes of the store's columns, side table and names (capacity, not just count).
    public var storeBytes = 0
    /// Bytes of every index: the screen index and the child indexes.
    public var indexBytes = 0
    /// Bytes of the screen index alone (over the windows' views; built on any store, so
    /// not 0 when no view has a child index).
    public var screenIndexBytes = 0

    /// `storeBytes` over `views`; 0 for an empty store.
    public var storeBytesPerView: Double { views == 0 ? 0 : Double(storeBytes) / Double(views) }
    /// `indexBytes` over `views`; 0 for an empty store.
    public var indexBytesPerView: Double { views == 0 ? 0 : Double(indexBytes) / Double(views) }
}

extension ViewStore {
    /// Counts and bytes of the store and its indexes. O(n).
    public func stats() -> StoreStats {
        var st = StoreStats()
        st.views = count
        st.windows = storage.windowSlots.count
        var lanes = 0
        storage.read { columns in
            for w in storage.windowSlots {
                var stack: [(Int32, Int)] = [(w, 1)]
                while let (s, d) = stack.popLast() {
                    st.depth = max(st.depth, d)
                    var c = columns.firstChild(of: Int32(s))
                    while c >= 0 {
                        stack.append((c, d + 1))
                        c = columns.nextSibling[Int(c)]
                    }
                }
            }
        }
        var indexBytes = 0
        for s in 0..<columns.flags.count where columns.flags[s] & _Flags.indexed != 0 {
            let index = childIndex(of: Int32(s))
            st.indexedViews += 1
            st.indexNodes += index.tree.leaves.count + index.tree.nodes.count
            st.indexHeight = max(st.indexHeight, index.tree.height)
            for n in index.tree.leaves.array + index.tree.nodes.array {
                lanes += (0..<8).filter { n.child[$0] != _Lane.empty }.count
            }
            indexBytes += index.byteCount
        }
        st.indexFanOut = st.indexNodes == 0 ? 0 : Double(lanes) / Double(st.indexNodes)
        // The screen index and the scroll views' content indexes count as index memory
        // too (their nodes are not in the shape figures, which describe the child indexes).
        st.screenIndexBytes = storage.screenIndex.byteCount
        let contentIndexes = storage.contentIndexes
        for k in 0..<contentIndexes.count { indexBytes += contentIndexes[k].byteCount }
        st.indexBytes = indexBytes + st.screenIndexBytes
        // Every hook-backed buffer but the indexes' (counted above); `sideValues` holds Swift
        // values of views with custom code or event settings and is counted by its
        // capacity too.
        st.storeBytes = storage.byteCount + sideValues.capacity * MemoryLayout<_SideValues>.stride
        return st
    }

    /// The mean work of a query over `points`, with or without indexes (`.bvh`, `.flat`).
    public func meanQueryStats(_ points: [Point], useIndexes: Bool) -> (
        viewsVisited: Double, boxTests: Double, indexNodes: Double
    ) {
        let scratch = QueryScratch()
        for p in points { _ = hitTest(p, useIndexes: useIndexes, scratch: scratch) }
        let n = Double(max(points.count, 1))
        return (
            Double(scratch.stats.viewsVisited) / n, Double(scratch.stats.boxTests) / n,
            Double(scratch.stats.indexNodesVisited) / n
        )
    }

    /// The engine expected to be faster on this store (never `.reference`): `bvh` when its screen index is
    /// fresh over at least 1,024 views (below that both walk a few views) or when some
    /// container has a child index (built or deferred), else `flat` (they then do the
    /// same work).
    public var preferredEngine: Engine {
        if !storage.deferredChildIndexes.isEmpty
            || (storage.screenIndexState == .fresh && count >= 1024)
        {
            return .bvh
        }
        for s in 0..<columns.flags.count where columns.flags[s] & _Flags.indexed != 0 {
            return .bvh
        }
        return .flat
    }
}
