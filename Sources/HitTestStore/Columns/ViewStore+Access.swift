import HitTestGeometry
import HitTestScene

extension ViewStore {
    /// True when `handle` names a live view of this store. Never traps.
    /// The corresponding C function is `htView_IsValid`.
    public func isValid(_ handle: ViewHandle) -> Bool {
        guard !handle.isNull, Int(handle.index) <= flags.count else { return false }
        let s = Int(handle.index) - 1
        return flags[s] & _Flags.alive != 0 && UInt32(generation[s]) == handle.generation
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
        slot < 0 ? .null : ViewHandle(index: UInt32(slot) + 1, generation: UInt32(generation[Int(slot)]))
    }

    /// The view's id.
    /// The corresponding C function is `htView_GetName`.
    public func id(of handle: ViewHandle) -> String { name(slot(handle)) }

    func name(_ s: Int32) -> String {
        String(decoding: nameBytes(s), as: UTF8.self)
    }

    /// The UTF-8 bytes of a slot's id (valid until the next change of the store).
    func nameBytes(_ s: Int32) -> UnsafeBufferPointer<UInt8> {
        _encodedBytes(at: nameStart[Int(s)], in: nameBytes)
    }

    /// The view's class name.
    public func className(of handle: ViewHandle) -> String { className(slot(handle)) }

    func className(_ s: Int32) -> String { classNames.string(Int32(flags[Int(s)] >> 16)) }

    func setClass(_ s: Int32, _ name: String) {
        flags[Int(s)] = (flags[Int(s)] & ~_Flags.classMask) | UInt32(internClass(name)) << 16
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
            let recent = recentClassValues[k].id
            if recent >= 0 && recentClassValues[k].bits == bits { return UInt16(recent) }
            k ^= 1
        } while k != slot
        let id = internClassBytes(name)
        recentClassValues.swapAt(slot, slot ^ 1)
        recentClassValues[slot] = (name, bits, id)
        return UInt16(id)
    }

    /// `internClass` by the name's bytes.
    private func internClassBytes(_ name: String) -> Int32 {
        let (bucket, recent): (Int, Int32) = _withUTF8(of: name) { u in
            let n = u.count
            let mix = n == 0 ? 0 : Int(u[0]) &* 3 ^ Int(u[n >> 1]) &* 5 ^ Int(u[n - 1]) &* 7
            let bucket = (n ^ mix) & 63
            let recent = recentClasses[bucket]
            guard recent >= 0 else { return (bucket, _Slot.none) }
            let (bytes, starts) = (classNames.bytes, classNames.starts)
            let same = _sameBytes(_encodedBytes(at: starts[Int(recent)], in: bytes), u)
            return (bucket, same ? recent : _Slot.none)
        }
        if recent >= 0 { return recent }
        let id: Int32
        if let found = classNames.find(name) {
            id = found
        } else {
            precondition(classNames.count < Int(UInt16.max), "more than 65,535 distinct class names")
            id = classNames.intern(name)
        }
        recentClasses[bucket] = id
        return id
    }

    /// The view with this id (the first made, if ids repeat), or nil. The first call
    /// builds a map of every id.
    public func view(withID id: String) -> ViewHandle? {
        let (bytes, starts) = (nameBytes, nameStart)
        let key = { (s: Int32) in _encodedBytes(at: starts[Int(s)], in: bytes) }
        if !nameMapValid {
            nameMap.reset(for: count)
            for s in 0..<flags.count where flags[s] & _Flags.alive != 0 {
                _ = nameMap.insert(Int32(s), key(Int32(s)), key: key)
            }
            nameMapValid = true
        }
        return _withUTF8(of: id) { u in nameMap.find(u, key: key) }.map(handle)
    }

    /// The superview, or nil for a window.
    /// The corresponding C function is `htView_GetParent`.
    public func superview(of handle: ViewHandle) -> ViewHandle? {
        let p = parent[Int(slot(handle))]
        return p < 0 ? nil : self.handle(p)
    }

    /// The subviews, bottom to top.
    public func subviews(of handle: ViewHandle) -> [ViewHandle] {
        var out: [ViewHandle] = []
        var c = firstChild(of: slot(handle))
        while c >= 0 {
            out.append(self.handle(c))
            c = nextSibling[Int(c)]
        }
        return out
    }

    /// The windows, in order of addition.
    public var windows: [ViewHandle] { windowSlotColumn.map(handle) }

    /// The window a view is in.
    public func window(of handle: ViewHandle) -> ViewHandle {
        var s = slot(handle)
        while parent[Int(s)] >= 0 { s = parent[Int(s)] }
        return self.handle(s)
    }

    /// The view's UIKit geometry, assembled from its columns and side record.
    @inline(__always)
    func geometry(_ s: Int32) -> ViewGeometry { columns.geometry(s, sideRecords) }

    /// The view's exact center and bounds size (see `_CenterSize`).
    @inline(__always)
    func center(_ s: Int32) -> Point { columns.center(s, sideRecords) }
    @inline(__always)
    func size(_ s: Int32) -> Size { columns.size(s, sideRecords) }

    /// Writes a view's center and bounds size where `_CenterSize`'s rule puts them: in
    /// the column when floats hold them and the view has no side record, else in the side
    /// record (made now if need be), the column then holding the record's index
    /// (`_Columns.sideRecordIndex`).
    @inline(__always)
    func setCenterSize(_ s: Int32, _ c: Point, _ z: Size) {
        let i = Int(s)
        if flags[i] & _Flags.hasSideRecord == 0 && _CenterSize.holdsExactly(c, z) {
            centerSize[i] = _CenterSize(c, z)
            return
        }
        let e = ensureSideRecord(s)
        sideRecords[e].center = c
        sideRecords[e].size = z
    }

    /// The view's UIKit geometry.
    /// The corresponding C function is `htView_GetFrame` (the frame of this geometry).
    public func geometry(of handle: ViewHandle) -> ViewGeometry { geometry(slot(handle)) }

    /// The view's hit rules.
    public func hitRules(of handle: ViewHandle) -> HitRules { hitRules(slot(handle)) }

    func hitRules(_ s: Int32) -> HitRules {
        let f = flags[Int(s)]
        var r = HitRules()
        if f & _Flags.ellipse != 0 { r.hitShape = .ellipse }
        if f & _Flags.pointInsideSubviews != 0 { r.pointInside = .subviews }
        if f & _Flags.pointInsideBoundsOrSubviews != 0 { r.pointInside = .boundsOrSubviews }
        if f & _Flags.passthrough != 0 { r.hitTestRule = .passthrough }
        if f & _Flags.boxOnly != 0 { r.hitTestRule = .boxOnly }
        if f & _Flags.hasSideRecord != 0 { r.hitInsets = sideRecords[sideRecordIndex(Int(s))].hitInsets }
        return r
    }

    /// The screen box where the view's subtree can return a hit (conservative).
    public func subtreeBox(of handle: ViewHandle) -> Box { box[Int(slot(handle))] }

    /// The slot's side record, made on first use.
    func ensureSideRecord(_ s: Int32) -> Int {
        let i = Int(s)
        if flags[i] & _Flags.hasSideRecord != 0 { return sideRecordIndex(i) }
        let e: Int
        if let free = freeSideRecords.popLast() {
            e = Int(free)
            sideRecords[e] = _SideRecord()
        } else {
            e = sideRecords.count
            sideRecords.append(_SideRecord())
        }
        // The record takes over the exact center and size, which the column held (the
        // view had no record).
        sideRecords[e].center = centerSize[i].center
        sideRecords[e].size = centerSize[i].size
        columns.setSideRecordIndex(i, e)
        flags[i] |= _Flags.hasSideRecord
        return e
    }

    /// The slot's side values (Swift values), made on first use.
    func ensureSideValues(_ s: Int32) -> Int {
        let e = ensureSideRecord(s)
        if sideRecords[e].values >= 0 { return Int(sideRecords[e].values) }
        let r: Int
        if let free = freeSideValues.popLast() {
            r = Int(free)
            sideValues[r] = _SideValues()
        } else {
            r = sideValues.count
            sideValues.append(_SideValues())
        }
        sideRecords[e].values = Int32(r)
        return r
    }

    /// A copy of the child index of an indexed slot (to read).
    func childIndex(of s: Int32) -> ChildIndex {
        indexes[Int(sideRecords[sideRecordIndex(Int(s))].childIndex)]
    }

    /// Changes the child index of an indexed slot in place.
    func withChildIndex<R>(of s: Int32, _ body: (inout ChildIndex) -> R) -> R {
        let k = Int(sideRecords[sideRecordIndex(Int(s))].childIndex)
        var index = indexes[k]
        defer { indexes[k] = index }
        return body(&index)
    }

    /// Gives a slot an empty child index and sets its `indexed` flag; the store keeps
    /// order labels from its first child index on (the index's walk reads them).
    func makeChildIndex(for s: Int32) {
        keepOrderLabels()
        let e = ensureSideRecord(s)
        let k: Int32
        if let free = freeIndexes.popLast() {
            k = free
            indexes[Int(k)] = ChildIndex()
        } else {
            k = Int32(indexes.count)
            indexes.append(ChildIndex())
        }
        sideRecords[e].childIndex = k
        flags[Int(s)] |= _Flags.indexed
    }

    /// Frees a slot's child index and clears its `indexed` flag.
    func dropChildIndex(of s: Int32) {
        let e = sideRecordIndex(Int(s))
        let k = Int(sideRecords[e].childIndex)
        indexes[k].deallocate()
        freeIndexes.append(Int32(k))
        sideRecords[e].childIndex = _Slot.none
        flags[Int(s)] &= ~_Flags.indexed
    }

    /// Where `pointInside` of the view can be true: `box` unless recorded apart.
    @inline(__always)
    func pointInsideBox(_ s: Int32) -> Box { columns.pointInsideBox(s, sideRecords) }
}
