/// The C API's mutable state that every call reaches, held without the run-time
/// exclusivity check: the one type of this module whose storage is
/// `@exclusivity(unchecked)`.
///
/// The check is a lookup in a thread-local access set on every access, paid on every
/// C call (the handle tables) and on every field a feed reads (a C dispatcher's state).
/// Going without it is sound under one rule, which every holder keeps: no two accesses
/// to one holder's `value` overlap, unless both only read.
/// - Across threads, because each holder is reached by one thread at a time: the handle
///   tables only under their mutex (`_Locked`), a C dispatcher's state and its event
///   buffer only by the thread that uses the dispatcher (`include/hittest/dispatch.h`: one thread at a
///   time, and callbacks may not call the same dispatcher).
/// - On one thread, because no access spans a call that may reach the same holder
///   again: a long access (`withLock`'s body, `update`'s, a mutating method, an `inout`
///   argument) calls no code that reaches its holder, and a value borrowed for the length
///   of a call that changes other state (the Swift dispatcher, whose handler's callbacks
///   change the C dispatcher's state) has a holder of its own.
final class _Unchecked<Value: ~Copyable> {
    @exclusivity(unchecked) var value: Value

    init(_ value: consuming Value) {
        self.value = value
    }

    /// `body` on the value in one access, for a call that changes two of its fields.
    func update<R: ~Copyable, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        try body(&value)
    }
}
