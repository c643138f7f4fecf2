import HitTestGeometry
import HitTestJSON

/// The byte-level reader behind ``SceneStreamReader``. Every `throw` leaves the document
/// to the full decoder; nothing here builds a message.
struct _SceneStreamParser {
    let base: UnsafePointer<UInt8>
    let end: Int
    let limits: Scene.Limits
    var pos = 0
    var out = SceneColumns()
    var ids = _IDKeys()
    /// The views being read, innermost last.
    var open = _OpenViewStack(capacity: 64)
    /// The `_RichFields` of the open views that have any, in the order they were made: a
    /// view's record is made after those of its open superviews that have one and
    /// dropped when it closes, so this is a stack too.
    var richFields: [_RichFields] = []
    /// `redirectTo` of each view that has one: (view, target id).
    var pendingRedirects: [(view: Int32, target: String)] = []
    /// The id bytes written to `out.idBytes` (which runs ahead: `extendIDBytes`).
    var idByteCount = 0
    /// The class read last and its index: most views repeat a recent class.
    var lastClass: (start: Int, length: Int, index: UInt16) = (0, -1, 0)
    /// The classes' names as bytes (`out.classNames`'s), and the class seen last in each
    /// of 64 buckets of a cheap hash of a name (-1: none), tried before a scan.
    var classBytes: [[UInt8]] = []
    /// Whether a view of each class takes touches when it does not say
    /// (`SceneView.defaultUserInteractionEnabled(forClass:)`), by class index.
    var classInteraction: [Bool] = []
    var classBuckets = [Int32](repeating: -1, count: 64)
    /// The class named last in the document in each of those buckets, where its name is
    /// in the document (length -1: none): compared with the document's bytes alone, so a
    /// recent class is found with no look at `classBytes`.
    var recentClasses = [(start: Int, length: Int, index: UInt16)](
        repeating: (0, -1, 0), count: 64)
    /// The default classes' indexes once used (`UIView`, `UIWindow`).
    var defaultClasses: (view: Int32, window: Int32) = (-1, -1)
    /// Whether some view has view-controller or event-dispatch fields: their rules across
    /// views are then checked at the end (`controllerAndEventRulesHold`).
    var hasControllerOrEvents = false

    init(base: UnsafePointer<UInt8>, end: Int, limits: Scene.Limits) {
        self.base = base
        self.end = end
        self.limits = limits
    }

    // MARK: The document

    mutating func readDocument() throws(_LeaveToDecoder) {
        try expect(UInt8(ascii: "{"))
        var seen = 0
        if !closesAtOnce(UInt8(ascii: "}")) {
            repeat {
                let k = try key()
                let bit: Int
                if _same(k, "format") {
                    bit = 1
                    let f = try string()
                    guard _same(bytes(f), "hittest-scene/1") else { throw _LeaveToDecoder() }
                } else if _same(k, "screen") {
                    bit = 2
                    try readScreen()
                } else if _same(k, "application") {
                    bit = 4
                    try readApplication()
                } else if _same(k, "windows") {
                    bit = 8
                    try readWindows()
                } else {
                    throw _LeaveToDecoder()
                }
                guard seen & bit == 0 else { throw _LeaveToDecoder() }
                seen |= bit
            } while try another(UInt8(ascii: "}"))
        }
        guard seen & 1 != 0, seen & 8 != 0 else { throw _LeaveToDecoder() }
        skipSpace()
        guard pos == end else { throw _LeaveToDecoder() }
    }

    mutating func readScreen() throws(_LeaveToDecoder) {
        try expect(UInt8(ascii: "{"))
        var seen = 0
        if closesAtOnce(UInt8(ascii: "}")) { return }
        repeat {
            let k = try key()
            let x = try number()
            guard x >= 0 else { throw _LeaveToDecoder() }
            if _same(k, "width"), seen & 1 == 0 {
                seen |= 1
                out.screen.width = x
            } else if _same(k, "height"), seen & 2 == 0 {
                seen |= 2
                out.screen.height = x
            } else {
                throw _LeaveToDecoder()
            }
        } while try another(UInt8(ascii: "}"))
    }

    mutating func readApplication() throws(_LeaveToDecoder) {
        try expect(UInt8(ascii: "{"))
        var seen = 0
        if closesAtOnce(UInt8(ascii: "}")) { return }
        repeat {
            let k = try key()
            if _same(k, "class"), seen & 1 == 0 {
                seen |= 1
                let s = try string()
                guard s.length > 0 else { throw _LeaveToDecoder() }
                out.application.className = text(s)
            } else if _same(k, "delegate"), seen & 2 == 0 {
                seen |= 2
                if try null() {
                    out.application.delegate = nil
                } else {
                    let s = try string()
                    guard s.length > 0 else { throw _LeaveToDecoder() }
                    out.application.delegate = text(s)
                }
            } else {
                throw _LeaveToDecoder()
            }
        } while try another(UInt8(ascii: "}"))
    }

    mutating func readWindows() throws(_LeaveToDecoder) {
        try expect(UInt8(ascii: "["))
        if closesAtOnce(UInt8(ascii: "]")) { return }
        // A size guess from the text (about 50 bytes a view), so that the arrays rarely grow.
        let guess = min((end - pos) / 48 + 16, limits.maxViews + 1)
        out.parents.reserveCapacity(guess)
        out.frames.reserveCapacity(guess)
        out.flags.reserveCapacity(guess)
        out.classes.reserveCapacity(guess)
        out.idStart.reserveCapacity(guess)
        out.idLength.reserveCapacity(guess)
        out.idBytes.reserveCapacity(guess * 8)
        ids.reserve(guess)
        repeat {
            guard out.windows.count < limits.maxWindows else { throw _LeaveToDecoder() }
            out.windows.append(Int32(out.count))
            try readTree()
        } while try another(UInt8(ascii: "]"))
        trimColumns()
    }

    /// Opens a view: `{` read, its entries appended (filled when it closes).
    @inline(__always)
    mutating func openView(parent: Int32, depth: Int, isWindow: Bool) throws(_LeaveToDecoder) {
        try expect(UInt8(ascii: "{"))
        let i = out.count
        guard i < limits.maxViews, i < _IDKeys.maxViews else { throw _LeaveToDecoder() }
        if i == out.frames.count { extendColumns() }
        out.parents.append(parent)
        open.push(_OpenView(index: Int32(i), depth: depth, isWindow: isWindow))
    }

    /// Room in the columns that a view fills when it closes (all but `parents`), a block
    /// of views at a time rather than an append a view: they run ahead of `parents` by up
    /// to a block, cut back to it at the end (`trimColumns`).
    /// The blocks are copied from `ZeroBlocks`, as in `extendIDBytes`.
    @inline(never)
    mutating func extendColumns() {
        out.frames.append(contentsOf: ZeroBlocks.frames)
        out.flags.append(contentsOf: ZeroBlocks.flags)
        out.classes.append(contentsOf: ZeroBlocks.classes)
        out.idStart.append(contentsOf: ZeroBlocks.offsets)
        out.idLength.append(contentsOf: ZeroBlocks.offsets)
    }

    /// Room for at least `n` more id bytes, a block at a time, as `extendColumns` makes
    /// room for views: the ids are copied in place (an append a view cost more than the
    /// copy), and `trimColumns` cuts the bytes back to `idByteCount`.
    /// The block is copied from `ZeroBlocks.idBytes`: in a debug build, appending
    /// `repeatElement(0, count: 65536)` goes element by element through generic collection
    /// code, most of the time of loading a small scene there (the tests load thousands);
    /// an array's elements are appended as one copy in any build.
    @inline(never)
    mutating func extendIDBytes(_ n: Int) {
        var left = Swift.max(n, ZeroBlocks.idBytes.count)
        while left > 0 {
            let k = Swift.min(left, ZeroBlocks.idBytes.count)
            out.idBytes.append(contentsOf: ZeroBlocks.idBytes[..<k])
            left -= k
        }
    }

    /// The columns `extendColumns` and `extendIDBytes` ran ahead cut back to the views
    /// read and their ids.
    mutating func trimColumns() {
        out.idBytes.removeLast(out.idBytes.count - idByteCount)
        let extra = out.frames.count - out.count
        guard extra > 0 else { return }
        out.frames.removeLast(extra)
        out.flags.removeLast(extra)
        out.classes.removeLast(extra)
        out.idStart.removeLast(extra)
        out.idLength.removeLast(extra)
    }

    /// A window and every view in it, iteratively: the open views are on `open`, read
    /// and written in place.
    mutating func readTree() throws(_LeaveToDecoder) {
        let window = out.count
        try openView(parent: -1, depth: 1, isWindow: true)
        var first = true
        while true {
            // Inside the innermost open view's object: after `{` or after a member.
            let closed: Bool
            if first {
                closed = closesAtOnce(UInt8(ascii: "}"))
            } else {
                closed = !(try another(UInt8(ascii: "}")))
            }
            if !closed {
                let (field, k) = try viewKey()
                let top = open.top
                guard let field else {
                    try readControllerOrEventField(k, top)
                    first = false
                    continue
                }
                guard top.pointee.seen & field.bit == 0 else { throw _LeaveToDecoder() }
                top.pointee.seen |= field.bit
                if field == .subviews {
                    try expect(UInt8(ascii: "["))
                    if closesAtOnce(UInt8(ascii: "]")) {
                        first = false
                        continue
                    }
                    guard top.pointee.depth < limits.maxDepth else { throw _LeaveToDecoder() }
                    let me = Int(top.pointee.index)
                    try openView(
                        parent: me == window ? -1 : Int32(me - window - 1),
                        depth: top.pointee.depth + 1, isWindow: false)
                    first = true
                    continue
                }
                try readField(field, top)
                first = false
                continue
            }
            try close(open.top)
            _ = open.pop()
            // Back in the parent's `subviews`: another subview, or its end.
            guard !open.isEmpty else { return }
            if try another(UInt8(ascii: "]")) {
                let parent = open.top
                let me = Int(parent.pointee.index)
                try openView(
                    parent: me == window ? -1 : Int32(me - window - 1),
                    depth: parent.pointee.depth + 1, isWindow: false)
                first = true
            } else {
                first = false
            }
        }
    }

    /// The rich fields of the open view `v`, made when it has none yet.
    @inline(__always)
    mutating func richIndex(_ v: UnsafeMutablePointer<_OpenView>) -> Int {
        if v.pointee.rich < 0 {
            v.pointee.rich = Int32(richFields.count)
            richFields.append(_RichFields())
        }
        return Int(v.pointee.rich)
    }

    mutating func readField(
        _ field: _ViewField, _ top: UnsafeMutablePointer<_OpenView>
    ) throws(_LeaveToDecoder) {
        switch field {
        case .id:
            let s = try string()
            top.pointee.idStart = s.start
            top.pointee.idLength = s.length
        case .className:
            let s = try string()
            top.pointee.classStart = s.start
            top.pointee.classLength = s.length
        case .frame:
            var r = (0.0, 0.0, 0.0, 0.0)
            try withUnsafeMutableBytes(of: &r) { p throws(_LeaveToDecoder) in
                try numbers(4, p.baseAddress!.assumingMemoryBound(to: Double.self))
            }
            top.pointee.frame = Rect(x: r.0, y: r.1, width: r.2, height: r.3)
        case .hidden: top.pointee.hidden = try bool()
        case .userInteractionEnabled: top.pointee.interaction = try bool()
        default:
            try readRichField(field, richIndex(top), isWindow: top.pointee.isWindow)
        }
    }

    /// A field of `_RichFields`, into the record at `r`.
    mutating func readRichField(
        _ field: _ViewField, _ r: Int, isWindow: Bool
    ) throws(_LeaveToDecoder) {
        switch field {
        case .center:
            richFields[r].center = try point()
        case .size:
            let p = try point()
            richFields[r].size = Size(width: p.x, height: p.y)
        case .boundsOrigin:
            richFields[r].boundsOrigin = try point()
        case .anchorPoint:
            richFields[r].anchorPoint = try point()
        case .transform:
            var t = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
            try withUnsafeMutableBytes(of: &t) { p throws(_LeaveToDecoder) in
                try numbers(6, p.baseAddress!.assumingMemoryBound(to: Double.self))
            }
            richFields[r].transform = AffineTransform(
                a: t.0, b: t.1, c: t.2, d: t.3, tx: t.4, ty: t.5)
        case .hitInsets:
            var e = (0.0, 0.0, 0.0, 0.0)
            try withUnsafeMutableBytes(of: &e) { p throws(_LeaveToDecoder) in
                try numbers(4, p.baseAddress!.assumingMemoryBound(to: Double.self))
            }
            richFields[r].hitInsets = EdgeInsets(top: e.0, left: e.1, bottom: e.2, right: e.3)
        case .clipsToBounds: richFields[r].clipsToBounds = try bool()
        case .alpha:
            let a = try number()
            guard a >= 0 && a <= 1 else { throw _LeaveToDecoder() }
            richFields[r].alpha = a
        case .level:
            guard isWindow else { throw _LeaveToDecoder() }
            richFields[r].level = try number()
        case .hitShape:
            guard let v = HitShape(rawValue: text(try string())) else { throw _LeaveToDecoder() }
            richFields[r].hitShape = v
        case .pointInside:
            guard let v = PointInsideMode(rawValue: text(try string())) else {
                throw _LeaveToDecoder()
            }
            richFields[r].pointInside = v
        case .hitTestRule:
            guard let v = HitTestRule(rawValue: text(try string())) else { throw _LeaveToDecoder() }
            richFields[r].hitTestRule = v
        case .redirectTo:
            richFields[r].redirectTo = text(try string())
        case .id, .className, .frame, .hidden, .userInteractionEnabled, .subviews:
            throw _LeaveToDecoder()  // read by `readField` and `readTree`
        }
    }

    /// A view-controller or event-dispatch field (`SceneDecoder.controllerAndEventFields`):
    /// its value parsed by the JSON reader and kept with the view, for the decoder's own
    /// functions to decode when the view closes. Any other key leaves the document.
    mutating func readControllerOrEventField(
        _ k: UnsafeBufferPointer<UInt8>, _ top: UnsafeMutablePointer<_OpenView>
    ) throws(_LeaveToDecoder) {
        guard
            let name = SceneDecoder.controllerAndEventFields.first(where: {
                $0.utf8.elementsEqual(k)
            })
        else { throw _LeaveToDecoder() }
        let r = richIndex(top)
        var fields = richFields[r].controllerAndEvents ?? []
        guard !fields.contains(where: { $0.key == name }) else { throw _LeaveToDecoder() }
        fields.append(JSONMember(key: name, value: try jsonValue()))
        richFields[r].controllerAndEvents = fields
        hasControllerOrEvents = true
    }

    /// Checks a view's fields by every rule a single view has, and writes its entries;
    /// drops its rich fields from their stack.
    mutating func close(_ view: UnsafeMutablePointer<_OpenView>) throws(_LeaveToDecoder) {
        let v = view.pointee
        let i = Int(v.index)
        // The id: present, not empty, not too long, unique.
        guard v.seen & _ViewField.id.bit != 0, v.idLength > 0, v.idLength <= limits.maxIDLength
        else { throw _LeaveToDecoder() }
        let at = idByteCount
        if at + v.idLength > out.idBytes.count { extendIDBytes(v.idLength) }
        out.idStart[i] = UInt32(at)
        out.idLength[i] = UInt32(v.idLength)
        let key = UnsafeBufferPointer(start: base + v.idStart, count: v.idLength)
        out.idBytes.withUnsafeMutableBufferPointer { b in
            let to = b.baseAddress.unsafelyUnwrapped + at
            let from = key.baseAddress.unsafelyUnwrapped
            to.update(from: from, count: key.count)
        }
        idByteCount = at + v.idLength
        ids.add(i, key)
        // The class.
        let cls: UInt16
        if v.seen & _ViewField.className.bit != 0 {
            guard v.classLength > 0 else { throw _LeaveToDecoder() }
            cls = try classIndex(v.classStart, v.classLength)
        } else {
            cls = try defaultClassIndex(window: v.isWindow)
        }
        out.classes[i] = cls
        // Placement: a frame, or a center and a size.
        let hasFrame = v.seen & _ViewField.frame.bit != 0
        let hasCenter = v.seen & _ViewField.center.bit != 0
        let hasSize = v.seen & _ViewField.size.bit != 0
        guard hasFrame ? !(hasCenter || hasSize) : (hasCenter && hasSize) else {
            throw _LeaveToDecoder()
        }
        let interaction =
            v.seen & _ViewField.userInteractionEnabled.bit != 0
            ? v.interaction : classInteraction[Int(cls)]
        out.flags[i] = (v.hidden ? 1 : 0) | (interaction ? 0 : 2)
        guard v.rich >= 0 || v.isWindow else {
            // A plain view: a frame, with the default anchor point.
            guard hasFrame else { throw _LeaveToDecoder() }
            let r = v.frame
            guard r.width >= 0, r.height >= 0 else { throw _LeaveToDecoder() }
            let c = ViewGeometry.center(
                ofLayoutFrame: r, anchorPoint: ViewGeometry.defaultAnchorPoint)
            guard c.isFinite else { throw _LeaveToDecoder() }
            out.frames[i] = r
            return
        }
        let f = v.rich >= 0 ? richFields.removeLast() : _RichFields.none
        if hasFrame {
            let r = v.frame
            guard r.width >= 0, r.height >= 0 else { throw _LeaveToDecoder() }
            let c = ViewGeometry.center(ofLayoutFrame: r, anchorPoint: f.anchorPoint)
            guard c.isFinite else { throw _LeaveToDecoder() }
            out.frames[i] = r
        } else {
            guard f.size.width >= 0, f.size.height >= 0 else { throw _LeaveToDecoder() }
        }
        var s = SceneView(
            id: out.id(i), className: out.classNames[Int(cls)],
            placement: hasFrame ? .frame(v.frame) : .centerSize(f.center, f.size))
        s.boundsOrigin = f.boundsOrigin
        s.transform = f.transform
        s.anchorPoint = f.anchorPoint
        s.isHidden = v.hidden
        s.alpha = f.alpha
        s.isUserInteractionEnabled = interaction
        s.clipsToBounds = f.clipsToBounds
        s.hitRules = HitRules(
            hitInsets: f.hitInsets, hitShape: f.hitShape, pointInside: f.pointInside,
            hitTestRule: f.hitTestRule)
        s.redirectTo = f.redirectTo
        if v.isWindow { s.level = f.level }
        if let fields = f.controllerAndEvents {
            guard
                SceneDecoder.decodeControllerAndEvents(
                    JSONObject(fields), into: &s, limits: limits)
            else { throw _LeaveToDecoder() }
        }
        // In the order views close (a view after its subviews); sorted at the end.
        out.richViews.append(v.index)
        out.rich.append(s)
        if let r = f.redirectTo { pendingRedirects.append((v.index, r)) }
    }

    mutating func classIndex(_ start: Int, _ length: Int) throws(_LeaveToDecoder) -> UInt16 {
        if length == lastClass.length && _bytesEqual(base + lastClass.start, base + start, length) {
            return lastClass.index
        }
        let k = UnsafeBufferPointer(start: base + start, count: length)
        let bucket =
            (length ^ Int(k[0]) &* 3 ^ Int(k[length - 1]) &* 7 ^ Int(k[length >> 1]) &* 5) & 63
        let recent = recentClasses[bucket]
        if recent.length == length && _bytesEqual(base + recent.start, base + start, length) {
            lastClass = (start, length, recent.index)
            return recent.index
        }
        let found = findClass(k, bucket)
        let index: Int
        if found >= 0 {
            index = found
        } else {
            guard out.classNames.count < Int(UInt16.max) else { throw _LeaveToDecoder() }
            let name = String(decoding: k, as: UTF8.self)
            out.classNames.append(name)
            classBytes.append(Array(k))
            classInteraction.append(SceneView.defaultUserInteractionEnabled(forClass: name))
            index = out.classNames.count - 1
        }
        classBuckets[bucket] = Int32(index)
        recentClasses[bucket] = (start, length, UInt16(index))
        lastClass = (start, length, UInt16(index))
        return UInt16(index)
    }

    /// The index of the class named by `k`, or -1: its bucket's class first, then all.
    private func findClass(_ k: UnsafeBufferPointer<UInt8>, _ bucket: Int) -> Int {
        func same(_ n: Int) -> Bool {
            classBytes[n].count == k.count
                && classBytes[n].withUnsafeBufferPointer {
                    _bytesEqual($0.baseAddress!, k.baseAddress!, k.count)
                }
        }
        let b = Int(classBuckets[bucket])
        if b >= 0 && same(b) { return b }
        for n in classBytes.indices where same(n) { return n }
        return -1
    }

    /// The index of `UIWindow` (windows) or `UIView` (other views), for views with no
    /// `class`.
    mutating func defaultClassIndex(window: Bool) throws(_LeaveToDecoder) -> UInt16 {
        let known = window ? defaultClasses.window : defaultClasses.view
        if known >= 0 { return UInt16(known) }
        let name = window ? "UIWindow" : "UIView"
        let bytes = Array(name.utf8)
        let n = bytes.withUnsafeBufferPointer { k in
            findClass(
                k,
                (k.count ^ Int(k[0]) &* 3 ^ Int(k[k.count - 1]) &* 7 ^ Int(k[k.count >> 1]) &* 5)
                    & 63)
        }
        let index: Int
        if n >= 0 {
            index = n
        } else {
            guard out.classNames.count < Int(UInt16.max) else { throw _LeaveToDecoder() }
            out.classNames.append(name)
            classBytes.append(bytes)
            classInteraction.append(SceneView.defaultUserInteractionEnabled(forClass: name))
            index = out.classNames.count - 1
        }
        if window {
            defaultClasses.window = Int32(index)
        } else {
            defaultClasses.view = Int32(index)
        }
        return UInt16(index)
    }

    /// Rich views in index order (they were added as they closed, a view after its
    /// subviews).
    mutating func sortRichViews() {
        let r = out.richViews
        if zip(r, r.dropFirst()).allSatisfy({ $0 < $1 }) { return }
        let order = r.indices.sorted { r[$0] < r[$1] }
        out.richViews = order.map { r[$0] }
        out.rich = order.map { out.rich[$0] }
    }

    /// The index of the window that holds view `v`.
    func windowOf(_ v: Int) -> Int {
        var lo = 0
        var hi = out.windows.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if Int(out.windows[mid]) <= v { lo = mid } else { hi = mid - 1 }
        }
        return Int(out.windows[lo])
    }

    /// Every `redirectTo` must name a descendant of its view.
    mutating func resolveRedirects() throws(_LeaveToDecoder) {
        sortRichViews()
        guard !pendingRedirects.isEmpty else { return }
        for (v, target) in pendingRedirects {
            var target = target
            let t = target.withUTF8 { ids.find($0, in: out) }
            guard t >= 0 else { throw _LeaveToDecoder() }
            let window = windowOf(Int(v))
            guard windowOf(t) == window else { throw _LeaveToDecoder() }
            // Walk up from the target; it must meet the view before the window's top.
            var cursor = t
            var found = false
            while cursor >= 0 && cursor >= window {
                cursor = out.absoluteParent(cursor, window: window)
                if cursor == Int(v) {
                    found = true
                    break
                }
            }
            guard found else { throw _LeaveToDecoder() }
            out.redirects.append((v, Int32(t)))
        }
        out.redirects.sort { $0.view < $1.view }
    }
}

/// The blocks of zeros the parser extends its columns by (`extendColumns`: 1,024 views;
/// `extendIDBytes`: 64 KiB of ids), made once.
private enum ZeroBlocks {
    static let frames = [Rect](repeating: .zero, count: 1024)
    static let flags = [UInt8](repeating: 0, count: 1024)
    static let classes = [UInt16](repeating: 0, count: 1024)
    static let offsets = [UInt32](repeating: 0, count: 1024)
    static let idBytes = [UInt8](repeating: 0, count: 1 << 16)
}
