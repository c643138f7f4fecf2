import CHitTestShim
import HitTestGeometry
@_spi(Tables) import HitTestStore

// The table of worlds behind `htWorldId`, and the checks every C function makes before it
// calls the Swift API: the Swift API traps on a stale or foreign handle, the C API must
// return an error instead, so each id is checked first (`ViewStore.isValid`).

/// One world: a store, the scratch its queries use, and the revision its view ids carry.
final class _CWorld: @unchecked Sendable {
    var store: ViewStore
    /// Made with its room reserved by `htCreateWorld` (`_reserve`), so that a query never
    /// grows it.
    let scratch: QueryScratch
    let slot: UInt16
    let generation: UInt16
    var revision: UInt16
    /// A bound on the store's height (views from a window down) that `scratch` has room
    /// for: raised by each call that can make the tree deeper, before it changes it.
    var height = 0

    /// The checked handles, centers and frames of the last batch of moves
    /// (`htWorld_SetCenters`, `htWorld_SetFrames`), kept with their room: a frame of moves
    /// allocates nothing once they have grown to the host's batches.
    var batchViews = HostList<ViewHandle>()
    var batchCenters = HostList<Point>()
    var batchFrames = HostList<Rect>()

    init(
        store: ViewStore, scratch: QueryScratch, slot: UInt16, generation: UInt16,
        revision: UInt16
    ) {
        self.store = store
        self.scratch = scratch
        self.slot = slot
        self.generation = generation
        self.revision = revision
    }

    var id: htWorldId { htWorldId(index1: slot + 1, generation: generation) }

    /// The hosts' values of the views (htViewDef.userData), by slot, with the generation
    /// of the view they belong to: a value of a removed view is never seen by the view
    /// that reuses its slot. Cleared when the world is reloaded.
    var userData: [(generation: UInt32, value: UInt)] = []

    func setUserData(_ h: ViewHandle, _ value: UInt) {
        let i = Int(h.index) - 1
        if i >= userData.count {
            if value == 0 { return }
            let none: (generation: UInt32, value: UInt) = (0, 0)
            userData += repeatElement(none, count: i + 1 - userData.count)
        }
        userData[i] = (h.generation, value)
    }

    func userData(_ h: ViewHandle) -> UInt {
        let i = Int(h.index) - 1
        guard i < userData.count, userData[i].generation == h.generation else { return 0 }
        return userData[i].value
    }

    /// The C id of a live handle of this world.
    func viewID(_ h: ViewHandle) -> htViewId {
        h.isNull
            ? htViewId()
            : htViewId(index1: h.index, generation: h.generation, world0: slot, revision: revision)
    }
}

/// Up to `HT_MAX_WORLDS` worlds, and each slot's revision (changed by each create and
/// load, so that a view id names its world's contents). Revisions, like generations,
/// skip 0 when they wrap, so that no live id is ever all zero.
struct _WorldTable: ~Copyable {
    var worlds = _IDPool<UInt16, _CWorld>(limit: Int(HT_MAX_WORLDS))
    var revisions = [UInt16](repeating: 0, count: Int(HT_MAX_WORLDS))

    /// Moves the slot's revision on (skipping 0) and returns it.
    mutating func nextRevision(_ slot: Int) -> UInt16 {
        revisions[slot] = revisions[slot] == .max ? 1 : revisions[slot] + 1
        return revisions[slot]
    }
}

/// The worlds, locked for create, destroy and lookup (a lookup is a few loads).
let _worlds = _Locked(_WorldTable())

/// The C function a call is in, for its error messages: `_CFunction()` written in the body
/// of a `@c` function takes that function's name from `#function`, so no name is written by
/// hand. It holds the static text until a message needs it (a successful call pays
/// nothing), then drops Swift's argument labels: `htWorld_AddView(_:_:_:)` reads
/// `htWorld_AddView`.
struct _CFunction: CustomStringConvertible {
    let signature: StaticString

    init(_ signature: StaticString = #function) { self.signature = signature }

    var description: String {
        let text = signature.description
        guard let open = text.firstIndex(of: "(") else { return text }
        return String(text[..<open])
    }
}

/// An error to return from a C function: its code, with the message recorded.
struct _CError: Error {
    let code: htResult
    init(_ code: Int32, _ message: String) {
        self.code = code
        htShim_SetLastError(code, message)
    }
}

/// The error of a call whose memory the host's allocator refused.
func _outOfMemory(_ bytes: Int, _ function: _CFunction) -> _CError {
    _CError(
        HT_ERROR_OUT_OF_MEMORY,
        "\(function): the allocator returned NULL for \(bytes) bytes; nothing was changed")
}

/// Reserves, fallibly, the room a call will take in `w`'s store (`room`) and in its
/// scratch (a tree `height` views deep), before the call changes anything: a refusal of the
/// host's allocator throws `HT_ERROR_OUT_OF_MEMORY` naming the call and the bytes.
func _reserve(_ w: _CWorld, _ room: StoreRoom, height: Int = 0, _ function: _CFunction)
    throws(_CError)
{
    if let r = w.store.tryReserve(room) { throw _outOfMemory(r, function) }
    try _reserveScratch(w, height: height, function)
}

/// Gives `w`'s scratch room for a tree `height` views deep, fallibly, when it has less.
func _reserveScratch(_ w: _CWorld, height: Int, _ function: _CFunction) throws(_CError) {
    guard height > w.height else { return }
    if let r = w.scratch.tryReserve(height: height) { throw _outOfMemory(r, function) }
    w.height = height
}

/// `_reserve` for a change of one view's geometry, rules or redirect: the side records it
/// can make (the view's and its redirect target's).
@inline(__always)
func _reserveSideRecords(_ w: _CWorld, _ function: @autoclosure () -> _CFunction) throws(_CError) {
    if let r = w.store.tryReserveSideRecords(2) { throw _outOfMemory(r, function()) }
}

/// Runs a C function's body: clears the last error, turns a thrown `_CError` into its
/// code.
@inline(__always)
func _capi(_ body: () throws(_CError) -> Void) -> htResult {
    htShim_SetLastError(HT_OK, "")
    do {
        try body()
        return HT_OK
    } catch {
        return error.code
    }
}

func _describe(_ w: htWorldId) -> String { "world \(w.index1):\(w.generation)" }
func _describe(_ v: htViewId) -> String {
    "\(v.index1):\(v.generation) (world slot \(v.world0), revision \(v.revision))"
}

/// The live world of an id, or an error naming the argument.
func _world(_ w: htWorldId, _ function: _CFunction, _ argument: String = "world") throws(_CError)
    -> _CWorld
{
    if w.index1 == 0 {
        throw _CError(HT_ERROR_NULL_ID, "\(function): \(argument) is the null world id")
    }
    let found: _CWorld? = _worlds.withLock { t in
        let slot = Int(w.index1) - 1
        return t.worlds.value(at: slot, generation: w.generation)
    }
    guard let found else {
        throw _CError(
            HT_ERROR_STALE_ID,
            "\(function): \(argument) \(_describe(w)) was destroyed or never made")
    }
    return found
}

/// The world and handle of a live view id, or an error naming the argument.
func _view(_ v: htViewId, _ function: _CFunction, _ argument: String = "view") throws(_CError)
    -> (_CWorld, ViewHandle)
{
    if v.index1 == 0 {
        throw _CError(HT_ERROR_NULL_ID, "\(function): \(argument) is the null view id")
    }
    let world: _CWorld? = _worlds.withLock { t in
        let slot = Int(v.world0)
        guard let world = t.worlds[slot], world.revision == v.revision
        else { return nil }
        return world
    }
    let h = ViewHandle(index: v.index1, generation: v.generation)
    guard let world, world.store.isValid(h) else {
        throw _CError(
            HT_ERROR_STALE_ID,
            "\(function): \(argument) \(_describe(v)) was removed, or its world was destroyed or reloaded"
        )
    }
    return (world, h)
}

/// A view id that must belong to `world`: stale and foreign ids are errors.
func _view(_ v: htViewId, in world: _CWorld, _ function: _CFunction, _ argument: String)
    throws(_CError) -> ViewHandle
{
    if v.index1 == 0 {
        throw _CError(HT_ERROR_NULL_ID, "\(function): \(argument) is the null view id")
    }
    if v.world0 != world.slot {
        throw _CError(
            HT_ERROR_FOREIGN_ID,
            "\(function): \(argument) \(_describe(v)) belongs to another world than world \(world.slot + 1):\(world.generation)"
        )
    }
    let (_, h) = try _view(v, function, argument)
    return h
}

func _nonNull<T>(_ p: UnsafePointer<T>?, _ function: _CFunction, _ argument: String)
    throws(_CError) -> UnsafePointer<T>
{
    guard let p else {
        throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(function): \(argument) is NULL")
    }
    return p
}

func _nonNull<T>(_ p: UnsafeMutablePointer<T>?, _ function: _CFunction, _ argument: String)
    throws(_CError) -> UnsafeMutablePointer<T>
{
    guard let p else {
        throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(function): \(argument) is NULL")
    }
    return p
}

/// Throws unless every value is finite. The field's name is made only for the error:
/// batch calls check every element of arrays of thousands.
func _finite(_ values: [Double], _ function: _CFunction, _ field: @autoclosure () -> String)
    throws(_CError)
{
    for x in values where !x.isFinite {
        throw _CError(
            HT_ERROR_INVALID_ARGUMENT,
            "\(function): \(field()) must be finite numbers, got \(values)")
    }
}

/// A point of finite numbers; checked without making an array unless it is not.
func _point(_ p: htVec2, _ function: _CFunction, _ field: @autoclosure () -> String)
    throws(_CError) -> Point
{
    if !(p.x.isFinite && p.y.isFinite) { try _finite([p.x, p.y], function, field()) }
    return Point(x: p.x, y: p.y)
}

func _rect(_ r: htRect, _ function: _CFunction, _ field: @autoclosure () -> String)
    throws(_CError) -> Rect
{
    if !(r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite) {
        try _finite([r.x, r.y, r.width, r.height], function, field())
    }
    if r.width < 0 || r.height < 0 {
        throw _CError(
            HT_ERROR_INVALID_ARGUMENT,
            "\(function): \(field()) size must be >= 0, got \(r.width) x \(r.height)")
    }
    return Rect(x: r.x, y: r.y, width: r.width, height: r.height)
}

func _transform(_ t: htTransform, _ function: _CFunction, _ field: String) throws(_CError)
    -> AffineTransform
{
    // Checked without making an array unless a value is not finite.
    if !(t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite && t.ty.isFinite) {
        try _finite([t.a, t.b, t.c, t.d, t.tx, t.ty], function, field)
    }
    return AffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
}

func _alpha(_ a: Float, _ function: _CFunction, _ field: String) throws(_CError) -> Double {
    guard a >= 0 && a <= 1 else {
        throw _CError(
            HT_ERROR_INVALID_ARGUMENT, "\(function): \(field) must be in [0, 1], got \(a)")
    }
    return Double(a)
}

/// Writes `s` with a NUL into a caller's buffer (the API's string convention). `size_t`
/// is `UInt` here (not the importer's `Int`) so that the generated header says `size_t`.
func _write(
    _ s: String, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: UInt,
    _ length: UnsafeMutablePointer<UInt>?, _ function: _CFunction
) throws(_CError) {
    let bytes = Array(s.utf8)
    length?.pointee = UInt(bytes.count)
    guard let buffer, capacity > UInt(bytes.count) else {
        throw _CError(
            HT_ERROR_BUFFER_TOO_SMALL,
            "\(function): the buffer of \(capacity) bytes is too small; \(bytes.count + 1) needed")
    }
    bytes.withUnsafeBufferPointer { b in
        if let src = b.baseAddress {
            UnsafeMutableRawPointer(buffer).copyMemory(from: src, byteCount: b.count)
        }
    }
    buffer[bytes.count] = 0
}

/// A C string as a Swift string (invalid UTF-8 repaired), or `fallback` for NULL.
func _string(_ p: UnsafePointer<CChar>?, _ fallback: String) -> String {
    p.map { String(cString: $0) } ?? fallback
}
