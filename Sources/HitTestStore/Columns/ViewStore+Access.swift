import HitTestGeometry
import HitTestScene

extension ViewStore {
    /// True when `handle` names a live view of this store. Never traps.
    /// The corresponding C function is `htView_IsValid`.
    public func isValid(_ handle: ViewHandle) -> Bool {
        guard !handle.isNull, Int(handle.index) <= columns.flags.count else { return false }
        let s = Int(handle.index) - 1
        return columns.flags[s] & _Flags.alive != 0 && UInt32(columns.generation[s]) == handle.generation
    }

    /// The slot of a live handle; traps with a message on a null, stale or foreign one.
    @inlinable
    func slot(_ handle: ViewHandle) -> Int32 {
        precondition(
            isValid(handle),
            "\(handle) is not a live view of this store (null, removed, or foreign)")
        return handle.slot
    }

    /// The handle of a live slot.
    @inlinable
    func handle(_ slot: Int32) -> ViewHandle {
        slot < 0 ? .null : ViewHandle(index: UInt32(slot) + 1, generation: UInt32(columns.generation[Int(slot)]))
    }

    /// The view's id.
    /// The corresponding C function is `htView_GetName`.
    public func id(of handle: ViewHandle) -> String { name(slot(handle)) }

    /// Changes since the store was made that gave a live view another id: ids read by
    /// handle (`id(of:)`) and kept are still the views' while this number is unchanged.
    package var idChanges: Int { storage.idChanges }

    func name(_ s: Int32) -> String {
        let bytes = nameBytes(s)
        // Views a host adds without ids (C engines' usually are) skip the decoder.
        if bytes.isEmpty { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The UTF-8 bytes of a slot's id (valid until the next change of the store).
    func nameBytes(_ s: Int32) -> UnsafeBufferPointer<UInt8> {
        _encodedBytes(at: columns.nameStart[Int(s)], in: storage.nameBytes)
    }

    /// The view's class name.
    public func className(of handle: ViewHandle) -> String { className(slot(handle)) }

    func className(_ s: Int32) -> String {
        storage.classNames.string(Int32(columns.flags[Int(s)] >> _Flags.classShift))
    }

    func setClass(_ s: Int32, _ name: String) {
        // The scroll view bit follows the class here; `write` adds the settings' part.
        columns.flags[Int(s)] =
            (columns.flags[Int(s)] & ~(_Flags.classMask | _Flags.scrollView))
            | ViewStore.classBits(internClass(name))
    }

    func internClass(_ name: String) -> UInt16 {
        // Builds name a few classes over and over (a button, a label, a cell...), each
        // usually the same `String` value (a literal, or a short name stored inline): first
        // the value itself, by its bits, against the one last seen in its bucket; then its
        // bytes against the last class in their bucket; then the table's hash. Bytes, not
        // `String` equality, which is canonical equivalence: the table keys on the bytes a
        // scene gives. Buckets key on the length and three bytes: the length alone puts
        // `UIImageView` and `UIStackView` in one bucket.
        guard let bits = _StringBits(name) else { return UInt16(internClassBytes(name)) }
        // Two ways a bucket: the entry at `slot`, then its pair (two of a scene's few
        // classes sharing a bucket made a quarter of ui's views miss here).
        let slot = bits.bucket
        // Field by field: copying an entry would retain and release its name.
        var k = slot
        repeat {
            let recent = storage.recentClassValues[k].id
            if recent >= 0 && storage.recentClassValues[k].bits == bits { return UInt16(recent) }
            k ^= 1
        } while k != slot
        let id = internClassBytes(name)
        storage.recentClassValues.swapAt(slot, slot ^ 1)
        storage.recentClassValues[slot] = (name, bits, id)
        return UInt16(id)
    }

    /// `internClass` by the name's bytes.
    private func internClassBytes(_ name: String) -> Int32 {
        let (bucket, recent): (Int, Int32) = _withUTF8(of: name) { u in
            let n = u.count
            let mix = n == 0 ? 0 : Int(u[0]) &* 3 ^ Int(u[n >> 1]) &* 5 ^ Int(u[n - 1]) &* 7
            let bucket = (n ^ mix) & 63
            let recent = storage.recentClasses[bucket]
            guard recent >= 0 else { return (bucket, _Slot.none) }
            let (bytes, starts) = (storage.classNames.bytes, storage.classNames.starts)
            let same = _sameBytes(_encodedBytes(at: starts[Int(recent)], in: bytes), u)
            return (bucket, same ? recent : _Slot.none)
        }
        if recent >= 0 { return recent }
        let id: Int32
        if let found = storage.classNames.find(name) {
            id = found
        } else {
            precondition(
                storage.classNames.count < Int(_Flags.classMask >> _Flags.classShift),
                "more than 32,767 distinct class names")
            id = storage.classNames.intern(name)
        }
        storage.recentClasses[bucket] = id
        return id
    }

    /// The view with this id (the first made, if ids repeat), or nil. The first call
    /// builds a map of every id.
    public func view(withID id: String) -> ViewHandle? {
        let (bytes, starts) = (storage.nameBytes, columns.nameStart)
        let key = { (s: Int32) in _encodedBytes(at: starts[Int(s)], in: bytes) }
        if !storage.nameMapValid {
            storage.nameMap.reset(for: count)
            for s in 0..<columns.flags.count where columns.flags[s] & _Flags.alive != 0 {
                _ = storage.nameMap.insert(Int32(s), key(Int32(s)), key: key)
            }
            storage.nameMapValid = true
        }
        return _withUTF8(of: id) { u in storage.nameMap.find(u, key: key) }.map(handle)
    }

    /// The superview, or nil for a window.
    /// The corresponding C function is `htView_GetParent`.
    public func superview(of handle: ViewHandle) -> ViewHandle? {
        let p = columns.parent[Int(slot(handle))]
        return p < 0 ? nil : self.handle(p)
    }

    /// The subviews, bottom to top.
    public func subviews(of handle: ViewHandle) -> [ViewHandle] {
        var out: [ViewHandle] = []
        var c = columns.firstChild(of: slot(handle))
        while c >= 0 {
            out.append(self.handle(c))
            c = columns.nextSibling[Int(c)]
        }
        return out
    }

    /// The windows, in order of addition.
    public var windows: [ViewHandle] { storage.windowSlots.map(handle) }

    /// The window a view is in.
    public func window(of handle: ViewHandle) -> ViewHandle {
        var s = slot(handle)
        while columns.parent[Int(s)] >= 0 { s = columns.parent[Int(s)] }
        return self.handle(s)
    }

    /// The view's UIKit geometry, assembled from its columns and side record.
    @inline(__always)
    func geometry(_ s: Int32) -> ViewGeometry { columns.geometry(s, storage.sideRecords) }

    /// The view's exact center and bounds size (see `_CenterSize`).
    @inline(__always)
    func center(_ s: Int32) -> Point { columns.center(s, storage.sideRecords) }
    @inline(__always)
    func size(_ s: Int32) -> Size { columns.size(s, storage.sideRecords) }

    /// Writes a view's center and bounds size where `_CenterSize`'s rule puts them: in
    /// the column when floats hold them and the view has no side record, else in the side
    /// record (made now if need be), the column then holding the record's index
    /// (`_Columns.sideRecordIndex`).
    @inline(__always)
    func setCenterSize(_ s: Int32, _ c: Point, _ z: Size) {
        let i = Int(s)
        if columns.flags[i] & _Flags.hasSideRecord == 0 && _CenterSize.holdsExactly(c, z) {
            columns.centerSize[i] = _CenterSize(c, z)
            return
        }
        let e = ensureSideRecord(s)
        storage.sideRecords[e].center = c
        storage.sideRecords[e].size = z
    }

    /// The view's UIKit geometry.
    /// The corresponding C function is `htView_GetFrame` (the frame of this geometry).
    public func geometry(of handle: ViewHandle) -> ViewGeometry { geometry(slot(handle)) }

    /// The view's hit rules.
    public func hitRules(of handle: ViewHandle) -> HitRules { hitRules(slot(handle)) }

    func hitRules(_ s: Int32) -> HitRules {
        let f = columns.flags[Int(s)]
        var r = HitRules()
        if f & _Flags.ellipse != 0 { r.hitShape = .ellipse }
        if f & _Flags.pointInsideSubviews != 0 { r.pointInside = .subviews }
        if f & _Flags.pointInsideBoundsOrSubviews != 0 { r.pointInside = .boundsOrSubviews }
        if f & _Flags.passthrough != 0 { r.hitTestRule = .passthrough }
        if f & _Flags.boxOnly != 0 { r.hitTestRule = .boxOnly }
        if f & _Flags.hasSideRecord != 0 { r.hitInsets = storage.sideRecords[columns.sideRecordIndex(Int(s))].hitInsets }
        return r
    }

    /// The screen box where the view's subtree can return a hit (conservative). Inside a
    /// scroll view the store keeps the box in the scroll view's content coordinates: it is
    /// mapped out through each scroll view above (`_WorldFrame.box(enclosing:)`), so it
    /// may be a little looser than the kept one. O(depth).
    public func subtreeBox(of handle: ViewHandle) -> Box {
        var s = slot(handle)
        var b = columns.box[Int(s)]
        while true {
            let a = enclosingScrollView(s)
            if a < 0 { return b }
            b = worldFrame(a).box(enclosing: b)
            s = a
        }
    }

    /// The slot's side record, made on first use.
    func ensureSideRecord(_ s: Int32) -> Int {
        let i = Int(s)
        if columns.flags[i] & _Flags.hasSideRecord != 0 { return columns.sideRecordIndex(i) }
        let e: Int
        if let free = storage.free.take(.sideRecords) {
            e = Int(free)
            storage.sideRecords[e] = _SideRecord()
        } else {
            e = storage.sideRecords.count
            storage.sideRecords.append(_SideRecord())
        }
        // The record takes over the exact center and size, which the column held (the
        // view had no record).
        storage.sideRecords[e].center = columns.centerSize[i].center
        storage.sideRecords[e].size = columns.centerSize[i].size
        columns.setSideRecordIndex(i, e)
        columns.flags[i] |= _Flags.hasSideRecord
        return e
    }

    /// The index of the slot's side values in `sideValues`, or nil when it has none yet.
    func existingSideValues(_ s: Int32) -> Int? {
        let i = Int(s)
        guard columns.flags[i] & _Flags.hasSideRecord != 0 else { return nil }
        let r = storage.sideRecords[columns.sideRecordIndex(i)].values
        return r >= 0 ? Int(r) : nil
    }

    /// The slot's side values (Swift values), made on first use.
    func ensureSideValues(_ s: Int32) -> Int {
        let e = ensureSideRecord(s)
        if storage.sideRecords[e].values >= 0 { return Int(storage.sideRecords[e].values) }
        let r: Int
        if let free = storage.free.take(.sideValues) {
            r = Int(free)
            sideValues[r] = _SideValues()
        } else {
            r = sideValues.count
            sideValues.append(_SideValues())
        }
        storage.sideRecords[e].values = Int32(r)
        return r
    }

    /// A copy of the child index of an indexed slot (to read).
    func childIndex(of s: Int32) -> ChildIndex {
        storage.indexes[Int(storage.sideRecords[columns.sideRecordIndex(Int(s))].childIndex)]
    }

    /// Changes the child index of an indexed slot in place.
    func withChildIndex<R, E: Error>(of s: Int32, _ body: (inout ChildIndex) throws(E) -> R) throws(E) -> R {
        let k = Int(storage.sideRecords[columns.sideRecordIndex(Int(s))].childIndex)
        var index = storage.indexes[k]
        defer { storage.indexes[k] = index }
        return try body(&index)
    }

    /// Gives a slot an empty child index and sets its `indexed` flag; the store keeps
    /// order labels from its first child index on (the index's walk reads them). Every
    /// table it grows is asked fallibly, the flag set last, so that a refusal leaves the
    /// slot unindexed (with at most a side record of defaults and labels kept, which
    /// change no answer). The free list of indexes keeps room for every index, so that
    /// `dropChildIndex` never allocates.
    func makeChildIndex(for s: Int32) throws(AllocationRefused) {
        try keepOrderLabels()
        try reserveSideRecord(for: s)
        let e = ensureSideRecord(s)
        let k: Int32
        if let free = storage.free.take(.indexes) {
            k = free
            storage.indexes[Int(k)] = ChildIndex()
        } else {
            try storage.indexes.reserveForAppend()
            if let r = storage.free.tryReserve(.indexes, room: storage.indexes.capacity) {
                throw AllocationRefused(bytes: r)
            }
            k = Int32(storage.indexes.count)
            storage.indexes.append(ChildIndex())
        }
        storage.sideRecords[e].childIndex = k
        columns.flags[Int(s)] |= _Flags.indexed
    }

    /// Frees a slot's child index and clears its `indexed` flag. Allocates nothing.
    func dropChildIndex(of s: Int32) {
        let e = columns.sideRecordIndex(Int(s))
        let k = Int(storage.sideRecords[e].childIndex)
        storage.indexes[k].deallocate()
        storage.free.give(Int32(k), to: .indexes)
        storage.sideRecords[e].childIndex = _Slot.none
        columns.flags[Int(s)] &= ~_Flags.indexed
    }

    /// The host's allocator refused memory the child index of `s` needed (a build, a
    /// refit, a removal, a relabelling): the index is dropped, and the container's
    /// subviews are tested one by one (queries answer the same) until a change of its
    /// subviews or `updateIndexes()` builds it again.
    func childIndexRefused(_ s: Int32) {
        if columns.flags[Int(s)] & _Flags.indexed != 0 { dropChildIndex(of: s) }
        storage.childIndexesIncomplete = true
    }

    /// Runs a change of the child index of the indexed `s` that may meet a refusal, and
    /// drops the index when it does (`childIndexRefused`).
    func changeChildIndex(
        of s: Int32, _ body: (inout ChildIndex) throws(AllocationRefused) -> Void
    ) {
        do throws(AllocationRefused) { try withChildIndex(of: s, body) } catch { childIndexRefused(s) }
    }

    /// Where `pointInside` of the view can be true: `box` unless recorded apart.
    @inline(__always)
    func pointInsideBox(_ s: Int32) -> Box { columns.pointInsideBox(s, storage.sideRecords) }
}
