import HitTestGeometry
import HitTestScene

extension ViewStore {
    /// True when `handle` names a live view of this store. Never traps.
    public func isValid(_ handle: ViewHandle) -> Bool {
        guard !handle.isNull, Int(handle.index) <= flags.count else { return false }
        let s = Int(handle.index) - 1
        return flags[s] & _Flags.alive != 0 && generation[s] == handle.generation
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
        slot < 0 ? .null : ViewHandle(index: UInt32(slot) + 1, generation: generation[Int(slot)])
    }

    /// The view's id.
    public func id(of handle: ViewHandle) -> String { name(slot(handle)) }

    func name(_ s: Int32) -> String {
        var at = Int(nameStart[Int(s)])
        var count = 0
        var shift = 0
        while true {
            let b = nameBytes[at]
            at += 1
            count |= Int(b & 0x7F) << shift
            if b < 0x80 { break }
            shift += 7
        }
        return String(decoding: nameBytes[at..<at + count], as: UTF8.self)
    }

    /// The view's class name.
    public func className(of handle: ViewHandle) -> String { className(slot(handle)) }

    func className(_ s: Int32) -> String { classNames[Int(flags[Int(s)] >> 16)] }

    func setClass(_ s: Int32, _ name: String) {
        flags[Int(s)] = (flags[Int(s)] & ~_Flags.classMask) | UInt32(internClass(name)) << 16
    }

    func internClass(_ name: String) -> UInt16 {
        if let id = classIDByName[name] { return id }
        precondition(classNames.count < Int(UInt16.max), "more than 65,535 distinct class names")
        let id = UInt16(classNames.count)
        classNames.append(name)
        classIDByName[name] = id
        return id
    }

    /// The view with this id (the first made, if ids repeat), or nil. The first call
    /// builds a map of every id.
    public func view(withID id: String) -> ViewHandle? {
        if slotByName == nil {
            var map: [String: Int32] = [:]
            for s in 0..<flags.count where flags[s] & _Flags.alive != 0 {
                let n = name(Int32(s))
                if map[n] == nil { map[n] = Int32(s) }
            }
            slotByName = map
        }
        return slotByName![id].map(handle)
    }

    /// The superview, or nil for a window.
    public func superview(of handle: ViewHandle) -> ViewHandle? {
        let p = parent[Int(slot(handle))]
        return p < 0 ? nil : self.handle(p)
    }

    /// The subviews, bottom to top.
    public func subviews(of handle: ViewHandle) -> [ViewHandle] {
        var out: [ViewHandle] = []
        var c = firstChild[Int(slot(handle))]
        while c >= 0 {
            out.append(self.handle(c))
            c = nextSibling[Int(c)]
        }
        return out
    }

    /// The windows, in order of addition.
    public var windows: [ViewHandle] { windowSlots.map(handle) }

    /// The window a view is in.
    public func window(of handle: ViewHandle) -> ViewHandle {
        var s = slot(handle)
        while parent[Int(s)] >= 0 { s = parent[Int(s)] }
        return self.handle(s)
    }

    /// The view's UIKit geometry, assembled from its columns and side record.
    @inline(__always)
    func geometry(_ s: Int32) -> ViewGeometry { columns.geometry(s, extras) }

    /// The view's UIKit geometry.
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
        if f & _Flags.hasExtras != 0 { r.hitInsets = extras[Int(extra[Int(s)])].hitInsets }
        return r
    }

    /// The screen box where the view's subtree can return a hit (conservative).
    public func subtreeBox(of handle: ViewHandle) -> Box { box[Int(slot(handle))] }

    /// The slot's side record, made on first use.
    func extrasIndex(_ s: Int32) -> Int {
        let i = Int(s)
        if flags[i] & _Flags.hasExtras != 0 { return Int(extra[i]) }
        let e: Int
        if let free = freeExtras.popLast() {
            e = Int(free)
            extras[e] = _ViewExtras()
        } else {
            e = extras.count
            extras.append(_ViewExtras())
        }
        extra[i] = Int32(e)
        flags[i] |= _Flags.hasExtras
        return e
    }

    /// Where `pointInside` of the view can be true: `box` unless recorded apart.
    @inline(__always)
    func pointInsideBox(_ s: Int32) -> Box { columns.pointInsideBox(s, extras) }
}
