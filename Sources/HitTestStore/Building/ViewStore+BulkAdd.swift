import HitTestGeometry

/// Views described by flat arrays, for adding a whole subtree (or, under a new window, a
/// whole scene) in one call: what an engine that keeps its own node arrays hands over.
///
/// View `i` is a subview of `parents[i]`, the index of an earlier view in the same
/// arrays, or of the superview the arrays are added to when `parents[i]` is -1. Siblings
/// keep their order in the arrays: a later sibling is above an earlier one, as
/// `addSubview` leaves them. `frames[i]` is the untransformed layout rect in the
/// superview's coordinates (UIKit's `frame` of a view with no transform); NaN and
/// infinite values are kept, and the view can then never be hit, as in the reference.
/// The other arrays are optional (empty: every view takes the default).
/// The corresponding C type is `htViewArrays`.
public struct ViewArrays: Hashable, Sendable {
    /// The superview of each view: -1 for the superview the arrays are added to, else the
    /// index of an earlier view in these arrays.
    public var parents: [Int32]
    /// The untransformed layout rect of each view in its superview's coordinates.
    public var frames: [Rect]
    /// Ids (empty: every view's id is ""). Ids need not be unique.
    public var ids: [String]
    /// `isHidden` (empty: none is hidden).
    public var hidden: [Bool]
    /// `isUserInteractionEnabled` (empty: every view is enabled).
    public var userInteractionEnabled: [Bool]
    /// The class name of every view.
    public var className: String

    /// The arrays; the optional ones default to empty (every view takes the default).
    public init(
        parents: [Int32], frames: [Rect], ids: [String] = [], hidden: [Bool] = [],
        userInteractionEnabled: [Bool] = [], className: String = "UIView"
    ) {
        self.parents = parents
        self.frames = frames
        self.ids = ids
        self.hidden = hidden
        self.userInteractionEnabled = userInteractionEnabled
        self.className = className
    }
}

/// Why a `ViewArrays` was refused, naming the array and the index; nothing was added.
public struct ViewArraysError: Error, Equatable, CustomStringConvertible {
    /// The array at fault (`parents`, `frames`, `ids`, `hidden`, `userInteractionEnabled`).
    public var field: String
    /// The index in it, or nil when the array's length is wrong.
    public var index: Int?
    /// What is wrong with it.
    public var message: String

    public var description: String {
        "\(field)\(index.map { "[\($0)]" } ?? ""): \(message)"
    }
}

extension ViewStore {
    /// Adds every view of `arrays` under `superview`, above its current subviews, in one
    /// pass over flat arrays: no per-view definition, one link pass, one label pass, the
    /// boxes of the new subtrees computed once, and the indexes built once at the end (the
    /// screen index is rebuilt when the batch is big enough to make it stale; see
    /// `updateIndexes()`). The new views take new slots, so their handles come back in
    /// the arrays' order. Everything is checked first: on an error nothing is added.
    /// O(n) plus the index builds (O(n) each).
    /// The corresponding C function is `htWorld_AddViewArrays`.
    @discardableResult
    public func addViews(_ arrays: ViewArrays, to superview: ViewHandle) throws(ViewArraysError)
        -> [ViewHandle]
    {
        let n = arrays.parents.count
        try ViewStore.checkLength("frames", arrays.frames.count, n, optional: false)
        try ViewStore.checkLength("ids", arrays.ids.count, n, optional: true)
        try ViewStore.checkLength("hidden", arrays.hidden.count, n, optional: true)
        try ViewStore.checkLength(
            "userInteractionEnabled", arrays.userInteractionEnabled.count, n, optional: true)
        var flagBytes: [UInt8] = []
        if !arrays.hidden.isEmpty || !arrays.userInteractionEnabled.isEmpty {
            flagBytes = (0..<n).map { i in
                (!arrays.hidden.isEmpty && arrays.hidden[i] ? ViewStore.bulkHidden : 0)
                    | (!arrays.userInteractionEnabled.isEmpty && !arrays.userInteractionEnabled[i]
                        ? ViewStore.bulkInteractionDisabled : 0)
            }
        }
        let first = try arrays.parents.withUnsafeBufferPointer { parents throws(ViewArraysError) in
            try arrays.frames.withUnsafeBufferPointer { frames throws(ViewArraysError) in
                try flagBytes.withUnsafeBufferPointer { flags throws(ViewArraysError) in
                    try addViews(
                        under: superview, parents: parents, frames: frames, flags: flags,
                        className: arrays.className,
                        ids: arrays.ids.isEmpty ? nil : { arrays.ids[$0] })
                }
            }
        }
        return (0..<n).map { handle(first + Int32($0)) }
    }

    /// A bit of the per-view flags byte of the flat path: the view is hidden (C:
    /// `HT_VIEW_HIDDEN`).
    public static let bulkHidden: UInt8 = 1 << 0
    /// A bit of the per-view flags byte of the flat path: the view's user interaction is
    /// disabled (C: `HT_VIEW_INTERACTION_DISABLED`).
    public static let bulkInteractionDisabled: UInt8 = 1 << 1

    static func checkLength(_ field: String, _ count: Int, _ n: Int, optional: Bool)
        throws(ViewArraysError)
    {
        if count == n || (optional && count == 0) { return }
        throw ViewArraysError(
            field: field, index: nil,
            message: "has \(count) elements, not \(n) (one per view\(optional ? ", or none" : ""))")
    }

    /// The flat path under both the Swift and the C API: `parents.count` views, `flags`
    /// empty or one byte per view (`bulkHidden`, `bulkInteractionDisabled`), `ids` nil or
    /// the id of view i. Returns the first new slot; the new slots are consecutive and
    /// their generation is 1.
    public func addViews(
        under superview: ViewHandle, parents: UnsafeBufferPointer<Int32>,
        frames: UnsafeBufferPointer<Rect>,
        flags flagBytes: UnsafeBufferPointer<UInt8>, className: String, ids: ((Int) -> String)?
    ) throws(ViewArraysError) -> Int32 {
        let n = parents.count
        try ViewStore.checkLength("frames", frames.count, n, optional: false)
        try ViewStore.checkLength("flags", flagBytes.count, n, optional: true)
        for i in 0..<n where parents[i] < -1 || Int(parents[i]) >= i {
            throw ViewArraysError(
                field: "parents", index: i,
                message:
                    "is \(parents[i]); must be -1 (the superview) or the index of an earlier view (0..<\(i))"
            )
        }
        let known = [ViewStore.bulkHidden, ViewStore.bulkInteractionDisabled].reduce(0, |)
        for i in 0..<flagBytes.count where flagBytes[i] & ~known != 0 {
            throw ViewArraysError(
                field: "flags", index: i, message: "has unknown bits \(flagBytes[i] & ~known)")
        }
        precondition(columns.flags.count + n < Int(Int32.max), "a store holds at most 2^31 - 1 views")
        let p = slot(superview)
        checkOwned(p)
        let first = Int32(columns.flags.count)

        // Columns: one append per column and view, no definitions.
        var idBytes = 0
        if let ids { for i in 0..<n { idBytes += ids(i).utf8.count + 1 } }
        reserveCapacity(n, idBytes: idBytes == 0 ? 1 : idBytes)
        let classBits = ViewStore.classBits(internClass(className))
        let sharedEmptyName: UInt32 = ids == nil ? _appendEncoded("", to: &storage.nameBytes) : 0
        // Every column grown and filled once, then the given values written through
        // pointers: no capacity check or column access a view and column.
        _ = storage.update { $0.appendUnlinked(n) }
        let flagsOut = columns.flags.base.unsafelyUnwrapped + Int(first)
        let parentOut = columns.parent.base.unsafelyUnwrapped + Int(first)
        let centerSizeOut = columns.centerSize.base.unsafelyUnwrapped + Int(first)
        let nameStartOut = columns.nameStart.base.unsafelyUnwrapped + Int(first)
        var inexact: [Int32] = []
        for i in 0..<n {
            var f = _Flags.alive | classBits
            if !flagBytes.isEmpty {
                if flagBytes[i] & ViewStore.bulkHidden != 0 { f |= _Flags.hidden }
                if flagBytes[i] & ViewStore.bulkInteractionDisabled != 0 {
                    f |= _Flags.interactionDisabled
                }
            }
            let r = frames[i]
            flagsOut[i] = f
            parentOut[i] = parents[i] < 0 ? p : first + parents[i]
            let c = ViewGeometry.center(ofLayoutFrame: r, anchorPoint: ViewGeometry.defaultAnchorPoint)
            centerSizeOut[i] = _CenterSize(c, r.size)
            nameStartOut[i] = ids.map { _appendEncoded($0(i), to: &storage.nameBytes) } ?? sharedEmptyName
            if !_CenterSize.holdsExactly(c, r.size) { inexact.append(Int32(i)) }
        }
        // The views floats do not hold get their side records once every column is long
        // enough for them.
        for i in inexact {
            let r = frames[Int(i)]
            let c = ViewGeometry.center(ofLayoutFrame: r, anchorPoint: ViewGeometry.defaultAnchorPoint)
            setCenterSize(first + i, c, r.size)
        }
        if classBits & _Flags.scrollView != 0 { ensureScrollViewRecords(first: first, count: n) }
        count += n
        storage.nameMapValid = false
        storage.controllerRootsValid = false

        linkOnTop(first: first, count: n)
        finishAddingViews(
            under: p, count: n, slot: { first + Int32($0) }, isRoot: { parents[$0] < 0 },
            newBoxes: { pf in
                computeBoxesInArrayOrder(
                    first: first, count: n, parents: parents, under: p, parentFrame: pf)
            })
        return first
    }
}

extension ViewStore {
    /// Links the `n` new slots from `first` into their superviews' sibling lists, each on
    /// top of its superview's subviews so far (their parents are set, in array order).
    func linkOnTop(first: Int32, count n: Int) {
        for i in 0..<n {
            let s = first + Int32(i)
            let up = columns.parent[Int(s)]
            let top = columns.lastChild[Int(up)]
            var bottom = s
            if top >= 0 {
                bottom = columns.firstChild(of: up)
                columns.nextSibling[Int(top)] = s
                columns.prevSibling[Int(s)] = top
            }
            columns.nextSibling[Int(s)] = _Slot.closingLink(first: bottom)  // the new top closes the list
            columns.lastChild[Int(up)] = s
        }
    }

    /// The common end of both batch paths, once `n` new views (`slot(i)`, superviews
    /// before subviews; `isRoot(i)` for those directly under `p`) are linked: order labels
    /// once for each superview that gained subviews, the boxes and child indexes of the
    /// new subtrees, then the superview and its ancestors, and the screen index.
    /// `newBoxes`, given the frame the superview places its subviews in, may compute the new views' boxes,
    /// order labels and child indexes itself and return true; otherwise each new subtree
    /// is walked.
    func finishAddingViews(
        under p: Int32, count n: Int, slot: (Int) -> Int32, isRoot: (Int) -> Bool,
        newBoxes: (_WorldFrame) -> Bool = { _ in false }
    ) {
        relabelChildren(of: p)
        adoptZoomingViews(count: n, slot: slot)
        let own = worldFrame(p)
        let pf = subviewFrame(of: p, own: own)
        deferringChildIndexes = true
        if !newBoxes(pf) {
            for i in 0..<n where columns.lastChild[Int(slot(i))] >= 0 { relabelChildren(of: slot(i)) }
            for i in 0..<n where isRoot(i) { recomputeSubtree(slot(i), parentFrame: pf) }
        }
        let old = columns.box[Int(p)]
        let oldPI = pointInsideBox(p)
        updateIndex(of: p, force: true)
        deferringChildIndexes = false
        computeBoxes(p, own)
        propagateUp(from: p, oldBox: old, oldPointInsideBox: oldPI, geometryChanged: false)
        changesSinceScreenIndexBuild += n
        noteScreenIndexChange()
        settleDeferredChildIndexes()
    }
}
