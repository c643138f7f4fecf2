// Strings in hook-backed memory: the store's names (view ids, class names, view
// controller names) are UTF-8 bytes in `_Column`s, each prefixed by its LEB128 length,
// and the maps over them are open-addressing tables of `Int32`, so that no Swift `String`
// or `Dictionary` buffer is kept by a store.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Appends a LEB128 length and the UTF-8 bytes of `s`; returns where it starts.
func _appendEncoded(_ s: String, to bytes: inout _Column<UInt8>) -> UInt32 {
    _withUTF8(of: s) { _appendEncoded($0, to: &bytes) }
}

/// Appends a LEB128 length and then the bytes `u`; returns where it starts.
func _appendEncoded(_ u: UnsafeBufferPointer<UInt8>, to bytes: inout _Column<UInt8>) -> UInt32 {
    let start = bytes.count
    precondition(start < Int(UInt32.max), "more than 4 GiB of names")
    var n = u.count
    var lengthBytes = 1
    while n >> (7 * lengthBytes) != 0 { lengthBytes += 1 }
    // One capacity check for the length and the text (`extend` grows geometrically, so
    // appends stay amortized O(1) and an exact reservation is enough), then both written
    // in place.
    let out = bytes.extend(by: lengthBytes + u.count)
    var k = 0
    while n >= 0x80 {
        out[k] = UInt8(n & 0x7F) | 0x80
        n >>= 7
        k += 1
    }
    out[k] = UInt8(n)
    if let src = u.baseAddress { (out + k + 1).update(from: src, count: u.count) }
    return UInt32(start)
}

/// The bits of a `String` value: two values with equal bits hold the same bytes while
/// either is alive (a short string keeps its bytes in its bits; a long one, its storage's
/// address, which no other string can take while this one holds it). Not equality: equal
/// strings may differ in bits.
struct _StringBits: Equatable {
    let low: UInt64
    let high: UInt64

    /// Nil where a `String` is not two words (never on the 64-bit platforms Swift supports).
    @inline(__always)
    init?(_ s: String) {
        guard MemoryLayout<String>.size == 16 else { return nil }
        (low, high) = unsafeBitCast(s, to: (UInt64, UInt64).self)
    }

    /// One of 64 buckets.
    var bucket: Int { Int(truncatingIfNeeded: ((low ^ high) &* 0x9E37_79B9_7F4A_7C15) >> 58) }
}

/// Calls `body` with the UTF-8 bytes of `s`: in place when the string is contiguous UTF-8
/// (native strings are), without the copy that `withUTF8`, a mutating method, needs (a
/// retain and a release a string when a store is built).
@inline(__always)
func _withUTF8<R>(of s: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let r = s.utf8.withContiguousStorageIfAvailable(body) { return r }
    var s = s
    return s.withUTF8(body)
}

/// The UTF-8 bytes of the string encoded at `start`.
@inline(__always)
func _encodedBytes(at start: UInt32, in bytes: _Column<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var at = Int(start)
    var count = 0
    var shift = 0
    while true {
        let b = bytes[at]
        at += 1
        count |= Int(b & 0x7F) << shift
        if b < 0x80 { break }
        shift += 7
    }
    assert(at + count <= bytes.count)
    return UnsafeBufferPointer(start: bytes.base.unsafelyUnwrapped + at, count: count)
}

/// FNV-1a over bytes: a deterministic hash (Swift's `Hasher` is seeded per process).
@inline(__always)
func _hashBytes(_ u: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in u {
        h ^= UInt64(b)
        h = h &* 0x100_0000_01b3
    }
    return h ^ (h >> 29)
}

@inline(__always)
func _sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    // memcmp, not `elementsEqual`: the generic sequence compare goes byte by byte through
    // iterators, which is most of the cost of interning a class name.
    a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
}

/// An open-addressing map from byte strings to `Int32` values, with the keys stored
/// elsewhere: `key(v)` gives the bytes of the key of value `v`. Capacity is a power of two,
/// at most half full. `_Slot.none` marks an empty slot.
struct _ByteKeyMap {
    var slots = _Column<Int32>()
    var count = 0

    /// The value whose key is `u`, or nil.
    func find(_ u: UnsafeBufferPointer<UInt8>, key: (Int32) -> UnsafeBufferPointer<UInt8>)
        -> Int32?
    {
        guard slots.count > 0 else { return nil }
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: _hashBytes(u)) & mask
        while true {
            let v = slots[i]
            if v < 0 { return nil }
            if _sameBytes(key(v), u) { return v }
            i = (i + 1) & mask
        }
    }

    /// Inserts `v` under `u` unless the key is there already; returns the value kept.
    mutating func insert(
        _ v: Int32, _ u: UnsafeBufferPointer<UInt8>, key: (Int32) -> UnsafeBufferPointer<UInt8>
    ) -> Int32 {
        if (count + 1) * 2 > slots.count { rehash(to: Swift.max(16, slots.count * 2), key: key) }
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: _hashBytes(u)) & mask
        while true {
            let w = slots[i]
            if w < 0 {
                slots[i] = v
                count += 1
                return v
            }
            if _sameBytes(key(w), u) { return w }
            i = (i + 1) & mask
        }
    }

    /// Empties the map for `n` keys, keeping storage that is big enough.
    mutating func reset(for n: Int) {
        var cap = 16
        while cap < n * 2 { cap *= 2 }
        if slots.count != cap {
            slots.deallocate()
            slots = _Column(repeating: _Slot.none, count: cap)
        } else {
            for i in 0..<cap { slots[i] = _Slot.none }
        }
        count = 0
    }

    private mutating func rehash(to cap: Int, key: (Int32) -> UnsafeBufferPointer<UInt8>) {
        let old = slots
        slots = _Column(repeating: _Slot.none, count: cap)
        count = 0
        let mask = cap - 1
        for v in old where v >= 0 {
            var i = Int(truncatingIfNeeded: _hashBytes(key(v))) & mask
            while slots[i] >= 0 { i = (i + 1) & mask }
            slots[i] = v
            count += 1
        }
        var o = old
        o.deallocate()
    }

    /// Makes the map big enough for `n` keys now, as `insert` would grow it, fallibly:
    /// nil when it is, else the bytes refused (the map unchanged).
    mutating func tryReserve(count n: Int, key: (Int32) -> UnsafeBufferPointer<UInt8>) -> Int? {
        if n * 2 <= slots.count { return nil }
        var cap = Swift.max(16, slots.count * 2)
        while n * 2 > cap { cap *= 2 }
        var fresh = _Column<Int32>()
        if let r = fresh.tryReserveCapacity(cap) { return r }
        fresh.base.unsafelyUnwrapped.initialize(repeating: _Slot.none, count: cap)
        fresh.count = cap
        let mask = cap - 1
        for v in slots where v >= 0 {
            var i = Int(truncatingIfNeeded: _hashBytes(key(v))) & mask
            while fresh[i] >= 0 { i = (i + 1) & mask }
            fresh[i] = v
        }
        slots.deallocate()
        slots = fresh
        return nil
    }

    mutating func deallocate() {
        slots.deallocate()
        count = 0
    }

    var byteCount: Int { slots.byteCount }
}

/// Interned strings: each distinct string once, numbered from 0 in order of first use.
struct _StringTable {
    var bytes = _Column<UInt8>()
    var starts = _Column<UInt32>()
    var map = _ByteKeyMap()

    var count: Int { starts.count }

    /// The id of `s`, adding it when new.
    mutating func intern(_ s: String) -> Int32 {
        if let id = find(s) { return id }
        precondition(count < Int(Int32.max), "too many distinct names")
        let id = Int32(count)
        starts.append(_appendEncoded(s, to: &bytes))
        let (b, st) = (bytes, starts)
        _ = map.insert(id, _encodedBytes(at: st[Int(id)], in: b)) {
            _encodedBytes(at: st[Int($0)], in: b)
        }
        return id
    }

    /// The id of `s`, or nil when it was never interned.
    func find(_ s: String) -> Int32? {
        let (b, st) = (bytes, starts)
        return _withUTF8(of: s) { u in map.find(u) { _encodedBytes(at: st[Int($0)], in: b) } }
    }

    /// Makes room for `s` as `intern` would take it, when it is not in the table yet,
    /// fallibly: nil when the room is there, else the bytes refused.
    mutating func tryReserve(forNew s: String) -> Int? { tryReserve(forNew: CollectionOfOne(s)) }

    /// Makes room for every string of `names` not in the table yet, together (each new
    /// one counted once), fallibly: nil when the room is there, else the bytes refused.
    mutating func tryReserve(forNew names: some Sequence<String>) -> Int? {
        var seen: Set<String> = []
        var (n, k) = (0, 0)
        for s in names where find(s) == nil && seen.insert(s).inserted {
            n += ViewStore.encodedLength(ofID: s)
            k += 1
        }
        if k == 0 { return nil }
        if let r = bytes.tryReserveCapacity(bytes.count + n) { return r }
        if let r = starts.tryReserveCapacity(starts.count + k) { return r }
        let (b, st) = (bytes, starts)
        return map.tryReserve(count: map.count + k) { _encodedBytes(at: st[Int($0)], in: b) }
    }

    func string(_ id: Int32) -> String {
        String(decoding: _encodedBytes(at: starts[Int(id)], in: bytes), as: UTF8.self)
    }

    mutating func deallocate() {
        bytes.deallocate()
        starts.deallocate()
        map.deallocate()
    }

    var byteCount: Int { bytes.byteCount + starts.byteCount + map.byteCount }
}
